"""The fake's state and how a test waits on it: the world (users, guilds with their channels,
members and threads, DMs, messages, synced commands), the record of what the bot did (requests,
gateway ops, errors), and the lookups and queries every other part reads it through. One class
holds it all, so each part of the fake (payloads, gateway, routes, the test driver) builds on the
same fields."""

from __future__ import annotations

import asyncio
import bisect
import itertools
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from aiohttp import web

from tests.e2e.fake_discord.constants import (
    ALL_PERMISSIONS,
    API_PREFIX,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_TIMEOUT,
    DISCORD_EPOCH_MS,
    GATEWAY_PATH,
    JSON,
    P_ADMINISTRATOR,
)
from tests.e2e.fake_discord.models import FakeGuild, FakeMessage, FakeUser, RequestRecord
from tests.e2e.fake_discord.ratelimits import GLOBAL_PER_S, RateLimits
from tests.e2e.fake_discord.responses import Injection, Params

if TYPE_CHECKING:
    from tests.e2e.fake_discord.gateway import GatewaySession
    from tests.e2e.fake_discord.interactions import InteractionRecord

T = TypeVar("T")
RouteHandler = Callable[[RequestRecord, Params], Awaitable[web.Response]]
"""An endpoint a test adds (``FakeDiscord.add_route``): the request and the pattern's groups."""
POLL_S = 0.05


