"""Every game's table and hand embeds stay within Discord's limits at any point of a game,
with the largest table the game allows."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import BuyIn, Event, seat_key
from bot.games.marriage import Marriage
from bot.games.messages import LEGACY, Msg
from bot.i18n import ENGLISH, Locale, t
from bot.tables.models import Closing, SeatInfo, TableSnapshot
from bot.ui.embeds import board_image, closing_embed, hand_embed, hand_image, lobby_embed, table_embed

from tests.games.buki_domino.decks import D6_HANDS, D6_STAMM, new_game

LONG_NAME = "W" * 32


def snapshot(game_id: str, game: Any, version: int, status: str = "playing") -> TableSnapshot:
    cls = GAMES[game_id]
    n = len([k for k in game.chips() if k.startswith("seat:")])
    chips = game.chips()
    seats = tuple(SeatInfo(i, 10**17 + i, f"{LONG_NAME}{i}", chips[seat_key(i)], 1000, False, True) for i in range(n))
    to_act = tuple(game.to_act())
    return TableSnapshot(table_id=10**9, guild_id=1, channel_id=2, game_id=game_id, title=t(ENGLISH, f"game.{game_id}"),
                         status=status, version=version, host_id=10**17, options={}, buy_in=BuyIn(1, None, 1),
                         seats=seats, min_players=cls.min_players, max_players=cls.max_players,
                         public=game.public_view(), to_act=to_act, privates={i: game.private_view(i) for i in range(n)},
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
        assert all(len(f.value or "") <= 1024 for f in embed.fields)
        for seat in range(len(snap.seats)):
            hand = hand_embed(snap, seat, "Server · #channel", events)
            assert len(hand) <= 6000 and len(hand.description or "") <= 4096
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_lobby_embed_lists_players_and_options() -> None:
    game_id = sorted(GAMES)[0]
    cls = GAMES[game_id]
    options = {s.name: s.default for s in cls.option_specs}
    snap = TableSnapshot(table_id=3, guild_id=1, channel_id=2, game_id=game_id, title=t(ENGLISH, f"game.{game_id}"),
                         status="lobby", version=0, host_id=7, options=options, buy_in=BuyIn(100, 100, 100),
                         seats=(SeatInfo(0, 7, "Ann", 100, 100, False, True),
                                SeatInfo(1, None, "Bot 1", 100, 100, False, True)),
                         min_players=cls.min_players, max_players=cls.max_players)
    embed = lobby_embed(snap)
    text = str(embed.to_dict())
    assert "<@7>" in text and "Bot 1" in text and "100 chips" in text
    assert "Standard rules" in text and not any(name in text for name in options)   # no code names


def _playing(game_id: str, seed: int, players: int) -> Iterator[tuple[int, Any, list[Event]]]:
    """A seat-bot game of `players`, yielded after each action with its last three public events."""
    cls = GAMES[game_id]
    game = cls.start([cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * players,
                     None, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for version in range(300):
        if game.is_over():
            return
        yield version, game, events
        seat = game.to_act()[0]
        events = (events + [e for e in game.apply(seat, game.bot_action(seat, rng)) if e.private_to is None])[-3:]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_table_message_says_whose_turn_and_lists_the_players_once(game_id: str) -> None:
    cls = GAMES[game_id]
    players = min(cls.max_players, 5)
    for version, game, events in _playing(game_id, 3, players):
        snap = snapshot(game_id, game, version)
        for image in ("board.png", None):
            embed = table_embed(snap, events, image=image)
            text = "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])
            assert text.startswith("▶ " + ", ".join(f"<@{10**17 + s}>" for s in snap.to_act) + " to act")
            names = [f.name for f in embed.fields]
            assert len(names) == len(set(names))
            assert (embed.image.url == "attachment://board.png") == (image is not None)
            for s in snap.seats:   # each player once in the list, with their stack
                listed = text.split("\n", 1)[1] if snap.to_act else text
                assert listed.count(f"<@{10**17 + s.seat}> ({s.stack:,})") == 1
            if image:   # a few lines: whose turn, the stacks, the last moves; the board is the picture's
                assert not names and len((embed.description or "").splitlines()) <= 3
            else:
                assert names.count("Players") == 1


def test_the_table_message_says_until_when_the_player_to_act_may_decide() -> None:
    """Whose turn, until when (Discord shows the time relative to the reader's clock), and the
    stacks, with the picture and without."""
    version, game, events = next(_playing("gin_rummy", 1, 2))
    due = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    snap = dataclasses.replace(snapshot("gin_rummy", game, version), deadline=due)
    for image in ("board.png", None):
        embed = table_embed(snap, events, image=image)
        text = "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])
        first = f"<@{10**17 + snap.to_act[0]}>"
        assert text.startswith(f"▶ {first} to act · <t:{int(due.timestamp())}:R>")
        assert f"{first} ({snap.seats[snap.to_act[0]].stack:,})" in text


def test_beside_a_picture_the_text_does_not_repeat_the_board() -> None:
    game = GAMES["gin_rummy"].start([100, 100], None, seed=1)
    snap = snapshot("gin_rummy", game, 1)
    pictured, told = table_embed(snap, image="board.png"), table_embed(snap)
    assert not pictured.fields and "Chips: " in (pictured.description or "")
    assert {"Upcard", "Stock", "Match score", "Players"} <= {f.name for f in told.fields}


def test_deal_summary_is_titled_by_how_the_deal_ended() -> None:
    for version, game, _events in _playing("gin_rummy", 1, 2):
        if game.public_view()["last_hand"]:
            snap = snapshot("gin_rummy", game, version)
            summary = Event("summary", Msg(LEGACY, {"text": "text"}))
            closing = Closing(summary.text, summary=summary, public=game.public_view())
            title = closing_embed(snap, closing).title
            assert title is not None and title.startswith("Hand 1 — ") and title.endswith(" points · Gin Rummy")
            return
    pytest.fail("no hand ended")


def test_hand_embed_carries_the_hand_picture() -> None:
    cls = GAMES["bourre"]
    game = cls.start([100] * 4, None, seed=2)
    snap = snapshot("bourre", game, 0)
    embed = hand_embed(snap, 0, "Server · #cards", image="hand.png")
    assert embed.image.url == "attachment://hand.png"
    hand, board = hand_image(snap, 0), board_image(snap)
    assert hand is not None and hand.startswith(b"\x89PNG") and board is not None and board.startswith(b"\x89PNG")


def test_the_last_deal_is_said_on_the_table_until_it_ends() -> None:
    """MAR-28: the host's stop waits for the deal, and the table says so meanwhile."""
    game = Marriage.start([500, 500], None, seed=5)
    assert "Last deal" not in (table_embed(snapshot("marriage", game, 1)).description or "")
    game.request_stop()
    shown = table_embed(snapshot("marriage", game, 2)).description or ""
    assert shown.startswith("**Last deal.** The host asked to stop: the game ends when this deal does.\n▶ ")


def test_a_game_for_exactly_four_asks_for_four_players() -> None:
    """Not “4–4 players”: Buki-Domino is played by four."""
    cls = GAMES["buki_domino"]
    snap = dataclasses.replace(snapshot("buki_domino", cls.start([100] * 4, None, seed=1), 0), status="lobby")
    assert "when 4 players are seated" in (lobby_embed(snap).description or "")
    japanese = lobby_embed(snap, Locale("ja")).description or ""
    assert "4人そろったら" in japanese and "〜" not in japanese
    bourre = dataclasses.replace(snap, game_id="bourre", max_players=8, min_players=2)
    assert "when 2–8 players are seated" in (lobby_embed(bourre).description or "")


def test_what_the_picture_does_not_show_stays_beside_it() -> None:
    """Buki-Domino's spectator bets are not drawn: the table message lists the latest few."""
    game = new_game(D6_HANDS, D6_STAMM)   # the banker (seat 3) has set no limits to wait for
    for spectator in range(551, 556):
        game.place_spectator_bet(spectator, 1, 2)
    pictured = table_embed(snapshot("buki_domino", game, 1), image="board.png")
    [bets] = [f.value or "" for f in pictured.fields if f.name == "Spectator bets"]
    assert "<@551>" in bets and "… and 2 more" in bets and "<@554>" not in bets
