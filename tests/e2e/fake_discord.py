"""A local, in-process fake of Discord's HTTP API and gateway for end-to-end tests.

Why this exists: unit tests with mocked ``Interaction`` objects miss the bugs that
matter in a Discord bot (wrong payload shapes, responding twice, forgetting to
defer, ephemeral leaks, views that do not survive a restart, commands that
Discord would refuse to sync).  This module runs an aiohttp server on
127.0.0.1 that the *real* discord.py 2.7 client talks to over HTTP and a
WebSocket, so the library's own parsing, view store, command tree and webhook
code all run exactly as in production.

Layout of the module:

* data model      -- ``FakeUser``, ``FakeGuild``, ``FakeMessage``, ``RequestRecord``,
                     ``InteractionRecord``
* limits          -- ``check_command_limits`` (Discord's application command rules)
* ``FakeDiscord``  -- the server:
    - lifecycle      (``start`` / ``stop``, ``api_base`` / ``gateway_url``)
    - world setup    (``create_guild``, ``add_member``, ``create_user``, ``add_channel``,
                      ``refuse_dms``)
    - HTTP routes    (one catch-all handler + a regex route table; every request is
                      recorded, anything unknown lands in ``unhandled``)
    - gateway        (HELLO / IDENTIFY / READY / GUILD_CREATE / heartbeats / chunks)
    - test driver    (``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal``,
                      ``user_message``)
    - queries        (``channel_messages``, ``dms``, ``ephemerals``, ``wait_for``, ...)
* glue            -- ``patch_discord`` (points discord.py at the fake and restores it),
                     ``fake_discord_server`` (start+patch+teardown assertions),
                     ``running_bot`` (start a bot, wait for ready, close cleanly) and the
                     ``fake_discord`` pytest fixture.

Strictness is deliberate: every endpoint the fake does not implement and every
payload Discord itself would reject (empty message, >2000 chars, >5 action
rows, invalid command definitions, double acknowledgement, ...) is recorded in
``fake.unhandled`` / ``fake.rejected`` and the fixture fails the test at teardown,
so a green test really means "Discord would have accepted all of this".

Things a test author must know:

* Set up the world (``create_guild`` / ``add_member``) *before* ``running_bot`` so it
  arrives in GUILD_CREATE; later changes are pushed as gateway events
  (``await fake.flush_events()`` if the bot must see them before your next step).
* As on Discord, GUILD_CREATE only carries the bot's own member unless the bot
  identifies with the presences intent; with the members intent discord.py chunks
  and the fake answers.  Interaction payloads always carry the invoking member.
* ``slash`` builds options from the commands the bot *synced* (so sync in
  ``setup_hook``), refuses unknown/missing-required options, invalid choices, and
  commands the user could not see (``default_member_permissions``, contexts) by
  raising ValueError / LookupError / PermissionError in the test.
* Interactions must be acknowledged within ``ack_deadline`` (3 s, like Discord).
* After a type-5 defer the first followup fills the "thinking" message (Discord's
  behaviour); ``rec.reply()`` returns the first *visible* message of an interaction,
  as a live ``FakeMessage`` (it reflects later edits; ``history`` has old versions).
* Exceptions the bot does not handle are logged by discord.py; the fake captures
  those ERROR logs (``fake.bot_errors``): any ``wait_for``/``reply()`` fails at once
  with the traceback, and teardown fails if any were logged (``.clear()`` them in a
  test that provokes one on purpose).
* ``fake.force_reconnect(resume=True|False)`` exercises RESUME / re-IDENTIFY (on_ready
  fires again); a second ``running_bot`` on the same fake simulates a restart.
* Threads: public threads are created as Discord does (``POST /channels/{id}/threads`` and
  ``POST /channels/{id}/messages/{id}/threads``; a channel object of type 11 with ``parent_id``
  and ``owner_id``, announced by THREAD_CREATE), renamed and archived by ``PATCH /channels/{id}``
  (THREAD_UPDATE); posting in an archived thread unarchives it, editing a message there is refused
  (50083). ``fake.threads_of(channel_id)`` lists a channel's threads.
* Not implemented (answer 404 and fail the test): reactions, pins, private threads,
  roles/member edits, bans, webhooks other than interaction followups, emojis,
  stickers, polls, voice.  Add one ad hoc with ``fake.add_route`` if a test needs it,
  or extend ``_register_routes``.
"""

from __future__ import annotations

import asyncio
import bisect
import collections
import contextlib
import datetime as _dt
import itertools
import json
import logging
import re
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import (
    Any,
    Union,
)

import aiohttp
import discord
import discord.gateway
import discord.http
import discord.state
import yarl
from aiohttp import web

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "InteractionRecord",
    "RequestRecord",
    "capture_bot_errors",
    "check_command_limits",
    "fake_discord",
    "fake_discord_server",
    "patch_discord",
    "running_bot",
]

_log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"
DISCORD_EPOCH_MS = 1420070400000
POLL_S = 0.05
GLOBAL_PER_S = 50
EXEMPT = re.compile(r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)(/.*)?$")
"""Routes outside the bot-wide limit: interaction callbacks and interaction-token webhooks."""
INVALID_STATUSES = {401, 403, 429}
"""What Discord counts toward its ban of 10,000 invalid requests in 10 minutes (a 429 of a shared
resource apart)."""


@dataclass(frozen=True)
class BucketRule:
    """Discord's per-route limit: `limit` requests per `window_s`, per major parameter (the
    channel, the guild...); the bucket resets `window_s` after its first request."""

    name: str
    methods: frozenset[str]
    pattern: re.Pattern[str]
    limit: int
    window_s: float


BUCKET_RULES = (
    BucketRule("channel-messages", frozenset({"POST", "PATCH", "DELETE"}),
               re.compile(r"/channels/(?P<major>\d+)/messages(/\d+)?"), 5, 5.0),
    BucketRule("channel-edit", frozenset({"PATCH"}), re.compile(r"/channels/(?P<major>\d+)"), 10, 10.0),
    BucketRule("threads", frozenset({"POST"}), re.compile(r"/channels/(?P<major>\d+)(/messages/\d+)?/threads"),
               10, 10.0),
)
"""Known routes' buckets; every other route has one of `DEFAULT_BUCKET` per route and major
parameter."""
DEFAULT_BUCKET = (50, 1.0)
_SNOWFLAKE = re.compile(r"/\d+")


@dataclass
class _Bucket:
    limit: int
    window_s: float
    used: int = 0
    resets_at: float = 0.0
DEFAULT_TIMEOUT = 120.0  # a safety net against hangs, never a budget a busy machine could break

# Permission bits (https://discord.com/developers/docs/topics/permissions).
P_ADD_REACTIONS = 1 << 6
P_ADMINISTRATOR = 1 << 3
P_MANAGE_GUILD = 1 << 5
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_EXTERNAL_EMOJIS = 1 << 18
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_SEND_MESSAGES_IN_THREADS = 1 << 38

ALL_PERMISSIONS: int = discord.Permissions.all().value
DEFAULT_EVERYONE_PERMISSIONS: int = (
    P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_READ_MESSAGE_HISTORY
    | P_ADD_REACTIONS
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_USE_EXTERNAL_EMOJIS
    | P_USE_APPLICATION_COMMANDS
)
DEFAULT_BOT_PERMISSIONS: int = (
    DEFAULT_EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_SEND_MESSAGES_IN_THREADS
)

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types / callback types.
IT_APPLICATION_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5
CB_CHANNEL_MESSAGE = 4
CB_DEFERRED_CHANNEL_MESSAGE = 5
CB_DEFERRED_UPDATE_MESSAGE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE_RESULT = 8
CB_MODAL = 9

# Application command option types.
OPT_SUB_COMMAND = 1
OPT_SUB_COMMAND_GROUP = 2
OPT_STRING = 3
OPT_INTEGER = 4
OPT_BOOLEAN = 5
OPT_USER = 6
OPT_CHANNEL = 7
OPT_ROLE = 8
OPT_MENTIONABLE = 9
OPT_NUMBER = 10

JSON = dict[str, Any]
RouteHandler = Callable[["RequestRecord", dict[str, str]], Awaitable[web.Response]]
MessageRef = Union["FakeMessage", JSON, int, str]


def _now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def json_response(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    """JSON response with ``Content-Type: application/json`` *exactly*.

    discord.py's ``json_or_text`` compares the header for equality, so aiohttp's
    ``json_response`` (which appends ``; charset=utf-8``) would make every body a str.
    """
    hdrs = {"Content-Type": "application/json"}
    if headers:
        hdrs.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode("utf-8"), headers=hdrs)


def error_response(status: int, code: int, message: str, errors: JSON | None = None) -> web.Response:
    """A Discord-shaped JSON error, which discord.py turns into HTTPException/Forbidden/NotFound."""
    body: JSON = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


# --------------------------------------------------------------------------------------
# Data model
# --------------------------------------------------------------------------------------


@dataclass
class FakeUser:
    """A Discord user known to the fake (humans and the bot itself)."""

    id: int
    username: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class FakeMember:
    """Guild membership: which roles a user has (permissions derive from roles)."""

    user_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=_now_iso)


@dataclass
class FakeGuild:
    """A guild: roles (``@everyone`` has the guild's id), text channels and members."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, JSON] = field(default_factory=dict)
    channels: dict[int, JSON] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    threads: dict[int, JSON] = field(default_factory=dict)
    """Threads by id (type 11), kept apart from ``channels`` as Discord lists them apart."""
    preferred_locale: str = "en-US"
    """The server's language (Server Settings › Community); set before the bot connects."""

    def channel(self, name: str) -> int:
        """Id of the channel called ``name`` (what tests usually have in hand)."""
        for cid, data in self.channels.items():
            if data["name"] == name:
                return cid
        raise KeyError(f"guild {self.name!r} has no channel {name!r}")

    @property
    def channel_ids(self) -> list[int]:
        return list(self.channels)


