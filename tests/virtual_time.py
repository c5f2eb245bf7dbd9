"""An event loop on virtual time: `asyncio.sleep`, timeouts and `loop.time()` run on a clock that
jumps to the next timer whenever nothing else is ready, so timing tests are exact and instant,
however busy the machine is. No sockets: a test that waits on one would see time jump instead.
"""

from __future__ import annotations

import asyncio
import selectors
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class _Selector(selectors.SelectSelector):
    def __init__(self) -> None:
        super().__init__()
        self.now = 1000.0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if ready or timeout == 0:
            return ready
        if timeout is None:
            raise RuntimeError("every task waits on something that never comes: a deadlock")
        self.now += timeout
        return []


class VirtualLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self._virtual = _Selector()
        super().__init__(self._virtual)

    def time(self) -> float:
        return self._virtual.now


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run `main` to its end on virtual time."""
    with asyncio.Runner(loop_factory=VirtualLoop) as runner:
        return runner.run(main)


def now() -> float:
    """The running loop's (virtual) time: the clock to hand the code under test."""
    return asyncio.get_running_loop().time()
