"""Fit the Gin Rummy seat bot's discard evaluation (`bot/games/gin_rummy/evaluation.py`).

How: the tuned bot (`seat_bot.TUNED`, the hand-made discard cost) plays the bench's baseline
(`bench/baselines.py` gin_simple) on seeds far from the bench's, each seed twice with the seats
swapped. At each of its discards (not its knocks) the candidates it would consider are ranked
by that cost and the best `--top` of them are each played out to the end of the hand from the
TRUE state (both hands, the stock's order), the tuned bot against the baseline: the bot's points
from that hand are the candidate's label. Every candidate of a decision meets the same stock, so
their labels differ by what the discard changed, not by luck of the draw.

The fit is a least squares over the decisions, each decision's features and labels taken
relative to their mean over its candidates (only the differences between a decision's discards
matter); a small ridge keeps it stable. The shipped bot sees only the features, which are
computed from its seat's views: the true state is used offline, for the labels only.

It prints the weights (`evaluation.WEIGHTS` are those of the defaults: seeds 100500-101890,
ridge 0.05) and, cross-validated, the points a decision the fitted choice gains over the tuned
cost's among the candidates played out (paired on each decision's labels: about +0.08, within
its noise; the margins in play, on seeds fitted to by neither, are the judge: bench/seat_bots.py).
Collecting takes about 20 minutes of one core; the decisions are saved (the seat's views and each
candidate's label), so `--fit-only` refits them, with other features too.

Run: .venv/bin/python bench/fit_gin.py [--seeds 1391] [--first-seed 100500] [--top 4]
     [--data /tmp/gin_fit.jsonl] [--fit-only] [--ridge 0.05]   (deterministic: fixed seeds)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.baselines import gin_simple  # noqa: E402
from bench.seat_bots import nets, start  # noqa: E402
from bot.games.cards import Card, parse_card_texts  # noqa: E402
from bot.games.gin_rummy import seat_bot  # noqa: E402
from bot.games.gin_rummy.actions import Discard, Knock  # noqa: E402
from bot.games.gin_rummy.evaluation import FEATURES, features  # noqa: E402
from bot.games.gin_rummy.reading import read  # noqa: E402

STYLE = seat_bot.TUNED


def tuned(game: Any, seat: int, rng: random.Random) -> Any:
    """The tuned bot (the hand-made cost), whatever `normal` plays now."""
    public, private, legal = game.public_view(), game.private_view(seat), game.legal_actions(seat)
    saved = seat_bot.STYLES["normal"]
    seat_bot.STYLES["normal"] = STYLE
    try:
        return seat_bot.choose(public, private, legal, rng, "normal")
    finally:
        seat_bot.STYLES["normal"] = saved


def play_out(game: Any, me: int, stack: int) -> int:
    """Play the hand to its end, the tuned bot in seat `me`: its points from the hand."""
    rng = random.Random(0)
    while True:
        seat = game.to_act()[0]
        policy = tuned if seat == me else gin_simple
        events = game.apply(seat, policy(game, seat, rng))
        if any(e.kind == "summary" for e in events):
            return nets(game, stack)[me]


def candidates(public: Any, private: Any, legal: list[Any], top: int) -> list[Any]:
    """The discards the tuned bot weighs, best first by its cost (at most `top`)."""
    hand = parse_card_texts(private["hand"])
    throws = seat_bot._intact(hand, [a for a in legal if isinstance(a, (Discard, Knock))])
    discards = [a for a in throws if isinstance(a, Discard)] or [a for a in legal if isinstance(a, Discard)]
    table = read(public, private, STYLE.reading)
    limit = public["knock_limit"]
    ranked = sorted(((seat_bot._cost(table, hand, a.card, STYLE, limit), a.card.rank, a.card.suit_index), a)
                    for a in discards)
    return [a for _, a in ranked[:top]]


def featured(decision: dict[str, Any]) -> list[tuple[list[float], float]]:
    """A decision's candidates as (features, label), the features computed from the views saved."""
    public, private = decision["public"], decision["private"]
    table, plain = read(public, private, STYLE.reading), read(public, private, None)
    hand = parse_card_texts(private["hand"])
    return [(list(features(table, plain, hand, Card.parse(r["card"]), public["knock_limit"], STYLE.throws)),
             r["y"]) for r in decision["rows"]]


