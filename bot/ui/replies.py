"""Recent clicks, whose interaction tokens can still write for the bot outside its budget.

Discord does not count what the bot sends with an interaction's token (the edits of the
interaction's message, its followups) against the bot-wide limit of 50 requests a second. So:

- a player who clicked in their hand message moments ago is told of their next turn, and their
  hand refreshed, by editing the message through that click's token, and a new deal's first turn
  comes as a followup of it (a new message in their DM, which notifies them as the bot's own
  would): at hundreds of busy tables a player who plays along is told at once instead of queueing
  behind everyone else's turns;
- the Start click of a table posts the table's messages in its channel as followups, and edits
  them, while its token lives: a table that was just started is shown at once however many others
  wait for the budget, and its first quarter of an hour costs the budget nothing.

The bot's own budget is left for everything else. A token lives 15 minutes; one near its end is
not used (Discord counts a refused edit as an invalid request), and the bot's own request goes
instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import discord

log = logging.getLogger(__name__)

TOKEN_LIFE_S = 15 * 60.0
MARGIN_S = 60.0
"""A token is used only while it has at least this long left (the click was handled a moment
after Discord made it, and an edit takes a moment to arrive)."""

MessageRef = tuple[int, int]
"""A message: (its channel's id, its id); a `HandRef` is one."""
Place = tuple[Literal["dm", "channel"], int]
"""Where a click's followups go: ("dm", player) for their DM, ("channel", id) for a server's
channel or thread."""


class Reply(Protocol):
    """What is kept of a click (`discord.Interaction`): the edit of the message it was made in,
    and its followups (new messages where it was made, which notify as the bot's own would)."""

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


class Replies:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._kept: dict[MessageRef, _Kept] = {}
        self._latest: dict[Place, _Kept] = {}
        """The latest click in each place, which can send new messages there."""
        self._pruned_at = clock()

    def keep(self, message: MessageRef, reply: Reply, place: Place) -> None:
        """A click in `message`, at `place`, was just deferred: its token edits the message, and
        sends new ones there, until near its end."""
        now = self._clock()
        if now - self._pruned_at >= MARGIN_S:   # at hundreds of tables people click many times a second
            self._pruned_at = now
            self._kept = {ref: kept for ref, kept in self._kept.items() if kept.until > now}
            self._latest = {where: kept for where, kept in self._latest.items() if kept.until > now}
        self._kept[message] = self._latest[place] = _Kept(now + TOKEN_LIFE_S - MARGIN_S, reply, True)

    def latest(self, place: Place) -> Reply | None:
        """A fresh click at `place`, if any, to send a new message there with."""
        kept = self._latest.get(place)
        if kept is None or kept.until <= self._clock():
            self._latest.pop(place, None)
            return None
        return kept.reply

    def can_edit(self, message: MessageRef) -> bool:
        """Whether a fresh token can edit `message`."""
        kept = self._kept.get(message)
        return kept is not None and kept.until > self._clock()

    async def edit(self, message: MessageRef, fields: dict[str, Any]) -> bool:
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
                await kept.reply.followup.edit_message(message[1], **fields)
        except discord.HTTPException as exc:
            log.info("message %d: its click's token did not edit it (%s)", message[1], exc.status)
            self.forget(message)
            return False
        return True

    async def send(self, place: Place, payload: dict[str, Any]) -> MessageRef | None:
        """A new message at `place` as a followup of a fresh click there, which then edits it too;
        None when no click can (or Discord refused it), and the bot must send it itself."""
        reply = self.latest(place)
        if reply is None:
            return None
        until = self._latest[place].until
        try:
            followup = await reply.followup.send(wait=True, **payload)
        except discord.HTTPException as exc:
            log.info("%s %d: a click's token sent nothing (%s)", place[0], place[1], exc.status)
            self._latest.pop(place, None)
            return None
        ref = (followup.channel.id, followup.id)
        self._kept[ref] = _Kept(until, reply, False)   # its token edits it too, for as long
        return ref

    def forget(self, message: MessageRef) -> None:
        """The token stopped working (or the message is superseded): the bot's own edits from now."""
        self._kept.pop(message, None)

    def __len__(self) -> int:
        return len(self._kept)
