"""Every game's table and hand embeds stay within Discord's limits at any point of a game,
with the largest table the game allows."""

from __future__ import annotations

import random

import pytest

from bot.games import GAMES
from bot.games.base import BuyIn, Event, seat_key
from bot.tables.models import SeatInfo, TableSnapshot
from bot.ui.embeds import hand_embed, lobby_embed, table_embed

LONG_NAME = "W" * 32


def snapshot(game_id: str, game, version: int, status: str = "playing") -> TableSnapshot:
    cls = GAMES[game_id]
    n = len([k for k in game.chips() if k.startswith("seat:")])
    chips = game.chips()
    seats = tuple(SeatInfo(i, 10**17 + i, f"{LONG_NAME}{i}", chips[seat_key(i)], 1000, False, True) for i in range(n))
    to_act = tuple(game.to_act())
    return TableSnapshot(table_id=10**9, guild_id=1, channel_id=2, game_id=game_id, title=cls.title, status=status,
                         version=version, host_id=10**17, options={}, buy_in=BuyIn(1, None, 1), seats=seats,
                         min_players=cls.min_players, max_players=cls.max_players, public=game.public_view(),
                         to_act=to_act, privates={i: game.private_view(i) for i in range(n)},
                         legal={i: game.legal_actions(i) for i in to_act})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_embeds_fit_discord_limits_through_a_whole_game(game_id: str) -> None:
    cls = GAMES[game_id]
    game = cls.start([cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * cls.max_players,
                     None, seed=5)
    rng = random.Random(5)
    events: list[Event] = []
    for version in range(400):
        if game.is_over():
            break
        snap = snapshot(game_id, game, version)
        embed = table_embed(snap, events)
        assert len(embed) <= 6000 and len(embed.fields) <= 25
        assert all(len(f.value) <= 1024 for f in embed.fields)
        for seat in range(len(snap.seats)):
            hand = hand_embed(snap, seat, "Server · #channel", events)
            assert len(hand) <= 6000 and len(hand.description or "") <= 4096
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_lobby_embed_lists_players_and_options() -> None:
    game_id = sorted(GAMES)[0]
    cls = GAMES[game_id]
    options = {s.name: s.default for s in cls.option_specs}
    snap = TableSnapshot(table_id=3, guild_id=1, channel_id=2, game_id=game_id, title=cls.title, status="lobby",
                         version=0, host_id=7, options=options, buy_in=BuyIn(100, 100, 100),
                         seats=(SeatInfo(0, 7, "Ann", 100, 100, False, True), SeatInfo(1, None, "Bot 1", 100, 100, False, True)),
                         min_players=cls.min_players, max_players=cls.max_players)
    embed = lobby_embed(snap)
    text = str(embed.to_dict())
    assert "<@7>" in text and "Bot 1" in text and "100 chips" in text
    assert all(name in text for name in options)
