"""A click's token edits its message, and sends new ones where it was made, only while it has a
minute or more to live: Discord counts a refused edit as an invalid request (bot.ui.replies)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
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


class Followups:
    """A click's webhook: its followups (new messages where the click was made) and their edits."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id, self.sent = channel_id, 0
        self.edited: list[int] = []

    async def send(self, **fields: Any) -> Any:
        self.sent += 1
        return SimpleNamespace(id=100 + self.sent, channel=SimpleNamespace(id=self.channel_id))

    async def edit_message(self, message_id: int, **fields: Any) -> None:
        self.edited.append(message_id)


class StartClick(Click):
    def __init__(self, channel_id: int) -> None:
        super().__init__()
        self.hook = Followups(channel_id)

    @property
    def followup(self) -> Any:
        return self.hook


def test_a_start_click_posts_the_tables_messages_in_its_channel_and_edits_them() -> None:
    now = [0.0]
    replies, lobby, start = Replies(lambda: now[0]), HandRef(5, 50), StartClick(5)
    replies.keep(lobby, start, ("channel", 5))
    assert asyncio.run(replies.send(("channel", 6), {})) is None   # another channel: the bot's own message
    posted = asyncio.run(replies.send(("channel", 5), {"content": "table"}))
    assert posted == (5, 101) and replies.can_edit(posted) and replies.latest(AT_ALICE) is None
    assert edit(replies, HandRef(*posted)) and start.hook.edited == [101]
    now[0] = TOKEN_LIFE_S - MARGIN_S
    assert not replies.can_edit(posted) and asyncio.run(replies.send(("channel", 5), {})) is None
