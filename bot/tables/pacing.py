"""Pacing output to Discord's limits: about 5 writes per 5 s in a channel, and 50 requests/s for
the whole bot across all its processes (interaction responses excepted).

Discord counts a request when it arrives, so the budget is spent when a request leaves, not when
a write is decided. Two parts:

- `Budget`, this process's share of the bot-wide budget, is spent by the HTTP gate
  (`bot/ui/gate.py`) as each request that counts goes on the wire, after its payload and picture
  are built. A token bucket spreads the requests out, and a request leaves only while those not
  yet answered plus those answered within the last second are fewer than the budget: a request
  arrives between leaving and its answer, so no second at Discord ever holds more, however late
  the event loop runs. A late loop makes the bot slower, never burstier. Waiting requests leave
  by priority: a player who must act and a table someone waits to see first, then table
  messages, then hand refreshes (`RANKS`, `PASSED_OVER_S`).
- `Pacer`, what the publishers write through: a channel's writes stay within its own limit
  (spaced `channel_interval` apart, and never more than 5 in 5 s; a write someone waits on
  needs only the latter), and a write is drawn only when its turn comes. Only about half a
  second of the budget's writes may be drawn and waiting at the gate, taken by priority; the
  others wait undrawn, so what they show is the table as it stands when they are drawn (latest
  state wins).

Nothing here is awaited under a table's lock.
"""

from __future__ import annotations

import asyncio
import enum
import heapq
import itertools
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Hashable, Mapping
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

WINDOW_S = 1.0
EPSILON = 1e-9
"""Rounding of clock arithmetic, which must never leave a waiter a hair short of its turn."""
CHANNEL_WRITES, CHANNEL_WINDOW_S = 5, 5.0
"""Discord's limit on a channel's message writes."""
KEPT_FOR_WAITERS = 1
"""Of a channel's writes in its window, how many only a write someone waits on may take: a
player who acts every second or two would otherwise find their DM's window full of refreshes
when their turn comes, and wait seconds to be told."""
AHEAD_S = 0.5
"""How much of the budget's time may be drawn ahead of the gate (enough to keep it busy while
pictures are drawn, little enough that what leaves is fresh)."""


class Priority(enum.IntEnum):
    PROMPT = 0   # a player must act and is waiting to be told, or a command's own requests
    AWAITED = 1  # a table someone waits to see: just started, or restored while a player must act
    TABLE = 2    # the public table message
    HAND = 3     # refreshing a hand message nobody waits on


RANKS = {Priority.PROMPT: 0, Priority.AWAITED: 0, Priority.TABLE: 1, Priority.HAND: 1}
"""Who goes first: what someone waits on (a prompt, a table someone waits to see), then the
refreshes nobody waits on, however long those wait."""
FREE_RANKS = {Priority.AWAITED: 0, Priority.PROMPT: 1, Priority.TABLE: 2, Priority.HAND: 2}
"""Among the writes a click's token makes, a table someone waits to see goes first: those are a
table's first messages after its Start (a few a second at most), while the players' clicks at
busy tables make hundreds of prompts and refreshes a second, and would keep it off the screen."""
PASSED_OVER_S = {Priority.PROMPT: 0.0, Priority.AWAITED: 0.5, Priority.TABLE: 0.0, Priority.HAND: 20.0}
"""Within a rank, a waiter's turn comes when it began to wait plus this: a table someone waits
to see goes before the prompts that came more than half a second after it (a burst of started
tables neither starves nor floods them), and a hand refresh before the table messages that
came more than 20 s after it (each table has one waiting at most, so it is never starved)."""


@dataclass(eq=False)
class _Waiters:
    """Futures served by rank (`RANKS` unless told otherwise), then by when their turn came
    (`PASSED_OVER_S`), then in order of arrival."""

    clock: Callable[[], float]
    ranks: Mapping[Priority, int] = field(default_factory=lambda: RANKS)
    heap: list[tuple[int, float, int, asyncio.Future[None]]] = field(default_factory=list)
    order: itertools.count[int] = field(default_factory=itertools.count)

    def add(self, priority: Priority) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        turn = self.clock() + PASSED_OVER_S[priority]
        heapq.heappush(self.heap, (self.ranks[priority], turn, next(self.order), future))
        return future

    def next(self) -> asyncio.Future[None] | None:
        """The first waiter still waiting (cancelled ones are dropped), or None."""
        while self.heap:
            future = heapq.heappop(self.heap)[3]
            if not future.done():
                return future
        return None

    def __bool__(self) -> bool:
        while self.heap and self.heap[0][3].done():
            heapq.heappop(self.heap)
        return bool(self.heap)