@dataclass
class RequestRecord:
    """One HTTP request the bot made; ``json`` is the body (``payload_json`` for multipart)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[JSON] = field(default_factory=list)
    status: int | None = None
    at: float = field(default_factory=time.monotonic)
    """When it arrived (before its body was read)."""
    token: str | None = None
    """The bot token it carried (``Authorization: Bot <token>``); None without one."""
    scope: str | None = None
    """A 429's ``X-RateLimit-Scope``: ``global``, ``user`` (a route's bucket) or ``shared``."""

    @property
    def counted(self) -> bool:
        """Whether it counts against the bot-wide limit (Discord's API, outside interaction routes)."""
        return not EXEMPT.match(self.path)

    @property
    def invalid(self) -> bool:
        """Whether Discord counts it toward the ban for invalid requests."""
        return self.status in INVALID_STATUSES and not (self.status == 429 and self.scope == "shared")

    def __repr__(self) -> str:  # short, because these end up in assertion messages
        body = json.dumps(self.json)[:300] if self.json is not None else ""
        return f"<{self.method} {self.path} -> {self.status} {body}>"


@dataclass
class FakeMessage:
    """Server-side message state.  ``data`` is the Discord message object (kept current
    after edits); ``history`` holds earlier versions so tests can inspect edits."""

    data: JSON
    ephemeral: bool = False
    visible_to: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    history: list[JSON] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    allowed_mentions: JSON | None = None
    pinged_user_ids: list[int] = field(default_factory=list)
    """Users this message notified: ``<@id>`` mentions filtered by ``allowed_mentions``."""

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[JSON]:
        return self.data.get("embeds") or []

    @property
    def components(self) -> list[JSON]:
        return self.data.get("components") or []

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        """Everything a human would read: content, embed texts, v2 text displays, button
        labels.  Handy for ``assert "won" in msg.text`` without caring where it is."""
        parts: list[str] = [self.content]
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for f in e.get("fields") or []:
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if (e.get("footer") or {}).get("text"):
                parts.append(e["footer"]["text"])
            if (e.get("author") or {}).get("name"):
                parts.append(e["author"]["name"])
        for comp in iter_components(self.components):
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
            elif comp.get("label"):
                parts.append(str(comp["label"]))
        return "\n".join(p for p in parts if p)

    def find_component(self, custom_id: str) -> JSON | None:
        for comp in iter_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if c.get("custom_id")]

    def __repr__(self) -> str:
        eph = " ephemeral" if self.ephemeral else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{eph} text={self.text[:80]!r}>"


def iter_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Depth-first walk over action rows, v2 containers/sections and labels."""
    for comp in components or []:
        yield comp
        if comp.get("components"):
            yield from iter_components(comp["components"])
        if comp.get("accessory"):
            yield from iter_components([comp["accessory"]])
        if comp.get("component"):
            yield from iter_components([comp["component"]])


@dataclass
class InteractionRecord:
    """Everything that happened in response to one interaction the driver sent.

    ``touched`` lists (in order) the ids of messages that this interaction made
    visible: a type-4 reply, a filled-in deferred response, followups, and the
    component message it updated.  The awaitable helpers wait on the fake's
    condition variable, so tests never sleep-poll.
    """

    fake: FakeDiscord
    id: int
    token: str
    type: int
    user_id: int
    guild_id: int | None
    channel_id: int
    payload: JSON
    source_message_id: int | None = None
    callback_type: int | None = None
    callbacks: list[JSON] = field(default_factory=list)
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    touched: list[int] = field(default_factory=list)
    modal: JSON | None = None
    choices: list[JSON] | None = None
    sent_at: float = 0.0
    edited_ids: list[int] = field(default_factory=list)
    """Messages the bot edited through this interaction's token (original response edits)."""

    # -- state ---------------------------------------------------------------------

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE)

    def original(self) -> FakeMessage | None:
        if self.original_message_id is None:
            return None
        return self.fake.messages.get(self.original_message_id)

    def messages(self) -> list[FakeMessage]:
        """Visible messages this interaction produced or updated, in order."""
        out = []
        for mid in self.touched:
            msg = self.fake.messages.get(mid)
            if msg is not None and not msg.deleted and not msg.loading and msg not in out:
                out.append(msg)
        return out

    def followups(self) -> list[FakeMessage]:
        return [self.fake.messages[m] for m in self.followup_ids if m in self.fake.messages]

    # -- waiting -------------------------------------------------------------------

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Wait until the bot acknowledged the interaction; returns the callback type."""
        await self.fake.wait_for(lambda: self.callback_type is not None, timeout, what=f"ack of {self!r}")
        assert self.callback_type is not None
        return self.callback_type

    async def reply(self, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """Wait for the first visible message (reply, filled deferral, followup or
        updated component message) and return it (live object, current state)."""
        await self.fake.wait_for(lambda: bool(self.messages()), timeout, what=f"reply to {self!r}")
        return self.messages()[0]

    async def wait_messages(self, count: int, timeout: float = DEFAULT_TIMEOUT) -> list[FakeMessage]:
        """Wait until ``count`` visible messages exist for this interaction."""
        await self.fake.wait_for(lambda: len(self.messages()) >= count, timeout, what=f"{count} messages for {self!r}")
        return self.messages()

    async def wait_modal(self, timeout: float = DEFAULT_TIMEOUT) -> JSON:
        """Wait for a type-9 modal response and return the modal payload."""
        await self.fake.wait_for(lambda: self.modal is not None or self._acked_otherwise(CB_MODAL), timeout,
                                 what=f"modal for {self!r}")
        if self.modal is None:
            raise AssertionError(f"interaction was answered with callback type {self.callback_type}, not a modal")
        return self.modal

    async def wait_choices(self, timeout: float = DEFAULT_TIMEOUT) -> list[JSON]:
        """Wait for the autocomplete (type 8) result and return its choices."""
        await self.fake.wait_for(lambda: self.choices is not None, timeout, what=f"choices for {self!r}")
        assert self.choices is not None
        return self.choices

    async def wait_edit(self, after_versions: int = 1, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """Wait until the original response has been edited ``after_versions`` times."""

        def done() -> bool:
            msg = self.original()
            return msg is not None and len(msg.history) >= after_versions and not msg.loading

        await self.fake.wait_for(done, timeout, what=f"edit of original for {self!r}")
        msg = self.original()
        assert msg is not None
        return msg

    async def edited(self, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """Wait until the bot edited a message through this interaction (a deferred update's
        message, an original response) and return it."""
        await self.fake.wait_for(lambda: bool(self.edited_ids), timeout, what=f"an edit through {self!r}")
        return self.fake.messages[self.edited_ids[0]]

    def _acked_otherwise(self, expected: int) -> bool:
        return self.callback_type is not None and self.callback_type != expected

    def __repr__(self) -> str:
        return f"<Interaction id={self.id} type={self.type} user={self.user_id} cb={self.callback_type}>"


# --------------------------------------------------------------------------------------
# Command limits
# --------------------------------------------------------------------------------------

_NAME_RE = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)
_MAX_CHAT_INPUT = 100
_MAX_CONTEXT_MENU = 15  # per type (user / message)


def _command_chars(obj: JSON) -> int:
    """Characters counted against Discord's 4000-char per-command budget."""
    total = len(obj.get("name", "")) + len(obj.get("description", "") or "")
    for ch in obj.get("choices") or []:
        total += len(str(ch.get("name", ""))) + len(str(ch.get("value", "")))
    for opt in obj.get("options") or []:
        total += _command_chars(opt)
    return total


def _check_options(options: Sequence[JSON], where: str, depth: int, problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options (max 25)")
    names = [o.get("name", "") for o in options]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"{where}: duplicate option name {dup!r}")
    seen_optional = False
    for opt in options:
        name = opt.get("name", "")
        here = f"{where} {name}"
        if not _NAME_RE.match(name) or name != name.lower():
            problems.append(f"{here}: option name must match ^[-_\\w]{{1,32}}$ and be lowercase")
        desc = opt.get("description") or ""
        if not 1 <= len(desc) <= 100:
            problems.append(f"{here}: description must be 1-100 chars (got {len(desc)})")
        otype = opt.get("type")
        if otype in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP):
            if otype == OPT_SUB_COMMAND_GROUP:
                if depth >= 1:
                    problems.append(f"{here}: subcommand groups cannot be nested")
                for sub in opt.get("options") or []:
                    if sub.get("type") != OPT_SUB_COMMAND:
                        problems.append(f"{here}: a group may only contain subcommands")
            _check_options(opt.get("options") or [], here, depth + 1, problems)
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{here}: {len(choices)} choices (max 25)")
        if choices and opt.get("autocomplete"):
            problems.append(f"{here}: autocomplete cannot be combined with choices")
        for ch in choices:
            cname = str(ch.get("name", ""))
            if not 1 <= len(cname) <= 100:
                problems.append(f"{here}: choice name {cname!r} must be 1-100 chars")
            if otype == OPT_STRING and len(str(ch.get("value", ""))) > 100:
                problems.append(f"{here}: choice value for {cname!r} longer than 100 chars")


def check_command_limits(commands: Sequence[JSON]) -> list[str]:
    """Problems Discord would reject in a bulk-overwrite payload; ``[]`` when valid.

    Checks: chat-input names ``^[-_\\w]{1,32}$`` and lowercase; descriptions 1-100
    chars (context menus: empty); <= 25 options and <= 25 choices at every level;
    required-before-optional; group nesting; <= 100 chat-input commands and <= 15
    user/message commands; unique names per type; <= 4000 chars per command.
    """
    problems: list[str] = []
    by_type: dict[int, list[str]] = {}
    for cmd in commands:
        ctype = int(cmd.get("type", 1) or 1)
        name = cmd.get("name", "")
        by_type.setdefault(ctype, []).append(name)
        where = f"/{name}" if ctype == 1 else f"[{name}]"
        if ctype == 1:
            if not _NAME_RE.match(name) or name != name.lower():
                problems.append(f"{where}: command name must match ^[-_\\w]{{1,32}}$ and be lowercase")
            desc = cmd.get("description") or ""
            if not 1 <= len(desc) <= 100:
                problems.append(f"{where}: description must be 1-100 chars (got {len(desc)})")
            _check_options(cmd.get("options") or [], where, 0, problems)
        else:
            if not 1 <= len(name) <= 32:
                problems.append(f"{where}: context menu name must be 1-32 chars")
            if cmd.get("description"):
                problems.append(f"{where}: context menu commands must have an empty description")
            if cmd.get("options"):
                problems.append(f"{where}: context menu commands cannot have options")
        if _command_chars(cmd) > 4000:
            problems.append(f"{where}: more than 4000 characters in name/description/options")
    for ctype, names in by_type.items():
        limit = _MAX_CHAT_INPUT if ctype == 1 else _MAX_CONTEXT_MENU
        if len(names) > limit:
            problems.append(f"{len(names)} commands of type {ctype} (max {limit})")
        for dup in sorted({n for n in names if names.count(n) > 1}):
            problems.append(f"duplicate command name {dup!r} (type {ctype})")
    return problems


