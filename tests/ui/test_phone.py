"""The table message fits one phone screen with its picture and its controls (the model of
Discord's layout at 390 px is stated in `tests/ui/phone.py`), for every game at its largest
table, in both languages, all through a seeded game."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.games.base import Event
from bot.i18n import ENGLISH, Locale
from bot.ui.embeds import board_picture
from bot.ui.views import public_message

from tests.i18n.test_player_text import _table
from tests.ui.phone import SCREEN, TEXT_LINE, embed_height, lines, message_height, picture_height, rows_height

JA = Locale("ja")
EVERY = 6
"""Versions between two looks at the message (drawing every picture would take long)."""


def _messages(game_id: str, locale: Locale) -> list[dict[str, Any]]:
    cls = GAMES[game_id]
    players = cls.max_players if game_id != "gin_rummy" else 2
    game = cls.start([cls.buy_in({}).default] * players, {}, seed=3)
    rng = random.Random(3)
    recent: list[Event] = []
    shown = []
    for version in range(1, 400):
        if game.is_over():
            break
        seat = game.to_act()[0]
        recent = (recent + [e for e in game.apply(seat, game.bot_action(seat, rng)) if e.private_to is None])[-3:]
        if version % EVERY:
            continue
        snap = replace(_table(game_id, game, version), deadline=datetime(2030, 1, 1, tzinfo=UTC))
        picture = board_picture(snap, locale)
        shown.append(public_message(snap, recent, picture.draw() if picture else None, locale))
    return shown


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("locale", [ENGLISH, JA])
def test_the_table_message_fits_a_phone_screen_with_my_hand_in_view(game_id: str, locale: Locale) -> None:
    messages = _messages(game_id, locale)
    assert len(messages) >= 10
    for message in messages:
        assert message["files"], "the picture is on"
        assert message_height(message) <= SCREEN, message["embed"].to_dict()
        view = message["view"]
        assert isinstance(view, discord.ui.View)   # My hand, on the first row of controls
        first = view.to_components()[0]["components"][0]
        assert first["custom_id"].endswith(":hand")


def test_the_model_counts_lines_pictures_and_rows() -> None:
    assert lines("a" * 38) == 1 and lines("a" * 39) == 2 and lines("あ" * 19) == 1 and lines("あ" * 20) == 2
    assert lines("**<@123456789012345678>** 1\nx") == 2                      # a mention shows as a name
    e = discord.Embed(title="t", description="one\ntwo")
    e.add_field(name="n", value="v")
    e.set_footer(text="f")
    assert embed_height(e) == 24 + 22 + 2 * TEXT_LINE + (8 + 2 * TEXT_LINE) + (8 + 16)
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (580).to_bytes(4, "big") + (400).to_bytes(4, "big")
    assert picture_height(png) == 200                                            # scaled to 290 wide
    view = discord.ui.View()
    for label in ("My hand", "Leave", "Back a player"):
        view.add_item(discord.ui.Button(label=label))
    assert rows_height(view) == 48
    view.add_item(discord.ui.Button(label="A rather long label that cannot share its row"))
    assert rows_height(view) == 2 * 48                                          # it wraps on a phone
