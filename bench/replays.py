"""Replays: what rebuilding a finished table's deal costs (`bot/tables/replay.py`).

For each game, a seeded game played by seat bots to its end, logged as the table service logs it
(the start, then one entry per move with its events, as saved: JSON), then:

- full: the first pick of a deal at that table, which replays the whole log, checks every step's
  events and the state at the end (the table service runs it in a thread, off the event loop);
- one deal: a later pick of the first deal, which replays only up to it (the table's check is
  remembered);
- frames: the JSON size of the longest deal's frames, which the replay's message keeps while
  it is open.

Run: .venv/bin/python bench/replays.py [--repeat N]     (fixed seeds)
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

from bot.games import GAMES  # noqa: E402
from bot.games.base import DEAL_STACKS, Event, action_to_dict  # noqa: E402
from bot.games.messages import msg  # noqa: E402
from bot.games.options import resolve_options  # noqa: E402
from bot.tables.replay import rebuild  # noqa: E402
from storage.tables import SeatRow, TableRow  # noqa: E402

# game id -> (players, options): a usual table, played to its end.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "bourre": (4, {}),
    "buki_domino": (4, {}),
    "gin_rummy": (2, {}),
    "marriage": (4, {"max_deals": 10}),
    "michigan_rummy": (4, {"max_deals": 20}),
    "tripoley": (4, {"max_deals": 20}),
}


def logged(game_id: str, seed: int) -> tuple[TableRow, list[dict[str, Any]]]:
    """A finished table of bots and its log, as the table service would have saved them."""
    cls = GAMES[game_id]
    players, given = SETUPS[game_id]
    options = resolve_options(cls.option_specs, given)
    stack = cls.buy_in(options).default
    game = cls.start([stack] * players, options, seed=seed)
    start = Event("start", msg("table.begins", game=msg(f"game.{game_id}"), n=players),
                  data={DEAL_STACKS: [stack] * players})
    entries = [{"version": 1, "seat": None, "action": {"kind": "start"}, "events": [start.to_dict()]}]
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        action = game.bot_action(seat, rng)
        events = game.apply(seat, action)
        entries.append({"version": len(entries) + 1, "seat": seat, "action": action_to_dict(action),
                        "events": [e.to_dict() for e in events]})
    seats = [SeatRow(i, 1000 + i, f"P{i}", stack) for i in range(players)]
    row = TableRow(1, 1, 1, game_id, "finished", 1000, options, seed, json.dumps(game.to_dict()), len(entries) + 1,
                   None, None, seats)
    return row, json.loads(json.dumps(entries))


def best_ms(repeat: int, row: TableRow, entries: list[dict[str, Any]], upto: int, to_the_end: bool) -> float:
    """The least CPU time of `repeat` rebuilds, in ms (other processes on the machine do not count)."""
    times = []
    for _ in range(repeat):
        began = time.process_time()
        rebuild(GAMES[row.game_id], row, entries, upto, to_the_end)
        times.append(time.process_time() - began)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<16}{'steps':>7}{'deals':>7}{'full ms':>10}{'µs/step':>9}{'one deal ms':>13}{'frames KB':>11}")
    for game_id in SETUPS:
        row, entries = logged(game_id, seed=7)
        cls = GAMES[game_id]
        last = entries[-1]["version"]
        whole = rebuild(cls, row, entries, last)
        assert whole.problem is None and whole.deal is not None, whole.problem
        deals = whole.deal[0]
        ends = [e["version"] for e in entries if any(ev["kind"] == "summary" for ev in e["events"])]
        full = best_ms(args.repeat, row, entries, last, to_the_end=True)
        one = best_ms(args.repeat, row, entries, ends[0], to_the_end=False)
        longest = max((rebuild(cls, row, entries, end, to_the_end=False).deal for end in ends),
                      key=lambda d: len(d[1]) if d else 0)
        assert longest is not None
        size = len(json.dumps([[f.public, [e.to_dict() for e in f.events]] for f in longest[1]], default=str))
        print(f"{game_id:<16}{len(entries):>7}{deals:>7}{full:>10.1f}{full * 1000 / len(entries):>9.0f}"
              f"{one:>13.1f}{size / 1024:>11.0f}")


if __name__ == "__main__":
    main()