def collect(first: int, seeds: int, top: int, path: Path) -> None:
    """Play the seeds, writing each discard decision (the seat's views, each candidate's label)."""
    started = time.time()
    with path.open("w") as out:
        for seed in range(first, first + seeds):
            for me in (0, 1):
                game, stack = start("gin_rummy", seed, "normal")
                rng = random.Random(seed)
                while True:
                    seat = game.to_act()[0]
                    if seat != me:
                        action = gin_simple(game, seat, rng)
                    else:
                        action = tuned(game, seat, rng)
                        if isinstance(action, Discard):
                            public, private = game.public_view(), game.private_view(me)
                            cands = candidates(public, private, game.legal_actions(me), top)
                            if len(cands) > 1:
                                rows = []
                                for a in cands:
                                    trial = type(game).from_dict(game.to_dict())   # the state codec's copy
                                    trial.apply(me, a)
                                    rows.append({"card": str(a.card), "y": play_out(trial, me, stack)})
                                out.write(json.dumps({"seed": seed, "public": public, "private": private,
                                                      "rows": rows}) + "\n")
                    events = game.apply(seat, action)
                    if any(e.kind == "summary" for e in events):
                        break
            out.flush()
            if (seed - first + 1) % 100 == 0:
                print(f"  {seed - first + 1:,} seeds, {time.time() - started:.0f} s", file=sys.stderr, flush=True)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a dozen unknowns: no library needed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                k = m[r][col] / m[col][col]
                m[r] = [x - k * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def centred(rows: list[tuple[list[float], float]]) -> list[tuple[list[float], float]]:
    k = len(rows[0][0])
    mx = [sum(f[i] for f, _ in rows) / len(rows) for i in range(k)]
    my = sum(y for _, y in rows) / len(rows)
    return [([f[i] - mx[i] for i in range(k)], y - my) for f, y in rows]


def tuned_weights() -> list[float]:
    """The tuned cost (`seat_bot._cost`) as weights over `FEATURES` (it is linear in them): the
    deadwood, the next draw's gain credited `promise` (less `wane` of it as the stock runs out),
    `race` points per unit of knock chance, `feed_cost` per unit of danger."""
    w = dict.fromkeys(FEATURES, 0.0)
    w["deadwood"] = -1.0
    w["gain"] = STYLE.promise
    w["gain_late"] = -STYLE.promise * STYLE.wane
    w["knock"] = STYLE.race
    w["danger"] = -STYLE.feed_cost
    return [w[name] for name in FEATURES]


def fit(decisions: list[list[tuple[list[float], float]]], ridge: float) -> list[float]:
    """Least squares of the labels on the features, both relative to their decision's mean,
    shrunk towards the tuned cost's weights by `ridge` (a share of each feature's variance)."""
    k = len(FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for d in decisions:
        for x, y in centred(d):
            for i in range(k):
                xty[i] += x[i] * y
                row = xtx[i]
                for j in range(k):
                    row[j] += x[i] * x[j]
    prior = tuned_weights()
    for i in range(k):
        shrink = ridge * (xtx[i][i] + 1e-9)
        xtx[i][i] += shrink
        xty[i] += shrink * prior[i]
    return solve(xtx, xty)


def gain(decisions: list[list[tuple[list[float], float]]], weights: list[float]) -> tuple[float, float]:
    """Points per decision the weights' choice gains over the tuned cost's (the first candidate),
    and its 95% half-width."""
    diffs = []
    for rows in decisions:
        best = max(rows, key=lambda r: sum(w * f for w, f in zip(weights, r[0], strict=True)))
        diffs.append(best[1] - rows[0][1])
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean, 1.96 * (var / n) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1391)
    parser.add_argument("--first-seed", type=int, default=100_500)
    parser.add_argument("--top", type=int, default=4)
    parser.add_argument("--data", type=Path, default=Path("/tmp/gin_fit.jsonl"), help="where the decisions go")
    parser.add_argument("--fit-only", action="store_true", help="fit on the decisions already collected")
    parser.add_argument("--ridge", type=float, default=0.05)
    parser.add_argument("--folds", type=int, default=5, help="for the cross-validated gain")
    args = parser.parse_args()
    if not args.fit_only:
        collect(args.first_seed, args.seeds, args.top, args.data)
    decisions = [featured(json.loads(line)) for line in args.data.open()]
    n, k = len(decisions), args.folds
    gains = []
    for f in range(k):
        test = decisions[f * n // k:(f + 1) * n // k]
        gains.append(gain(test, fit(decisions[:f * n // k] + decisions[(f + 1) * n // k:], args.ridge))[0])
    weights = fit(decisions, args.ridge)
    print(f"{n:,} decisions; fitted on all of them:")
    for name, w, t in zip(FEATURES, weights, tuned_weights(), strict=True):
        print(f"  {name:<18} {w:+8.3f}   (tuned cost: {t:+.2f})")
    print(f"cross-validated ({k} folds): the fitted choice gains {sum(gains) / k:+.3f} points a decision over the"
          f" tuned cost's ({', '.join(f'{g:+.2f}' for g in gains)})")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
