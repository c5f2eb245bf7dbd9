"""Marriage benchmark: the MAR-27 finishing search, full deals per second through the engine
contract, and the seat bot against random players.

Run: .venv/bin/python bench/marriage.py          (fixed seeds; prints tables)

No public engine implements Nepali Marriage (RLCard and OpenSpiel have none), so there is no
comparison column; the script says so.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.games.cards import new_deck  # noqa: E402
from bot.games.marriage import Marriage, check_finish  # noqa: E402
from bot.games.marriage.melds import natural_rows, pair_rows  # noqa: E402
from bot.games.simulate import random_policy  # noqa: E402

SEED = 2026
HANDS = 10_000


def row(name: str, value, unit: str = "") -> None:
    text = f"{value:>12,.3f}" if isinstance(value, float) else f"{value:>12,}" if isinstance(value, int) \
        else f"{value:>12}"
    print(f"  {name:<58}{text} {unit}")


def bench_check_finish() -> None:
    print("check_finish (MAR-27) on random 22-card hands with a tiplu, route None (both routes)")
    natural_rows(), pair_rows()
    rng = random.Random(SEED)
    deck = new_deck(3)
    hands = []
    for _ in range(HANDS):
        rng.shuffle(deck)
        hands.append((deck[1:23], deck[0]))
    # a second set biased towards near-finishing hands (two suits, low ranks, plus wild cards)
    near = []
    for _ in range(HANDS // 5):
        rng.shuffle(deck)
        tiplu = deck[0]
        suits = rng.sample("SHDC", 2)
        pool = [c for c in deck[1:] if c.suit in suits and c.rank <= 8 or c.rank == tiplu.rank]
        near.append((pool[:22], tiplu))
    for label, data in (("uniform random hands", hands), ("near-finishing hands (biased deal)", near)):
        times, cpu = [], []
        finishing = 0
        for cards, tiplu in data:
            t, c = time.perf_counter(), time.process_time()
            res = check_finish(cards, tiplu)
            cpu.append(time.process_time() - c)
            times.append(time.perf_counter() - t)
            finishing += res.finishing
        times.sort()
        cpu.sort()
        print(f"  {label}: {len(data):,} hands, {finishing:,} finish")
        for name, xs in (("wall", times), ("CPU", cpu)):
            row(f"p50 ({name})", xs[len(xs) // 2] * 1000, "ms")
            row(f"p99 ({name})", xs[int(len(xs) * 0.99)] * 1000, "ms")
            row(f"max ({name})", xs[-1] * 1000, "ms")
        row("mean (wall)", statistics.fmean(times) * 1000, "ms")
    print()


def play_deal(game: Marriage, policy, rng: random.Random) -> int:
    """Play until the current deal ends; returns the number of actions."""
    actions = 0
    while game.phase in ("declare", "play"):
        seat = game.to_act()[0]
        game.apply(seat, policy(game, seat, rng))
        actions += 1
    return actions


def bot(game, seat, rng):
    return game.bot_action(seat, rng)


def bench_deals() -> None:
    print("Full deals through the engine contract (start → deal end)")
    for label, policy, deals in (("random play", random_policy, 20), ("seat bots", bot, 60)):
        for n in (3, 5):
            rng = random.Random(SEED + n)
            total_actions = 0
            abandoned = 0
            t = time.perf_counter()
            for d in range(deals):
                g = Marriage.start([10_000] * n, seed=SEED + d)
                total_actions += play_deal(g, policy, rng)
                abandoned += bool(g.result and g.result.get("abandoned"))
            dt = time.perf_counter() - t
            row(f"{label}, {n} players: deals per second", deals / dt)
            row(f"{label}, {n} players: actions per second", total_actions / dt)
            row(f"{label}, {n} players: abandoned deals (MAR-16)", f"{abandoned}/{deals}")
    print()


def bench_bot_vs_random() -> None:
    print("Seat bot (seat 0) against random players: chips won per deal by the bot (1 chip/point)")
    for n in (2, 3, 5):
        rng = random.Random(SEED * n)
        net = 0
        wins = 0
        deals = 40
        for d in range(deals):
            g = Marriage.start([100_000] * n, seed=SEED + 100 + d)
            before = g.stacks[0]
            play_deal(g, lambda game, seat, r: bot(game, seat, r) if seat == 0 else random_policy(game, seat, r), rng)
            net += g.stacks[0] - before
            wins += bool(g.result and g.result.get("winner") == 0)
        row(f"{n} players: bot's average gain per deal", net / deals, "chips")
        row(f"{n} players: deals won by the bot", f"{wins}/{deals}")
    print("  Comparison engines: none published for Nepali Marriage (not installed).")
    print()


def bench_service_round_trip() -> None:
    """What the table service does per move: load, decide, apply, save, then load again to draw
    the table and every hand (from_dict, legal_actions, apply, to_dict, public/private views)."""
    import json
    print("One move as the table service makes it (JSON load → legal → apply → save → load → views)")
    for n in (2, 5):
        g = Marriage.start([10_000] * n, seed=SEED)
        rng = random.Random(SEED)
        data = json.dumps(g.to_dict())
        moves, parts = 0, {"from_dict": 0.0, "legal_actions": 0.0, "apply": 0.0, "to_dict": 0.0, "views": 0.0}
        t0 = time.perf_counter()
        while moves < 1500:
            t = time.perf_counter()
            game = Marriage.from_dict(json.loads(data))
            parts["from_dict"] += time.perf_counter() - t
            if game.is_over():
                game = Marriage.start([10_000] * n, seed=SEED + moves)
            seat = game.to_act()[0]
            t = time.perf_counter()
            legal = game.legal_actions(seat)
            parts["legal_actions"] += time.perf_counter() - t
            action = game.bot_action(seat, rng) if rng.random() < 0.8 else rng.choice(legal)
            t = time.perf_counter()
            game.apply(seat, action)
            parts["apply"] += time.perf_counter() - t
            t = time.perf_counter()
            data = json.dumps(game.to_dict())
            parts["to_dict"] += time.perf_counter() - t
            t = time.perf_counter()
            again = Marriage.from_dict(json.loads(data))
            parts["from_dict"] += time.perf_counter() - t
            t = time.perf_counter()
            again.public_view()
            for s in range(n):
                again.private_view(s)
            for s in again.to_act():
                again.legal_actions(s)
            parts["views"] += time.perf_counter() - t
            moves += 1
        dt = time.perf_counter() - t0
        row(f"{n} players: ms per move, everything (incl. the seat bot)", dt / moves * 1000, "ms")
        for name, v in parts.items():
            row(f"{n} players:   {name}", v / moves * 1000, "ms")
    print()


if __name__ == "__main__":
    bench_service_round_trip()
    bench_check_finish()
    bench_deals()
    bench_bot_vs_random()
