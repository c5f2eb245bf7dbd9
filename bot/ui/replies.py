"""The last click in each hand message, whose interaction token can still edit that message.

Discord does not count what the bot sends with an interaction's token (the edits of the
interaction's message, its followups) against the bot-wide limit of 50 requests a second. So a
player who clicked in their hand message moments ago is told of their next turn, and their hand
refreshed, by editing the message through that click's token, and a new deal's first turn comes
as a followup of it (a new message in their DM, which notifies them as the bot's own would): at
hundreds of busy tables a player who plays along is told at once instead of queueing behind
everyone else's turns, and the bot's own budget is left for the table messages. A token lives 15
minutes; one near its end is not used (Discord counts a refused edit as an invalid request), and
the bot's own edit goes instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.tables.models import HandRef

log = logging.getLogger(__name__)

TOKEN_LIFE_S = 15 * 60.0
MARGIN_S = 60.0
"""A token is used only while it has at least this long left (the click was handled a moment
after Discord made it, and an edit takes a moment to arrive)."""


class Reply(Protocol):
    """What is kept of a click (`discord.Interaction`): the edit of the message it was made in,
    and its followups (new messages in the same DM, which notify as the bot's own would)."""

    async def edit_original_response(self, *, content: str | None = ..., embed: discord.Embed | None = ...,
                                     attachments: Sequence[discord.File] = ...,
                                     view: discord.ui.View | None = ...) -> Any: ...

    @property
    def followup(self) -> discord.Webhook: ...


@dataclass(frozen=True, slots=True)
class _Kept:
    until: float
    reply: Reply
    original: bool
    """The click's own message (edited as its response), or a followup it sent."""


class HandReplies:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._kept: dict[HandRef, _Kept] = {}
        self._latest: dict[int, _Kept] = {}
        """Each player's latest click in their DM, which can send them a new hand message."""

    def keep(self, message: HandRef, reply: Reply, user_id: int) -> None:
        """`user_id` just clicked in `message`: its token edits the message, and sends them new
        ones, until near its end."""
        now = self._clock()
        self._kept = {ref: kept for ref, kept in self._kept.items() if kept.until > now}
        self._latest = {user: kept for user, kept in self._latest.items() if kept.until > now}
        self._kept[message] = self._latest[user_id] = _Kept(now + TOKEN_LIFE_S - MARGIN_S, reply, True)

    def sent(self, message: HandRef, reply: Reply) -> None:
        """`reply` sent `message` as a followup: its token edits it too, for as long."""
        kept = next((k for k in self._latest.values() if k.reply is reply), None)
        if kept is not None:
            self._kept[message] = _Kept(kept.until, reply, False)

    def latest(self, user_id: int) -> Reply | None:
        """The player's fresh click, if any, to send them a new hand message with."""
        kept = self._latest.get(user_id)
        if kept is None or kept.until <= self._clock():
            self._latest.pop(user_id, None)
            return None
        return kept.reply

    async def edit(self, message: HandRef, fields: dict[str, Any]) -> bool:
        """Edit `message` through a fresh token, if one can; False when none can (or Discord
        refused it: the token is dropped), and the bot must edit it itself."""
        kept = self._kept.get(message)
        if kept is None or kept.until <= self._clock():
            self._kept.pop(message, None)
            return False
        try:
            if kept.original:
                await kept.reply.edit_original_response(**fields)
            else:
                await kept.reply.followup.edit_message(message.message_id, **fields)
        except discord.HTTPException as exc:
            log.info("hand message %d: its click's token did not edit it (%s)", message.message_id, exc.status)
            self.forget(message)
            return False
        return True

    def forget(self, message: HandRef) -> None:
        """The token stopped working (or the message is superseded): the bot's own edits from now."""
        self._kept.pop(message, None)

    def __len__(self) -> int:
        return len(self._kept)
