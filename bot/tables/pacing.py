"""Pacing output to Discord's limits: about 5 writes per 5 s in a channel and 50 requests/s for
the whole bot (interaction responses excepted).

Every write the publishers make happens inside a slot taken here. A channel's writes are spaced
at least `channel_interval` apart, counted from the end of the previous one, and the bot's
writes share a budget of `per_second`: a token bucket refilled at that rate spreads them out (a
burst of a fifth of a second at most, so a wake-up that comes late loses little), and no one
second, sliding, ever grants more than the budget, so no longer window does either. When the
budget is spent, waiting writes are served by priority: the prompt a human is waiting for
first, then table messages, then hand refreshes.
Nothing here is awaited under a table's lock.
"""

from __future__ import annotations

import asyncio
import enum
import heapq
import itertools
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager

Sleep = Callable[[float], Awaitable[None]]
WINDOW_S = 1.0
EPSILON = 1e-9
"""Rounding of clock arithmetic, which must never leave a waiter a hair short of its turn."""


class Priority(enum.IntEnum):
    PROMPT = 0   # a player must act and is waiting to be told
    TABLE = 1    # the public table message
    HAND = 2     # refreshing a hand message nobody waits on


class Pacer:
    def __init__(self, per_second: float = 40.0, channel_interval: float = 1.2,
                 clock: Callable[[], float] = time.monotonic, sleep: Sleep = asyncio.sleep) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self.per_second = per_second
        self.channel_interval = channel_interval
        self.burst = max(1.0, per_second / 5)
        self.per_window = max(1, int(per_second))
        """Requests allowed in any one second."""
        self._clock, self._sleep = clock, sleep
        self._tokens = self.burst
        self._filled_at = clock()
        self._recent: deque[float] = deque()
        """When the requests of the last second were granted."""
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self._channel_free: dict[Hashable, float] = {}
        self.granted = 0
        """Slots handed out so far (benchmarks count requests with it)."""

    async def acquire(self, priority: Priority, channel: Hashable | None = None) -> None:
        """Wait for the channel's turn, then for a share of the bot's budget."""
        if channel is not None and self.channel_interval > 0:
            now = self._clock()
            start = max(now, self._channel_free.get(channel, now))
            self._channel_free[channel] = start + self.channel_interval   # reserved before sleeping
            if start > now:
                await self._sleep(start - now)
        await self._take(priority)
        self.granted += 1

    @asynccontextmanager
    async def slot(self, priority: Priority, channel: Hashable | None = None) -> AsyncIterator[None]:
        """`acquire`, then the write inside the block. The channel's next write waits its
        interval from the end of this one: a write's request may leave well after its slot
        (the table is read and drawn first), and Discord counts when requests arrive."""
        await self.acquire(priority, channel)
        try:
            yield
        finally:
            if channel is not None and self.channel_interval > 0:
                done = self._clock() + self.channel_interval
                self._channel_free[channel] = max(self._channel_free.get(channel, done), done)

    def forget(self, channel: Hashable) -> None:
        """A closed table's channel no longer needs its spacing remembered."""
        free = self._channel_free.get(channel)
        if free is not None and free <= self._clock():
            del self._channel_free[channel]

    def _wait(self) -> float:
        """Seconds until the budget has room for one more request (0: now)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._filled_at) * self.per_second)
        self._filled_at = now
        while self._recent and self._recent[0] <= now - WINDOW_S + EPSILON:
            self._recent.popleft()
        bucket = 0.0 if self._tokens >= 1 - EPSILON else (1 - self._tokens) / self.per_second
        window = 0.0 if len(self._recent) < self.per_window else self._recent[0] + WINDOW_S - now
        return max(bucket, window)

    def _grant(self) -> None:
        self._tokens -= 1
        self._recent.append(self._clock())

    async def _take(self, priority: Priority) -> None:
        if not self._waiting and not self._wait():
            self._grant()
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(priority), next(self._order), future))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.get_running_loop().create_task(self._dispatch())
        await future

    async def _dispatch(self) -> None:
        """Grant requests as the budget has room, best priority first; cancelled waiters are skipped."""
        while self._waiting:
            wait = self._wait()
            if wait:
                await self._sleep(wait)
                continue
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                self._grant()
                future.set_result(None)
