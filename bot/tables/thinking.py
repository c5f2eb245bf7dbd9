"""Where seat bots think: in worker processes, so a slow decision never holds up the event loop.

Some seat bots weigh their options by playing hundreds of random continuations (Tripoley's
poker equity takes several milliseconds); done on the event loop, every table would wait for
them. A bot's decision only needs the committed state, its seat and its seed, so it is worked
out in a process pool from the saved state and sent back as the action's JSON; the move itself
is still made in the table's unit of work, checked like any other. With no workers (the
default, tests, the console demo) bots think in one thread of this process, holding only their
table's lock: Python lets the event loop run every few milliseconds meanwhile, so a player's
click at another table waits a moment, never the whole decision.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
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
        self.here = ThreadPoolExecutor(1, thread_name_prefix="seat-bots")
        """The one thread bots think in when there are no workers (one, so a single thread at a
        time competes with the event loop)."""

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
        self.here.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
