"""Tripoley / Michigan Rummy benchmark.

1. `bot.games.poker.best_hand` on 10,000 random hands of 7, 10, 13 and 17 cards, beside treys
   and phevaluator (best of all 5-card combinations above 7 cards) when they are installed;
   the comparison engines also check that they order the same hands the same way.
2. Random-play full deals per second through the engine contract (4 and 9 players; Michigan
   Rummy 4 and 8).
3. The seat bot against random players: average net chips per game.

Run: .venv/bin/python bench/tripoley.py          (fixed seeds; prints tables)

The comparison engines are optional. When they are not importable here, the script looks for a
separate venv holding them (TRIPOLEY_BENCH_PYTHON, else /tmp/bench-venv-tripoley/bin/python) and
runs its `--external` part there in the same run; otherwise it prints "not installed".
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HANDS = 10_000
SIZES = (7, 10, 13, 17)
SEED = 2026
EXTERNAL_BUDGET_S = 2.5          # per engine and size: combinations above 7 cards are slow
EXTERNAL_PYTHON = os.environ.get("TRIPOLEY_BENCH_PYTHON", "/tmp/bench-venv-tripoley/bin/python")
SUITS = "SHDC"
RANKS = "A23456789TJQK"


def card_ids(size: int, count: int = HANDS) -> list[list[int]]:
    """Random hands as ids 0..51 (suit-major S, H, D, C; rank A..K), fixed seed per size."""
    rng = random.Random(f"{SEED}:{size}")
    return [rng.sample(range(52), size) for _ in range(count)]


def _ordering_agrees(ours: list[int], theirs: list[int]) -> bool:
    """Higher key wins for us; lower rank wins for treys/phevaluator. Compare neighbours."""
    for i in range(len(ours) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = (theirs[i] < theirs[i + 1]) - (theirs[i] > theirs[i + 1])
        if a != b:
            return False
    return True


def _our_keys(size: int, count: int) -> list[int]:
    from bot.games.cards import Card
    from bot.games.poker import best_hand
    hands = [[Card(i % 13 + 1, SUITS[i // 13]) for i in h] for h in card_ids(size)[:count]]
    return [best_hand(h).key for h in hands]


def external() -> dict[str, Any]:
    """Rates of treys and phevaluator on the same hands, plus their ordering agreement with ours."""
    out: dict[str, Any] = {}
    engines: dict[str, Any] = {}
    try:
        from treys import Card as TCard
        from treys import Evaluator
        ev = Evaluator()
        tid = [TCard.new(("A23456789TJQK"[i % 13]) + "shdc"[i // 13]) for i in range(52)]

        def treys_eval(hand: list[int]) -> int:
            cards = [tid[i] for i in hand]
            if len(cards) <= 7:
                return ev.evaluate(cards[:2], cards[2:])
            five = ev._five
            return min(five(list(c)) for c in combinations(cards, 5))
        engines["treys"] = treys_eval
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards
        pid = [("A23456789TJQK"[i % 13]) + "shdc"[i // 13] for i in range(52)]

        def ph_eval(hand: list[int]) -> int:
            cards = [pid[i] for i in hand]
            if len(cards) <= 7:
                return evaluate_cards(*cards)
            return min(evaluate_cards(*c) for c in combinations(cards, 5))
        engines["phevaluator"] = ph_eval
    except ImportError:
        pass
    for name, fn in engines.items():
        rows = {}
        for size in SIZES:
            hands = card_ids(size)
            ranks: list[int] = []
            t = time.perf_counter()
            for h in hands:
                ranks.append(fn(h))
                if time.perf_counter() - t > EXTERNAL_BUDGET_S:
                    break
            dt = time.perf_counter() - t
            rows[str(size)] = {"rate": len(ranks) / dt, "hands": len(ranks),
                               "agrees": _ordering_agrees(_our_keys(size, len(ranks)), ranks)}
        out[name] = rows
    return out


def poker_table() -> None:
    from bot.games.cards import Card
    from bot.games.poker import best_hand
    print("best_hand: hands per second (best of 3 runs; others: best of all 5-card combinations above 7)")
    ours: dict[int, float] = {}
    for size in SIZES:
        hands = [[Card(i % 13 + 1, SUITS[i // 13]) for i in h] for h in card_ids(size)]
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            for h in hands:
                best_hand(h)
            best = min(best, time.perf_counter() - t)
        ours[size] = HANDS / best
    try:
        others = external()
        if not others and os.path.exists(EXTERNAL_PYTHON):
            res = subprocess.run([EXTERNAL_PYTHON, __file__, "--external"], capture_output=True, text=True,
                                 timeout=600, cwd=ROOT)
            others = json.loads(res.stdout) if res.returncode == 0 else {}
    except (OSError, ValueError, subprocess.SubprocessError):
        others = {}
    header = f"{'cards':>5} | {'ours':>12}"
    names = ["treys", "phevaluator"]
    for name in names:
        header += f" | {name:>32}"
    print(header)
    print("-" * len(header))
    for size in SIZES:
        line = f"{size:>5} | {ours[size]:>12,.0f}"
        for name in names:
            row = others.get(name, {}).get(str(size))
            if row is None:
                cell = "not installed"
            else:
                agree = "same order" if row["agrees"] else "ORDER DIFFERS"
                cell = f"{row['rate']:>9,.0f} ({row['hands']} h, {agree})"
            line += f" | {cell:>32}"
        print(line)
    target = ours[17] >= 100_000
    print(f"target ≥ 100,000 hands/s at 17 cards: {'met' if target else 'NOT met'} ({ours[17]:,.0f})")
    print()


def deals_table() -> None:
    from bot.games.simulate import play, random_policy
    from bot.games.tripoley import MichiganRummyGame, TripoleyGame
    print("Random-play full deals per second (engine contract, random legal actions)")
    print(f"{'game':<16} | {'players':>7} | {'deals':>6} | {'actions':>8} | {'deals/s':>9}")
    print("-" * 58)
    for cls, players in ((TripoleyGame, 4), (TripoleyGame, 9), (MichiganRummyGame, 4), (MichiganRummyGame, 8)):
        deals = actions = 0
        t = time.perf_counter()
        seed = 0
        while time.perf_counter() - t < 2.0:
            game = cls.start([1000] * players, {"max_deals": 20}, seed=seed)
            for _ in play(game, random_policy, seed=seed):
                actions += 1
            deals += game.deals_done
            seed += 1
        dt = time.perf_counter() - t
        print(f"{cls.id:<16} | {players:>7} | {deals:>6} | {actions:>8} | {deals / dt:>9,.1f}")
    print()


def bots_table() -> None:
    from bot.games.simulate import bot_policy, play, random_policy
    from bot.games.tripoley import MichiganRummyGame, TripoleyGame
    print("Seat bot against random players (one bot, the rest random; 100 chips each, 8 deals)")
    print(f"{'game':<16} | {'players':>7} | {'games':>5} | {'bot net/game':>12} | {'random net/game':>15}")
    print("-" * 68)
    for cls, players in ((TripoleyGame, 4), (TripoleyGame, 6), (MichiganRummyGame, 4), (MichiganRummyGame, 6)):
        bot_net = rnd_net = 0
        games = 40
        for seed in range(games):
            bot_seat = seed % players
            policies = [bot_policy if p == bot_seat else random_policy for p in range(players)]
            game = cls.start([100] * players, {"max_deals": 8}, seed=seed)
            for _ in play(game, policies, seed=seed):
                pass
            bot_net += game.stacks[bot_seat] - 100
            rnd_net += sum(game.stacks[p] - 100 for p in range(players) if p != bot_seat) / (players - 1)
        print(f"{cls.id:<16} | {players:>7} | {games:>5} | {bot_net / games:>+12.1f} | {rnd_net / games:>+15.1f}")
    print()


if __name__ == "__main__":
    if "--external" in sys.argv:
        print(json.dumps(external()))
    else:
        poker_table()
        deals_table()
        bots_table()
