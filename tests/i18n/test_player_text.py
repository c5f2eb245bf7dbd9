"""Everything a player reads in seeded full games of every game, in both languages: the events,
the deals' summaries, the refusals, and at every new situation the table message (with its
picture and without), each seat's hand and controls and the picture's words. None of it shows a
rule id (GIN-22), an internal code (KITTY, AH, POKER_POOL) or a snake_case name, and seat bots
are named in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.games.base import BuyIn, Event, seat_key
from bot.i18n import ENGLISH, Locale, render, saved_lines, t
from bot.tables.models import SeatInfo, TableSnapshot, bot_name
from bot.ui.boards import board_for
from bot.ui.embeds import hand_embed, lobby_embed, results_embed, table_embed
from bot.ui.views import controls_view

from tests.i18n.checks import leftover_english, unknown_keys
from tests.i18n.played import SEEDS, played
from tests.i18n.test_game_messages import distinct

JA = Locale("ja")
PERSON = 10**17
"""Seat 0 is a person (shown by their mention); the other seats are seat bots."""

CODE = re.compile(
    r"\b[A-Z]{2,5}-\d+\b"               # a rule id: GIN-22, MAR-28
    r"|(?<![\w♠♥♦♣])[A-Z][A-Z0-9]*_?[A-Z0-9_]*[A-Z](?![\w])"   # an internal code: KITTY, AH, POKER_POOL
    r"|\b[a-z][a-z0-9]*_[a-z0-9_]+\b")  # a snake_case name: first_turn
ALLOWED_CAPS = {"DM"}
"""Capitals that are words players know."""


def codes(text: str) -> list[str]:
    """The rule ids, internal codes and snake_case names in `text`."""
    return [m for m in CODE.findall(text) if m not in ALLOWED_CAPS]


def _table(game_id: str, game: Any, version: int) -> TableSnapshot:
    cls = GAMES[game_id]
    chips = game.chips()
    n = len([k for k in chips if k.startswith("seat:")])
    seats = tuple(SeatInfo(i, PERSON if i == 0 else None, "あかね" if i == 0 else bot_name(i),
                           chips.get(seat_key(i), 0), 100, False, True) for i in range(n))
    to_act = tuple(game.to_act()) if not game.is_over() else ()
    return TableSnapshot(table_id=7, guild_id=1, channel_id=2, game_id=game_id, title=t(ENGLISH, f"game.{game_id}"),
                         status="finished" if game.is_over() else "playing", version=version, host_id=PERSON,
                         options={}, buy_in=BuyIn(1, None, 1), seats=seats, min_players=cls.min_players,
                         max_players=cls.max_players, public=game.public_view(), to_act=to_act,
                         privates={i: game.private_view(i) for i in range(n)},
                         legal={s: game.legal_actions(s) for s in to_act})


def _embed_texts(embed: discord.Embed) -> Iterator[str]:
    data = embed.to_dict()
    yield from (str(data.get(k) or "") for k in ("title", "description"))
    for f in data.get("fields", []):
        yield f["name"]
        yield f["value"]
    footer = data.get("footer")
    yield str(footer.get("text") or "") if footer else ""


def _control_texts(view: discord.ui.View | None) -> Iterator[str]:
    for row in view.to_components() if view is not None else []:
        for c in row["components"]:
            yield str(c.get("label") or c.get("placeholder") or "")
            for option in c.get("options") or []:
                yield option["label"]
                yield str(option.get("description") or "")


def _shown(game_id: str, locale: Locale) -> Iterator[str]:
    """Every text of the seeded games the players of `locale` read."""
    cls = GAMES[game_id]
    messages = []
    for seed in SEEDS:
        run = played(game_id, seed)
        messages += [e.text for e in run.events] + [line for data in run.saved for line in saved_lines(data)]
        messages += [refusal.message for refusal in run.refusals]
        recent: list[Event] = [e for e in run.events if e.private_to is None][:3]
        for version, saved in enumerate(run.situations):
            snap = _table(game_id, cls.from_dict(saved), version)
            if version == 0:
                yield from _embed_texts(lobby_embed(replace(snap, status="lobby"), locale))
                yield from _embed_texts(results_embed(snap, {s.seat: s.stack for s in snap.seats}, locale))
            for image in ("board.png", None):
                yield from _embed_texts(table_embed(snap, recent, image, locale))
            yield from board_for(game_id).image_labels(snap.public or {}, locale).values()
            for seat in range(len(snap.seats)):
                yield from _embed_texts(hand_embed(snap, seat, "サーバー · #カード", locale=locale))
                yield from _control_texts(controls_view(snap, seat, locale))
    names = [s.shown(locale) for s in _table(game_id, cls.start([cls.buy_in({}).default] * cls.max_players,
                                                                {}, 1), 0).seats]
    for text in distinct(messages):
        yield render(locale, text, names)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("locale", [ENGLISH, JA])
def test_what_players_read_holds_no_rule_ids_codes_or_code_names(game_id: str, locale: Locale) -> None:
    seen = 0
    for text in _shown(game_id, locale):
        seen += 1
        assert not codes(text), (codes(text), text)
        assert not unknown_keys(text), text
        if locale == JA:
            assert not leftover_english(text), (leftover_english(text), text)   # “Bot 3” too
    assert seen > 500


def test_the_scan_finds_what_it_looks_for() -> None:
    assert codes("forfeits the match (GIN-22)") == ["GIN-22"]
    assert codes("Bob took AH 5 · Mat now: JS 6, RUN 6, POKER_POOL 2") == ["AH", "JS", "RUN", "POKER_POOL"]
    assert codes("option first_turn=classic") == ["first_turn"]
    assert codes("A♥ (4) · 10♦ · K♥Q♥ · <@123> · <t:1:R> · **Gin** · DM") == []


def test_seat_bots_are_named_in_the_readers_language() -> None:
    bot = SeatInfo(1, None, bot_name(2), 100, 100, False, True)
    assert (bot.shown(ENGLISH), bot.shown(JA)) == ("Bot 2", "ボット2")
    person = SeatInfo(0, PERSON, "Bot 2", 100, 100, False, True)   # a person may call themselves anything
    assert person.shown(JA) == "Bot 2"
    older = SeatInfo(1, None, "Robo", 100, 100, False, True)        # a bot saved under another name keeps it
    assert older.shown(JA) == "Robo"
