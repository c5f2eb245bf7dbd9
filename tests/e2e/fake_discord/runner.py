"""Running a real discord.py client against the fake: pointing discord.py at it (and back),
turning discord.py's error logs into test failures, the server's lifecycle with its teardown
checks, a bot started and closed cleanly, and the ``fake_discord`` pytest fixture."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import discord.gateway
import discord.http
import discord.state
import yarl

from tests.e2e.fake_discord.constants import DEFAULT_TIMEOUT
from tests.e2e.fake_discord.fake import FakeDiscord


@contextlib.contextmanager
def patch_discord(fake: FakeDiscord, *, guild_ready_timeout: float | None = 0.05,
                  fast_reidentify: bool = True) -> Iterator[FakeDiscord]:
    """Point discord.py at the fake (``Route.BASE`` and ``DEFAULT_GATEWAY``) and restore
    afterwards.  Two timing courtesies that only exist for real Discord's sake:
    ``guild_ready_timeout`` (discord.py waits that long after the last GUILD_CREATE
    before firing ready; 2 s by default) is shortened unless the client sets it
    explicitly (``None`` leaves it alone), and with ``fast_reidentify`` the 5 s sleep of
    ``Client.before_identify_hook`` before a non-initial IDENTIFY is skipped."""
    Route = discord.http.Route
    DWS = discord.gateway.DiscordWebSocket
    State = discord.state.ConnectionState
    Client = discord.Client
    old_base, old_gateway, old_init = Route.BASE, DWS.DEFAULT_GATEWAY, State.__init__
    old_hook = Client.before_identify_hook

    async def no_wait_hook(self: Any, shard_id: int | None, *, initial: bool = False) -> None:
        return None

    def patched_init(self: Any, *args: Any, **options: Any) -> None:
        old_init(self, *args, **options)
        if "guild_ready_timeout" not in options and guild_ready_timeout is not None:
            self.guild_ready_timeout = guild_ready_timeout

    Route.BASE = fake.api_base
    DWS.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    State.__init__ = patched_init  # type: ignore[method-assign]
    if fast_reidentify:
        Client.before_identify_hook = no_wait_hook  # type: ignore[method-assign]
    try:
        yield fake
    finally:
        Route.BASE = old_base
        DWS.DEFAULT_GATEWAY = old_gateway
        State.__init__ = old_init  # type: ignore[method-assign]
        Client.before_identify_hook = old_hook  # type: ignore[method-assign]


class _BotErrorHandler(logging.Handler):
    """Forwards ERROR records of the ``discord`` loggers to ``FakeDiscord.bot_errors``."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(level=logging.ERROR)
        self.fake = fake
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.fake._on_bot_error(self.format(record))
        except RuntimeError:  # no running loop (logged from another thread)
            self.fake.bot_errors.append(self.format(record))


@contextlib.contextmanager
def capture_bot_errors(fake: FakeDiscord) -> Iterator[None]:
    """Collect discord.py's ERROR logs (unhandled exceptions in commands, views, modals,
    events) into ``fake.bot_errors`` while active."""
    handler = _BotErrorHandler(fake)
    logger = logging.getLogger("discord")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


@contextlib.asynccontextmanager
async def fake_discord_server(*, check_clean: bool = True, **kwargs: Any) -> AsyncIterator[FakeDiscord]:
    """Started + patched fake that captures discord.py error logs; at exit stops it and
    (if the body did not raise) asserts no unhandled/rejected requests and no bot errors."""
    fake = FakeDiscord(**kwargs)
    await fake.start()
    failed = False
    try:
        with patch_discord(fake), capture_bot_errors(fake):
            yield fake
    except BaseException:
        failed = True
        raise
    finally:
        await fake.stop()
        if check_clean and not failed:
            fake.assert_clean()


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, client: discord.Client, token: str = "fake-token",
                      timeout: float = DEFAULT_TIMEOUT) -> AsyncIterator[discord.Client]:
    """``create_task(client.start(token))``, wait for IDENTIFY then ``wait_until_ready``;
    on exit close the client and await the task.  Fails fast if ``start`` raises (e.g. a
    setup_hook error or a command sync the fake rejected)."""
    before = fake.identify_count
    task = asyncio.create_task(client.start(token), name="fake-discord-bot")
    identified = asyncio.create_task(fake.wait_identified(timeout, after=before))
    try:
        done, _ = await asyncio.wait({task, identified}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # raises the startup error
            raise RuntimeError("client.start() returned before IDENTIFY")
        if identified not in done:
            raise AssertionError(f"bot did not IDENTIFY within {timeout}s")
        identified.result()
        await asyncio.wait_for(client.wait_until_ready(), timeout)
        yield client
    finally:
        identified.cancel()
        if not client.is_closed():
            await client.close()
        try:
            await asyncio.wait_for(task, 5)
        except (asyncio.CancelledError, Exception):
            if not task.done():
                task.cancel()


try:  # the fixture is optional so the module imports without pytest-asyncio
    import pytest_asyncio

    @pytest_asyncio.fixture
    async def fake_discord() -> AsyncIterator[FakeDiscord]:
        """A started fake with discord.py patched; fails the test at teardown on any
        unhandled endpoint or rejected payload.  Import it into a test module:
        ``from tests.e2e.fake_discord import fake_discord  # noqa: F401``."""
        async with fake_discord_server() as fake:
            yield fake
except ImportError:  # pragma: no cover
    pass
