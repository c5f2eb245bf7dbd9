"""Gin Rummy rules, turns: tests named by rule id."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.base import seat_key
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass, Resign, TakeDiscard
from bot.games.simulate import play

from .helpers import DEALER, NON_DEALER, knock_after_draw, start
from .rules_helpers import (
    D_HAND,
    G7_DEFENDER,
    G7_KNOCKER,
    GIN_HAND,
    ND_HAND,
    OTHER,
    c,
    illegal,
    summary,
)
from tests.games.known import known, one_of


def test_gin_7_source_take_upcard_then_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert Discard(c("7H")) not in g.legal_actions(NON_DEALER)      # GIN-9
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, Discard(c("7H")))
    assert err.value.rule == "GIN-9"
    g.apply(NON_DEALER, Discard(c("QD")))
    assert g.to_act() == [DEALER] and g.phase == "draw"
    assert g.public_view()["taken"][NON_DEALER] == ["7H"]         # GIN-24: public


def test_gin_7_classic_both_pass_non_dealer_draws_from_stock() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, Pass(c("7H")))
    assert g.to_act() == [NON_DEALER]
    assert [a.kind for a in g.legal_actions(NON_DEALER)] == ["draw_stock", "resign"]
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert err.value.rule == "GIN-7"
    g.apply(NON_DEALER, DrawStock())
    g.apply(NON_DEALER, Discard(g.hands[NON_DEALER][-1]))
    assert TakeDiscard(g.pile[-1]) in g.legal_actions(DEALER)


def test_gin_7_classic_dealer_takes_refused_upcard() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    g.apply(DEALER, Discard(c("KH")))
    assert g.to_act() == [NON_DEALER] and g.phase == "draw"


def test_gin_7_classic_non_dealer_takes_then_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    g.apply(NON_DEALER, Discard(c("QD")))
    assert g.to_act() == [DEALER] and g.phase == "draw"
    assert g.legal_actions(DEALER)[:2] == [DrawStock(), TakeDiscard(c("QD"))]


def test_gin_7_classic_dealer_takes_then_non_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    g.apply(DEALER, Discard(c("KH")))
    assert g.to_act() == [NON_DEALER] and g.phase == "draw"
    assert TakeDiscard(c("KH")) in g.legal_actions(NON_DEALER)


def test_gin_7_classic_refused_upcard_cannot_be_taken() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, Pass(c("7H")))
    assert g.to_act() == [NON_DEALER]
    assert TakeDiscard(c("7H")) not in g.legal_actions(NON_DEALER)
    err = illegal(g, NON_DEALER, TakeDiscard(c("7H")))
    assert err.rule == "GIN-7" and "stock" in str(err)
    g.apply(NON_DEALER, DrawStock())
    assert g.hands[NON_DEALER][-1] == c("KD")


def test_gin_7_source_dealer_may_take_the_passed_upcard() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    assert c("7H") in g.hands[DEALER] and g.public_view()["taken"][DEALER] == ["7H"]


def test_gin_8_only_the_top_discard_and_only_in_turn() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    with pytest.raises(IllegalAction):
        g.apply(DEALER, DrawStock())                 # not the dealer's turn
    with pytest.raises(IllegalAction):
        g.apply(NON_DEALER, TakeDiscard(c("8H")))    # not the upcard
    g.apply(NON_DEALER, Pass(c("7H")))
    with pytest.raises(IllegalAction):
        g.apply(DEALER, Discard(c("KH")))            # draw first
    g.apply(DEALER, DrawStock())
    with pytest.raises(IllegalAction):
        g.apply(DEALER, Discard(c("QD")))            # not in hand


def test_gin_8_turn_order_and_hand_sizes() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD QS")
    g.apply(NON_DEALER, Pass(c("7H")))
    err = illegal(g, DEALER, Discard(c("KH")))              # draw first
    assert err.rule == "GIN-8"
    g.apply(DEALER, DrawStock())
    assert len(g.hands[DEALER]) == 11
    err = illegal(g, DEALER, DrawStock())                   # one draw per turn
    assert err.rule == "GIN-8"
    err = illegal(g, DEALER, Discard(c("2H")))              # a card not held
    assert "do not hold" in str(err)
    g.apply(DEALER, Discard(c("KD")))
    assert len(g.hands[DEALER]) == 10 and g.pile == [c("7H"), c("KD")]
    # only the top discard is available, never one below it
    assert [a for a in g.legal_actions(NON_DEALER) if isinstance(a, TakeDiscard)] == [TakeDiscard(c("KD"))]
    err = illegal(g, NON_DEALER, TakeDiscard(c("7H")))
    assert "top discard" in str(err)


@pytest.mark.parametrize("options", [{}, {"first_turn": "classic", "big_gin": True},
                                     {"gin_mandatory": False, "knocker_arrangement": "player_choice",
                                      "allow_discard_of_pickup": True}])
def test_gin_8_and_gin_13_hand_sizes_and_stock_floor_in_random_play(options: dict[str, Any]) -> None:
    """Throughout random matches: 10 cards at every draw, 11 at every discard decision, the
    stock never below 2 cards, and all 52 cards always accounted for (GIN-1, GIN-8, GIN-13)."""
    for seed in range(3):
        g = GinRummy.start([250, 250], {**options, "target_score": 60}, seed=seed)

        def no_resign(game: GinRummy, seat: int, r: random.Random) -> object:
            return r.choice([a for a in game.legal_actions(seat) if not isinstance(a, Resign)])

        for _ in play(g, no_resign, seed=seed):
            if g.is_over():
                break
            assert len(g.stock) >= 2
            seat = g.turn
            size = {"first_offer": 10, "draw": 10, "discard": 11, "arrange": 10}[g.phase]
            assert len(g.hands[seat]) == size
            assert len(g.hands[1 - seat]) == 10
            held = g.hands[0] + g.hands[1] + g.stock + g.pile
            # during `arrange` the knock discard is face down, out of every pile
            assert len(set(held)) == len(held) == (51 if g.phase == "arrange" else 52)
        assert g.is_over()


def test_gin_9_option_allows_discarding_the_pickup() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert Discard(c("7H")) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("7H")))
    assert g.pile == [c("7H")]


def test_gin_9_pickup_may_not_be_the_knock_discard() -> None:
    # The non-dealer takes the upcard KH; G7 knocker could knock with it (K = 4) only if allowed.
    g = start(G7_KNOCKER, G7_DEFENDER, "KH")
    g.apply(NON_DEALER, TakeDiscard(c("KH")))
    assert not any(a.card == c("KH") for a in g.legal_actions(NON_DEALER) if isinstance(a, (Knock, Discard)))
    err = illegal(g, NON_DEALER, Knock(c("KH"), 4))
    assert err.rule == "GIN-9"
    assert isinstance(g.timeout_action(NON_DEALER), Discard)
    assert one_of(Discard, g.timeout_action(NON_DEALER)).card != c("KH")     # GIN-22: among legal discards
    g = start(G7_KNOCKER, G7_DEFENDER, "KH", options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(c("KH")))
    assert Knock(c("KH"), 4) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Knock(c("KH"), 4))
    assert g.scores == [0, 23]


def test_gin_9_stock_card_may_be_discarded_at_once() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, DrawStock())
    assert Discard(c("KD")) in g.legal_actions(DEALER)


def test_gin_10_knock_above_the_limit_is_illegal() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knock_limit": 3})
    assert not [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)]
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, Knock(c("KH"), 4))
    assert err.value.rule == "GIN-10" and "at most 3" in str(err.value)
    assert g.to_dict() == before
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    with pytest.raises(IllegalAction):
        g.apply(NON_DEALER, Knock(c("KH"), 3))      # the shown deadwood must be the real one


def test_gin_10_knock_limit_zero_means_gin_only() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D", {"knock_limit": 0})
    knocks = [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)]
    assert knocks == [Knock(c("9D"), 0)]


@pytest.mark.parametrize("limit,cards", [(10, ["5C", "6H"]), (6, ["5C", "6H"]), (5, ["6H"]), (4, [])])
def test_gin_10_knock_limit_option(limit: int, cards: list[str]) -> None:
    g, _ = knock_after_draw("2S 3S 4S 7H 7D 7C 9D 10D JD 5C", "KS KH 2H 3D 8S 8C 4H 9C JH QH", "6H",
                            {"knock_limit": limit})
    assert sorted(str(a.card) for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)) == cards
    if limit == 5:
        err = illegal(g, NON_DEALER, Knock(c("5C"), 6))
        assert err.rule == "GIN-10" and "at most 5" in str(err)
    err = illegal(g, NON_DEALER, Knock(c("6H"), 4))     # the shown deadwood must be right
    assert err.rule == "GIN-10"


def test_gin_10_knocking_is_optional() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    g.apply(NON_DEALER, Discard(c("KH")))
    assert g.hand_no == 1 and g.to_act() == [DEALER] and g.pile[-1] == c("KH")


def test_gin_11_mandatory_gin_discard_ends_the_hand() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D")
    assert Discard(c("9D")) not in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("9D")))           # the discard makes gin
    assert known(g.public_view()["last_hand"])["kind"] == "gin" and g.hand_no == 2


def test_gin_11_optional_gin_may_play_on() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D", {"gin_mandatory": False})
    assert Discard(c("9D")) in g.legal_actions(NON_DEALER)
    assert Knock(c("9D"), 0) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("9D")))
    assert g.hand_no == 1 and g.to_act() == [DEALER]


def test_gin_11_optional_gin_timeout_does_not_knock() -> None:
    g, _ = knock_after_draw(GIN_HAND, "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D", {"gin_mandatory": False})
    assert g.timeout_action(NON_DEALER) == Discard(c("9D"))
    g.apply(NON_DEALER, g.timeout_action(NON_DEALER))
    assert g.hand_no == 1 and g.scores == [0, 0]


def test_gin_11_mandatory_gin_discard_scores_gin() -> None:
    g, _ = knock_after_draw(GIN_HAND, "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D")
    assert Discard(c("9D")) not in g.legal_actions(NON_DEALER)
    events = g.apply(NON_DEALER, Discard(c("9D")))           # the discard itself makes gin
    assert known(g.last_hand)["kind"] == "gin" and c("9D") not in g.pile
    assert "gin" in summary(events)


def test_gin_12_big_gin_bonus_option_and_pile_pickup() -> None:
    knocker, defender = "AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH 2C 3D 5H 6C 8S 8C 4H 9C"
    g, _ = knock_after_draw(knocker, defender, "QD", {"big_gin": True, "big_gin_bonus": 50})
    assert (known(g.last_hand)["kind"], known(g.last_hand)["points"]) == ("big_gin", 50 + 65)
    # Big gin also ends the hand when the 11th card comes from the discard pile.
    g = start(knocker, defender, "QD", options={"big_gin": True})
    events = g.apply(NON_DEALER, TakeDiscard(c("QD")))
    assert known(g.last_hand)["kind"] == "big_gin" and g.scores == [0, 96]
    assert any(e.kind == "summary" for e in events)


def test_gin_12_big_gin_never_undercut() -> None:
    g, _ = knock_after_draw("AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH KD 2H 3H 4H 8C 9C 10C JC",
                            "QD", {"big_gin": True, "big_gin_bonus": 0, "gin_mandatory": False},
                            junk="6S")
    assert known(g.last_hand)["kind"] == "big_gin" and known(g.last_hand)["scorer"] == NON_DEALER
    assert g.scores == [0, 0] and g.hands_won == [0, 1]


def test_gin_13_void_hand_next_dealer_option() -> None:
    g = start(ND_HAND, D_HAND, "KS", options={"void_hand_dealer": "next"})
    g.apply(NON_DEALER, Pass(c("KS")))
    while g.hand_no == 1:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
    assert known(g.last_hand)["kind"] == "void" and g.dealer == NON_DEALER


def test_gin_13_void_only_at_two_stock_cards() -> None:
    g = start(ND_HAND, D_HAND, "KS")
    g.apply(NON_DEALER, Pass(c("KS")))
    while True:
        seat = g.turn
        g.apply(seat, DrawStock())
        left = len(g.stock)
        events = g.apply(seat, Discard(g.hands[seat][-1]))
        if left > 2:
            assert g.hand_no == 1 and g.phase == "draw"
            continue
        assert left == 2 and "void" in summary(events)
        break
    assert g.hand_no == 2 and g.dealer == DEALER and g.scores == [0, 0] and g.hands_won == [0, 0]
    assert g.chips() == {seat_key(0): 250, seat_key(1): 250}


def test_gin_13_void_then_next_dealer_winner_rule_alternates() -> None:
    # `next` applies GIN-18 "as if the hand had been played"; a void hand has no scorer, so
    # `winner`/`loser` cannot apply and the deal passes (Decision kept by the engine).
    g = start(ND_HAND, D_HAND, "KS", options={"void_hand_dealer": "next", "next_dealer": "winner"})
    g.apply(NON_DEALER, Pass(c("KS")))
    while g.hand_no == 1:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
    assert g.dealer == NON_DEALER
