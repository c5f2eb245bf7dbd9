"""What the fake's world is made of: users, members, guilds (with their channels and threads),
messages, and the record of each HTTP request the bot made. Plain data, so the routes, the gateway
and the tests all read the same objects."""

from __future__ import annotations

import datetime as _dt
import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.fake_discord.constants import FLAG_LOADING, JSON
from tests.e2e.fake_discord.ratelimits import EXEMPT, INVALID_STATUSES


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


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
    joined_at: str = field(default_factory=now_iso)


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
