"""Where seat bots think when the bot has worker processes (`BOT_WORKERS`).

With no workers (the default) a seat bot decides inside its move's unit of work, on the event
loop: every game's bot decides in under a millisecond on average and a few at most
(`bench/seat_bots.py`), less than handing the decision to another thread would cost. Workers
are for bots made to think harder: a decision only needs the committed state, its seat and its
seed, so it is worked out in a process pool from the saved state and sent back as the action's
JSON; the move itself is still made in the table's unit of work, checked like any other.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.games.base import action_from_dict, action_to_dict


def _decide(engine: Any, state: Mapping[str, Any], seat: int, seed: str) -> dict[str, Any]:
    """In a worker: the bot's choice for `seat` in the saved `state`, as JSON."""
    game = engine.from_dict(state)
    data: dict[str, Any] = action_to_dict(game.bot_action(seat, random.Random(seed)))
    return data


class Thinker:
    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def decide(self, engine: Any, state: Mapping[str, Any], seat: int, seed: str) -> Any:
        """The bot's action, thought out in a worker process."""
        if self._pool is None:
            # spawn, not fork: the parent has threads (the database's), which fork would copy mid-step
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        try:
            data = await asyncio.get_running_loop().run_in_executor(self._pool, _decide, engine, dict(state),
                                                                    seat, seed)
        except BrokenProcessPool:
            self._pool = None   # a worker died: the next decision starts a new pool
            raise
        return action_from_dict(engine.action_types, data)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
