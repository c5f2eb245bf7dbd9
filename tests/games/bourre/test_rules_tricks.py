"""Bourré rules, trick play: tests named by rule id."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import IllegalAction
from bot.games.bourre import legal_cards
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.bourre.legal import CARD_ID, trick_winner_index
from bot.games.cards import Card, new_deck, parse_cards

from .helpers import everyone_plays, legal, play, start
from .rules_helpers import OPT, cards
from .test_examples import FOUR
from tests.english import english


def _reference_legal(hand: list[Card], played: list[Card], trump: str, must_beat: bool, must_trump: bool,
                     must_overtrump: bool) -> list[Card]:
    """bourre.md BOU-14, line by line, on Card objects."""
    if not played:
        return list(hand)
    led = played[0].suit
    trumps_played = [c for c in played if c.suit == trump]
    if trumps_played:
        w = max(trumps_played, key=lambda c: c.high)
    else:
        w = max((c for c in played if c.suit == led), key=lambda c: c.high)
    f = [c for c in hand if c.suit == led]
    if f:
        if w.suit == led and must_beat:
            b = [c for c in f if c.high > w.high]
            return b if b else f
        return f
    r = [c for c in hand if c.suit == trump]
    if r and must_trump:
        if w.suit == trump and must_overtrump:
            b = [c for c in r if c.high > w.high]
            return b if b else r
        return r
    return list(hand)


def L(hand: str, trick: str, trump: str = "H", **kw: Any) -> set[str]:
    return {str(c) for c in legal_cards(parse_cards(hand), parse_cards(trick), trump, **kw)}


def _winner(trick: str, trump: str) -> int:
    t = "SHDC".index(trump)
    return trick_winner_index([CARD_ID[c] for c in parse_cards(trick)], t)


def test_bou_13_first_active_player_from_dealers_left_leads() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold())
    for seat in (1, 2, 3):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.to_act() == [1]


def test_bou_13_folded_players_are_skipped_and_the_winner_leads() -> None:
    g = start(4, 3, FOUR)
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    for seat in (2, 3):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    turns = []
    winners = []
    while g.hand_no == 1:
        seat = g.to_act()[0]
        turns.append(seat)
        events = g.apply(seat, g.timeout_action(seat))
        winners += [e.data["winner"] for e in events if e.kind == "card" and "winner" in e.data]
    assert 1 not in turns and turns[:3] == [0, 2, 3]
    for k in range(1, 5):  # trick k+1 is led by the winner of trick k
        assert turns[3 * k] == winners[k - 1]


def test_bou_14_illegal_card_is_refused_and_changes_nothing() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    everyone_plays(g)
    play(g, 0, "AH")
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(1, PlayCard(Card.parse("JS")))
    assert err.value.rule == "BOU-14" and "3♥" in str(err.value)
    with pytest.raises(IllegalAction):
        g.apply(1, PlayCard(Card.parse("AS")))  # not in hand
    with pytest.raises(IllegalAction):
        g.apply(2, PlayCard(Card.parse("5H")))  # out of turn
    assert g.to_dict() == before


@settings(derandomize=True, deadline=None, max_examples=400)
@given(cards=st.permutations(new_deck()), hand_size=st.integers(1, 5), trick_size=st.integers(0, 7),
       trump=st.sampled_from("SHDC"), flags=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_bou_14_matches_the_rules_pseudocode(cards: list[Card], hand_size: int, trick_size: int, trump: str,
                                             flags: tuple[bool, bool, bool]) -> None:
    hand, played = cards[:hand_size], cards[hand_size:hand_size + trick_size]
    mb, mt, mo = flags
    got = legal_cards(hand, played, trump, must_beat=mb, must_trump=mt, must_overtrump=mo)
    assert got == _reference_legal(hand, played, trump, mb, mt, mo)


@pytest.mark.parametrize("options, b, c, d", [
    ({}, {"AH"}, {"8S"}, {"9S"}),
    ({"must_beat": False}, {"AH", "3H"}, {"8S"}, {"9S"}),
    ({"must_trump": False}, {"AH"}, {"8D", "9D", "10D", "JD", "8S"}, {"QD", "KD", "AD", "9S", "7S"}),
    ({"must_overtrump": False}, {"AH"}, {"8S"}, {"9S", "7S"}),
])
def test_bou_14_each_switch_changes_the_legal_cards(options: dict[str, bool], b: set[str], c: set[str],
                                                    d: set[str]) -> None:
    g = start(4, 3, OPT, options=options)
    everyone_plays(g)
    play(g, 0, "5H")
    assert legal(g, 1) == b
    play(g, 1, "AH")
    assert legal(g, 2) == c
    play(g, 2, "8S")
    assert legal(g, 3) == d


def test_bou_14_switches_on_the_rule_function() -> None:
    assert L("AS 2S 3H", "KS", must_beat=False) == {"AS", "2S"}
    assert L("2H 9C 3D", "10S", must_trump=False) == {"2H", "9C", "3D"}
    assert L("4H KH 9C 2D", "10S 5H", must_overtrump=False) == {"4H", "KH"}
    # a trump already winning: following suit with must_beat still allows any card of the suit
    assert L("AS 2S", "10S 5H") == {"AS", "2S"}


def test_bou_14_refusal_names_the_legal_cards() -> None:
    g = start(4, 3, OPT)
    everyone_plays(g)
    play(g, 0, "5H")
    with pytest.raises(IllegalAction) as err:
        g.apply(1, PlayCard(Card.parse("3H")))
    assert err.value.rule == "BOU-14" and "A♥" in str(err.value) and "follow suit" in str(err.value)


def test_bou_15_sure_three_in_the_engine() -> None:
    hands = {0: "AS KS QS 2C 3C", 1: "4S 5S 6H 7H 8H", 2: "9D 10D JD QD 7S"}
    g = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(g)
    assert legal(g, 0) == {"AS"}  # sure of three: must lead the highest trump
    play(g, 0, "AS")
    assert legal(g, 1) == {"4S", "5S"}
    g2 = start(3, 2, hands, options={"ace_trump_lead": True})
    everyone_plays(g2)
    assert legal(g2, 0) == {"AS"}
    g3 = start(3, 2, hands)
    everyone_plays(g3)
    assert legal(g3, 0) == {"AS", "KS", "QS", "2C", "3C"}


def test_bou_15_ace_trump_lead_only_binds_the_holder_of_the_ace_on_lead() -> None:
    assert L("KH 2S 3S KD 4C", "", ace_trump_lead=True) == {"KH", "2S", "3S", "KD", "4C"}
    assert L("AH 2S 3S KD 4C", "5S", ace_trump_lead=True) == {"2S", "3S"}


def test_bou_15_ace_trump_lead_in_the_engine_and_its_refusal() -> None:
    # Trump hearts (dealer 2's upcard 9H); seat 0 leads holding AH.
    g = start(3, 2, {0: "AH 2S 3S KD 4C", 2: "2D 3D 4D 5D 9H"}, options={"ace_trump_lead": True})
    everyone_plays(g)
    assert legal(g, 0) == {"AH"}
    with pytest.raises(IllegalAction) as err:
        g.apply(0, PlayCard(Card.parse("2S")))
    assert err.value.rule == "BOU-15" and "ace of trumps" in str(err.value)
    g2 = start(3, 2, {0: "AH 2S 3S KD 4C", 2: "2D 3D 4D 5D 9H"})
    everyone_plays(g2)
    assert legal(g2, 0) == {"AH", "2S", "3S", "KD", "4C"}  # off by default


def test_bou_15_sure_three_counts_tricks_already_won() -> None:
    assert L("AH 2C 3C", "", sure_three_rule=True, tricks_won=2) == {"AH"}
    assert L("AH 2C 3C", "", sure_three_rule=True, tricks_won=1) == {"AH", "2C", "3C"}
    # KH is sure only if AH is known out of play
    assert L("KH QH JH 2C 3C", "", sure_three_rule=True) == {"KH", "QH", "JH", "2C", "3C"}
    assert L("KH QH JH 2C 3C", "", sure_three_rule=True, out_of_play=parse_cards("AH")) == {"KH"}


def test_bou_15_sure_three_leaves_the_bou_14_set_when_the_top_trump_is_not_legal() -> None:
    # must follow spades: the top trump is not legal, so BOU-14 applies unchanged
    assert L("AH KH QH 2S 3S", "5S", sure_three_rule=True) == {"2S", "3S"}


def test_bou_15_sure_three_uses_the_discarded_upcard_as_out_of_play() -> None:
    hands = {0: "KH QH JH 2C 3C", 2: "2D 3D 4D 5D AH"}  # upcard AH: trump hearts
    g = start(3, 2, hands, options={"sure_three_rule": True})
    for seat in (0, 1):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    g.apply(2, PlayHand()); g.apply(2, Exchange(cards("AH")))
    assert legal(g, 0) == {"KH"}
    with pytest.raises(IllegalAction) as err:
        g.apply(0, PlayCard(Card.parse("2C")))
    assert err.value.rule == "BOU-15" and "sure of three tricks" in str(err.value)
    kept = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(kept)  # the dealer keeps AH: KH is not a sure trick
    assert legal(kept, 0) == {"KH", "QH", "JH", "2C", "3C"}


def test_bou_15_a_folded_dealers_upcard_is_out_of_play() -> None:
    # Upcard KH (trump hearts): once the dealer folds, AH QH JH are three sure trumps.
    hands = {0: "AH QH JH 2C 3C", 2: "2D 3D 4D 5D KH"}
    g = start(3, 2, hands, options={"sure_three_rule": True})
    for seat in (0, 1):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    g.apply(2, Fold())
    assert g.public_view()["upcard_out"] and legal(g, 0) == {"AH"}
    kept = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(kept)  # the dealer holds KH: only AH is sure
    assert legal(kept, 0) == {"AH", "QH", "JH", "2C", "3C"}


@pytest.mark.parametrize("drawn, restricted", [(0, True), (5, False)])
def test_bou_15_a_folded_upcard_under_the_stock_counts_only_while_nobody_can_have_drawn_it(
        drawn: int, restricted: bool) -> None:
    # folded_hands_to_stock: the folded dealer's hand (with the upcard KH) goes under the stock;
    # once players have drawn into it, the upcard may be in a hand and is no longer known out.
    hands = {0: "AH QH JH 2C 3C", 7: "2D 3D 4D 5D KH"}
    g = start(8, 7, hands, options={"sure_three_rule": True, "folded_hands_to_stock": True,
                                    "exchange_order": "declare_then_exchange"})
    for seat in range(7):
        g.apply(seat, PlayHand())
    g.apply(7, Fold())
    assert len(g.stock) == 12 + 5
    g.apply(0, Exchange(()))
    for seat in range(1, 7):
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand[:drawn]))))
    assert g.phase == "tricks" and g.public_view()["upcard_out"] is restricted
    assert (legal(g, 0) == {"AH"}) is restricted


def test_bou_16_highest_trump_wins() -> None:
    g = start(3, 2, {0: "AH 2S 3S 4S 5S", 1: "6S 7S 8S 9S 2D", 2: "10S JS QS KS 3D"})
    everyone_plays(g)  # trump diamonds
    play(g, 0, "AH"); play(g, 1, "2D"); events = play(g, 2, "3D")
    assert events[-1].data["winner"] == 2 and "{p2} wins trick 1" in english(events[-1])
    assert g.to_act() == [2]


def test_bou_16_highest_trump_else_highest_of_led_suit() -> None:
    assert _winner("10S AD 2H 3H", "H") == 3
    assert _winner("10S AD KS", "H") == 2     # a third-suit ace never wins
    assert _winner("10S AD", "C") == 0
    assert _winner("2H AH KH", "H") == 1      # trumps led
    assert _winner("QS 2D AS", "D") == 1      # the only trump beats a later ace of the led suit
