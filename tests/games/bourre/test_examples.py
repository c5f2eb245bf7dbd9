"""The worked examples B1–B24 of bourre.md, one test each."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.bourre import Bourre, legal_cards
from bot.games.bourre.actions import Exchange, Fold, PlayHand
from bot.games.cards import Card, parse_cards

from .helpers import everyone_plays, legal, play, start
from tests.english import english


def L(hand: str, trick: str, trump: str = "H", **kw: Any) -> list[str]:
    return [str(c) for c in legal_cards(parse_cards(hand), parse_cards(trick), trump, **kw)]


def test_b1_leader_may_play_anything() -> None:
    assert L("AS 3H 7D 10C 2S", "") == ["AS", "3H", "7D", "10C", "2S"]


def test_b2_must_follow_and_beat() -> None:
    assert L("AS 2S 3H 4D 5C", "KS") == ["AS"]


def test_b3_follow_suit_when_unable_to_beat() -> None:
    assert L("QS 2S 3H 4D 5C", "KS") == ["QS", "2S"]


def test_b4_must_follow_when_a_trump_already_wins() -> None:
    assert L("AS 2S 4H KH 9C", "10S 5H") == ["AS", "2S"]


def test_b5_must_overtrump() -> None:
    assert L("4H KH 9C 2D", "10S 5H") == ["KH"]


def test_b6_cannot_overtrump_must_still_trump() -> None:
    assert L("4H 9H 9C 2D", "10S QH") == ["4H", "9H"]


def test_b7_must_trump_when_void() -> None:
    assert L("2H 9C 3D", "10S") == ["2H"]


def test_b8_free_discard_without_led_suit_or_trump() -> None:
    assert L("9C 3D 4D", "10S 5H") == ["9C", "3D", "4D"]


def test_b9_trump_led_must_beat() -> None:
    assert L("8H 6H AS", "7H") == ["8H"]


def test_b10_trump_led_cannot_beat_any_trump() -> None:
    assert L("8H 10H AS", "7H JH") == ["8H", "10H"]


def test_b11_must_beat_highest_of_led_suit() -> None:
    assert L("5D 10D 2H", "4D 9D") == ["10D"]


def test_b12_third_suit_discard_never_counts() -> None:
    assert L("2D KS", "4D 3C") == ["2D"]


def test_b13_ace_trump_lead() -> None:
    assert L("AH 2S 3S KD 4C", "", ace_trump_lead=True) == ["AH"]
    assert L("AH 2S 3S KD 4C", "") == ["AH", "2S", "3S", "KD", "4C"]


def test_b14_sure_three_leading() -> None:
    assert L("AH KH QH 2C 3C", "", sure_three_rule=True, tricks_won=0) == ["AH"]


def test_b15_sure_three_following_not_last() -> None:
    assert L("AH KH QH 2C 3C", "5S", sure_three_rule=True, last_to_play=False) == ["AH"]


def test_b16_sure_three_last_player_is_free() -> None:
    assert L("AH KH QH 2C 3C", "5S 9S 10S", sure_three_rule=True, last_to_play=True) == ["AH", "KH", "QH"]


def test_b17_complete_three_player_hand() -> None:
    # A=0 (dealer's left), B=1, C=2 the dealer with the upcard 7S (listed last).
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    assert g.public_view()["trump"] == "S" and g.public_view()["upcard"] == "7S"
    everyone_plays(g)
    assert g.public_view()["upcard_state"] == "kept"
    assert g.pot == 3
    play(g, 0, "AH")
    assert legal(g, 1) == {"QH", "3H"}
    play(g, 1, "3H")
    assert legal(g, 2) == {"5H"}
    play(g, 2, "5H")
    play(g, 0, "KH")
    assert legal(g, 1) == {"QH"}
    play(g, 1, "QH")
    assert legal(g, 2) == {"7S", "8S"}
    play(g, 2, "7S")
    play(g, 2, "JD")
    assert legal(g, 0) == {"9D"}
    play(g, 0, "9D")
    assert legal(g, 1) == {"10D"}
    play(g, 1, "10D")
    play(g, 2, "AC")
    assert legal(g, 0) == {"4C"}
    play(g, 0, "4C")
    assert legal(g, 1) == {"5C"}
    play(g, 1, "5C")
    play(g, 2, "8S")
    assert legal(g, 0) == {"2S"}
    play(g, 0, "2S")
    assert legal(g, 1) == {"JS"}
    events = play(g, 1, "JS")
    summary = next(e for e in events if e.kind == "summary")
    assert "{p0} (1), {p1} (1), {p2} (3)" in english(summary)
    assert "{p2} took the most tricks and wins 3 chips" in english(summary)
    assert "bourré" not in english(summary)
    # C took the 3 antes; the next hand (dealt at once) has all three ante again.
    assert g.stacks[:] == [199 - 1, 199 - 1, 202 - 1]
    assert g.pot == 3 and g.hand_no == 2


# B18/B21/B22 deal: trump clubs (D's upcard 2C); A takes three trump tricks, B two aces.
FOUR = {0: "AC KC QC 2H 2D", 1: "AH AD 3S 4S 5S", 2: "3H 4H 6S 7S 8S", 3: "9S 10S JS QS 2C"}
FOUR_PLAYS = [(0, "AC"), (1, "3S"), (2, "6S"), (3, "2C"),
              (0, "KC"), (1, "4S"), (2, "7S"), (3, "9S"),
              (0, "QC"), (1, "5S"), (2, "8S"), (3, "10S"),
              (0, "2H"), (1, "AH"), (2, "3H"), (3, "JS"),
              (1, "AD"), (2, "4H"), (3, "QS"), (0, "2D")]


def _play_four(g: Bourre) -> list[Any]:
    everyone_plays(g)
    events = []
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    return events


def test_b18_sole_winner_and_two_bourres() -> None:
    g = start(4, 3, FOUR)
    assert g.pot == 4 and g.stacks == [199] * 4
    events = _play_four(g)
    assert [g.tricks_won[s] for s in range(4)] == [0] * 4  # next hand already dealt
    summary = next(e for e in events if e.kind == "summary")
    assert "{p0} (3), {p1} (2), {p2} (0), {p3} (0)" in english(summary)
    assert "{p2} is bourré and pays 4 chips" in english(summary)
    assert "{p3} is bourré and pays 4 chips" in english(summary)
    assert "Next pot: 8 chips." in english(summary)
    assert "Skipping the next ante: {p2}, {p3}." in english(summary)
    hand2 = events[-1]
    assert hand2.kind == "hand" and "Antes 2 ({p2}, {p3} skip it); pot 10." in english(hand2)
    # Hand 2: C and D skip the ante; A and B pay.
    assert g.hand_no == 2
    assert g.stacks == [202, 198, 195, 195]
    assert g.pot == 10
    assert sum(g.stacks) + g.pot == 800
    assert g.public_view()["seats"][2]["skipped_ante"] is True


# B19 deal: six seated, trump clubs from F's upcard 2C; E and F fold.
SIX = {0: "AH KH 2D 3D 4D", 1: "AS KS 5D 6D 7D", 2: "AD 3S 5S 6S 7S", 3: "8H 9H 10H 8S 9S",
       5: "2H 4C 5C 6C 2C"}
SIX_PLAYS = [(0, "AH"), (1, "7D"), (2, "7S"), (3, "8H"),
             (0, "KH"), (1, "6D"), (2, "6S"), (3, "9H"),
             (0, "2D"), (1, "5D"), (2, "AD"), (3, "10H"),
             (2, "3S"), (3, "8S"), (0, "3D"), (1, "AS"),
             (1, "KS"), (2, "5S"), (3, "9S"), (0, "4D")]


@pytest.mark.parametrize("mode, pot", [("bourre_and_tied", 15), ("bourre_only", 17), ("none", 18)])
def test_b19_tie_for_most_tricks(mode: str, pot: int) -> None:
    g = start(6, 5, SIX, options={"ante_exemption": mode})
    for seat in range(6):
        g.apply(seat, PlayHand() if seat < 4 else Fold())
        if seat < 4:
            g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.pot == 6
    events = []
    for seat, card in SIX_PLAYS:
        events = play(g, seat, card)
    summary = next(e for e in events if e.kind == "summary")
    assert "{p0} (2), {p1} (2), {p2} (1), {p3} (0)" in english(summary)
    assert "tie with 2 tricks" in english(summary)
    assert "{p3} is bourré and pays 6 chips" in english(summary)
    assert g.pot == pot
    assert sum(g.stacks) + g.pot == 1200


def test_b20_only_one_player_stays() -> None:
    g = start(5, 4, {4: "2H 3H 4H 5H 6S"})
    data = g.to_dict()
    data["pot"] += 12           # carried from earlier hands
    data["stacks"][4] -= 12
    g = Bourre.from_dict(data)
    assert g.pot == 17
    before = list(g.stacks)
    g.apply(0, Fold())
    g.apply(1, PlayHand())
    assert g.to_act() == [1] and g.phase == "exchange"
    g.apply(1, Exchange(()))
    g.apply(2, Fold())
    g.apply(3, Fold())
    events = g.apply(4, Fold())
    summary = next(e for e in events if e.kind == "summary")
    assert "{p1} was the only player to play and takes 17 chips" in english(summary)
    # All five ante the next hand (nobody is exempt) into an empty pot.
    assert g.pot == 5
    assert g.stacks == [before[0] - 1, before[1] + 17 - 1, before[2] - 1, before[3] - 1, before[4] - 1]


def test_b21_pot_limit() -> None:
    three = {0: "AC KC QC 2H 2D", 1: "AH AD 3S 4S 5S", 2: "6S 7S 8S 9S 2C"}
    g = start(3, 2, three, options={"pot_limit": 10})
    data = g.to_dict()
    data["pot"] += 22
    data["stacks"][1] -= 22
    g = Bourre.from_dict(data)
    assert g.pot == 25
    everyone_plays(g)
    plays = [(0, "AC"), (1, "3S"), (2, "2C"), (0, "KC"), (1, "4S"), (2, "6S"), (0, "QC"), (1, "5S"),
             (2, "7S"), (0, "2H"), (1, "AH"), (2, "8S"), (1, "AD"), (2, "9S"), (0, "2D")]
    for seat, card in plays:
        events = play(g, seat, card)
    summary = next(e for e in events if e.kind == "summary")
    assert "{p0} took the most tricks and wins 10 chips" in english(summary)
    assert "{p2} is bourré and pays 10 chips" in english(summary)
    # 25 - 10 + 10 = 25 carried; next hand C (bourré) is exempt, A and B ante.
    assert g.pot == 27
    assert g.stacks == [199 + 10 - 1, 177 - 1, 199 - 10]


def test_b22_bourre_with_a_short_stack_ends_the_game() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8])
    data = g.to_dict()
    data["pot"] += 8
    data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    assert g.pot == 12 and g.stacks == [199, 199, 199, 7]
    events = _play_four(g)
    summary = next(e for e in events if e.kind == "summary")
    assert "{p3} is bourré and pays 7 chips into the next pot (all they had; 12 chips were due)" \
        in english(summary)
    assert g.is_over()
    # A +12, C -12, D -7: pot 19 is split 4 each; 3 odd chips to A, B, C (from the dealer's left).
    assert g.stacks == [199 + 12 + 5, 199 + 5, 199 - 12 + 5, 0 + 4]
    assert g.pot == 0 and sum(g.stacks) == 616
    assert "went broke" in english(summary)


def test_b23_dealer_must_play_on_an_ace_upcard() -> None:
    g = start(3, 2, {0: "2S 3S 4S 5S 6S", 1: "7S 8S 9S 10S JS", 2: "2H 3H 4H 5H AD"})
    assert g.public_view()["trump"] == "D"
    g.apply(0, PlayHand())
    g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand()]
    assert g.timeout_action(2) == PlayHand()
    with pytest.raises(IllegalAction) as err:
        g.apply(2, Fold())
    assert err.value.rule == "BOU-10"
    g.apply(2, PlayHand())
    g.apply(2, Exchange((Card.parse("AD"),)))
    view = g.public_view()
    assert view["trump"] == "D" and view["upcard_state"] == "discarded"
    assert "AD" not in g.private_view(2)["hand"]
    assert g.phase == "tricks"


def test_b24_stock_rebuilding() -> None:
    g = Bourre.start([200] * 8, seed=11, dealer=7)
    assert len(g.stock) == 12
    discards: dict[int, set[str]] = {}
    stock_sizes = []
    for seat in range(8):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        before = set(hand)
        g.apply(seat, Exchange(tuple(Card.parse(c) for c in hand)))
        after = set(g.private_view(seat)["hand"])
        discards[seat] = before
        assert len(after) == 5 and not after & before  # never draws its own discards back
        stock_sizes.append(len(g.stock))
        if seat in (2, 4, 6):
            # the new stock is made of exactly the two previous players' discards
            pool = discards[seat - 2] | discards[seat - 1]
            assert set(g.to_dict()["stock"]) <= pool
            assert len(after & pool) == 3
    assert stock_sizes == [7, 2, 7, 2, 7, 2, 7, 2]
    assert g.reshuffles == 3
    assert g.phase == "tricks"
