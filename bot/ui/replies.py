"""The last click in each hand message, whose interaction token can still edit that message.

Discord does not count what the bot sends with an interaction's token (the edits of the
interaction's message, its followups) against the bot-wide limit of 50 requests a second. So a
player who clicked in their hand message moments ago is told of their next turn, and their hand
refreshed, by editing the message through that click's token: at hundreds of busy tables a
player who plays along is told at once instead of queueing behind everyone else's turns, and the
bot's own budget is left for the table messages. A token lives 15 minutes; one near its end is
not used (Discord counts a refused edit as an invalid request), and the bot's own edit goes
instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import discord

from bot.tables.models import HandRef

TOKEN_LIFE_S = 15 * 60.0
MARGIN_S = 60.0
"""A token is used only while it has at least this long left (the click was handled a moment
after Discord made it, and an edit takes a moment to arrive)."""


class Reply(Protocol):
    """What is kept of a click: the edit of the message it was made in (`discord.Interaction`)."""

    async def edit_original_response(self, *, content: str | None = ..., embed: discord.Embed | None = ...,
                                     attachments: Sequence[discord.File] = ...,
                                     view: discord.ui.View | None = ...) -> Any: ...


class HandReplies:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._kept: dict[HandRef, tuple[float, Reply]] = {}

    def keep(self, message: HandRef, reply: Reply) -> None:
        """The player just clicked in `message`: its token edits the message until near its end."""
        now = self._clock()
        self._kept = {ref: kept for ref, kept in self._kept.items() if kept[0] > now}
        self._kept[message] = (now + TOKEN_LIFE_S - MARGIN_S, reply)

    def get(self, message: HandRef) -> Reply | None:
        """The fresh click in `message`, if any."""
        kept = self._kept.get(message)
        if kept is None or kept[0] <= self._clock():
            self._kept.pop(message, None)
            return None
        return kept[1]

    def forget(self, message: HandRef) -> None:
        """The token stopped working (or the message is superseded): the bot's own edits from now."""
        self._kept.pop(message, None)

    def __len__(self) -> int:
        return len(self._kept)
