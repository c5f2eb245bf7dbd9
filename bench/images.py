"""Picture benchmark: render time and PNG size of every game's board and hand, at states reached
by seat-bot play from fixed seeds, on the largest table each game allows. Run as
`.venv/bin/python bench/images.py`. Goal: p99 under 15 ms per picture, every PNG under 150 KB.

Times are CPU time of this process (`time.process_time`), so other work on the machine does not
distort them; the content cache is bypassed (`render` of a fresh scene), so every figure is a
real drawing. Pieces (card faces, tiles, chips) are cached by design and are warm after the first
states, as in the running bot.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import GAMES
from bot.ui.boards import board_for
from bot.ui.images import board_scene, hand_scene
from bot.ui.images.paint import render

SEEDS = range(3)
EVERY = 3                # sample every third state of a game
MAX_ACTIONS = 600        # per game and seed
TARGET_MS = 15.0
LIMIT_BYTES = 150_000
NAMES = ["「あかね」", "José", "Łukasz", "Σοφία", "Алексей", "민준", "Mia 🐱", "高橋翔太", "Player 9"]
"""Names in several scripts and an emoji: every font and the per-character fallback are timed."""


def states(game_id: str):
    """(public, private of the seat to act) along seat-bot games."""
    cls = GAMES[game_id]
    for seed in SEEDS:
        stacks = [cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * cls.max_players
        game = cls.start(stacks, None, seed=seed)
        rng = random.Random(seed)
        for step in range(MAX_ACTIONS):
            if game.is_over():
                break
            seat = game.to_act()[0]
            if step % EVERY == 0:
                yield game.public_view(), game.private_view(seat)
            game.apply(seat, game.bot_action(seat, rng))


def timed(make) -> tuple[float, int] | None:
    start = time.process_time()
    scene = make()
    if scene is None or not scene.items:
        return None
    png = render(scene)
    return (time.process_time() - start) * 1000, len(png)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    print(f"{'game':<15} {'picture':<6} {'n':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'p50 KB':>7} {'max KB':>7}")
    ok = True
    for game_id in sorted(GAMES):
        board = board_for(game_id)
        times: dict[str, list[float]] = {"board": [], "hand": []}
        sizes: dict[str, list[int]] = {"board": [], "hand": []}
        for public, private in states(game_id):
            labels = board.image_labels(public)
            for kind, make in (("board", partial(board_scene, game_id, public, NAMES, labels)),
                               ("hand", partial(hand_scene, game_id, private, public, labels))):
                result = timed(make)
                if result is not None:
                    times[kind].append(result[0])
                    sizes[kind].append(result[1])
        for kind in ("board", "hand"):
            t, s = times[kind], sizes[kind]
            if not t:
                continue
            p99 = percentile(t, 0.99)
            ok = ok and p99 < TARGET_MS and max(s) < LIMIT_BYTES
            print(f"{game_id:<15} {kind:<6} {len(t):>5} {statistics.median(t):>7.1f} {p99:>7.1f} {max(t):>7.1f} "
                  f"{statistics.median(s) / 1000:>7.1f} {max(s) / 1000:>7.1f}")
    print("goal met" if ok else f"goal missed: p99 must be under {TARGET_MS} ms and PNGs under 150 KB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
