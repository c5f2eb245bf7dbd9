"""How seat bots think: their seeds, their runs of moves, and the worker processes they think
in when the bot has them (`BOT_WORKERS`, `bot/workers.py`), so that the event loop's core
spends its time on the tables and another core on the bots.

A decision needs only the committed state, the seat and its seed: a worker gets the state as it
was saved and answers the run's moves. The moves themselves are still made in the table's unit
of work, checked like any other, and a plan made for an older version is not played. With no
workers a seat bot decides inside its move's unit.

When bots move without a delay, the bots to act one after the other move in one unit, a run
(`next_in_run`), saved together with a version and a log entry each: nobody could have seen the
states in between, and the run is settled and saved once instead of once per move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterable
from typing import Any

from bot.games.base import DEAL_BOUNDARY, action_from_dict, action_to_dict
from bot.workers import WorkerPool, by_name, name_of

RUN_LIMIT = 8
"""The most moves in one run: a run holds the event loop for its decisions."""


def bot_seed(seed: int, version: int, seat: int) -> str:
    """A seat bot's seed for one decision: the same table, version and seat, the same choice."""
    return f"{seed}:{version}:{seat}"


def bot_pause(delay_s: float, choices: int, seed: int, version: int, seat: int) -> float:
    """How long a seat bot waits before its move, within the table's bot delay: a forced move
    comes soonest (two fifths of the delay), a choice among a dozen or more takes the whole of it,
    and a little jitter, drawn from the decision's own seed, keeps the pace from ticking like a
    clock. The same decision always waits the same."""
    if delay_s <= 0:
        return 0.0
    hardness = min(1.0, math.log2(choices) / math.log2(PAUSE_CHOICES)) if choices > 1 else 0.0
    jitter = random.Random(f"pause:{bot_seed(seed, version, seat)}").uniform(-0.08, 0.08)
    return delay_s * min(1.0, max(0.3, 0.4 + 0.55 * hardness + jitter))


PAUSE_CHOICES = 12
"""Legal actions from which a decision counts as hard as they come (`bot_pause`)."""


def next_in_run(game: Any, bots: Collection[int], kinds: Iterable[str]) -> int | None:
    """The bot seat that moves next in the same run, after a move whose events had these kinds;
    None where the run ends: a person or a leaver is to act, a deal began or ended (what follows
    is settled before anything else moves), or the game is over."""
    if game.is_over() or any(kind in DEAL_BOUNDARY for kind in kinds):
        return None
    to_act = game.to_act()
    if not to_act or any(seat not in bots for seat in to_act):
        return None
    seat: int = to_act[0]
    return seat


def plan(ask: dict[str, Any]) -> dict[str, Any]:
    """In a worker: the run of moves from the asked seat, in the state as saved. A failure
    after the first move keeps the moves before it."""
    moves: list[tuple[int, Any]] = []
    try:
        game = by_name(ask["engine"]).from_dict(ask["state"])
        # the seat was read off the live game, which a unit still saving may have moved past the
        # state it handed on: nothing to plan in this older state (the unit decides then)
        seat: int | None = ask["seat"] if ask["seat"] in game.to_act() else None
        while seat is not None:
            action = game.bot_action(seat, random.Random(bot_seed(ask["seed"], ask["version"] + len(moves), seat)))
            done = game.apply(seat, action) if len(moves) + 1 < ask["run"] else None
            moves.append((seat, action_to_dict(action)))
            seat = None if done is None else next_in_run(game, ask["bots"], (e.kind for e in done))
    except Exception:
        if not moves:
            raise
    return {"moves": moves}


class Thinker:
    def __init__(self, workers: int = 0, timeout_s: float = 30.0) -> None:
        self.workers = workers
        self.pool = WorkerPool(workers, "think", timeout_s)

    async def start(self) -> None:
        """Start the thinking workers now, so the first bot's move waits for none of them."""
        if self.workers:
            await self.pool.start()

    async def decide(self, engine: Any, state: str, version: int, seed: int, seat: int,
                     bots: Collection[int], run: int) -> list[tuple[int, Any]]:
        """The moves of the run from `seat` (at most `run`) in the saved `state` (its JSON text)
        at `version` of a table with this seed and these bot seats, thought out in a worker
        process; an exception when the worker could not give them."""
        ask = {"engine": name_of(engine), "version": version, "seed": seed, "seat": seat,
               "bots": sorted(bots), "run": run}
        got = await self.pool.ask(ask, raw={"state": state})
        return [(s, action_from_dict(engine.action_types, data)) for s, data in got["moves"]]

    @property
    def pids(self) -> list[int]:
        return self.pool.pids

    async def close(self) -> None:
        await self.pool.close()
