"""Gin Rummy rules, the deal: tests named by rule id."""

from __future__ import annotations

from bot.games.cards import Card, parse_cards
from bot.games.gin_rummy import GinRummy

from .helpers import DEALER, NON_DEALER, start
from .rules_helpers import (
    D_HAND,
    ND_HAND,
)


def test_gin_6_deal() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert sorted(g.hands[NON_DEALER]) == sorted(parse_cards(ND_HAND))
    assert sorted(g.hands[DEALER]) == sorted(parse_cards(D_HAND))
    view = g.public_view()
    assert view["discard_top"] == "7H" and view["stock_count"] == 31 and view["hand_sizes"] == [10, 10]
    assert g.to_act() == [NON_DEALER]
    dealers = {GinRummy.start([250, 250], seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}                     # the first dealer is random


def test_gin_6_deal_alternates_from_the_non_dealer() -> None:
    deck = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    g = GinRummy.start([250, 250], seed=1, deck=deck, dealer=DEALER)
    assert g.hands[NON_DEALER] == deck[0:20:2] and g.hands[DEALER] == deck[1:20:2]
    assert g.pile == [deck[20]] and g.stock == deck[21:] and len(g.stock) == 31