class Budget:
    """Requests per second this process may send, spent as each request leaves (see the module)."""

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self.configured = per_second
        """DISCORD_REQUESTS_PER_S: the whole bot's budget, across its processes."""
        self.share = per_second
        """This process's part of it (all of it when it runs alone)."""
        self._raising: tuple[float, float] | None = None
        """(when, to): a higher share not taken up yet."""
        self.slowed = 1.0
        """A factor below 1 while Discord refuses many requests (`bot.ui.gate.InvalidRequests`)."""
        self._clock = clock
        self._tokens = self.burst
        self._filled_at = clock()
        self._paused_until = -math.inf
        self._unanswered = 0
        self._answered: deque[float] = deque()
        """When the answers of the last second came."""
        self._waiting = _Waiters(clock)
        self._dispatcher: asyncio.Task[None] | None = None
        self._answer = asyncio.Event()
        self.admitted = 0
        """Requests let through so far."""

    @property
    def per_second(self) -> float:
        if self._raising is not None and self._clock() >= self._raising[0]:
            self.share, self._raising = self._raising[1], None
        return self.share * self.slowed

    @property
    def burst(self) -> float:
        """Tokens the bucket holds at most: a wake-up that comes late sends a few at once, no more."""
        return max(1.0, self.per_second / 10)

    @property
    def per_window(self) -> int:
        """Requests allowed in any one second."""
        return max(1, int(self.per_second + EPSILON))

    def set_share(self, per_second: float) -> None:
        """This process's share, at once (a lower one, or the first)."""
        if per_second <= 0:
            raise ValueError("a share must be positive")
        self.share, self._raising = per_second, None

    def raise_share(self, per_second: float) -> None:
        """A higher share, taken up a second from now, when the requests the other processes
        sent at their old, higher shares have left Discord's one-second window."""
        if self._raising is None or self._raising[1] != per_second:
            self._raising = (self._clock() + WINDOW_S, per_second)

    def pause(self, seconds: float) -> None:
        """Discord said the bot is over its global limit: send nothing for `seconds`, then resume
        at the budget's pace (the bucket starts empty), never all at once."""
        until = self._clock() + seconds
        self._paused_until = max(self._paused_until, until)
        self._tokens = 0.0
        self._filled_at = max(self._filled_at, self._paused_until)

    async def admit(self, priority: Priority) -> None:
        """Wait until a request may leave now; the caller must then call `answered` once."""
        if not self._waiting and self._wait() == 0:
            self._grant()
            return
        future = self._waiting.add(priority)
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.get_running_loop().create_task(self._dispatch(), name="budget")
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._unanswered -= 1   # admitted, but the request never left
            raise

    def answered(self) -> None:
        """The request's answer came (or it failed): it reached Discord by now, if at all."""
        self._unanswered -= 1
        self._answered.append(self._clock())
        self._answer.set()

    def _grant(self) -> None:
        self._tokens -= 1
        self._unanswered += 1
        self.admitted += 1

    def _wait(self) -> float | None:
        """Seconds until one more request may leave (0: now); None: not before an answer comes."""
        now = self._clock()
        if now < self._paused_until:
            return self._paused_until - now
        if now > self._filled_at:
            self._tokens = min(self.burst, self._tokens + (now - self._filled_at) * self.per_second)
            self._filled_at = now
        while self._answered and self._answered[0] <= now - WINDOW_S + EPSILON:
            self._answered.popleft()
        if self._unanswered + len(self._answered) >= self.per_window:
            return self._answered[0] + WINDOW_S - now if self._answered else None
        if self._tokens < 1 - EPSILON:
            return (1 - self._tokens) / self.per_second
        return 0.0

    async def _dispatch(self) -> None:
        """Let requests leave as the budget has room, best priority first."""
        while self._waiting:
            wait = self._wait()
            if wait is None:
                self._answer.clear()
                await self._answer.wait()
            elif wait > 0:
                await asyncio.sleep(wait)
            elif (future := self._waiting.next()) is not None:
                self._grant()
                future.set_result(None)


class _Turn:
    """A write's place among those drawn ahead of the gate, given back once its request leaves."""

    __slots__ = ("_turns", "_held")

    def __init__(self, turns: _Turns) -> None:
        self._turns, self._held = turns, True

    def give_back(self) -> None:
        """Idempotent: the gate gives it back as the request leaves, the write as it ends."""
        if self._held:
            self._held = False
            self._turns.release()


class _Turns:
    """At most `capacity()` writes drawn and not yet sent, handed out by priority."""

    def __init__(self, capacity: Callable[[], int], clock: Callable[[], float],
                 ranks: Mapping[Priority, int] = RANKS) -> None:
        self.capacity = capacity
        self.held = 0
        self._waiting = _Waiters(clock, ranks)

    async def take(self, priority: Priority) -> _Turn:
        if not self._waiting and self.held < self.capacity():
            self.held += 1
            return _Turn(self)
        future = self._waiting.add(priority)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()
            raise
        return _Turn(self)

    @property
    def crowded(self) -> bool:
        """Whether writes wait for a turn."""
        return bool(self._waiting)

    def release(self) -> None:
        self.held -= 1
        while self.held < self.capacity() and (future := self._waiting.next()) is not None:
            self.held += 1
            future.set_result(None)


_writing: ContextVar[tuple[Priority, _Turn | None]] = ContextVar("writing", default=(Priority.PROMPT, None))
"""The priority and turn of the write the current task is making (requests outside any write,
like a command's thread, are someone's to wait on)."""


