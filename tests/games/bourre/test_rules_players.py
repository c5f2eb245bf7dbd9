"""Bourré rules, players, equipment and chips: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.base import BuyIn
from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayHand

from .helpers import start
from .rules_helpers import summary_of, timeouts_until_next_hand


def test_bou_1_player_count_within_the_options() -> None:
    with pytest.raises(ValueError, match="min_players"):
        Bourre.start([200] * 2, {"min_players": 3})
    with pytest.raises(ValueError, match="max_players"):
        Bourre.start([200] * 7, {"max_players": 6})
    with pytest.raises(ValueError):
        Bourre.start([200] * 9)
    with pytest.raises(ValueError):
        Bourre.start([200])
    assert Bourre.start([200] * 3, {"min_players": 3, "max_players": 6}).to_act()


def test_bou_1_game_ends_when_a_leaver_leaves_fewer_than_min_players() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"min_players": 3})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.leave(1)                     # asked to leave mid-hand: finishes this hand
    g.apply(1, Fold())
    g.apply(2, PlayHand()); g.apply(2, Exchange(()))
    assert g.phase == "tricks"
    events = timeouts_until_next_hand(g)
    assert g.is_over() and "fewer than 3 players are left" in summary_of(events)
    assert g.pot == 0 and sum(g.stacks) == 600


def test_bou_1_a_leaving_player_is_not_dealt_into_the_next_hand() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.leave(1)
    timeouts_until_next_hand(g)
    assert g.hand_no == 2 and 1 not in g.order and g.hands[1] == []
    assert len(g.stock) == 52 - 15


def test_bou_2_a_fresh_shuffle_of_all_52_cards_every_hand() -> None:
    g = Bourre.start([200] * 3, seed=5, dealer=0)
    first = [list(h) for h in g.hands]
    seen = set()
    for h in g.hands:
        seen.update(h)
    seen.update(g.stock)
    assert len(seen) == 52
    timeouts_until_next_hand(g)
    second = [sorted(h) for h in g.hands]
    assert second != [sorted(h) for h in first]
    assert len(set().union(*map(set, g.hands), g.stock)) == 52
    # The same seed gives the same second deal; a test deck replaces only the first shuffle.
    g2 = Bourre.start([200] * 3, seed=5, dealer=0)
    timeouts_until_next_hand(g2)
    assert [sorted(h) for h in g2.hands] == second


def test_bou_3_and_bou_25_chips_are_only_moved_between_stacks_and_pot() -> None:
    g = Bourre.start([200] * 5, {"max_hands": 15, "pot_limit": 7}, seed=3)
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, g.bot_action(seat, __import__("random").Random(seat)))
        assert sum(g.chips().values()) == 1000
    assert g.chips()["pot"] == 0


def test_bou_4_buy_in_is_fixed() -> None:
    assert Bourre.buy_in({}) == BuyIn(200, 200, 200)
    assert Bourre.buy_in({"buy_in": 50}) == BuyIn(50, 50, 50)
