"""Worker processes that take CPU work off the event loop's core: seat bots' thinking and
drawing pictures (`BOT_WORKERS` processes of each).

A request is one line of JSON on a worker's standard input, naming its task; the answer is one
line on its standard output. The pipes are the event loop's own: no thread, no pickling, and
a large value already written as JSON (a saved state) goes in as it is. A worker that exits
fails what it held and the next request starts a new one; one that does not answer within
`timeout_s` is taken for stuck, killed and replaced. Callers fall back to doing the work in
place when a worker fails them.

Run as `python -m bot.workers`, this module is a worker.
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import os
import signal
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
LINE_LIMIT = 2**26
"""The longest answer read back (a picture is a few hundred kilobytes at most)."""
TASKS = {"think": "bot.tables.thinking:plan", "draw": "bot.ui.images:draw"}
"""What a worker can be asked, by name: each a function from the request to the answer."""

Json = Any


class WorkerGone(RuntimeError):
    """The worker holding a request exited before answering it."""


def name_of(thing: Any) -> str:
    """`module:qualified.name` of a class or function, for `by_name` in a worker."""
    return f"{thing.__module__}:{thing.__qualname__}"


@cache
def by_name(name: str) -> Any:
    """`module:qualified.name`, imported."""
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def answer(line: bytes) -> bytes:
    """In a worker: one request line to one answer line; a failure is answered, not raised."""
    ask = orjson.loads(line)
    try:
        out: dict[str, Json] = {"id": ask["id"], **by_name(TASKS[ask["task"]])(ask)}
    except Exception as exc:
        out = {"id": ask["id"], "error": repr(exc)}
    return orjson.dumps(out) + b"\n"


def serve(tasks: list[str]) -> None:
    """A worker's life: load what its `tasks` need, then answer each line of standard input
    until it closes. Ctrl-C is for the bot, which ends its workers by closing their input; a
    bot gone without closing it ends them at their next answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for task in tasks:   # before the first request: a table's first picture or bot move waits for none of it
        by_name(TASKS[task])
    out = sys.stdout.buffer
    try:
        for line in sys.stdin.buffer:
            if not line.endswith(b"\n"):
                break   # the bot went away in the middle of a request: nobody waits for the answer
            out.write(answer(line))
            out.flush()
    except BrokenPipeError:
        pass


class _Worker:
    """One worker process and the requests it holds."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.waiting: dict[int, asyncio.Future[dict[str, Json]]] = {}
        self.reader = asyncio.get_running_loop().create_task(self._read(), name="worker-reader")

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.done()

    async def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while line := await stdout.readline():
                got = orjson.loads(line)
                future = self.waiting.pop(got["id"], None)
                if future is not None and not future.done():
                    future.set_result(got)
        finally:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(WorkerGone("the worker process exited"))
            self.waiting.clear()

    async def ask(self, request_id: int, line: bytes, timeout_s: float) -> dict[str, Json]:
        stdin = self.process.stdin
        assert stdin is not None
        future = self.waiting[request_id] = asyncio.get_running_loop().create_future()
        try:
            stdin.write(line)
            await stdin.drain()
            async with asyncio.timeout(timeout_s):   # (`wait_for` can swallow a cancellation in 3.11)
                got: dict[str, Json] = await future
        except TimeoutError:
            self.process.kill()   # stuck: what it holds is done in place, the next request starts anew
            raise
        finally:
            self.waiting.pop(request_id, None)
        return got

    async def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            async with asyncio.timeout(5.0):
                await self.process.wait()
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        await asyncio.gather(self.reader, return_exceptions=True)


class WorkerPool:
    """`size` worker processes for `task`, started by `start` or when first asked."""

    def __init__(self, size: int, task: str, timeout_s: float = 30.0) -> None:
        self.size, self.task, self.timeout_s = size, task, timeout_s
        self._pool: list[_Worker] = []
        self._starting: asyncio.Lock | None = None
        self._ids = itertools.count()

    async def start(self) -> None:
        """Start the workers now (at start-up), so that they have loaded their task's modules
        before the first table needs them."""
        await self._worker()

    async def ask(self, request: Mapping[str, Json], raw: Mapping[str, str] | None = None) -> dict[str, Json]:
        """The answer of the least busy worker to `request`, with `raw` fields given as JSON
        text already; RuntimeError when the task failed there, WorkerGone or TimeoutError when
        the worker did."""
        worker = await self._worker()
        request_id = next(self._ids)
        line = orjson.dumps({**request, "id": request_id, "task": self.task})[:-1]
        for name, text in (raw or {}).items():
            line += b',"%b":%b' % (name.encode(), text.encode())
        got = await worker.ask(request_id, line + b"}\n", self.timeout_s)
        if "error" in got:
            raise RuntimeError(f"{self.task} failed in a worker process: {got['error']}")
        return got

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
            while len(self._pool) < self.size:
                self._pool.append(_Worker(await _spawn(self.task)))
        return min(self._pool, key=lambda w: len(w.waiting))

    async def close(self) -> None:
        pool, self._pool = self._pool, []
        await asyncio.gather(*(w.close() for w in pool), return_exceptions=True)


async def _spawn(task: str) -> asyncio.subprocess.Process:
    paths = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.workers", task, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        env=env, limit=LINE_LIMIT)


if __name__ == "__main__":
    serve(sys.argv[1:])