# --------------------------------------------------------------------------------------
# Message validation (what Discord answers 400 to)
# --------------------------------------------------------------------------------------


def _validate_message_body(body: JSON, *, has_files: bool, partial: bool) -> list[str]:
    """Subset of Discord's message validation that catches real bot bugs."""
    problems: list[str] = []
    content = body.get("content")
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    flags = int(body.get("flags") or 0)
    if content is not None and len(str(content)) > 2000:
        problems.append(f"content is {len(str(content))} chars (max 2000)")
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (max 10)")
    total = 0
    for e in embeds:
        for key, limit in (("title", 256), ("description", 4096)):
            if len(str(e.get(key) or "")) > limit:
                problems.append(f"embed {key} longer than {limit}")
        fields = e.get("fields") or []
        if len(fields) > 25:
            problems.append(f"embed has {len(fields)} fields (max 25)")
        for f in fields:
            if not f.get("name") or not f.get("value"):
                problems.append("embed field name and value must be non-empty")
            if len(str(f.get("name", ""))) > 256 or len(str(f.get("value", ""))) > 1024:
                problems.append("embed field name > 256 or value > 1024 chars")
            total += len(str(f.get("name", ""))) + len(str(f.get("value", "")))
        total += len(str(e.get("title") or "")) + len(str(e.get("description") or ""))
        total += len(str((e.get("footer") or {}).get("text") or ""))
        total += len(str((e.get("author") or {}).get("name") or ""))
    if total > 6000:
        problems.append(f"embeds total {total} chars (max 6000)")
    if flags & FLAG_COMPONENTS_V2:
        if content or embeds:
            problems.append("components v2 messages cannot have content or embeds")
    else:
        if len(components) > 5:
            problems.append(f"{len(components)} action rows (max 5)")
        for row in components:
            if row.get("type") != 1:
                problems.append(f"top-level component type {row.get('type')} is not an action row")
                continue
            children = row.get("components") or []
            if not children:
                problems.append("empty action row")
            if len(children) > 5:
                problems.append(f"action row with {len(children)} components (max 5)")
            if any(c.get("type") != 2 for c in children) and len(children) > 1:
                problems.append("a select menu must be alone in its action row")
    custom_ids: list[str] = []
    for comp in iter_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if not 1 <= len(cid) <= 100:
                problems.append(f"custom_id {cid!r} must be 1-100 chars")
            custom_ids.append(cid)
        if comp.get("type") == 2:
            if comp.get("style") == 5:
                if not comp.get("url"):
                    problems.append("link button without url")
            elif comp.get("style") != 6 and cid is None:
                problems.append("non-link button without custom_id")
            if len(str(comp.get("label") or "")) > 80:
                problems.append("button label longer than 80 chars")
        if comp.get("type") == 3:
            opts = comp.get("options") or []
            if not 1 <= len(opts) <= 25:
                problems.append(f"select {cid!r} has {len(opts)} options (1-25)")
            values = [o.get("value") for o in opts]
            if len(set(values)) != len(values):
                problems.append(f"select {cid!r} has duplicate option values")
            for o in opts:
                if not 1 <= len(str(o.get("label", ""))) <= 100:
                    problems.append(f"select {cid!r} option label must be 1-100 chars")
    for dup in sorted({c for c in custom_ids if custom_ids.count(c) > 1}):
        problems.append(f"duplicate custom_id {dup!r} in one message")
    if not partial:
        empty = (not content and not embeds and not components and not has_files
                 and not body.get("sticker_ids") and not body.get("poll"))
        if empty:
            problems.append("Cannot send an empty message")
    return problems


# --------------------------------------------------------------------------------------
# Gateway session
# --------------------------------------------------------------------------------------


