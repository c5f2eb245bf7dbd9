"""A click's token edits its message, and sends new ones where it was made, only while it has a
minute or more to live: Discord counts a refused edit as an invalid request (bot.ui.replies)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.tables.models import HandRef
from bot.ui.replies import MARGIN_S, TOKEN_LIFE_S, Place, Replies

ALICE = 11
AT_ALICE: Place = ("dm", ALICE)
AT_BOB: Place = ("dm", ALICE + 1)


class Click:
    """A click whose token edits its message (or refuses to, as Discord does once it is too old)."""

    def __init__(self, refuses: bool = False) -> None:
        self.refuses, self.edits = refuses, 0

    async def edit_original_response(self, **fields: Any) -> None:
        if self.refuses:
            raise discord.HTTPException(Response(401), "Invalid Webhook Token")
        self.edits += 1

    @property
    def followup(self) -> discord.Webhook:
        raise AssertionError("not sent here")


class Response:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "refused"


def edit(replies: Replies, ref: HandRef) -> bool:
    return asyncio.run(replies.edit(ref, {"view": None}))


def test_a_click_edits_its_message_until_a_minute_before_its_token_ends() -> None:
    now = [0.0]
    replies, dm, other, click = Replies(lambda: now[0]), HandRef(1, 10), HandRef(1, 11), Click()
    replies.keep(dm, click, AT_ALICE)
    assert edit(replies, dm) and not edit(replies, other) and click.edits == 1
    assert replies.latest(AT_ALICE) is click and replies.latest(AT_BOB) is None
    now[0] = TOKEN_LIFE_S - MARGIN_S - 0.5
    assert edit(replies, dm) and replies.latest(AT_ALICE) is click
    now[0] = TOKEN_LIFE_S - MARGIN_S
    assert not edit(replies, dm) and replies.latest(AT_ALICE) is None and len(replies) == 0
    assert click.edits == 2


def test_a_token_discord_refuses_is_dropped_and_the_bot_edits_instead() -> None:
    replies, dm = Replies(lambda: 0.0), HandRef(1, 10)
    replies.keep(dm, Click(refuses=True), AT_ALICE)
    assert not edit(replies, dm) and len(replies) == 0


def test_old_clicks_are_let_go_as_new_ones_come_and_a_superseded_message_is_forgotten() -> None:
    now = [0.0]
    replies = Replies(lambda: now[0])
    replies.keep(HandRef(1, 10), Click(), AT_ALICE)
    now[0] = TOKEN_LIFE_S
    replies.keep(HandRef(2, 20), Click(), AT_BOB)
    assert len(replies) == 1 and replies.latest(AT_ALICE) is None
    replies.forget(HandRef(2, 20))
    assert len(replies) == 0
