"""Buki-Domino benchmark: random-play throughput, `legal_plays` speed, and the seat bot against
random and timeout-policy players. Fixed seeds; run as `.venv/bin/python bench/buki_domino.py`.

Throughput is measured in CPU time of this process (`time.process_time`), so that other work
on the machine does not distort it; wall-clock figures are printed beside it.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.buki_domino import BukiDomino, legal_plays
from bot.games.buki_domino.line import RANK, TILES, legal_codes
from bot.games.simulate import bot_policy, play, random_policy

TARGET = 5_000


def random_hands(hands: int, options: dict | None = None, harness: bool = False) -> tuple[int, float, float]:
    """Full hands of random play through the public contract (to_act + legal_actions + apply),
    games back to back until `hands` hands were played. `harness` drives them through
    `simulate.play` instead of a bare loop."""
    done = seed = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while done < hands:
        game = BukiDomino.start([100] * 4, options, seed=seed)
        if harness:
            for _ in play(game, random_policy, seed=seed):
                pass
        else:
            rng = random.Random(seed)
            choice = rng.choice
            while not game.is_over():
                seat = game.to_act()[0]
                game.apply(seat, choice(game.legal_actions(seat)))
        done += game.hands_done
        seed += 1
    return done, time.process_time() - cpu, time.perf_counter() - wall


def legal_cases(count: int) -> list[tuple[list, tuple[int, int] | None]]:
    rng = random.Random(1)
    cases = []
    for _ in range(count):
        tiles = list(TILES)
        rng.shuffle(tiles)
        hand = tiles[:rng.randint(1, 7)]
        ends = None if rng.random() < 0.05 else (rng.randrange(9), rng.randrange(9))
        cases.append((hand, ends))
    return cases


def legal_rate(cases: list, repeat: int) -> tuple[float, float]:
    cpu = time.process_time()
    for _ in range(repeat):
        for hand, ends in cases:
            legal_plays(hand, ends)
    public = len(cases) * repeat / (time.process_time() - cpu)
    coded = [(sorted((TILES.index(t) for t in h), key=RANK.__getitem__), e or (-1, -1)) for h, e in cases]
    cpu = time.process_time()
    for _ in range(repeat):
        for hand, (left, right) in coded:
            legal_codes(hand, left, right)
    return public, len(cases) * repeat / (time.process_time() - cpu)


def timeout_policy(game, seat, rng):
    return game.timeout_action(seat)


def duel(hero, other, games: int) -> tuple[float, float, float]:
    """One `hero` seat (rotating) against three `other` seats, default options: average net chips
    per game for the hero and per other player, and the hero's share of games finished on top."""
    hero_net = other_net = top = 0
    for seed in range(games):
        game = BukiDomino.start([100] * 4, None, seed=seed)
        me = seed % 4
        policies = [other] * 4
        policies[me] = hero
        for _ in play(game, policies, seed=seed):
            pass
        net = [game.stacks[s] - 100 for s in range(4)]
        hero_net += net[me]
        other_net += sum(net) - net[me]
        top += net[me] == max(net)
    return hero_net / games, other_net / (3 * games), top / games


def main() -> None:
    print("Buki-Domino benchmark (fixed seeds, 4 players)\n")
    print(f"{'random play':<36}{'hands':>8}{'hands/s (CPU)':>16}{'hands/s (wall)':>16}")
    runs = (("default options", None, False),
            ("default, via simulate.play", None, True),
            ("7 tiles, late-bet variant", {"tiles_per_player": 7, "late_bet_variant": True}, False))
    for name, options, harness in runs:
        done, cpu, wall = random_hands(20_000, options, harness)
        note = ("  ok" if done / cpu >= TARGET else f"  BELOW TARGET {TARGET:,}") if not harness and options is None \
            else ""
        print(f"{name:<36}{done:>8,}{done / cpu:>16,.0f}{done / wall:>16,.0f}{note}")
    public, internal = legal_rate(legal_cases(2_000), 50)
    print(f"\n{'legal moves':<36}{'calls/s (CPU)':>16}")
    print(f"{'legal_plays (Tile objects)':<36}{public:>16,.0f}")
    print(f"{'legal_codes (engine, int codes)':<36}{internal:>16,.0f}")
    print(f"\n{'seat bot':<36}{'games':>8}{'hero net/game':>15}{'others net/game':>17}{'hero top %':>12}")
    for name, hero, other, games in (("bot vs 3 random", bot_policy, random_policy, 200),
                                     ("bot vs 3 timeout-policy", bot_policy, timeout_policy, 200),
                                     ("random vs 3 random (baseline)", random_policy, random_policy, 200)):
        h, o, top = duel(hero, other, games)
        print(f"{name:<36}{games:>8}{h:>+15.1f}{o:>+17.1f}{100 * top:>11.0f}%")
    print("\nother engines:")
    for module in ("rlcard", "open_spiel", "pyspiel"):
        found = importlib.util.find_spec(module) is not None
        print(f"  {module:<12}{'installed, but has no Buki-Domino game' if found else 'not installed'}")
    print("  (no public Python engine implements Buki-Domino; nothing to compare against)")


if __name__ == "__main__":
    main()
