"""Tripoley and Michigan Rummy rules, poker hand ranking: tests named by rule id."""

from __future__ import annotations

from bot.games.cards import parse_cards
from bot.games.poker import best_hand


def test_pr_1_and_pr_5_suits_never_break_ties() -> None:
    assert best_hand(parse_cards("AS KS QS JS 9S")) == best_hand(parse_cards("AH KH QH JH 9H"))
    assert best_hand(parse_cards("2C 2D 7S 9H KC")) == best_hand(parse_cards("2S 2H 7C 9D KD"))


def test_pr_2_category_order() -> None:
    order = ["2S 4H 7C 10D QS", "2S 2H 7C 10D QS", "2S 2H 7C 7D QS", "2S 2H 2C 10D QS", "3S 4H 5C 6D 7S",
             "2H 4H 7H 10H QH", "2S 2H 2C 10D 10S", "2S 2H 2C 2D QS", "3H 4H 5H 6H 7H"]
    values = [best_hand(parse_cards(h)) for h in order]
    assert values == sorted(values) and len({v.key for v in values}) == 9


def test_pr_3_straights_do_not_wrap() -> None:
    assert best_hand(parse_cards("QS KH AD 2C 3S")).category == "high_card"
    assert best_hand(parse_cards("AH 2H 3H 4H 5H")) < best_hand(parse_cards("2S 3S 4S 5S 6S"))
