"""The table, hand and closing messages in Japanese: the frame and every event and summary
come from the catalog, and both languages stay within Discord's embed limits."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import Event
from bot.games.messages import joined
from bot.i18n import ENGLISH, Locale
from bot.snapshots import snapshot
from bot.tables.models import Closing, TableSnapshot
from bot.ui.embeds import closing_embed, hand_embed, lobby_embed, table_embed
from bot.ui.text import EMBED_TOTAL

from tests.i18n.checks import NAMES, leftover_english, unknown_keys

JA = Locale("ja")
FRAME = ("手番", "チップ", "プレイヤー", "直前の動き")
"""The table message's own field names in Japanese."""


def _first_deal(game_id: str, seed: int, seen: list[TableSnapshot] | None = None) -> tuple[Any, list[Event], int]:
    """Seat bots play the first deal; `seen` collects the table as it stood every few moves."""
    cls = GAMES[game_id]
    players = cls.min_players if game_id == "gin_rummy" else min(cls.max_players, 4)
    game = cls.start([cls.buy_in({}).default] * players, {}, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for version in range(1, 2000):
        seat = game.to_act()[0]
        events += game.apply(seat, game.bot_action(seat, rng))
        if seen is not None and version % 5 == 1:
            seen.append(_japanese_names(snapshot(game_id, game, version)))
        if any(e.kind == "summary" for e in events) or game.is_over():
            return game, events, version
    raise AssertionError(f"{game_id}: no deal ended")


def _japanese_names(snap: TableSnapshot) -> TableSnapshot:
    return replace(snap, seats=tuple(replace(s, name=NAMES[s.seat]) for s in snap.seats))


def _clean(text: str) -> None:
    assert not unknown_keys(text), text
    assert not leftover_english(text), text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deal_reads_in_japanese_within_discords_limits(game_id: str) -> None:
    during: list[TableSnapshot] = []
    game, events, version = _first_deal(game_id, 3, during)
    snap = _japanese_names(snapshot(game_id, game, version))
    public_events = [e for e in events if e.private_to is None]
    for locale in (ENGLISH, JA):
        table = table_embed(snap, public_events, locale=locale)
        hand = hand_embed(snap, 0, "サーバー · #カード", [e for e in events if e.private_to == 0][-2:], locale=locale)
        summaries = tuple(e for e in public_events if e.kind == "summary")
        closing = closing_embed(snap, Closing(joined((e.text for e in summaries), "para"), summary=summaries[0],
                                              public=game.public_view(), names=tuple(snap.names)), locale)
        for embed in (table, hand, closing):
            assert len(embed) <= EMBED_TOTAL
    table = table_embed(snap, public_events, locale=JA)
    assert {f.name for f in table.fields} & set(FRAME)
    _clean(str(table.title))
    for field in table.fields:
        _clean(str(field.name))
        _clean(str(field.value).replace("🤖 ", ""))
    _clean(str(table.footer.text))
    for moment in [*during, snap]:
        board = table_embed(moment, locale=JA)
        for text in (board.title, *(f.name for f in board.fields), *(f.value for f in board.fields)):
            _clean(str(text or "").replace("🤖 ", ""))
        for seat in range(len(moment.seats)):
            hand = hand_embed(moment, seat, "サーバー · #カード", [e for e in events if e.private_to == seat][-2:],
                              locale=JA)
            for text in (hand.title, hand.description, hand.footer.text, *(f.name for f in hand.fields),
                         *(f.value for f in hand.fields)):
                _clean(str(text or ""))
    closing = closing_embed(snap, Closing(joined((e.text for e in summaries), "para"), summary=summaries[0],
                                          public=game.public_view(), names=tuple(snap.names)), JA)
    _clean(str(closing.title))
    _clean(str(closing.description))


def test_the_lobby_reads_in_japanese() -> None:
    game, _, version = _first_deal("bourre", 1)
    lobby = replace(_japanese_names(snapshot("bourre", game, version)), status="lobby")
    embed = lobby_embed(lobby, JA)
    assert embed.title == "ブーレイ · 参加受付中"
    _clean(str(embed.description))
    _clean(str(embed.footer.text))
    assert embed.footer.text is not None and "/ルール ゲーム:ブーレイ" in embed.footer.text
    assert lobby_embed(lobby).title == "Bourré · table open"
