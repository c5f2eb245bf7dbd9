"""The HTTP gate: which requests count against the bot-wide limit, what a global 429 does, and
how invalid requests slow the bot down long before Discord's ban. The hooks are called as
discord.py's aiohttp session calls them (the end-to-end tests run them for real); on virtual time."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.tables.pacing import Budget
from bot.ui.gate import BANNED_AT, Gate, counted_route

from tests.virtual_time import now, run

API = "https://discord.com/api/v10"


def test_everything_but_an_interactions_own_routes_counts() -> None:
    assert counted_route(URL(f"{API}/channels/12/messages")) == "/channels/12/messages"
    assert counted_route(URL(f"{API}/users/@me/channels")) == "/users/@me/channels"
    assert counted_route(URL(f"{API}/applications/5/commands")) == "/applications/5/commands"
    assert counted_route(URL(f"{API}/interactions/9/aW50ZXJhY3Rpb24/callback")) is None
    assert counted_route(URL(f"{API}/webhooks/5/aW50ZXJhY3Rpb24")) is None
    assert counted_route(URL(f"{API}/webhooks/5/aW50ZXJhY3Rpb24/messages/@original")) is None
    assert counted_route(URL("wss://gateway.discord.gg/?v=10&encoding=json")) is None


class Session:
    """Calls the gate's hooks as one request of aiohttp's session would."""

    def __init__(self, gate: Gate) -> None:
        self.trace = gate.trace()

    async def request(self, path: str, status: int = 200, headers: dict[str, str] | None = None,
                      method: str = "POST") -> float:
        """The request leaves (the time it left) and is answered with `status` and `headers`."""
        url, ctx = URL(f"{API}{path}"), SimpleNamespace()
        session: Any = None
        await self.trace.on_request_start[0](session, ctx, aiohttp.TraceRequestStartParams(method, url, CIMultiDict()))
        left = now()
        response: Any = SimpleNamespace(status=status, headers=CIMultiDict(headers or {}))
        await self.trace.on_request_end[0](session, ctx, aiohttp.TraceRequestEndParams(
            method, url, CIMultiDict(), response))
        return left


GLOBAL_429 = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "Retry-After": "2", "Via": "1.1 google"}


def test_a_global_429_holds_every_request_then_lets_them_go_at_the_budgets_pace() -> None:
    async def main() -> tuple[float, list[float], int]:
        budget = Budget(10, clock=now)
        gate = Gate(budget, clock=now)
        session = Session(gate)
        hit = await session.request("/channels/1/messages", 429, GLOBAL_429)
        left = await asyncio.gather(*(session.request(f"/channels/{c}/messages") for c in range(2, 22)))
        return hit, list(left), len(gate.invalid.times)

    hit, left, invalid = run(main())
    assert min(left) >= hit + 2   # Retry-After
    assert sum(t < min(left) + 1 for t in left) <= 10   # then the budget's pace, not all at once
    assert invalid == 1


def test_a_routes_429_holds_nothing_else_but_counts_as_invalid_unless_the_resource_is_shared() -> None:
    async def main() -> tuple[list[float], int]:
        budget = Budget(10, clock=now)
        gate = Gate(budget, clock=now)
        session = Session(gate)
        start = now()
        await session.request("/channels/1/messages", 429, {"X-RateLimit-Scope": "user", "Retry-After": "5"})
        await session.request("/channels/1/messages", 429, {"X-RateLimit-Scope": "shared", "Retry-After": "5"})
        left = [await session.request("/channels/2/messages") - start]
        return left, len(gate.invalid.times)

    left, invalid = run(main())
    assert left[0] < 1
    assert invalid == 1


def test_invalid_requests_slow_the_bot_down_and_warn_long_before_discords_ban(
        caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> list[tuple[int, float]]:
        budget = Budget(40, clock=now)
        session = Session(Gate(budget, clock=now))
        seen = []
        for count in range(1, 3001):
            await session.request(f"/channels/{count}/messages", 403, {})
            if count in (99, 100, 250, 1000, 2500, 3000):
                seen.append((count, budget.per_second))
        await asyncio.sleep(601)   # ten quiet minutes: Discord has forgotten them
        await session.request("/channels/1/messages")
        seen.append((0, budget.per_second))
        return seen

    with caplog.at_level(logging.WARNING, logger="bot.ui.gate"):
        seen = run(main())
    assert seen == [(99, 40), (100, 40), (250, 20), (1000, 10), (2500, 4), (3000, 4), (0, 40)]
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings[0].startswith(f"100 invalid requests to Discord in 10 minutes (it bans the bot for an hour at "
                                  f"{BANNED_AT})")
    assert any(w.startswith("250 invalid requests") and w.endswith("requests now at 50% of the budget")
               for w in warnings)
    assert len(warnings) < 40   # a few lines, not one per request


def test_a_request_that_fails_on_its_way_gives_its_place_back() -> None:
    async def main() -> int:
        budget = Budget(1, clock=now)
        trace = Gate(budget, clock=now).trace()
        url, session = URL(f"{API}/channels/1/messages"), cast(aiohttp.ClientSession, None)   # the hooks never read it
        for _ in range(3):   # each fails before its answer: the window must not fill up with them
            ctx = SimpleNamespace()
            await trace.on_request_start[0](session, ctx, aiohttp.TraceRequestStartParams("POST", url, CIMultiDict()))
            await trace.on_request_exception[0](session, ctx, aiohttp.TraceRequestExceptionParams(
                "POST", url, CIMultiDict(), aiohttp.ClientConnectionError()))
        return budget.admitted

    assert run(main()) == 3
