"""A click's token edits its hand message only while it has a minute or more to live: Discord
counts a refused edit as an invalid request (bot.ui.replies)."""

from __future__ import annotations

from typing import Any

from bot.tables.models import HandRef
from bot.ui.replies import MARGIN_S, TOKEN_LIFE_S, HandReplies


class Click:
    async def edit_original_response(self, **fields: Any) -> None:
        return None


def test_a_click_edits_its_message_until_a_minute_before_its_token_ends() -> None:
    now = [0.0]
    replies, dm, other, click = HandReplies(lambda: now[0]), HandRef(1, 10), HandRef(1, 11), Click()
    replies.keep(dm, click)
    assert replies.get(dm) is click and replies.get(other) is None
    now[0] = TOKEN_LIFE_S - MARGIN_S - 0.5
    assert replies.get(dm) is click
    now[0] = TOKEN_LIFE_S - MARGIN_S
    assert replies.get(dm) is None and len(replies) == 0


def test_old_clicks_are_let_go_as_new_ones_come_and_a_superseded_message_is_forgotten() -> None:
    now = [0.0]
    replies = HandReplies(lambda: now[0])
    replies.keep(HandRef(1, 10), Click())
    now[0] = TOKEN_LIFE_S
    replies.keep(HandRef(2, 20), Click())
    assert len(replies) == 1
    replies.forget(HandRef(2, 20))
    assert len(replies) == 0