def priority_now() -> Priority:
    """The priority of the request the current task is about to send."""
    return _writing.get()[0]


def leaving() -> None:
    """The current write's request is leaving: its turn passes to the next write."""
    turn = _writing.get()[1]
    if turn is not None:
        turn.give_back()


@dataclass(eq=False)
class _Channel:
    ends: deque[float] = field(default_factory=deque)
    """When the channel's writes of the last window ended."""
    busy: int = 0
    free_at: float = -math.inf
    """When the next spaced write may begin."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Pacer:
    def __init__(self, budget: Budget | None = None, channel_interval: float = 1.2,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`budget`: the process's budget, which sizes how many writes may be drawn ahead of the
        gate (None: any number, where nothing gates the requests: tests, the console)."""
        self.budget = budget
        self.channel_interval = channel_interval
        self._clock = clock
        self._channels: dict[Hashable, _Channel] = {}
        self._turns = _Turns(self._ahead, clock)
        self._free = _Turns(self._ahead, clock, FREE_RANKS)
        """The turns of writes that leave outside the budget (a click's token writes them)."""

    def _ahead(self) -> int:
        if self.budget is None:
            return 1 << 62
        return max(2, math.ceil(self.budget.per_second * AHEAD_S))

    @asynccontextmanager
    async def slot(self, priority: Priority | Callable[[], Priority], channel: Hashable | None = None,
                   free: Callable[[], bool] | None = None) -> AsyncIterator[None]:
        """The channel's turn, then the write's turn to be drawn; the write happens inside the
        block, and its requests leave through the gate at `priority`. The channel's next write
        is spaced from the end of this one: Discord counts writes when they arrive.

        `priority` may be a function, asked again whenever the channel is nudged (`nudge`): a
        redraw waiting its turn that someone comes to wait for (the game it shows just started)
        goes at once. A write that `free` says will leave outside the budget (a click's token
        writes it) takes its turn among such writes alone (`FREE_RANKS`): it never waits for the
        budget, and as many of them are drawn at once as of the others (drawing is what they
        wait for)."""
        ask = priority if callable(priority) else lambda: priority
        paced = channel is not None and self.channel_interval > 0
        if paced:
            await self._enter(ask, channel)
        try:
            now = ask()
            turn = await (self._free if free is not None and free() else self._turns).take(now)
            token = _writing.set((now, turn))
            try:
                yield
            finally:
                _writing.reset(token)
                turn.give_back()
        finally:
            if paced:
                self._leave(channel)

    def crowded(self, *, free: bool) -> bool:
        """Whether writes wait for a turn among those that leave outside the budget (`free`), or
        among those that spend it."""
        return (self._free if free else self._turns).crowded

    async def _enter(self, ask: Callable[[], Priority], key: Hashable) -> None:
        """Wait until the channel may take one more write: fewer than 5 in its last 5 s (those
        under way included) and, unless someone waits on it, `channel_interval` since the last
        and fewer than 5 less `KEPT_FOR_WAITERS`."""
        channel = self._channels.get(key)
        if channel is None:
            channel = self._channels[key] = _Channel()
        while True:
            priority, now = ask(), self._clock()
            while channel.ends and channel.ends[0] <= now - CHANNEL_WINDOW_S + EPSILON:
                channel.ends.popleft()
            room = CHANNEL_WRITES - (KEPT_FOR_WAITERS if priority > Priority.AWAITED else 0)
            over = len(channel.ends) + channel.busy - room   # writes to age out first, less one
            at: float | None = now
            if over >= 0:
                at = channel.ends[over] + CHANNEL_WINDOW_S if over < len(channel.ends) else None
            if priority > Priority.AWAITED and at is not None:
                at = None if channel.busy else max(at, channel.free_at)
            if at is not None and at <= now + EPSILON:
                channel.busy += 1
                return
            channel.changed.clear()
            try:   # (not `wait_for`, which can swallow a cancellation in Python 3.11)
                async with asyncio.timeout(None if at is None else at - now):
                    await channel.changed.wait()
            except TimeoutError:
                pass

    def _leave(self, key: Hashable) -> None:
        channel = self._channels[key]
        end = self._clock()
        channel.busy -= 1
        channel.ends.append(end)
        channel.free_at = max(channel.free_at, end + self.channel_interval)
        channel.changed.set()

    def nudge(self, key: Hashable) -> None:
        """Someone came to wait on the channel's writes: those waiting their turn ask their
        priority again."""
        channel = self._channels.get(key)
        if channel is not None:
            channel.changed.set()

    def forget(self, key: Hashable) -> None:
        """A closed table's channel no longer needs its writes remembered, once they are too old
        to count (a new table in the same channel may follow at once)."""
        channel = self._channels.get(key)
        if channel is None or channel.busy:
            return
        now = self._clock()
        if channel.free_at <= now and (not channel.ends or channel.ends[-1] <= now - CHANNEL_WINDOW_S):
            del self._channels[key]
        else:
            asyncio.get_running_loop().call_later(CHANNEL_WINDOW_S, self.forget, key)
