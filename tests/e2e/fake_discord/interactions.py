"""Interactions as the test driver sends them: the payload Discord would build for a user in a
guild or a DM (member, permissions, locale, resolved options), its dispatch, and the
`InteractionRecord` that collects what the bot answered and lets a test wait for it."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.fake_discord.constants import (
    ALL_PERMISSIONS,
    CB_MODAL,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_TIMEOUT,
    JSON,
    OPT_BOOLEAN,
    OPT_CHANNEL,
    OPT_INTEGER,
    OPT_MENTIONABLE,
    OPT_NUMBER,
    OPT_ROLE,
    OPT_STRING,
    OPT_USER,
)
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.models import FakeMessage
from tests.e2e.fake_discord.state import FakeState


@dataclass
class InteractionRecord:
    """Everything that happened in response to one interaction the driver sent.

    ``touched`` lists (in order) the ids of messages that this interaction made
    visible: a type-4 reply, a filled-in deferred response, followups, and the
    component message it updated.  The awaitable helpers wait on the fake's
    condition variable, so tests never sleep-poll.
    """

    fake: FakeState
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

    def touch(self, message_id: int) -> None:
        """The interaction made `message_id` visible (a reply, a filled deferral, a followup, an update)."""
        if message_id not in self.touched:
            self.touched.append(message_id)

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

    async def edited(self, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        """Wait until the bot edited a message through this interaction (a deferred update's
        message, an original response) and return it."""
        await self.fake.wait_for(lambda: bool(self.edited_ids), timeout, what=f"an edit through {self!r}")
        return self.fake.messages[self.edited_ids[0]]

    def _acked_otherwise(self, expected: int) -> bool:
        return self.callback_type is not None and self.callback_type != expected

    def __repr__(self) -> str:
        return f"<Interaction id={self.id} type={self.type} user={self.user_id} cb={self.callback_type}>"


class Interactions(Gateway):
    """Building and sending interactions; the kinds of them live in `slash` and `components`."""

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
