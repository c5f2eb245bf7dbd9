"""Bourré rules, the dealer, the ante and the deal: tests named by rule id."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.bourre import Bourre
from bot.games.bourre.actions import PlayHand
from bot.games.cards import Card

from .helpers import everyone_plays, play, start
from .test_examples import FOUR, FOUR_PLAYS


def test_bou_5_first_dealer_is_random_but_reproducible() -> None:
    dealers = {Bourre.start([200] * 6, seed=s).dealer for s in range(40)}
    assert dealers == set(range(6))
    assert Bourre.start([200] * 6, seed=5).dealer == Bourre.start([200] * 6, seed=5).dealer


def test_bou_6_antes_deal_draw_tricks_settlement_then_the_next_hand() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    assert g.pot == 3 and g.phase == "declare" and all(len(h) == 5 for h in g.hands)
    phases = []
    events: list[Any] = []
    while g.hand_no == 1:
        phases.append(g.phase)
        seat = g.to_act()[0]
        events = g.apply(seat, g.timeout_action(seat) if g.phase != "declare" else PlayHand())
    assert phases[:6] == ["declare", "exchange"] * 3
    assert phases[6:] == ["tricks"] * 15
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["summary", "hand"]  # settled (and end checked) before the next deal


def test_bou_7_short_stack_antes_what_it_has() -> None:
    g = Bourre.start([200, 3, 200], {"ante": 5}, seed=1)
    assert g.stacks == [195, 0, 195] and g.pot == 13


def test_bou_7_the_ante_option_and_a_carried_pot() -> None:
    g = start(4, 3, FOUR, options={"ante": 3})
    assert g.pot == 12 and g.stacks == [197] * 4
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    # A took 12; C, D bourré paid 12 each (pot 24), exempt: only A and B ante 3 -> 30.
    assert g.pot == 30 and g.stacks == [197 + 12 - 3, 197 - 3, 185, 185]


def test_bou_8_deal_order_upcard_and_stock() -> None:
    g = start(4, 1, {2: "AS KS QS JS 10S", 3: "2H 3H 4H 5H 6H", 0: "2D 3D 4D 5D 6D",
                     1: "2C 3C 4C 5C 7H"}, stock="AH")
    view = g.public_view()
    assert view["trump"] == "H" and view["upcard"] == "7H" and view["upcard_state"] == "face up"
    assert view["stock"] == 52 - 20
    assert g.to_act() == [2]  # the dealer's left speaks first
    assert g.private_view(1)["hand"] == ["7H", "5C", "4C", "3C", "2C"]
    assert g.private_view(2)["hand"] == ["AS", "KS", "QS", "JS", "10S"]


@pytest.mark.parametrize("n", range(2, 9))
def test_bou_8_five_cards_each_and_a_stock_of_52_minus_5n(n: int) -> None:
    g = Bourre.start([200] * n, seed=n, dealer=n - 1)
    assert all(len(g.hands[s]) == 5 for s in range(n))
    assert len(g.stock) == 52 - 5 * n
    assert g.upcard in g.hands[n - 1]
    assert g.public_view()["trump"] == str(Card.parse(g.public_view()["upcard"]).suit)
