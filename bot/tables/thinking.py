"""How seat bots think: their seeds, their runs of moves, and the worker processes they think
in when the bot has them (`BOT_WORKERS`), so that the event loop's core spends its time on the
tables and another core on the bots.

A decision needs only the committed state, the seat and its seed: a worker gets them as one
line of JSON on its standard input (the state as it was saved) and answers with the actions'
JSON on its standard output. The moves themselves are still made in the table's unit of work,
checked like any other, and a choice made for an older version is not played. The pipes are
the event loop's own (no thread, no pickling); a worker that dies fails the decisions it held,
and the next decision starts a new one. With no workers a seat bot decides inside its move's
unit.

When bots move without a delay, the bots to act one after the other move in one unit, a run
(`next_in_run`), saved together with a version and a log entry each: nobody could have seen the
states in between, and the run is settled and saved once instead of once per move.

Run as `python -m bot.tables.thinking`, this module is a worker.
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import logging
import os
import random
import signal
import sys
from collections.abc import Collection, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from bot.games.base import DEAL_BOUNDARY, action_from_dict, action_to_dict

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
THINK_TIMEOUT_S = 30.0
"""A worker that has not answered a decision by then is taken for stuck, and replaced."""
LINE_LIMIT = 2**24
"""The longest answer read back (an action's JSON is a few hundred bytes)."""


RUN_LIMIT = 8
"""The most moves in one run: a run holds the event loop for its decisions."""


def bot_seed(seed: int, version: int, seat: int) -> str:
    """A seat bot's seed for one decision: the same table, version and seat, the same choice."""
    return f"{seed}:{version}:{seat}"


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


class WorkerGone(RuntimeError):
    """The worker holding a decision exited before answering it."""


def engine_name(engine: type) -> str:
    return f"{engine.__module__}:{engine.__qualname__}"


@cache
def _engine(name: str) -> Any:
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def decide(request: bytes) -> bytes:
    """In a worker: one request line to one answer line, the run of moves from the asked seat."""
    ask = orjson.loads(request)
    moves: list[tuple[int, Any]] = []
    try:
        game = _engine(ask["engine"]).from_dict(ask["state"])
        seat: int | None = ask["seat"]
        while seat is not None:
            action = game.bot_action(seat, random.Random(bot_seed(ask["seed"], ask["version"] + len(moves), seat)))
            done = game.apply(seat, action) if len(moves) + 1 < ask["run"] else None
            moves.append((seat, action_to_dict(action)))
            seat = None if done is None else next_in_run(game, ask["bots"], (e.kind for e in done))
    except Exception as exc:   # the moves before it stand; none at all: the table decides in place
        if not moves:
            return orjson.dumps({"id": ask["id"], "error": repr(exc)}) + b"\n"
    return orjson.dumps({"id": ask["id"], "moves": moves}) + b"\n"


def serve() -> None:
    """A worker's life: answer each line of standard input until it closes. Ctrl-C is for the
    bot, which ends its workers by closing their input; a bot gone without closing it ends
    them at their next answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    out = sys.stdout.buffer
    try:
        for line in sys.stdin.buffer:
            out.write(decide(line))
            out.flush()
    except BrokenPipeError:
        pass


class _Worker:
    """One worker process and the decisions it holds."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader = asyncio.get_running_loop().create_task(self._read(), name="bot-worker-reader")

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.done()

    async def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while line := await stdout.readline():
                answer = orjson.loads(line)
                future = self.waiting.pop(answer["id"], None)
                if future is not None and not future.done():
                    future.set_result(answer)
        finally:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(WorkerGone("the bot worker exited"))
            self.waiting.clear()

    async def ask(self, request_id: int, line: bytes) -> dict[str, Any]:
        stdin = self.process.stdin
        assert stdin is not None
        future = self.waiting[request_id] = asyncio.get_running_loop().create_future()
        try:
            stdin.write(line)
            await stdin.drain()
            answer: dict[str, Any] = await asyncio.wait_for(future, THINK_TIMEOUT_S)
        except TimeoutError:
            self.process.kill()   # stuck: what it holds is decided in place, the next decision starts anew
            raise
        finally:
            self.waiting.pop(request_id, None)
        return answer

    async def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 5.0)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        await asyncio.gather(self.reader, return_exceptions=True)


class Thinker:
    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: list[_Worker] = []
        self._starting: asyncio.Lock | None = None
        self._ids = itertools.count()

    async def decide(self, engine: Any, state: str, version: int, seed: int, seat: int,
                     bots: Collection[int], run: int) -> list[tuple[int, Any]]:
        """The moves of the run from `seat` (at most `run`) in the saved `state` (its JSON text)
        at `version` of a table with this seed and these bot seats, thought out in a worker
        process; WorkerGone or RuntimeError when the worker could not give one."""
        worker = await self._worker()
        request_id = next(self._ids)
        ask = {"id": request_id, "engine": engine_name(engine), "version": version, "seed": seed, "seat": seat,
               "bots": sorted(bots), "run": run}
        line = orjson.dumps(ask)[:-1] + b',"state":' + state.encode() + b"}\n"
        answer = await worker.ask(request_id, line)
        if "error" in answer:
            raise RuntimeError(f"the seat bot failed in its worker: {answer['error']}")
        return [(s, action_from_dict(engine.action_types, data)) for s, data in answer["moves"]]

    @property
    def pids(self) -> list[int]:
        """The live workers' process ids (the bench reads their CPU time)."""
        return [w.process.pid for w in self._pool if w.alive]

    async def _worker(self) -> _Worker:
        """The least busy live worker, starting the ones missing (the first time, or after one died)."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            self._pool = [w for w in self._pool if w.alive]
            while len(self._pool) < self.workers:
                self._pool.append(_Worker(await _spawn()))
        return min(self._pool, key=lambda w: len(w.waiting))

    async def close(self) -> None:
        pool, self._pool = self._pool, []
        await asyncio.gather(*(w.close() for w in pool), return_exceptions=True)


async def _spawn() -> asyncio.subprocess.Process:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.tables.thinking", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, env=env, limit=LINE_LIMIT)


if __name__ == "__main__":
    serve()
