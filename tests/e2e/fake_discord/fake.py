"""`FakeDiscord`, the server: every part of the fake in one object (state, gateway, world setup,
messages, the test driver), served on 127.0.0.1 by aiohttp. Every request is recorded, may meet a
test's injected answer, then Discord's rate limits, then its route; anything unknown is flagged."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp import web

from tests.e2e.fake_discord.components import Components
from tests.e2e.fake_discord.constants import API_PREFIX, GATEWAY_PATH, JSON
from tests.e2e.fake_discord.messages import Messages
from tests.e2e.fake_discord.models import RequestRecord
from tests.e2e.fake_discord.responses import Injection, error_response, json_response
from tests.e2e.fake_discord.routes import ROUTES
from tests.e2e.fake_discord.slash import SlashCommands
from tests.e2e.fake_discord.state import RouteHandler
from tests.e2e.fake_discord.world import World

_log = logging.getLogger(__name__)


class FakeDiscord(World, Messages, SlashCommands, Components):
    """Fake Discord server; see the package docstring for the overall picture.

    Typical use (the ``fake_discord`` fixture / ``fake_discord_server`` do the first
    three lines for you)::

        fake = FakeDiscord(); await fake.start()
        with patch_discord(fake): ...
        guild = fake.create_guild("Card Room", channels=["general"])
        alice = fake.add_member(guild.id, "alice", manage_guild=True)
        async with running_bot(fake, bot):
            rec = await fake.slash(alice, guild.id, guild.channel("general"), "ping")
            assert (await rec.reply()).content == "pong"
    """

    async def start(self) -> None:
        """Bind to a random free port on 127.0.0.1 and serve HTTP + gateway."""
        self._cond = asyncio.Condition()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get(GATEWAY_PATH, self._gateway_handler)
        app.router.add_route("*", "/{tail:.*}", self._http_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        # Discord's edge takes hundreds of new connections at once; aiohttp's default backlog (128)
        # would drop the SYNs of a bot's burst beyond it, and the kernel retries them after 1 s
        site = web.SockSite(self._runner, sock, backlog=4096)
        await site.start()

    async def stop(self) -> None:
        """Close gateway sockets (code 1000) and shut the server down."""
        for session in list(self._sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=1000)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ==================================================================================
    # HTTP plumbing
    # ==================================================================================

    def add_route(self, method: str, path_regex: str, handler: RouteHandler) -> None:
        """Register an extra endpoint (checked before the built-ins).  ``handler`` gets the
        ``RequestRecord`` and the regex's named groups and returns a ``web.Response``
        (use ``json_response`` / ``error_response``).  Lets a test author extend the fake
        without editing it."""
        self._routes.insert(0, (method.upper(), re.compile(path_regex), handler))

    def inject_error(self, method: str, path_regex: str, status: int, code: int = 0,
                     message: str = "injected error", *, times: int = 1) -> None:
        """Answer the next ``times`` matching requests with a Discord error instead."""
        self._injections.append(Injection(method.upper(), re.compile(path_regex),
                                          lambda: error_response(status, code, message), times))

    def rate_limit_next(self, method: str, path_regex: str, retry_after: float = 0.05, *,
                        times: int = 1, is_global: bool = False) -> None:
        """Answer with a 429 that discord.py will retry: it needs a ``Via`` header and a
        JSON ``retry_after`` (without ``Via`` it assumes a Cloudflare ban and raises)."""

        def respond() -> web.Response:
            headers = {"Via": "1.1 google", "Retry-After": str(max(1, int(retry_after)))}
            if is_global:
                headers["X-RateLimit-Global"] = "true"
            return json_response({"message": "You are being rate limited.", "retry_after": retry_after,
                                  "global": is_global}, status=429, headers=headers)

        self._injections.append(Injection(method.upper(), re.compile(path_regex), respond, times))

    async def _read_body(self, request: web.Request) -> tuple[Any, list[JSON]]:
        """JSON body, or ``payload_json`` + files for multipart uploads."""
        if request.content_type.startswith("multipart/"):
            payload: Any = None
            files: list[JSON] = []
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, aiohttp.BodyPartReader):
                    continue
                raw = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(raw.decode("utf-8"))
                else:
                    files.append({"field": part.name, "filename": part.filename or "file",
                                  "content_type": part.headers.get("Content-Type", "application/octet-stream"),
                                  "data": bytes(raw)})
            return payload, files
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw.decode("utf-8")), []
        except ValueError:
            return raw.decode("utf-8", "replace"), []

    async def _http_handler(self, request: web.Request) -> web.Response:
        """Catch-all: record, apply injections, route, or flag as unhandled."""
        arrived = time.monotonic()
        body, files = await self._read_body(request)
        path = request.path
        sub = path[len(API_PREFIX):] if path.startswith(API_PREFIX) else path
        auth = request.headers.get("Authorization", "")
        rec = RequestRecord(request.method, sub, dict(request.query), body, files, at=arrived,
                            token=auth.removeprefix("Bot ") if auth.startswith("Bot ") else None)
        self.requests.append(rec)
        try:
            response = await self._route(rec, path.startswith(API_PREFIX))
        except Exception as exc:  # a bug in the fake or a payload it cannot digest
            _log.exception("fake discord handler crashed for %r", rec)
            self.rejected.append((rec, [f"fake handler crashed: {exc!r}"]))
            # 400, not 500: discord.py retries 5xx with multi-second backoff.
            response = error_response(400, 50035, f"Invalid Form Body (fake crashed: {exc!r})")
        rec.status = response.status
        if response.status == 429:
            rec.scope = response.headers.get("X-RateLimit-Scope", "user")
        await self._signal()
        return response

    async def _route(self, rec: RequestRecord, in_api: bool) -> web.Response:
        for inj in self._injections:
            if inj.remaining > 0 and inj.method == rec.method and inj.pattern.fullmatch(rec.path):
                inj.remaining -= 1
                return inj.respond()
        if in_api and rec.counted and rec.token is None:   # only interaction routes go without the bot's token
            return error_response(401, 0, "401: Unauthorized")
        limits = in_api and self.enforce_rate_limits
        limited, headers = self._limits.check(rec, self.global_per_s) if limits else (None, {})
        if limited is not None:
            self.rate_limited.append(rec)
            return limited
        handler = self._handler_for(rec) if in_api else None
        if handler is not None:
            response = await handler()
            response.headers.update(headers)
            return response
        self.unhandled.append(rec)
        return error_response(404, 0, f"404: Not Found (fake Discord does not implement {rec.method} {rec.path})")

    def _handler_for(self, rec: RequestRecord) -> Callable[[], Awaitable[web.Response]] | None:
        """The handler of the request's route, bound to the path's parameters: a test's own
        routes first, then the built-in table."""
        for method, pattern, handler in self._routes:
            m = pattern.fullmatch(rec.path) if method == rec.method else None
            if m:
                return functools.partial(handler, rec, m.groupdict())
        for method, pattern, builtin in ROUTES:
            m = pattern.fullmatch(rec.path) if method == rec.method else None
            if m:
                return functools.partial(builtin, self, rec, m.groupdict())
        return None
