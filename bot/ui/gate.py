"""The one gate every request to Discord's API passes as it leaves.

discord.py sends every request through its HTTP client's aiohttp session, and the session's
trace hooks (`http_trace`, which `bot.app.CardRoomBot` hands to discord.py) run right before a
request goes on the wire, after discord.py's own per-route waits, with the payload and files
built, and again when the answer comes. So no path goes around the gate: table messages, hands
and DMs, threads and their pointers, restores, admin commands, the lobby, command sync, and each
retry discord.py makes. Every request that counts against the bot-wide limit (all but
interaction callbacks and the interaction-token webhooks: followups and original-response edits)
waits there for the process's `Budget` (`bot.tables.pacing`) at the priority of the write making
it.

The answers are read there too: after a global 429 (`X-RateLimit-Global`, or a global
`X-RateLimit-Scope`) nothing leaves until `Retry-After` has passed, and then at the budget's
pace. discord.py holds its own requests until then and lets them all go at once; they queue
here instead. Per-route buckets (`X-RateLimit-*` and a route's 429) are discord.py's own
`Ratelimit`s, which run before the gate. Requests Discord calls invalid (401, 403, and 429s
other than a shared resource's) are counted over a rolling 10 minutes: Discord bans the bot's
address for an hour at 10,000. Long before that the bot warns in the log and slows down.
"""

from __future__ import annotations

import logging
import re
import time
from collections import deque
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp
from yarl import URL

from bot.tables.pacing import Budget, leaving, priority_now

log = logging.getLogger(__name__)

API = re.compile(r"/api/v\d+(?P<route>/.*)$")
EXEMPT = re.compile(r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)(/.*)?$")
"""Routes outside the bot-wide limit: interaction callbacks and interaction-token webhooks (the
bot sends no other webhooks)."""
INVALID = {401, 403, 429}
INVALID_WINDOW_S = 600.0
BANNED_AT = 10_000
WARN_AT = 100
SLOWER = ((250, 0.5), (1000, 0.25), (2500, 0.1))
"""(invalid requests in the window, the budget's factor from there on)."""
WARN_EVERY_S = 60.0


def counted_route(url: URL) -> str | None:
    """The API route of a request that counts against the bot-wide limit (`/channels/1/messages`),
    or None (an interaction's own routes, the gateway, anything that is not the API)."""
    m = API.match(url.path)
    if m is None or EXEMPT.match(m["route"]):
        return None
    return m["route"]


class InvalidRequests:
    """Discord's invalid requests of the last 10 minutes, and what the budget does about them."""

    def __init__(self, budget: Budget, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget, self.clock = budget, clock
        self.times: deque[float] = deque()
        self._warned_at = -WARN_EVERY_S

    def note(self, status: int, route: str) -> None:
        self.times.append(self.clock())
        log.debug("Discord refused %s with %d", route, status)
        self.check()

    def check(self) -> None:
        """Forget what left the window; set the budget's pace; warn (at most once a minute)."""
        now = self.clock()
        while self.times and self.times[0] <= now - INVALID_WINDOW_S:
            self.times.popleft()
        count = len(self.times)
        factor = next((f for at, f in reversed(SLOWER) if count >= at), 1.0)
        if factor != self.budget.slowed:
            self.budget.slowed = factor
            log.warning("%d invalid requests to Discord in 10 minutes (it bans the bot for an hour at %d): "
                        "requests now at %.0f%% of the budget", count, BANNED_AT, factor * 100)
            self._warned_at = now
        elif count >= WARN_AT and now - self._warned_at >= WARN_EVERY_S:
            log.warning("%d invalid requests to Discord in 10 minutes (it bans the bot for an hour at %d)",
                        count, BANNED_AT)
            self._warned_at = now


class Gate:
    def __init__(self, budget: Budget, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget = budget
        self.invalid = InvalidRequests(budget, clock)
        self.clock = clock
        self.log: list[tuple[float, str, str]] | None = None
        """When a list: (time, method, route) of every counted request as it left (tests, the bench)."""

    def trace(self) -> aiohttp.TraceConfig:
        """The hooks discord.py's HTTP session runs for every request (`Client(http_trace=...)`)."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self._leaving)
        config.on_request_end.append(self._answered)
        config.on_request_exception.append(self._failed)
        return config

    async def _leaving(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                       params: aiohttp.TraceRequestStartParams) -> None:
        route = counted_route(params.url)
        if route is None:
            return
        await self.budget.admit(priority_now())
        ctx.counted = True
        leaving()
        if self.log is not None:
            self.log.append((self.clock(), params.method, route))

    async def _answered(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                        params: aiohttp.TraceRequestEndParams) -> None:
        if getattr(ctx, "counted", False):
            self.budget.answered()
        self._read(params.method, params.url, params.response)

    async def _failed(self, session: aiohttp.ClientSession, ctx: SimpleNamespace,
                      params: aiohttp.TraceRequestExceptionParams) -> None:
        if getattr(ctx, "counted", False):
            self.budget.answered()

    def _read(self, method: str, url: URL, response: aiohttp.ClientResponse) -> None:
        """A global 429 pauses the budget; invalid requests are counted."""
        status, headers = response.status, response.headers
        if status in INVALID and API.match(url.path):
            scope = headers.get("X-RateLimit-Scope", "")
            if status == 429 and (headers.get("X-RateLimit-Global", "").lower() == "true" or scope == "global"):
                retry = _seconds(headers.get("Retry-After"))
                log.warning("Discord's global rate limit was hit (%s %s): nothing leaves for %.1f s, then at the "
                            "budget's pace", method, url.path, retry)
                self.budget.pause(retry)
            if not (status == 429 and scope == "shared"):   # a shared resource's limit is not the bot's fault
                self.invalid.note(status, f"{method} {url.path}")
        elif self.invalid.times:
            self.invalid.check()   # the count falls as the window moves on, and the pace comes back


def _seconds(value: str | None) -> float:
    """A Retry-After header in seconds (a second when it is missing or unreadable)."""
    try:
        return max(0.0, float(value or 1))
    except ValueError:
        return 1.0
