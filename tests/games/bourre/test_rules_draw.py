"""Bourré rules, the draw phase: tests named by rule id."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction
from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayHand

from .helpers import everyone_plays, play, start
from .rules_helpers import cards, summary_of, timeouts_until_next_hand, with_pot
from .test_examples import FOUR, FOUR_PLAYS
from tests.english import english
from tests.games.known import all_of


def test_bou_9_single_pass_each_player_exchanges_before_the_next_declares() -> None:
    g = Bourre.start([200] * 3, seed=4, dealer=2)
    g.apply(0, PlayHand())
    assert g.to_act() == [0] and all(isinstance(a, Exchange) for a in g.legal_actions(0))
    assert len(g.legal_actions(0)) == 32
    hand = g.private_view(0)["hand"]
    g.apply(0, Exchange(cards(" ".join(hand[:2]))))
    assert g.public_view()["seats"][0]["exchanged"] == 2
    assert g.to_act() == [1] and g.legal_actions(1)[0] == PlayHand()


def test_bou_9_declare_then_exchange() -> None:
    g = Bourre.start([200] * 4, {"exchange_order": "declare_then_exchange", "dealer_must_play_on_ace": False},
                     seed=4, dealer=3)
    for seat, act in [(0, PlayHand()), (1, Fold()), (2, PlayHand()), (3, PlayHand())]:
        assert g.to_act() == [seat] and g.phase == "declare"
        g.apply(seat, act)
    for seat in (0, 2, 3):
        assert g.to_act() == [seat] and g.phase == "exchange"
        g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.to_act() == [0]


def test_bou_9_exchange_is_checked() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S"}, options={"max_exchange": 2})
    g.apply(0, PlayHand())
    assert len(g.legal_actions(0)) == 1 + 5 + 10
    before = g.to_dict()
    for bad, rule in [(cards("2H"), "BOU-9"), (cards("AS AS"), "BOU-9"), (cards("AS KS QS"), "BOU-9")]:
        with pytest.raises(IllegalAction) as err:
            g.apply(0, Exchange(bad))
        assert err.value.rule == rule
        assert g.to_dict() == before
    with pytest.raises(IllegalAction):
        g.apply(0, Fold())


def test_bou_9_max_exchange_0_means_no_exchange_step() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"max_exchange": 0})
    g.apply(0, PlayHand())
    assert g.phase == "declare" and g.to_act() == [1]
    g.apply(1, PlayHand())
    g.apply(2, PlayHand())
    assert g.phase == "tricks" and g.public_view()["upcard_state"] == "kept"
    assert [g.public_view()["seats"][s]["exchanged"] for s in range(3)] == [0, 0, 0]


def test_bou_9_max_exchange_3_offers_up_to_three_cards() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S"}, options={"max_exchange": 3})
    g.apply(0, PlayHand())
    acts = all_of(Exchange, g.legal_actions(0))
    assert len(acts) == 1 + 5 + 10 + 10 and max(len(a.cards) for a in acts) == 3
    with pytest.raises(IllegalAction, match="at most 3"):
        g.apply(0, Exchange(cards("AS KS QS JS")))


def test_bou_9_declare_then_exchange_with_one_player_skips_the_exchange() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"exchange_order": "declare_then_exchange"})
    g.apply(0, Fold())
    g.apply(1, PlayHand())
    assert g.phase == "declare" and g.to_act() == [2]  # nobody exchanges before all declared
    events = g.apply(2, Fold())
    assert "{p1} was the only player to play and takes 3 chips" in summary_of(events)


def test_bou_9_exchange_count_is_public_and_the_cards_private() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S", 2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand())
    events = g.apply(0, Exchange(cards("JS 10S")))
    public = [e for e in events if e.private_to is None]
    private = [e for e in events if e.private_to is not None]
    assert any("exchanges 2 cards" in english(e) for e in public)
    assert all("J♠" not in english(e) and "10♠" not in english(e) for e in public)
    assert private and private[0].private_to == 0 and "J♠" in english(private[0])
    assert "JS" not in json.dumps(g.public_view()) and "10S" not in json.dumps(g.public_view())


def test_bou_10_dealer_discarding_the_upcard_is_public() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand(), Fold()]
    g.apply(2, PlayHand())
    g.apply(2, Exchange(cards("9D 2S")))
    view = g.public_view()
    assert view["upcard_state"] == "discarded" and view["trump"] == "D" and view["upcard_out"]


def test_bou_10_dealer_may_fold_on_an_ace_when_the_option_is_off() -> None:
    g = start(3, 2, {2: "2H 3H 4H 5H AD"}, options={"dealer_must_play_on_ace": False})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand(), Fold()]
    assert g.timeout_action(2) == Fold()


def test_bou_10_dealer_keeping_the_upcard() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    g.apply(2, PlayHand())
    assert g.public_view()["upcard_state"] == "face up"  # until the dealer has acted
    g.apply(2, Exchange(cards("2S 3S")))
    view = g.public_view()
    assert view["upcard_state"] == "kept" and not view["upcard_out"] and view["trump"] == "D"
    assert "9D" in g.private_view(2)["hand"]


def test_bou_11_folded_hands_go_under_the_stock() -> None:
    g = Bourre.start([200] * 5, {"folded_hands_to_stock": True}, seed=8, dealer=4)
    assert g.public_view()["stock"] == 27
    g.apply(0, Fold())
    assert g.public_view()["stock"] == 32
    g2 = Bourre.start([200] * 5, seed=8, dealer=4)
    g2.apply(0, Fold())
    assert g2.public_view()["stock"] == 27


def test_bou_11_folded_hands_stay_out_of_the_stock_by_default() -> None:
    g = Bourre.start([200] * 8, seed=21, dealer=7)
    folded = set(g.hands[0])
    g.apply(0, Fold())
    for seat in range(1, 8):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand))))
        assert not folded & set(g.hands[seat])
    assert not folded & set(g.stock)
    assert g.reshuffles == 3 and g.phase == "tricks"


def test_bou_11_folded_hands_go_under_the_stock_and_are_drawn() -> None:
    g = Bourre.start([200] * 8, {"folded_hands_to_stock": True}, seed=21, dealer=7)
    folded = set(g.hands[0])
    g.apply(0, Fold())
    assert len(g.stock) == 17 and set(g.stock[12:]) == folded
    got = set()
    for seat in (1, 2, 3):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand))))
        got |= set(g.hands[seat]) & folded
    assert len(got) == 3 and g.reshuffles == 0 and len(g.stock) == 2


def test_bou_11_the_rebuilt_stock_never_holds_the_drawers_own_discards() -> None:
    g = Bourre.start([200] * 8, seed=4, dealer=7)
    for seat in range(8):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        thrown = hand if seat % 2 else hand[:4]
        g.apply(seat, Exchange(cards(" ".join(thrown))))
        assert not set(g.private_view(seat)["hand"]) & set(thrown)
        assert len(g.hands[seat]) == 5
    assert g.reshuffles >= 2 and g.phase == "tricks"


def test_bou_12_everybody_folds_pot_stays() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    for seat in range(3):
        events = g.apply(seat, Fold())
    summary = next(e for e in events if e.kind == "summary")
    assert "everybody folded" in english(summary)
    assert g.hand_no == 2 and g.pot == 6 and g.stacks == [198] * 3  # nobody exempt


def test_bou_12_and_bou_19_lone_player_takes_at_most_the_pot_limit() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"pot_limit": 10})
    g = with_pot(g, 20, 0)
    assert g.pot == 23
    g.apply(0, Fold())
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    events = g.apply(2, Fold())
    text = summary_of(events)
    assert "takes 10 chips" in text and "13 chips stay in the pot (pot limit)" in text
    assert g.pot == 13 + 3 and g.stacks == [179 - 1, 199 + 10 - 1, 199 - 1]


def test_bou_12_a_lone_player_hand_clears_earlier_exemptions() -> None:
    g = start(4, 3, FOUR)
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.skipped_ante == [2, 3]     # hand 2: the bourré players skip the ante
    # BOU-20: the exemption lasts one hand; hand 2 ends by folds (BOU-12) -> all ante in hand 3.
    events = timeouts_until_next_hand(g)
    assert g.hand_no == 3 and g.skipped_ante == []
    assert "Antes 4;" in english(events[-1]) and "skip" not in english(events[-1])
