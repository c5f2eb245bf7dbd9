"""Where the Gin Rummy seat bot's margin over the baseline comes from: every hand of a bench
duel (as `bench/seat_bots.py` plays it: each seed twice with the seats swapped) sorted by how
it ended and who knocked, with what each kind of ending is worth per hand played.

Columns: the share of hands; points a hand played (the margin is their sum) and per hand of that
kind; the stock when the knock came; the knocker's count K; the defender's deadwood before and
after laying off, and the cards laid off; how many times the bot (or, with --mirror, the seat under
study) could knock and waited; the upcards each side took. `bot gin` and `bot knock`: the bot
knocked and scored; `bot undercut`: the bot knocked and was undercut; `base …` the same for the
baseline's knocks (`base undercut`: the bot undercut it).

Run: .venv/bin/python bench/gin_diagnose.py [--deals 2000] [--first-seed 0] [--mirror]
     (--mirror: the baseline against itself, the picture the bot should beat)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.baselines import gin_simple  # noqa: E402
from bench.seat_bots import start  # noqa: E402
from bot.games.gin_rummy.actions import Knock, TakeDiscard  # noqa: E402
from bot.games.gin_rummy.melds import min_deadwood  # noqa: E402
from bot.games.simulate import Policy, bot_policy  # noqa: E402


def play_hand(seed: int, policies: list[Policy], level: str) -> dict[str, Any]:
    """One hand; what happened, from seat 0's side (seat 0 is the player under study)."""
    game, _ = start("gin_rummy", seed, level)
    rng = random.Random(seed)
    info: dict[str, Any] = {"waited": [0, 0], "takes": [0, 0], "first_knockable": [None, None]}
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = policies[seat](game, seat, rng)
        if any(isinstance(a, Knock) and a.deadwood > 0 for a in legal):
            if info["first_knockable"][seat] is None:
                info["first_knockable"][seat] = len(game.stock)
            if not isinstance(action, Knock):
                info["waited"][seat] += 1
        if isinstance(action, TakeDiscard):
            info["takes"][seat] += 1
        if isinstance(action, Knock):
            info["pre_dd"] = min_deadwood(game.hands[1 - seat])
            info["stock"] = len(game.stock)
        hand_no = game.hand_no
        game.apply(seat, action)
        if game.hand_no != hand_no or game.is_over():
            break
    info["record"] = game.last_hand
    return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--mirror", action="store_true", help="the baseline against itself")
    args = parser.parse_args()
    me: Policy = gin_simple if args.mirror else bot_policy
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    margins: list[float] = []
    waited_hands: list[float] = []
    for seed in range(args.first_seed, args.first_seed + args.deals):
        per_seed = 0.0
        for parity in (0, 1):
            policies = [me, gin_simple] if parity == 0 else [gin_simple, me]
            info = play_hand(seed, policies, args.level)
            rec = info["record"]
            mine = parity   # the seat of the player under study
            kind = rec["kind"]
            if kind == "void":
                key, pts = "void", 0
            else:
                who = "bot" if rec["knocker"] == mine else "base"
                key = f"{who} {kind}"
                pts = rec["points"] if rec["scorer"] == mine else -rec["points"]
            per_seed += pts
            row = {"pts": pts, "stock": info.get("stock", 0), "K": rec.get("knocker_deadwood", 0),
                   "D": rec.get("defender_deadwood", 0), "pre": info.get("pre_dd", 0),
                   "lay": len(rec.get("layoffs", [])), "waited": info["waited"][mine],
                   "owait": info["waited"][1 - mine], "fk": info["first_knockable"][mine],
                   "takes": info["takes"][mine], "otakes": info["takes"][1 - mine]}
            rows[key].append(row)
            if info["waited"][mine]:
                waited_hands.append(pts)
        margins.append(per_seed / 2)
    n = 2 * args.deals
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    print(f"{'bot' if not args.mirror else 'baseline'} vs baseline, {args.deals} seeds from {args.first_seed},"
          f" {n} hands: margin {mean:+.2f} ± {half:.2f} points a hand")
    print(f"  {'ending':<16} {'share':>6} {'pts/hand':>9} {'avg pts':>8} {'stock':>6} {'K':>5} {'D pre':>6}"
          f" {'D':>5} {'layoffs':>7} {'bot wait':>8} {'bot takes':>9} {'base takes':>10}")
    order = ["bot gin", "bot knock", "bot undercut", "base gin", "base knock", "base undercut", "void"]
    for key in order + sorted(k for k in rows if k not in order):
        rs = rows.get(key, [])
        if not rs:
            continue

        def avg(f: str, rs: list[dict[str, Any]] = rs) -> float:
            return statistics.fmean(r[f] for r in rs)
        print(f"  {key:<16} {len(rs) / n:>6.1%} {sum(r['pts'] for r in rs) / n:>+9.2f} {avg('pts'):>+8.1f}"
              f" {avg('stock'):>6.1f} {avg('K'):>5.1f} {avg('pre'):>6.1f} {avg('D'):>5.1f} {avg('lay'):>7.2f}"
              f" {avg('waited'):>8.2f} {avg('takes'):>9.2f} {avg('otakes'):>10.2f}")
    if waited_hands:
        print(f"  hands where the player under study waited with a knockable hand: {len(waited_hands) / n:.1%},"
              f" {statistics.fmean(waited_hands):+.2f} points each")
    all_rows = [r for rs in rows.values() for r in rs]
    firsts = [r["fk"] for r in all_rows if r["fk"] is not None]
    print(f"  hands with a knockable hand at some point: {len(firsts) / n:.1%}; first at stock"
          f" {statistics.fmean(firsts):.1f} on average")


if __name__ == "__main__":
    main()
