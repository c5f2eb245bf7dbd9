"""Every control a text names exists under that name: “press **Show pure sets**” names a button
whose label is that, in the same language; the table's footer and the lobby's help name the
buttons their own message carries."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace

import discord
import pytest

from bot.games import GAMES
from bot.games.messages import msg
from bot.i18n import ENGLISH, Locale, available
from bot.i18n.catalog import catalog
from bot.tables.presenter import DmClosed
from bot.ui.views import public_message

from tests.i18n.test_player_text import _table

JA = Locale("ja")
NAMED = {
    ENGLISH: re.compile(r"(?i:\bpress(?:es)?|\bchoose|\bpick)\s+(?:\*\*|“)([^*”]+)(?:\*\*|”)"),
    JA: re.compile(r"(?:\*\*|「)([^*」「]+)(?:\*\*|」) ?を(?:押|選)"),
}
"""How each language names a control a player should use."""
PARAM = re.compile(r"\{[a-z_]+\}")


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def _labels(locale: Locale) -> set[str]:
    """Every control's words as the catalog has them (a parameter as `{}`), also without the
    remark in parentheses that some labels end with (“End the game (nobody left to play against)”)."""
    labels = set()
    for key, value in catalog(locale).messages.items():
        if key.startswith(("ui.btn.", "act.")):
            for form in _forms(value):
                label = PARAM.sub("{}", form)
                labels |= {label, re.split(r" ?[（(]", label)[0]}
    return labels


def named(text: str, locale: Locale) -> Iterator[str]:
    return (PARAM.sub("{}", name) for name in NAMED[locale].findall(text))


@pytest.mark.parametrize("locale", available())
def test_every_control_a_message_names_has_that_label(locale: Locale) -> None:
    labels, seen = _labels(locale), 0
    for key, value in catalog(locale).messages.items():
        for form in _forms(value):
            for name in named(form, locale):
                seen += 1
                assert name == "{}" or name in labels, (key, name)
    assert seen >= 8


def _buttons(message: dict[str, object]) -> set[str]:
    view = message["view"]
    assert isinstance(view, discord.ui.View)
    return {str(c.get("label")) for row in view.to_components() for c in row["components"]}


@pytest.mark.parametrize("locale", available())
def test_the_table_and_the_lobby_name_the_buttons_they_carry(locale: Locale) -> None:
    cls = GAMES["bourre"]
    game = cls.start([cls.buy_in({}).default] * 3, {}, seed=1)
    game.apply(game.to_act()[0], game.bot_action(game.to_act()[0], random.Random(1)))
    table = _table("bourre", game, 1)
    for snap in (table, replace(table, status="lobby")):
        message = public_message(snap, locale=locale)
        embed = message["embed"]
        assert isinstance(embed, discord.Embed)
        text = f"{embed.description}\n{embed.footer.text}"
        names = set(NAMED[locale].findall(text)) | set(re.findall(r"[“「]([^”」]+)[”」]", text))
        assert names and names <= _buttons(message), (names, _buttons(message))
    assert DmClosed.notice(42).params["button"] == msg("ui.btn.hand")   # the button the table carries