class _GatewaySession:
    """One WebSocket connection from discord.py (normally exactly one per bot)."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.identified = False
        self.intents = 0
        self.shard = (0, 1)  # (shard id, shard count) from IDENTIFY
        self.session_id = secrets.token_hex(16)
        self._lock = asyncio.Lock()

    async def send(self, op: int, d: Any, t: str | None = None) -> None:
        async with self._lock:
            seq: int | None = None
            if op == 0:
                self.seq += 1
                seq = self.seq
            if not self.ws.closed:
                await self.ws.send_str(json.dumps({"op": op, "d": d, "s": seq, "t": t}))


# --------------------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------------------


@dataclass
class _Injection:
    method: str
    pattern: re.Pattern[str]
    respond: Callable[[], web.Response]
    remaining: int


class FakeDiscord:
    """Fake Discord server; see the module docstring for the overall picture.

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

    heartbeat_interval_ms: int = 41250  # Discord's usual value; must stay < 60 s

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

        self._sessions: list[_GatewaySession] = []
        self._ended_sessions: dict[str, tuple[int, int]] = {}  # session id -> (seq, intents), for RESUME
        self._live_tasks: list[asyncio.Task[None]] = []
        self._injections: list[_Injection] = []
        self._routes: list[tuple[str, re.Pattern[str], RouteHandler]] = []
        self._register_routes()
        # Discord's limits: a bucket per route (and channel, guild...) with the headers Discord
        # sends, and ``global_per_s`` requests in any second per bot token, across every process
        # connected, outside interaction endpoints; past them, a 429 as Discord sends it.
        self.enforce_rate_limits = True
        self.global_per_s = GLOBAL_PER_S
        self.rate_limited: list[RequestRecord] = []  # 429s the limits produced (not injected ones)
        self._global_times: dict[str | None, collections.deque[float]] = {}
        self._buckets: dict[tuple[str, str], _Bucket] = {}

        self._cond: asyncio.Condition | None = None
        self._runner: web.AppRunner | None = None
        self.port: int = 0

    # ==================================================================================
    # Lifecycle
    # ==================================================================================

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
        site = web.SockSite(self._runner, sock)
        await site.start()

    async def stop(self) -> None:
        """Close gateway sockets (code 1000) and shut the server down."""
        for session in list(self._sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=1000)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

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

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = DEFAULT_TIMEOUT, *,
                       what: str = "condition") -> Any:
        """Wait until ``predicate()`` is truthy; re-checked whenever a request is recorded,
        a gateway op arrives or the fake's state changes, and every POLL_S besides (a
        predicate may read the bot's database, which tells the fake nothing).  Returns the
        predicate's value."""
        assert self._cond is not None, "fake not started"
        result: Any = None

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
            async with self._cond:
                while not check_or_fail():
                    try:
                        await asyncio.wait_for(self._cond.wait(), POLL_S)
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
        return result

    def _on_bot_error(self, text: str) -> None:
        """Called (via the log handler) when discord.py logs an ERROR, e.g. "Ignoring
        exception in command" -- so a crashing handler fails fast instead of timing out."""
        self.bot_errors.append(text)
        if self._cond is not None:
            asyncio.get_running_loop().create_task(self._signal())

    async def wait_identified(self, timeout: float = DEFAULT_TIMEOUT, *, after: int = 0) -> None:
        """Wait until more than ``after`` IDENTIFYs were answered (READY and GUILD_CREATEs
        sent).  Pass ``after=fake.identify_count`` taken before (re)starting a client."""
        await self.wait_for(lambda: self.identify_count > after and self.connected, timeout, what="IDENTIFY")

    async def force_reconnect(self, *, resume: bool = True) -> None:
        """Make the client reconnect: op 7 RECONNECT (it RESUMEs; we answer RESUMED) or,
        with ``resume=False``, op 9 INVALID_SESSION (it re-IDENTIFYs; READY and
        GUILD_CREATEs are sent again and ``on_ready`` fires again)."""
        for session in [s for s in self._sessions if s.identified]:
            session.identified = False
            await session.send(7 if resume else 9, None if resume else False)

    async def wait_request(self, method: str, path_regex: str, timeout: float = DEFAULT_TIMEOUT) -> RequestRecord:
        """Wait for a request whose path fully matches ``path_regex``; returns the first."""
        pat = re.compile(path_regex)

        def find() -> RequestRecord | None:
            return next((r for r in self.requests if r.method == method and pat.fullmatch(r.path)), None)

        return await self.wait_for(find, timeout, what=f"{method} {path_regex}")

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
    # World setup (sync; if the bot is already connected the change is pushed live)
    # ==================================================================================

    def create_user(self, username: str, *, bot: bool = False) -> int:
        """A user who need not be in any guild (e.g. for DMs)."""
        user = FakeUser(self.new_id(), username, bot=bot)
        self.users[user.id] = user
        return user.id

    def create_guild(self, name: str = "Test Guild", channels: Sequence[str] = ("general",), *,
                     everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
                     shard: tuple[int, int] | None = None) -> FakeGuild:
        """Guild with an @everyone role, a Manager role (MANAGE_GUILD), an Admin role,
        the bot's managed role and member, and the given text channels; on ``shard`` (id,
        count) when given."""
        gid = self.new_id()
        while shard is not None and self._shard_of(gid, shard[1]) != shard[0]:
            gid = self._last_snowflake = gid + (1 << 22)
        guild = FakeGuild(id=gid, name=name, owner_id=self.owner.id)
        guild.roles[gid] = self._role_payload(gid, "@everyone", everyone_permissions, position=0)
        bot_role = self.new_id()
        guild.roles[bot_role] = self._role_payload(bot_role, self.bot_user.username, self.bot_permissions, position=1,
                                                   managed=True, tags={"bot_id": str(self.bot_user.id)})
        mgr = self.new_id()
        guild.roles[mgr] = self._role_payload(mgr, "Manager", P_MANAGE_GUILD, position=2)
        adm = self.new_id()
        guild.roles[adm] = self._role_payload(adm, "Admin", P_ADMINISTRATOR, position=3)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user.id, roles=[bot_role])
        guild.members[self.owner.id] = FakeMember(self.owner.id, roles=[])
        self.guilds[gid] = guild
        for pos, ch in enumerate(channels):
            self._new_text_channel(guild, ch, pos)
        self._push_live("GUILD_CREATE", lambda s: self._guild_create_payload(guild, s.intents))
        return guild

    def add_channel(self, guild_id: int, name: str) -> int:
        guild = self.guilds[guild_id]
        cid = self._new_text_channel(guild, name, len(guild.channels))
        self._push_live("CHANNEL_CREATE", lambda s: {**guild.channels[cid], "guild_id": str(guild_id)})
        return cid

    def add_member(self, guild_id: int, username: str, *, manage_guild: bool = False,
                   administrator: bool = False, user_id: int | None = None, bot: bool = False) -> int:
        """Add a member (creating the user unless ``user_id`` is given); returns the user id.
        ``manage_guild`` grants the Manager role, ``administrator`` the Admin role."""
        guild = self.guilds[guild_id]
        uid = user_id if user_id is not None else self.create_user(username, bot=bot)
        roles = []
        if manage_guild:
            roles.append(self._role_id(guild, "Manager"))
        if administrator:
            roles.append(self._role_id(guild, "Admin"))
        guild.members[uid] = FakeMember(uid, roles=roles)
        self._push_live("GUILD_MEMBER_ADD", lambda s: {**self._member_payload(guild, uid), "guild_id": str(guild_id)},
                        intent=INTENT_GUILD_MEMBERS)
        return uid

    def set_locale(self, user_id: int, locale: str) -> None:
        """The user's Discord client runs in ``locale`` (``ja``, ``en-GB``…): their
        interactions say so from now on."""
        self.user_locales[user_id] = locale

    def refuse_dms(self, *user_ids: int) -> None:
        """Messages to these users' DM channels answer 403 / 50007, like closed DMs."""
        self.refused_dm_users.update(user_ids)

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

    def dm_channel_id(self, user_id: int) -> int:
        """The (stable) DM channel between the bot and ``user_id``."""
        if user_id not in self.dm_channels:
            cid = self.new_id()
            self.dm_channels[user_id] = cid
            self._dm_owner[cid] = user_id
        return self.dm_channels[user_id]

    def _role_id(self, guild: FakeGuild, name: str) -> int:
        return next(rid for rid, r in guild.roles.items() if r["name"] == name)

    def _new_text_channel(self, guild: FakeGuild, name: str, position: int) -> int:
        cid = self.new_id()
        guild.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "name": name,
            "position": position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "permission_overwrites": [],
            "flags": 0,
        }
        return cid

    @staticmethod
    def _role_payload(rid: int, name: str, permissions: int, *, position: int, managed: bool = False,
                      tags: JSON | None = None) -> JSON:
        data: JSON = {
            "id": str(rid),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(permissions),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }
        if tags:
            data["tags"] = tags
        return data

    # ==================================================================================
    # Payload builders
    # ==================================================================================

    def _user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise KeyError(f"unknown user id {user_id}; create it with create_user/add_member") from None

    def _member_payload(self, guild: FakeGuild, user_id: int, *, with_user: bool = True,
                        with_permissions: bool = False) -> JSON:
        member = guild.members[user_id]
        data: JSON = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self._user(user_id).payload()
        if with_permissions:
            data["permissions"] = str(self.permissions_for(guild.id, user_id))
        return data

    def _guild_create_payload(self, guild: FakeGuild, intents: int = 0) -> JSON:
        """Like Discord: without the presences intent GUILD_CREATE carries only the bot's
        own member, so a bot that needs the member list must chunk (members intent)."""
        member_ids = list(guild.members) if intents & INTENT_GUILD_PRESENCES else [self.bot_user.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": list(guild.roles.values()),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": _now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [self._member_payload(guild, uid) for uid in member_ids],
            "channels": list(guild.channels.values()),
            "threads": [t for t in guild.threads.values() if not t["thread_metadata"]["archived"]],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _channel_payload(self, channel_id: int) -> JSON | None:
        if channel_id in self._dm_owner:
            return {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self._user(self._dm_owner[channel_id]).payload()],
            }
        guild = self._guild_of_channel(channel_id)
        if guild is None:
            return None
        return {**self._channel_data(guild, channel_id), "guild_id": str(guild.id)}

    def _guild_of_channel(self, channel_id: int) -> FakeGuild | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels or channel_id in guild.threads:
                return guild
        return None

    @staticmethod
    def _channel_data(guild: FakeGuild, channel_id: int) -> JSON:
        """The stored object of a guild channel or thread (kept current: last_message_id ...)."""
        return guild.channels[channel_id] if channel_id in guild.channels else guild.threads[channel_id]

    def application_payload(self) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": 0,
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "integration_types_config": {"0": {}},
        }

    # ==================================================================================
    # HTTP plumbing
    # ==================================================================================

    def add_route(self, method: str, path_regex: str, handler: RouteHandler) -> None:
        """Register an extra endpoint (checked before the built-ins).  ``handler`` gets the
        ``RequestRecord`` and the regex's named groups and returns a ``web.Response``
        (use ``json_response`` / ``error_response``).  Lets a test author extend the fake
        without editing this module."""
        self._routes.insert(0, (method.upper(), re.compile(path_regex), handler))

    def inject_error(self, method: str, path_regex: str, status: int, code: int = 0,
                     message: str = "injected error", *, times: int = 1) -> None:
        """Answer the next ``times`` matching requests with a Discord error instead."""
        self._injections.append(_Injection(method.upper(), re.compile(path_regex),
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

        self._injections.append(_Injection(method.upper(), re.compile(path_regex), respond, times))

    def _register_routes(self) -> None:
        r = self._routes.append
        snow = r"(?P<{}>\d+)"
        app = snow.format("app_id")
        guild = snow.format("guild_id")
        channel = snow.format("channel_id")
        message = snow.format("message_id")
        token = r"(?P<token>[^/]+)"
        routes: list[tuple[str, str, RouteHandler]] = [
            ("GET", r"/gateway", self._h_gateway),
            ("GET", r"/gateway/bot", self._h_gateway_bot),
            ("GET", r"/users/@me", self._h_me),
            ("GET", r"/oauth2/applications/@me", self._h_application),
            ("GET", r"/applications/@me", self._h_application),
            ("GET", r"/users/" + snow.format("user_id"), self._h_get_user),
            ("POST", r"/users/@me/channels", self._h_create_dm),
            ("GET", rf"/applications/{app}/commands", self._h_get_commands),
            ("PUT", rf"/applications/{app}/commands", self._h_put_commands),
            ("GET", rf"/applications/{app}/guilds/{guild}/commands", self._h_get_commands),
            ("PUT", rf"/applications/{app}/guilds/{guild}/commands", self._h_put_commands),
            ("GET", rf"/guilds/{guild}", self._h_get_guild),
            ("GET", rf"/guilds/{guild}/channels", self._h_get_guild_channels),
            ("GET", rf"/guilds/{guild}/members/" + snow.format("user_id"), self._h_get_member),
            ("GET", rf"/channels/{channel}", self._h_get_channel),
            ("PATCH", rf"/channels/{channel}", self._h_edit_thread),
            ("POST", rf"/channels/{channel}/threads", self._h_start_thread),
            ("POST", rf"/channels/{channel}/messages/{message}/threads", self._h_start_thread),
            ("POST", rf"/channels/{channel}/typing", self._h_typing),
            ("GET", rf"/channels/{channel}/messages", self._h_list_messages),
            ("POST", rf"/channels/{channel}/messages", self._h_create_message),
            ("GET", rf"/channels/{channel}/messages/{message}", self._h_get_message),
            ("PATCH", rf"/channels/{channel}/messages/{message}", self._h_edit_message),
            ("DELETE", rf"/channels/{channel}/messages/{message}", self._h_delete_message),
            ("POST", rf"/interactions/(?P<interaction_id>\d+)/{token}/callback", self._h_interaction_callback),
            ("POST", rf"/webhooks/{app}/{token}", self._h_followup),
            ("GET", rf"/webhooks/{app}/{token}/messages/(?P<message_id>@original|\d+)", self._h_webhook_get),
            ("PATCH", rf"/webhooks/{app}/{token}/messages/(?P<message_id>@original|\d+)", self._h_webhook_edit),
            ("DELETE", rf"/webhooks/{app}/{token}/messages/(?P<message_id>@original|\d+)", self._h_webhook_delete),
        ]
        for method, pattern, handler in routes:
            r((method, re.compile(pattern), handler))

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
        limited, headers = self._rate_limit(rec) if in_api and self.enforce_rate_limits else (None, {})
        if limited is not None:
            self.rate_limited.append(rec)
            return limited
        if in_api:
            for method, pattern, handler in self._routes:
                if method == rec.method:
                    m = pattern.fullmatch(rec.path)
                    if m:
                        response = await handler(rec, m.groupdict())
                        response.headers.update(headers)
                        return response
        self.unhandled.append(rec)
        return error_response(404, 0, f"404: Not Found (fake Discord does not implement {rec.method} {rec.path})")

    def _rate_limit(self, rec: RequestRecord) -> tuple[web.Response | None, dict[str, str]]:
        """A 429 when the request breaks Discord's limits, else its bucket's rate-limit headers
        (``X-RateLimit-*``, as Discord sends them on success)."""
        if not rec.counted:
            return None, {}
        now = rec.at
        window = self._global_times.setdefault(rec.token, collections.deque())
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) >= self.global_per_s:
            return self._too_many(round(window[0] + 1.0 - now, 3), "global", is_global=True), {}
        window.append(now)
        name, bucket = self._bucket(rec)
        if now >= bucket.resets_at:
            bucket.used, bucket.resets_at = 0, now + bucket.window_s
        reset_after = round(bucket.resets_at - now, 3)
        headers = {"X-RateLimit-Limit": str(bucket.limit), "X-RateLimit-Bucket": name,
                   "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                   "X-RateLimit-Reset-After": f"{reset_after:.3f}"}
        if bucket.used >= bucket.limit:
            return self._too_many(reset_after, "user", headers={**headers, "X-RateLimit-Remaining": "0"}), {}
        bucket.used += 1
        return None, {**headers, "X-RateLimit-Remaining": str(bucket.limit - bucket.used)}

    def _bucket(self, rec: RequestRecord) -> tuple[str, _Bucket]:
        """The bucket's name (as Discord's opaque hash) and state, for this request's route and
        major parameter, per bot token."""
        for rule in BUCKET_RULES:
            m = rule.pattern.fullmatch(rec.path)
            if m and rec.method in rule.methods:
                name, limit, window_s, major = rule.name, rule.limit, rule.window_s, m["major"]
                break
        else:
            name, major = f"{rec.method} {_SNOWFLAKE.sub('/:id', rec.path)}", ""
            limit, window_s = DEFAULT_BUCKET
        key = (f"{rec.token}:{name}", major)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(limit, window_s)
        return name, bucket

    @staticmethod
    def _too_many(retry_after: float, scope: str, *, is_global: bool = False,
                  headers: Mapping[str, str] | None = None) -> web.Response:
        sent = {"Via": "1.1 google", "Retry-After": str(max(1, int(retry_after + 0.999))),
                "X-RateLimit-Scope": scope, **(headers or {})}
        if is_global:
            sent["X-RateLimit-Global"] = "true"
        return json_response({"message": "You are being rate limited.", "retry_after": retry_after,
                              "global": is_global}, status=429, headers=sent)

    def _reject(self, rec: RequestRecord, problems: list[str], code: int = 50035) -> web.Response:
        """Discord would refuse this payload: 400 for the bot, and a teardown failure."""
        self.rejected.append((rec, problems))
        return error_response(400, code, "Invalid Form Body: " + "; ".join(problems))

    # ==================================================================================
    # Routes: session / users / application
    # ==================================================================================

    async def _h_gateway(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _h_gateway_bot(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        return json_response({
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })

    async def _h_me(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        return json_response({**self.bot_user.payload(), "verified": True, "mfa_enabled": False,
                              "locale": "en-US", "email": None})

    async def _h_application(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        return json_response(self.application_payload())

    async def _h_get_user(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        user = self.users.get(int(p["user_id"]))
        if user is None:
            return error_response(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def _h_create_dm(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        uid = int((rec.json or {}).get("recipient_id", 0))
        if uid not in self.users:
            return error_response(404, 10013, "Unknown User")
        payload = self._channel_payload(self.dm_channel_id(uid))
        return json_response(payload)

    # ==================================================================================
    # Routes: application commands
    # ==================================================================================

    def _check_app(self, app_id: str) -> web.Response | None:
        if int(app_id) != self.application_id:
            return error_response(403, 50001, "Missing Access")
        return None

    async def _h_get_commands(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        if (err := self._check_app(p["app_id"])) is not None:
            return err
        if "guild_id" in p:
            return json_response(self.guild_commands.get(int(p["guild_id"]), []))
        return json_response(self.global_commands)

    async def _h_put_commands(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        """Bulk overwrite: validate against Discord's limits, keep ids of unchanged names."""
        if (err := self._check_app(p["app_id"])) is not None:
            return err
        payload = rec.json or []
        if not isinstance(payload, list):
            return self._reject(rec, ["bulk overwrite body must be a list"])
        problems = check_command_limits(payload)
        if problems:
            return self._reject(rec, problems)
        guild_id = int(p["guild_id"]) if "guild_id" in p else None
        if guild_id is not None and guild_id not in self.guilds:
            return error_response(403, 50001, "Missing Access")
        old = {(c["name"], c.get("type", 1)): c for c in
               (self.guild_commands.get(guild_id, []) if guild_id else self.global_commands)}
        stored: list[JSON] = []
        for cmd in payload:
            ctype = cmd.get("type", 1) or 1
            prev = old.get((cmd["name"], ctype))
            data = {
                "default_member_permissions": None,
                "nsfw": False,
                "description": "",
                "options": [],
                **cmd,
                "id": prev["id"] if prev else str(self.new_id()),
                "application_id": str(self.application_id),
                "type": ctype,
                "version": str(self.new_id()),
            }
            if guild_id is not None:
                data["guild_id"] = str(guild_id)
            stored.append(data)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        return json_response(stored)

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
    # Routes: guilds / channels / messages
    # ==================================================================================

    async def _h_get_guild(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        guild = self.guilds.get(int(p["guild_id"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        payload = self._guild_create_payload(guild, INTENT_GUILD_PRESENCES)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large",
                    "member_count"):
            payload.pop(key, None)
        return json_response(payload)

    async def _h_get_guild_channels(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        guild = self.guilds.get(int(p["guild_id"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response([{**c, "guild_id": str(guild.id)} for c in guild.channels.values()])

    async def _h_get_member(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        guild = self.guilds.get(int(p["guild_id"]))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        uid = int(p["user_id"])
        if uid not in guild.members:
            return error_response(404, 10007, "Unknown Member")
        return json_response(self._member_payload(guild, uid))

    async def _h_get_channel(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        payload = self._channel_payload(int(p["channel_id"]))
        if payload is None:
            return error_response(404, 10003, "Unknown Channel")
        return json_response(payload)

    async def _h_typing(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        if self._channel_payload(int(p["channel_id"])) is None:
            return error_response(404, 10003, "Unknown Channel")
        return no_content()

    async def _h_list_messages(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        cid = int(p["channel_id"])
        if self._channel_payload(cid) is None:
            return error_response(404, 10003, "Unknown Channel")
        limit = int(rec.query.get("limit", 50))
        msgs = [m.data for m in self.channel_messages(cid)]
        if "before" in rec.query:
            msgs = [m for m in msgs if int(m["id"]) < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [m for m in msgs if int(m["id"]) > int(rec.query["after"])]
        return json_response(list(reversed(msgs))[:limit])  # newest first, like Discord

    async def _h_create_message(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        cid = int(p["channel_id"])
        if self._channel_payload(cid) is None:
            return error_response(404, 10003, "Unknown Channel")
        if self._dm_owner.get(cid) in self.refused_dm_users:
            return error_response(403, 50007, "Cannot send messages to this user")
        body = rec.json or {}
        problems = _validate_message_body(body, has_files=bool(rec.files), partial=False)
        if problems:
            return self._reject(rec, problems, 50006 if problems == ["Cannot send an empty message"] else 50035)
        thread = self._thread(cid)
        if thread is not None and thread["thread_metadata"]["archived"]:
            if thread["thread_metadata"]["locked"]:
                return error_response(400, 50083, "Thread is archived")
            await self._update_thread(thread, {"archived": False})   # as Discord: a post reopens it
        msg = self._create_message(cid, body, rec.files)
        await self._dispatch_message_event("MESSAGE_CREATE", msg)
        return json_response(msg.data)

    def _get_channel_message(self, p: dict[str, str]) -> FakeMessage | None:
        msg = self.messages.get(int(p["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != int(p["channel_id"]) or msg.ephemeral:
            return None
        return msg

    async def _h_get_message(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        msg = self._get_channel_message(p)
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        return json_response(msg.data)

    async def _h_edit_message(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        msg = self._get_channel_message(p)
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        if int(msg.data["author"]["id"]) != self.bot_user.id:
            return error_response(403, 50005, "Cannot edit a message authored by another user")
        thread = self._thread(msg.channel_id)
        if thread is not None and thread["thread_metadata"]["archived"]:
            return error_response(400, 50083, "Thread is archived")
        problems = _validate_message_body(rec.json or {}, has_files=bool(rec.files), partial=True)
        if problems:
            return self._reject(rec, problems)
        self._apply_edit(msg, rec.json or {}, rec.files)
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        return json_response(msg.data)

    async def _h_delete_message(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        msg = self._get_channel_message(p)
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        msg.deleted = True
        await self._dispatch_message_event("MESSAGE_DELETE", msg)
        return no_content()

    # -- threads ---------------------------------------------------------------------------

    def _thread(self, channel_id: int) -> JSON | None:
        guild = self._guild_of_channel(channel_id)
        return guild.threads.get(channel_id) if guild is not None else None

    def threads_of(self, channel_id: int) -> list[JSON]:
        """The threads started in a channel (archived ones too), oldest first."""
        guild = self._guild_of_channel(channel_id)
        return [t for t in (guild.threads.values() if guild else []) if t["parent_id"] == str(channel_id)]

    async def _h_start_thread(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        """A public thread in a text channel, standalone or from a message (then it takes the
        message's id, as on Discord). Private threads are not modelled."""
        cid = int(p["channel_id"])
        guild = self._guild_of_channel(cid)
        if guild is None or cid not in guild.channels:   # a DM, a thread, or nothing
            if self._channel_payload(cid) is None:
                return error_response(404, 10003, "Unknown Channel")
            return error_response(400, 50024, "Cannot execute action on this channel type")
        if not self.permissions_for(guild.id, self.bot_user.id) & P_CREATE_PUBLIC_THREADS:
            return error_response(403, 50013, "Missing Permissions")
        body = rec.json or {}
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            return self._reject(rec, [f"thread name must be 1-100 characters, got {len(name)}"])
        if body.get("auto_archive_duration", 1440) not in (60, 1440, 4320, 10080):
            return self._reject(rec, [f"auto_archive_duration {body.get('auto_archive_duration')} is not allowed"])
        tid = self.new_id()
        if "message_id" in p:
            starter = self._get_channel_message(p)
            if starter is None:
                return error_response(404, 10008, "Unknown Message")
            if starter.data.get("thread"):
                return error_response(400, 160004, "A thread has already been created for this message")
            tid = starter.id
        elif body.get("type", 12) != 11:
            return self._reject(rec, [f"only public threads (type 11) are modelled, got {body.get('type', 12)}"])
        thread: JSON = {
            "id": str(tid), "type": 11, "guild_id": str(guild.id), "parent_id": str(cid),
            "owner_id": str(self.bot_user.id), "name": name, "last_message_id": None,
            "rate_limit_per_user": body.get("rate_limit_per_user") or 0, "message_count": 0,
            "member_count": 1, "total_message_sent": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": body.get("auto_archive_duration", 1440),
                                "archive_timestamp": _now_iso(), "locked": False, "create_timestamp": _now_iso()},
        }
        guild.threads[tid] = thread
        if "message_id" in p:
            starter.data["thread"] = {**thread}
        if self.connected:
            await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return json_response({**thread})

    async def _h_edit_thread(self, rec: RequestRecord, p: dict[str, str]) -> web.Response:
        """Rename, archive or lock a thread: its creator may rename and archive it; locking and
        unlocking need Manage Threads. Editing other channels is not modelled."""
        cid = int(p["channel_id"])
        thread = self._thread(cid)
        if thread is None:
            self.unhandled.append(rec)
            return error_response(404, 0, "404: fake Discord only edits threads")
        body = rec.json or {}
        unknown = set(body) - {"name", "archived", "locked", "auto_archive_duration"}
        if unknown:
            return self._reject(rec, [f"thread edit fields not modelled: {sorted(unknown)}"])
        guild = self._guild_of_channel(cid)
        assert guild is not None
        moderator = bool(self.permissions_for(guild.id, self.bot_user.id) & P_MANAGE_THREADS)
        creator = thread["owner_id"] == str(self.bot_user.id)
        if ("locked" in body or thread["thread_metadata"]["locked"]) and not moderator:
            return error_response(403, 50013, "Missing Permissions")
        if ("name" in body or body.get("archived")) and not (creator or moderator):
            return error_response(403, 50013, "Missing Permissions")
        if "name" in body and not 1 <= len(body["name"] or "") <= 100:
            return self._reject(rec, ["thread name must be 1-100 characters"])
        await self._update_thread(thread, body)
        return json_response({**thread})

    async def _update_thread(self, thread: JSON, changes: JSON) -> None:
        meta = thread["thread_metadata"]
        if "name" in changes:
            thread["name"] = changes["name"]
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in changes:
                meta[key] = changes[key]
        if "archived" in changes:
            meta["archive_timestamp"] = _now_iso()
        if self.connected:
            await self.dispatch("THREAD_UPDATE", {**thread})

    # -- message state -------------------------------------------------------------------

    _MENTION_RE = re.compile(r"<@!?(\d+)>")

    def _create_message(self, channel_id: int, body: JSON, files: Sequence[JSON], *,
                        author: FakeUser | None = None, rec: InteractionRecord | None = None,
                        ephemeral: bool = False, loading: bool = False, msg_type: int = 0) -> FakeMessage:
        author = author or self.bot_user
        mid = self.new_id()
        flags = int(body.get("flags") or 0) & ~FLAG_LOADING
        if ephemeral:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        data: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": msg_type,
            "author": author.payload(),
            "content": body.get("content") or "",
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "pinned": False,
            "flags": flags,
        }
        guild = self._guild_of_channel(channel_id)
        if guild is not None:
            data["guild_id"] = str(guild.id)
        if body.get("message_reference"):
            data["message_reference"] = body["message_reference"]
        if rec is not None or author.id == self.bot_user.id:
            data["application_id"] = str(self.application_id)
        if rec is not None:
            data["webhook_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(rec.id),
                "type": rec.type,
                "user": self._user(rec.user_id).payload(),
                "authorizing_integration_owners": {"0": str(rec.guild_id)} if rec.guild_id else {"1": str(rec.user_id)},
            }
        msg = FakeMessage(data=data, ephemeral=ephemeral, visible_to=rec.user_id if (ephemeral and rec) else None,
                          interaction_id=rec.id if rec else None)
        msg.allowed_mentions = body.get("allowed_mentions")
        self._set_mentions(msg)
        self._add_attachments(msg, files, keep=[])
        self.messages[mid] = msg
        if guild is not None and not ephemeral:
            self._channel_data(guild, channel_id)["last_message_id"] = str(mid)
        return msg

    def _set_mentions(self, msg: FakeMessage) -> None:
        ids = [i for i in dict.fromkeys(int(x) for x in self._MENTION_RE.findall(msg.content)) if i in self.users]
        msg.data["mentions"] = [self.users[i].payload() for i in ids]
        am = msg.allowed_mentions
        if am is None:  # Discord's default: parse everything
            msg.pinged_user_ids = ids
        else:
            parse_users = "users" in (am.get("parse") or [])
            listed = {int(u) for u in am.get("users") or []}
            msg.pinged_user_ids = [i for i in ids if parse_users or i in listed]

    def _add_attachments(self, msg: FakeMessage, files: Sequence[JSON], keep: list[JSON]) -> None:
        """The message's attachments become `keep` and `files`: a file not kept is gone, as on Discord."""
        attachments = list(keep)
        msg.files = {a["filename"]: msg.files[a["filename"]] for a in keep if a["filename"] in msg.files}
        for f in files:
            aid = self.new_id()
            attachments.append({
                "id": str(aid),
                "filename": f["filename"],
                "size": len(f["data"]),
                "url": f"{self.base_url}/attachments/{aid}/{f['filename']}",
                "proxy_url": f"{self.base_url}/attachments/{aid}/{f['filename']}",
                "content_type": f["content_type"],
            })
            msg.files[f["filename"]] = f["data"]
        msg.data["attachments"] = attachments

    def _apply_edit(self, msg: FakeMessage, body: JSON, files: Sequence[JSON]) -> None:
        """PATCH semantics: only keys present change; editing a deferral ends 'thinking'."""
        msg.history.append(json.loads(json.dumps(msg.data)))
        for key in ("content", "embeds", "components"):
            if key in body:
                msg.data[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & FLAG_EPHEMERAL
            msg.data["flags"] = (int(body["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING)) | keep
        else:
            msg.data["flags"] = msg.flags & ~FLAG_LOADING
        if "attachments" in body or files:
            wanted = {str(a.get("id")) for a in body.get("attachments") or []}
            keep_list = [a for a in msg.data.get("attachments", []) if a["id"] in wanted] if "attachments" in body \
                else list(msg.data.get("attachments", []))
            self._add_attachments(msg, files, keep_list)
        msg.data["edited_timestamp"] = _now_iso()
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        self._set_mentions(msg)

    # ==================================================================================
    # Routes: interactions and webhooks (followups)
    # ==================================================================================

    def _touch(self, rec: InteractionRecord, mid: int) -> None:
        if mid not in rec.touched:
            rec.touched.append(mid)

    async def _h_interaction_callback(self, rec_http: RequestRecord, p: dict[str, str]) -> web.Response:
        rec = self.interactions.get(int(p["interaction_id"]))
        if rec is None or rec.token != p["token"]:
            return error_response(404, 10062, "Unknown interaction")
        if rec.callback_type is not None:
            return self._reject(rec_http, [f"{rec!r} already acknowledged"], 40060)
        elapsed = asyncio.get_running_loop().time() - rec.sent_at
        if self.ack_deadline is not None and elapsed > self.ack_deadline:
            self.rejected.append((rec_http, [f"{rec!r} acknowledged after {elapsed:.2f}s; Discord allows "
                                             f"{self.ack_deadline}s (defer() slow handlers)"]))
            return error_response(404, 10062, "Unknown interaction")
        body = rec_http.json or {}
        cb_type = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        allowed = {
            IT_APPLICATION_COMMAND: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_MODAL},
            IT_COMPONENT: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE,
                           CB_UPDATE_MESSAGE, CB_MODAL},
            IT_AUTOCOMPLETE: {CB_AUTOCOMPLETE_RESULT},
            IT_MODAL_SUBMIT: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE}
            | ({CB_DEFERRED_UPDATE_MESSAGE, CB_UPDATE_MESSAGE} if rec.source_message_id else set()),
        }[rec.type]
        if cb_type not in allowed:
            if cb_type in (CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE,
                           CB_UPDATE_MESSAGE, CB_AUTOCOMPLETE_RESULT, CB_MODAL):
                return self._reject(rec_http, [f"callback type {cb_type} is invalid for interaction type {rec.type}"],
                                    50035)
            self.unhandled.append(rec_http)
            return error_response(400, 50035, f"fake Discord does not implement callback type {cb_type}")

        message: FakeMessage | None = None
        if cb_type == CB_CHANNEL_MESSAGE:
            problems = _validate_message_body(data, has_files=bool(rec_http.files), partial=False)
            if problems:
                return self._reject(rec_http, problems)
            ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self._create_message(rec.channel_id, data, rec_http.files, rec=rec, ephemeral=ephemeral,
                                           msg_type=20 if rec.type == IT_APPLICATION_COMMAND else 0)
            rec.original_message_id = message.id
            self._touch(rec, message.id)
        elif cb_type == CB_DEFERRED_CHANNEL_MESSAGE:
            ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self._create_message(rec.channel_id, {}, [], rec=rec, ephemeral=ephemeral, loading=True,
                                           msg_type=20 if rec.type == IT_APPLICATION_COMMAND else 0)
            rec.original_message_id = message.id
        elif cb_type in (CB_DEFERRED_UPDATE_MESSAGE, CB_UPDATE_MESSAGE):
            assert rec.source_message_id is not None
            rec.original_message_id = rec.source_message_id
            message = self.messages[rec.source_message_id]
            if cb_type == CB_UPDATE_MESSAGE:
                problems = _validate_message_body(data, has_files=bool(rec_http.files), partial=True)
                if problems:
                    return self._reject(rec_http, problems)
                self._apply_edit(message, data, rec_http.files)
                self._touch(rec, message.id)
        elif cb_type == CB_AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            if len(choices) > 25:
                return self._reject(rec_http, [f"{len(choices)} autocomplete choices (max 25)"])
            rec.choices = choices
        elif cb_type == CB_MODAL:
            problems = []
            if not 1 <= len(str(data.get("title", ""))) <= 45:
                problems.append("modal title must be 1-45 chars")
            if not 1 <= len(data.get("components") or []) <= 5:
                problems.append("modal needs 1-5 components")
            if problems:
                return self._reject(rec_http, problems)
            rec.modal = data

        rec.callbacks.append(body)
        rec.callback_type = cb_type
        if message is not None and not message.ephemeral and cb_type in (CB_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
            await self._dispatch_message_event("MESSAGE_CREATE" if cb_type == CB_CHANNEL_MESSAGE else "MESSAGE_UPDATE",
                                               message)

        if rec_http.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        interaction: JSON = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": cb_type == CB_DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: JSON = {"type": cb_type}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            if cb_type in (CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
                resource["message"] = message.data
        return json_response({"interaction": interaction, "resource": resource})

    def _webhook_interaction(self, p: dict[str, str]) -> InteractionRecord | None:
        if int(p["app_id"]) != self.application_id:
            return None
        return self._interactions_by_token.get(p["token"])

    def _webhook_message(self, rec: InteractionRecord, message_id: str) -> FakeMessage | None:
        if message_id == "@original":
            mid = rec.original_message_id
        else:
            mid = int(message_id)
            if mid not in rec.followup_ids and mid != rec.original_message_id:
                return None
        msg = self.messages.get(mid) if mid is not None else None
        return None if msg is None or msg.deleted else msg

    async def _h_followup(self, rec_http: RequestRecord, p: dict[str, str]) -> web.Response:
        """Followup send.  Like Discord, the first followup after a type-5 deferral fills
        in the "thinking" message (keeping the deferral's ephemerality)."""
        rec = self._webhook_interaction(p)
        if rec is None:
            return error_response(404, 10015, "Unknown Webhook")
        if rec.callback_type is None:
            return self._reject(rec_http, ["followup sent before the interaction was acknowledged"], 10015)
        body = rec_http.json or {}
        problems = _validate_message_body(body, has_files=bool(rec_http.files), partial=False)
        if problems:
            return self._reject(rec_http, problems)
        original = rec.original()
        if rec.callback_type == CB_DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
            self._apply_edit(original, {k: v for k, v in body.items() if k != "flags"}, rec_http.files)
            msg = original
            self._touch(rec, msg.id)
            event = "MESSAGE_UPDATE"
        else:
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._create_message(rec.channel_id, body, rec_http.files, rec=rec, ephemeral=ephemeral, msg_type=0)
            rec.followup_ids.append(msg.id)
            self._touch(rec, msg.id)
            event = "MESSAGE_CREATE"
        if not msg.ephemeral:
            await self._dispatch_message_event(event, msg)
        if rec_http.query.get("wait") in ("1", "true", "True"):
            return json_response(msg.data)
        return no_content()

    async def _h_webhook_get(self, rec_http: RequestRecord, p: dict[str, str]) -> web.Response:
        rec = self._webhook_interaction(p)
        if rec is None:
            return error_response(404, 10015, "Unknown Webhook")
        msg = self._webhook_message(rec, p["message_id"])
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        return json_response(msg.data)

    async def _h_webhook_edit(self, rec_http: RequestRecord, p: dict[str, str]) -> web.Response:
        rec = self._webhook_interaction(p)
        if rec is None:
            return error_response(404, 10015, "Unknown Webhook")
        msg = self._webhook_message(rec, p["message_id"])
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        body = rec_http.json or {}
        problems = _validate_message_body(body, has_files=bool(rec_http.files), partial=True)
        if problems:
            return self._reject(rec_http, problems)
        self._apply_edit(msg, body, rec_http.files)
        self._touch(rec, msg.id)
        rec.edited_ids.append(msg.id)
        if not msg.ephemeral:
            await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        return json_response(msg.data)

    async def _h_webhook_delete(self, rec_http: RequestRecord, p: dict[str, str]) -> web.Response:
        rec = self._webhook_interaction(p)
        if rec is None:
            return error_response(404, 10015, "Unknown Webhook")
        msg = self._webhook_message(rec, p["message_id"])
        if msg is None:
            return error_response(404, 10008, "Unknown Message")
        msg.deleted = True
        if not msg.ephemeral:
            await self._dispatch_message_event("MESSAGE_DELETE", msg)
        return no_content()

    # ==================================================================================
    # Gateway
    # ==================================================================================

    @property
    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self._sessions)

    async def _gateway_handler(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO, then answer heartbeats / IDENTIFY / RESUME / member requests.

        We always send text frames: discord.py only runs its zlib/zstd decompressor on
        binary frames, so the ``compress`` query parameter can be ignored."""
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        self._sessions.append(session)
        try:
            await session.send(10, {"heartbeat_interval": self.heartbeat_interval_ms})
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                self.gateway_log.append(payload)
                await self._on_gateway_op(session, payload)
                await self._signal()
        finally:
            self._sessions.remove(session)
            self._ended_sessions[session.session_id] = (session.seq, session.intents)
            await self._signal()
        return ws

    async def _on_gateway_op(self, session: _GatewaySession, payload: JSON) -> None:
        op = payload.get("op")
        d = payload.get("d") or {}
        if op == 1:  # HEARTBEAT
            await session.send(11, None)
        elif op == 2:  # IDENTIFY
            self.identify_payload = d
            session.intents = int(d.get("intents", 0))
            session.shard = (int(d["shard"][0]), int(d["shard"][1])) if d.get("shard") else (0, 1)
            shard, count = session.shard
            guilds = [g for g in list(self.guilds.values()) if self._shard_of(g.id, count) == shard]
            await session.send(0, {
                "v": 10,
                "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "shard": list(session.shard),
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
            }, "READY")
            for guild in guilds:
                await session.send(0, self._guild_create_payload(guild, session.intents), "GUILD_CREATE")
            session.identified = True
            self.identify_count += 1
        elif op == 6:  # RESUME
            old = self._ended_sessions.get(d.get("session_id", ""))
            if old is not None:
                session.seq, session.intents = old
            session.session_id = d.get("session_id", session.session_id)
            session.identified = True
            self.resume_count += 1
            await session.send(0, {}, "RESUMED")
        elif op == 8:  # REQUEST_GUILD_MEMBERS
            await self._send_member_chunk(session, d or {})
        # op 3 (presence) / 4 (voice) are recorded in gateway_log and otherwise ignored.

    async def _send_member_chunk(self, session: _GatewaySession, d: JSON) -> None:
        guild = self.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        uids = list(guild.members)
        if d.get("user_ids"):
            wanted = {int(x) for x in d["user_ids"]}
            uids = [u for u in uids if u in wanted]
        elif d.get("query"):
            uids = [u for u in uids if self.users[u].username.lower().startswith(str(d["query"]).lower())]
        if d.get("limit"):
            uids = uids[: int(d["limit"])]
        await session.send(0, {
            "guild_id": str(guild.id),
            "members": [self._member_payload(guild, u) for u in uids],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
            "nonce": d.get("nonce"),
        }, "GUILD_MEMBERS_CHUNK")

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH event to every identified gateway session (after any pending
        world-change events, so ordering matches the order of test actions)."""
        await self.flush_events()
        await self._dispatch_now(event, data)

    async def flush_events(self) -> None:
        """Wait until live world-change events (``add_member`` etc. after connect) are sent."""
        while self._live_tasks:
            tasks, self._live_tasks = self._live_tasks, []
            await asyncio.gather(*tasks)

    @staticmethod
    def _shard_of(guild_id: int, shard_count: int) -> int:
        return (guild_id >> 22) % shard_count

    def _delivers(self, session: _GatewaySession, event: str, data: JSON) -> bool:
        """Whether ``event`` goes to ``session``: the shard of its guild (shard 0 for a DM)."""
        shard, count = session.shard
        routed = self.route(event, data) if self.route is not None else None
        if routed is not None:
            return routed == shard
        return shard == (self._shard_of(int(data["guild_id"]), count) if data.get("guild_id") else 0)

    async def _dispatch_now(self, event: str, data: JSON) -> None:
        sessions = [s for s in self._sessions if s.identified]
        if not sessions:
            raise RuntimeError(f"cannot dispatch {event}: no bot is connected to the fake gateway")
        for session in sessions:
            if self._delivers(session, event, data):
                await session.send(0, data, event)

    def _push_live(self, event: str, build: Callable[[_GatewaySession], JSON], intent: int = 0) -> None:
        """World changes made after the bot connected are sent as gateway events (only to
        sessions that identified with ``intent``, if given)."""
        for session in self._sessions:
            if session.identified and not session.ws.closed and (not intent or session.intents & intent):
                self._live_tasks.append(asyncio.get_running_loop().create_task(
                    session.send(0, build(session), event)))

    async def _dispatch_message_event(self, event: str, msg: FakeMessage) -> None:
        """Real Discord echoes the bot's own (non-ephemeral) messages over the gateway."""
        if msg.ephemeral or not self.connected:
            return
        if event == "MESSAGE_DELETE":
            data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if "guild_id" in msg.data:
                data["guild_id"] = msg.data["guild_id"]
        else:
            data = dict(msg.data)
            guild = self._guild_of_channel(msg.channel_id)
            author_id = int(msg.data["author"]["id"])
            if guild is not None and author_id in guild.members:
                data["member"] = self._member_payload(guild, author_id, with_user=False)
        await self.dispatch(event, data)

    # ==================================================================================
    # Test driver
    # ==================================================================================

    def _interaction_base(self, itype: int, user_id: int, guild_id: int | None,
                          channel_id: int | None) -> InteractionRecord:
        iid = self.new_id()
        token = f"itok_{iid}_{secrets.token_urlsafe(12)}"
        if guild_id is None:
            channel_id = channel_id or self.dm_channel_id(user_id)
        assert channel_id is not None
        channel = self._channel_payload(channel_id)
        if channel is None:
            raise KeyError(f"unknown channel {channel_id}")
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "channel_id": str(channel_id),
            "channel": channel,
            "locale": self.user_locales.get(user_id, "en-US"),
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild_id is not None:
            guild = self.guilds[guild_id]
            if user_id not in guild.members:
                raise KeyError(f"user {user_id} is not a member of guild {guild_id}")
            payload.update({
                "guild_id": str(guild_id),
                "guild": {"id": str(guild_id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "member": self._member_payload(guild, user_id, with_permissions=True),
                "app_permissions": str(self.permissions_for(guild_id, self.bot_user.id)),
                "authorizing_integration_owners": {"0": str(guild_id)},
                "context": 0,
            })
        else:
            payload.update({
                "user": self._user(user_id).payload(),
                "app_permissions": str(DEFAULT_BOT_PERMISSIONS),
                "authorizing_integration_owners": {"0": "0"},
                "context": 1,
            })
        rec = InteractionRecord(fake=self, id=iid, token=token, type=itype, user_id=user_id, guild_id=guild_id,
                                channel_id=channel_id, payload=payload)
        return rec

    async def _send_interaction(self, rec: InteractionRecord) -> InteractionRecord:
        rec.sent_at = asyncio.get_running_loop().time()
        self.interactions[rec.id] = rec
        self._interactions_by_token[rec.token] = rec
        await self.dispatch("INTERACTION_CREATE", rec.payload)
        return rec

    def _resolve_option(self, opt_def: JSON, value: Any, guild_id: int | None, resolved: JSON) -> Any:
        otype = opt_def["type"]
        name = opt_def["name"]
        if opt_def.get("choices") and not opt_def.get("autocomplete"):
            allowed = [c["value"] for c in opt_def["choices"]]
            if value not in allowed:
                raise ValueError(f"option {name!r}: {value!r} is not one of the choices {allowed}")
        if otype == OPT_STRING:
            return str(value)
        if otype == OPT_INTEGER:
            return int(value)
        if otype == OPT_NUMBER:
            return float(value)
        if otype == OPT_BOOLEAN:
            return bool(value)
        if otype in (OPT_USER, OPT_MENTIONABLE) and (otype == OPT_USER or int(value) in self.users):
            uid = int(value)
            resolved.setdefault("users", {})[str(uid)] = self._user(uid).payload()
            if guild_id is not None and uid in self.guilds[guild_id].members:
                resolved.setdefault("members", {})[str(uid)] = self._member_payload(
                    self.guilds[guild_id], uid, with_user=False, with_permissions=True)
            return str(uid)
        if otype in (OPT_ROLE, OPT_MENTIONABLE):
            rid = int(value)
            if guild_id is None or rid not in self.guilds[guild_id].roles:
                raise ValueError(f"option {name!r}: unknown role {rid}")
            resolved.setdefault("roles", {})[str(rid)] = self.guilds[guild_id].roles[rid]
            return str(rid)
        if otype == OPT_CHANNEL:
            cid = int(value)
            ch = self._channel_payload(cid)
            if ch is None:
                raise ValueError(f"option {name!r}: unknown channel {cid}")
            resolved.setdefault("channels", {})[str(cid)] = {
                "id": str(cid), "name": ch.get("name", ""), "type": ch["type"], "permissions": str(ALL_PERMISSIONS),
                "parent_id": ch.get("parent_id"), "guild_id": ch.get("guild_id")}
            return str(cid)
        raise ValueError(f"option {name!r}: option type {otype} not supported by the fake driver")

    def _command_data(self, user_id: int, guild_id: int | None, command: str, options: Mapping[str, Any],
                      focused: str | None = None) -> JSON:
        """Build ``data`` for a chat-input interaction from the *synced* definition, so a
        test cannot invoke options the bot never registered."""
        parts = command.split()
        root = self.find_command(parts[0], guild_id)
        self._check_can_invoke(root, user_id, guild_id)
        defs: list[JSON] = root.get("options") or []
        chain: list[JSON] = []
        for part in parts[1:]:
            sub = next((o for o in defs
                        if o["name"] == part and o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP)), None)
            if sub is None:
                raise LookupError(f"/{command}: no subcommand {part!r}")
            chain.append(sub)
            defs = sub.get("options") or []
        if any(o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP) for o in defs):
            raise LookupError(f"/{command} is a group; name a subcommand, e.g. '{command} <sub>'")
        by_name = {o["name"]: o for o in defs}
        unknown = set(options) - set(by_name)
        if unknown:
            raise ValueError(f"/{command}: unknown options {sorted(unknown)}; defined: {sorted(by_name)}")
        resolved: JSON = {}
        leaf: list[JSON] = []
        for opt in defs:
            if opt["name"] not in options:
                if opt.get("required") and focused is None:
                    raise ValueError(f"/{command}: missing required option {opt['name']!r}")
                continue
            value = options[opt["name"]]
            entry: JSON = {"name": opt["name"], "type": opt["type"]}
            if focused == opt["name"]:
                entry["value"] = value
                entry["focused"] = True
            else:
                entry["value"] = self._resolve_option(opt, value, guild_id, resolved)
            leaf.append(entry)
        nested: list[JSON] = leaf
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: JSON = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        return data

    def _check_can_invoke(self, cmd: JSON, user_id: int, guild_id: int | None) -> None:
        """Discord hides commands a user may not use; mirror that instead of sending."""
        contexts = cmd.get("contexts")
        if guild_id is None:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise PermissionError(f"/{cmd['name']} is not available in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise PermissionError(f"/{cmd['name']} is not available in guilds")
        required = cmd.get("default_member_permissions")
        if required is None:
            return
        perms = self.permissions_for(guild_id, user_id)
        if perms & P_ADMINISTRATOR:
            return
        need = int(required)
        if need == 0 or perms & need != need:
            raise PermissionError(f"user {user_id} lacks default_member_permissions={need} for /{cmd['name']}")

    async def slash(self, user_id: int, guild_id: int | None, channel_id: int | None, command: str,
                    options: Mapping[str, Any] | None = None) -> InteractionRecord:
        """Invoke ``/command`` (``"chips grant"`` for subcommands) as ``user_id``.

        ``options`` maps option names to plain values: str/int/float/bool, and user ids
        for user options (resolved user + member data is attached).  ``guild_id=None``
        means a DM invocation (``channel_id`` may then be ``None``)."""
        rec = self._interaction_base(IT_APPLICATION_COMMAND, user_id, guild_id, channel_id)
        rec.payload["data"] = self._command_data(user_id, guild_id, command, options or {})
        return await self._send_interaction(rec)

    async def autocomplete(self, user_id: int, guild_id: int | None, channel_id: int | None, command: str,
                           options: Mapping[str, Any], focused: str) -> InteractionRecord:
        """Type-4 autocomplete for option ``focused``; ``await rec.wait_choices()``."""
        rec = self._interaction_base(IT_AUTOCOMPLETE, user_id, guild_id, channel_id)
        rec.payload["data"] = self._command_data(user_id, guild_id, command, options, focused=focused)
        return await self._send_interaction(rec)

    def _message_ref(self, message: MessageRef) -> FakeMessage:
        if isinstance(message, FakeMessage):
            mid = message.id
        elif isinstance(message, dict):
            mid = int(message["id"])
        else:
            mid = int(message)
        msg = self.messages.get(mid)
        if msg is None or msg.deleted:
            raise LookupError(f"message {mid} does not exist (or was deleted)")
        return msg

    def _component_interaction(self, user_id: int, msg: FakeMessage, custom_id: str,
                               component_types: tuple[int, ...], stale: bool = False) -> tuple[InteractionRecord, JSON]:
        if msg.ephemeral and msg.visible_to not in (None, user_id):
            raise PermissionError(f"user {user_id} cannot see ephemeral message {msg.id}")
        comp = msg.find_component(custom_id)
        if comp is None and stale:   # a client that has not seen the edit yet still shows it
            comp = next((c for old in reversed(msg.history) for c in iter_components(old.get("components") or [])
                         if c.get("custom_id") == custom_id), None)
        if comp is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r}; it has {msg.custom_ids()}")
        if comp.get("type") not in component_types:
            raise LookupError(f"component {custom_id!r} has type {comp.get('type')}, expected {component_types}")
        if comp.get("disabled"):
            raise PermissionError(f"component {custom_id!r} is disabled; Discord would not let the user use it")
        guild = self._guild_of_channel(msg.channel_id)
        rec = self._interaction_base(IT_COMPONENT, user_id, guild.id if guild else None, msg.channel_id)
        rec.source_message_id = msg.id
        rec.payload["message"] = json.loads(json.dumps(msg.data))
        return rec, comp

    async def click(self, user_id: int, message: MessageRef, custom_id: str, *,
                    stale: bool = False) -> InteractionRecord:
        """Press button ``custom_id`` on a message the bot sent. ``stale``: the button may be
        one an earlier version of the message had (a client that has not seen the edit yet)."""
        msg = self._message_ref(message)
        rec, comp = self._component_interaction(user_id, msg, custom_id, (2,), stale)
        rec.payload["data"] = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            rec.payload["data"]["id"] = comp["id"]
        return await self._send_interaction(rec)

    async def select(self, user_id: int, message: MessageRef, custom_id: str,
                     values: Sequence[Any]) -> InteractionRecord:
        """Choose ``values`` in select ``custom_id`` (string selects check values exist and
        min/max; user selects take user ids and attach resolved data)."""
        msg = self._message_ref(message)
        rec, comp = self._component_interaction(user_id, msg, custom_id, (3, 5, 6, 7, 8))
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}-{hi} values, got {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": ctype, "values": [str(v) for v in values]}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in data["values"] if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r}: {bad} not among options {allowed}")
        elif ctype in (5, 6, 7, 8):
            resolved: JSON = {}
            kind = {5: OPT_USER, 6: OPT_ROLE, 7: OPT_MENTIONABLE, 8: OPT_CHANNEL}[ctype]
            for v in values:
                self._resolve_option({"type": kind, "name": custom_id}, v, rec.guild_id, resolved)
            data["resolved"] = resolved
        rec.payload["data"] = data
        return await self._send_interaction(rec)

    async def submit_modal(self, user_id: int, channel_id: int | None, custom_id: str,
                           values: Mapping[str, Any]) -> InteractionRecord:
        """Submit the modal ``custom_id`` most recently shown to ``user_id``.  ``values``
        maps text-input custom_ids to strings (select custom_ids to lists)."""
        shown = next((r for r in reversed(list(self.interactions.values()))
                      if r.user_id == user_id and r.modal is not None and r.modal.get("custom_id") == custom_id), None)
        if shown is None:
            raise LookupError(f"no modal {custom_id!r} was shown to user {user_id}")
        channel_id = channel_id or shown.channel_id
        rec = self._interaction_base(IT_MODAL_SUBMIT, user_id, shown.guild_id, channel_id)
        if shown.source_message_id is not None:
            rec.source_message_id = shown.source_message_id
            rec.payload["message"] = json.loads(json.dumps(self.messages[shown.source_message_id].data))
        known: set[str] = set()

        def convert(comp: JSON) -> JSON | None:
            t = comp.get("type")
            if t == 1:
                inner = [c for c in (convert(x) for x in comp.get("components") or []) if c]
                return {"type": 1, "components": inner}
            if t == 18:
                inner_c = convert(comp["component"])
                return {"type": 18, "component": inner_c} if inner_c else None
            cid = comp.get("custom_id")
            if cid is None:
                return None
            known.add(cid)
            if t == 4:
                value = str(values.get(cid, comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal {custom_id!r}: text input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            if t in (3, 5, 6, 7, 8):
                return {"type": t, "custom_id": cid, "values": [str(v) for v in values.get(cid, [])]}
            return None

        assert shown.modal is not None
        components = [c for c in (convert(x) for x in shown.modal.get("components") or []) if c]
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"modal {custom_id!r} has no inputs {sorted(unknown)}; it has {sorted(known)}")
        rec.payload["data"] = {"custom_id": custom_id, "components": components}
        return await self._send_interaction(rec)

    def seed_bot_message(self, channel_id: int, content: str = "", *, components: Sequence[JSON] = (),
                         embeds: Sequence[JSON] = ()) -> FakeMessage:
        """A bot-authored message that exists without the bot sending it now -- e.g. a
        message with persistent buttons posted by a previous run of the bot."""
        return self._create_message(channel_id, {"content": content, "components": list(components),
                                                 "embeds": list(embeds)}, [])

    async def user_message(self, user_id: int, channel_id: int, content: str) -> FakeMessage:
        """A human posts ``content`` (MESSAGE_CREATE); for prefix commands / on_message."""
        author = self._user(user_id)
        msg = self._create_message(channel_id, {"content": content}, [], author=author)
        await self._dispatch_message_event("MESSAGE_CREATE", msg)
        await self._signal()
        return msg

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

    def visible_to(self, user_id: int, channel_id: int) -> list[FakeMessage]:
        """What ``user_id`` sees in ``channel_id``: channel messages plus their ephemerals."""
        eph = [m for m in self.ephemerals(user_id) if m.channel_id == channel_id]
        return sorted(self.channel_messages(channel_id) + eph, key=lambda m: m.id)

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


# --------------------------------------------------------------------------------------
# Glue: patching discord.py, server lifecycle, running a bot, pytest fixture
# --------------------------------------------------------------------------------------


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