class FakeState:
    """Everything the fake knows, and the ways to look at it and wait on it."""

    def __init__(self, *, bot_name: str = "TestBot", bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
                 ack_deadline: float | None = 3.0) -> None:
        """``ack_deadline``: like Discord, an interaction not acknowledged within this many
        seconds is dead (10062 Unknown interaction, recorded as rejected).  ``None`` = off."""
        self.ack_deadline = ack_deadline
        self._id_counter = itertools.count(1)
        self._last_snowflake = 0
        self.bot_user = FakeUser(self.new_id(), bot_name, bot=True)
        self.user_locales: dict[int, str] = {}
        """Each user's Discord client language (`set_locale`), sent with their interactions."""
        self.application_id: int = self.bot_user.id  # as on real Discord
        self.bot_permissions = bot_permissions
        self.owner = FakeUser(self.new_id(), "app-owner")

        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self._dm_owner: dict[int, int] = {}  # DM channel id -> user id
        self.refused_dm_users: set[int] = set()

        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}

        self.requests: list[RequestRecord] = []
        self.unhandled: list[RequestRecord] = []
        self.rejected: list[tuple[RequestRecord, list[str]]] = []
        self.gateway_log: list[JSON] = []  # every op the client sent us
        self.identify_payload: JSON | None = None
        self.bot_errors: list[str] = []  # ERROR records logged by discord.py (with tracebacks)
        self.fail_fast_on_bot_errors = True  # wait_for raises as soon as one is logged
        self.identify_count = 0  # READY+GUILD_CREATEs fully sent this many times
        # Sharding as Discord does it: a session that IDENTIFYs as shard (i, n) gets the guilds
        # with (guild_id >> 22) % n == i, and their events; DMs go to shard 0. A test may set
        # ``route(event, data) -> shard id or None`` to deliver some events elsewhere.
        self.route: Callable[[str, JSON], int | None] | None = None
        self.resume_count = 0

        self._sessions: list[GatewaySession] = []
        self._ended_sessions: dict[str, tuple[int, int]] = {}  # session id -> (seq, intents), for RESUME
        self._live_tasks: list[asyncio.Task[None]] = []
        self._injections: list[Injection] = []
        self._routes: list[tuple[str, re.Pattern[str], RouteHandler]] = []  # a test's own, before the built-ins
        # Discord's limits: a bucket per route (and channel, guild...) with the headers Discord
        # sends, and ``global_per_s`` requests in any second per bot token, across every process
        # connected, outside interaction endpoints; past them, a 429 as Discord sends it.
        self.enforce_rate_limits = True
        self.global_per_s = GLOBAL_PER_S
        self.rate_limited: list[RequestRecord] = []  # 429s the limits produced (not injected ones)
        self._limits = RateLimits()

        self._cond: asyncio.Condition | None = None
        self._runner: web.AppRunner | None = None
        self.port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (and READY's resume_gateway_url)."""
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    # ==================================================================================
    # Ids, signalling, waiting
    # ==================================================================================

    def new_id(self) -> int:
        """Monotonic snowflake (timestamp-based, so discord.py's created_at is sane)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        sf = (ms << 22) | (next(self._id_counter) & 0x3FFFFF)
        if sf <= self._last_snowflake:
            sf = self._last_snowflake + 1
        self._last_snowflake = sf
        return sf

    async def _signal(self) -> None:
        """Wake every ``wait_for`` so it re-evaluates its predicate."""
        if self._cond is None:
            return
        async with self._cond:
            self._cond.notify_all()

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = DEFAULT_TIMEOUT, *,
                       what: str = "condition") -> T:
        """Wait until ``predicate()`` is truthy; re-checked whenever a request is recorded,
        a gateway op arrives or the fake's state changes, and every POLL_S besides (a
        predicate may read the bot's database, which tells the fake nothing).  Returns the
        predicate's value."""
        cond = self._cond
        assert cond is not None, "fake not started"
        result: T | None = None

        def check() -> bool:
            nonlocal result
            result = predicate()
            return bool(result)

        errors_before = len(self.bot_errors)

        def check_or_fail() -> bool:
            if self.fail_fast_on_bot_errors and len(self.bot_errors) > errors_before:
                raise AssertionError(f"the bot logged an error while waiting for {what}:\n"
                                     + "\n".join(self.bot_errors[errors_before:]))
            return check()

        async def until() -> None:
            async with cond:
                while not check_or_fail():
                    try:
                        await asyncio.wait_for(cond.wait(), POLL_S)
                    except TimeoutError:
                        pass

        try:
            await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            recent = "\n  ".join(repr(r) for r in self.requests[-8:])
            raise AssertionError(
                f"timed out after {timeout}s waiting for {what}; last requests:\n  {recent}"
                + (f"\nunhandled: {self.unhandled}" if self.unhandled else "")
                + (f"\nrejected: {self.rejected}" if self.rejected else "")
                + (f"\nbot errors:\n{chr(10).join(self.bot_errors)}" if self.bot_errors else "")
            ) from None
        assert result is not None
        return result

    def _on_bot_error(self, text: str) -> None:
        """Called (via the log handler) when discord.py logs an ERROR, e.g. "Ignoring
        exception in command" -- so a crashing handler fails fast instead of timing out."""
        self.bot_errors.append(text)
        if self._cond is not None:
            asyncio.get_running_loop().create_task(self._signal())

    # ==================================================================================
    # The bot's requests
    # ==================================================================================

    def requests_to(self, method: str, path_regex: str) -> list[RequestRecord]:
        pat = re.compile(path_regex)
        return [r for r in self.requests if r.method == method and pat.fullmatch(r.path)]

    @property
    def counted(self) -> list[RequestRecord]:
        """The requests that count against the bot-wide limit, as they arrived."""
        return [r for r in self.requests if r.counted]

    @property
    def invalid(self) -> list[RequestRecord]:
        """The requests Discord counts toward its ban (401, 403, 429 but a shared resource's)."""
        return [r for r in self.requests if r.invalid]

    def busiest_second(self, after: float = 0.0, token: str | None = "fake-token") -> int:
        """The most counted requests of one bot token that arrived within any one second (after
        `after`, a ``time.monotonic()``), refused ones included: what Discord's global limit sees."""
        times = sorted(r.at for r in self.counted if r.token == token and r.at >= after)
        return max((bisect.bisect_right(times, t + 1.0 - 1e-9) - i for i, t in enumerate(times)), default=0)

    # ==================================================================================
    # Lookups
    # ==================================================================================

    def _user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise KeyError(f"unknown user id {user_id}; create it with create_user/add_member") from None

    def _guild_of_channel(self, channel_id: int) -> FakeGuild | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels or channel_id in guild.threads:
                return guild
        return None

    @staticmethod
    def _channel_data(guild: FakeGuild, channel_id: int) -> JSON:
        """The stored object of a guild channel or thread (kept current: last_message_id ...)."""
        return guild.channels[channel_id] if channel_id in guild.channels else guild.threads[channel_id]

    def _thread(self, channel_id: int) -> JSON | None:
        guild = self._guild_of_channel(channel_id)
        return guild.threads.get(channel_id) if guild is not None else None

    def threads_of(self, channel_id: int) -> list[JSON]:
        """The threads started in a channel (archived ones too), oldest first."""
        guild = self._guild_of_channel(channel_id)
        return [t for t in (guild.threads.values() if guild else []) if t["parent_id"] == str(channel_id)]

    def dm_channel_id(self, user_id: int) -> int:
        """The (stable) DM channel between the bot and ``user_id``."""
        if user_id not in self.dm_channels:
            cid = self.new_id()
            self.dm_channels[user_id] = cid
            self._dm_owner[cid] = user_id
        return self.dm_channels[user_id]

    def permissions_for(self, guild_id: int, user_id: int) -> int:
        """Guild-level permissions (channel overwrites are not modelled)."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        perms = int(guild.roles[guild_id]["permissions"])
        for rid in member.roles if member else []:
            perms |= int(guild.roles[rid]["permissions"])
        if perms & P_ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def find_command(self, name: str, guild_id: int | None, ctype: int = 1) -> JSON:
        """Synced command definition (guild commands shadow global ones)."""
        pools = ([self.guild_commands.get(guild_id, [])] if guild_id else []) + [self.global_commands]
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and cmd.get("type", 1) == ctype:
                    return cmd
        synced = [c["name"] for c in self.global_commands] + [
            c["name"] for c in self.guild_commands.get(guild_id or 0, [])]
        raise LookupError(f"command {name!r} (type {ctype}) was not synced; synced: {synced}")

    # ==================================================================================
    # Queries
    # ==================================================================================

    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        """Current (post-edit) non-ephemeral, non-deleted messages, oldest first; includes
        filled-in deferrals but not still-"thinking" placeholders."""
        return sorted((m for m in self.messages.values()
                       if m.channel_id == channel_id and not m.deleted and not m.ephemeral and not m.loading),
                      key=lambda m: m.id)

    def dms(self, user_id: int) -> list[FakeMessage]:
        """Messages the bot delivered to ``user_id``'s DMs (refused sends are not here)."""
        cid = self.dm_channels.get(user_id)
        if cid is None:
            return []
        return [m for m in self.channel_messages(cid) if int(m.data["author"]["id"]) == self.bot_user.id]

    def ephemerals(self, user_id: int) -> list[FakeMessage]:
        """Ephemeral messages only ``user_id`` can see, oldest first."""
        return sorted((m for m in self.messages.values()
                       if m.ephemeral and m.visible_to == user_id and not m.deleted and not m.loading),
                      key=lambda m: m.id)

    async def wait_for_message(self, channel_id: int, predicate: Callable[[FakeMessage], bool] = lambda m: True,
                               timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """First current message in the channel (or DM channel) satisfying ``predicate``."""
        return await self.wait_for(
            lambda: next((m for m in self.channel_messages(channel_id) if predicate(m)), None),
            timeout, what=f"message in channel {channel_id}")

    async def wait_for_dm(self, user_id: int, predicate: Callable[[FakeMessage], bool] = lambda m: True,
                          timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        return await self.wait_for(lambda: next((m for m in self.dms(user_id) if predicate(m)), None),
                                   timeout, what=f"DM to {user_id}")

    def assert_clean(self) -> None:
        """Raise if the bot hit unimplemented endpoints or sent payloads Discord rejects."""
        problems = []
        if self.unhandled:
            problems.append("unhandled requests (fake Discord has no such endpoint):\n  "
                            + "\n  ".join(repr(r) for r in self.unhandled))
        if self.rejected:
            problems.append("requests Discord would reject:\n  "
                            + "\n  ".join(f"{r!r}: {why}" for r, why in self.rejected))
        if self.bot_errors:
            problems.append("discord.py logged errors (exceptions in commands/views/events):\n"
                            + "\n".join(self.bot_errors))
        if problems:
            raise AssertionError("\n".join(problems))
