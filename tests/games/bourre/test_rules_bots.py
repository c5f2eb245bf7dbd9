"""Bourré rules, timeouts and the seat bot: tests named by rule id."""

from __future__ import annotations

import json

from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.cards import Card

from .helpers import everyone_plays, play, start
from .rules_helpers import OPT
from .test_examples import FOUR


def test_bou_26_timeouts() -> None:
    g = start(3, 2, {0: "2S 2C 2D 9H KS", 2: "3S 4S 5S 6S 7D"}, options={"turn_timeout_s": 45})
    assert g.turn_timeout_s() == 45
    assert g.timeout_action(0) == Fold()
    g.apply(0, PlayHand())
    assert g.timeout_action(0) == Exchange(())
    g.apply(0, Exchange(()))
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    g.apply(2, PlayHand()); g.apply(2, Exchange(()))
    # lowest rank first, ties broken clubs, diamonds, hearts, spades
    assert g.timeout_action(0) == PlayCard(Card.parse("2C"))


def test_bou_26_lowest_legal_card_ties_broken_clubs_diamonds_hearts_spades() -> None:
    hands = {0: "2S 2H 2D AC KC", 2: "3D 4D 5D 6D 9H"}
    g = start(3, 2, hands)
    everyone_plays(g)
    assert g.timeout_action(0) == PlayCard(Card.parse("2D"))
    g2 = start(3, 2, {0: "2S 2H 2D 2C KC", 2: "3D 4D 5D 6D 9H"})
    everyone_plays(g2)
    assert g2.timeout_action(0) == PlayCard(Card.parse("2C"))
    g3 = start(3, 2, {0: "2S 2H AD AC KC", 2: "3D 4D 5D 6D 9H"})
    everyone_plays(g3)
    assert g3.timeout_action(0) == PlayCard(Card.parse("2H"))


def test_bou_26_timeout_respects_the_legal_set_and_the_exchange_phase() -> None:
    g = start(4, 3, OPT, options={"exchange_order": "declare_then_exchange"})
    for seat in range(4):
        g.apply(seat, PlayHand())
    assert g.phase == "exchange" and g.timeout_action(0) == Exchange(())
    for seat in range(4):
        g.apply(seat, g.timeout_action(seat))
    play(g, 0, "5H")
    assert g.timeout_action(1) == PlayCard(Card.parse("AH"))  # the only legal card, not 3H
    assert g.timeout_action(1) in g.legal_actions(1)


def test_bou_27_views_hide_other_hands() -> None:
    g = Bourre.start([200] * 4, seed=2)
    public = json.dumps(g.public_view())
    for seat in range(4):
        hand = g.private_view(seat)["hand"]
        others = [c for s in range(4) if s != seat for c in g.private_view(s)["hand"]]
        assert len(hand) == 5
        for c in hand:
            if c != g.public_view()["upcard"]:
                assert f'"{c}"' not in public
        assert not set(hand) & set(others)
    assert "stock" in g.public_view() and isinstance(g.public_view()["stock"], int)


def test_bou_27_folded_hands_and_the_stock_stay_private() -> None:
    g = start(4, 3, FOUR)
    g.apply(0, Fold())
    public = json.dumps(g.public_view())
    for c in FOUR[0].split():
        assert f'"{c}"' not in public
    for c in g.to_dict()["stock"]:
        assert f'"{c}"' not in public
    assert g.private_view(1)["hand"] and "AC" not in json.dumps(g.private_view(1))
