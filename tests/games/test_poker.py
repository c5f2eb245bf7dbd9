"""The shared poker evaluator against brute force (PR-1 … PR-6).

The reference here is deliberately naive and independent of `bot.games.poker`: it scores one
five-card hand from sorted rank counts, and the best of N is the maximum over all C(N, 5)
subsets. The bitmask evaluator must agree exactly for every N.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.poker import CATEGORIES, best_hand, hand_message

from tests.english import english_msg


def ref5(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """A naive value of exactly five cards: (category index, tie-break ranks)."""
    ranks = sorted((c.high for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight = 0
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            straight = 5
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = [c for _, c in groups]
    keys = tuple(r for r, _ in groups)
    if straight and flush:
        return (8, (straight,))
    if shape == [4, 1]:
        return (7, keys)
    if shape == [3, 2]:
        return (6, keys)
    if flush:
        return (5, tuple(ranks))
    if straight:
        return (4, (straight,))
    if shape == [3, 1, 1]:
        return (3, keys)
    if shape == [2, 2, 1]:
        return (2, keys)
    if shape == [2, 1, 1, 1]:
        return (1, keys)
    return (0, tuple(ranks))


def brute(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    return max(ref5(combo) for combo in combinations(cards, 5))


def test_pr6_matches_brute_force_on_thousands_of_hands() -> None:
    rng = random.Random(20261121)
    deck = new_deck()
    sizes = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
    counts = {5: 600, 6: 400, 7: 400, 8: 300, 9: 250, 10: 200, 11: 150, 12: 100, 13: 60, 14: 40,
              15: 25, 16: 20, 17: 15}
    checked = 0
    for n in sizes:
        for _ in range(counts[n]):
            cards = rng.sample(deck, n)
            value = best_hand(cards)
            want = brute(cards)
            assert (CATEGORIES.index(value.category), value.ranks) == want, cards
            assert ref5(value.cards) == want, cards           # the five cards shown make that hand
            assert len(set(value.cards)) == 5 and set(value.cards) <= set(cards)
            checked += 1
    assert checked >= 2500


def test_pr4_order_agrees_with_brute_force_between_hands() -> None:
    rng = random.Random(7)
    deck = new_deck()
    for _ in range(1500):
        a, b = rng.sample(deck, rng.randint(5, 9)), rng.sample(deck, rng.randint(5, 9))
        va, vb = best_hand(a), best_hand(b)
        ra, rb = brute(a), brute(b)
        assert (va < vb) == (ra < rb) and (va == vb) == (ra == rb) and (va > vb) == (ra > rb)


@pytest.mark.parametrize("text, category", [
    ("AS KS QS JS 10S 2H 3D", "straight_flush"),
    ("AH 2H 3H 4H 5H", "straight_flush"),
    ("9C 9D 9H 9S 2C", "four_of_a_kind"),
    ("2S 2H 2D 3C 3S 3H", "full_house"),
    ("2S 4S 6S 8S 10S KH KD", "flush"),
    ("QC KD AH 2S 3C 9H", "high_card"),           # PR-3: no wrap-around straight
    ("AC 2D 3H 4S 5C 6D", "straight"),
    ("7S 7H 7D KC 2S", "three_of_a_kind"),
    ("7S 7H KD KC 2S 2C", "two_pair"),
    ("7S 7H 9D KC 2S", "one_pair"),
])
def test_pr2_categories(text: str, category: str) -> None:
    assert best_hand(parse_cards(text)).category == category


def test_pr3_wheel_is_the_lowest_straight_and_six_high_beats_it() -> None:
    wheel = best_hand(parse_cards("AH 2C 3D 4S 5H"))
    assert wheel.ranks == (5,)
    assert wheel < best_hand(parse_cards("2S 3H 4D 5C 6S"))
    assert best_hand(parse_cards("AH 2H 3H 4H 5H")) < best_hand(parse_cards("2D 3D 4D 5D 6D"))


def test_pr6_twenty_cards_and_bad_input() -> None:
    cards = parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H 4H 5H 6H 7H 8H")
    assert best_hand(cards).category == "straight_flush" and best_hand(cards).ranks == (14,)
    with pytest.raises(ValueError):
        best_hand(parse_cards("2S 3S 4S 5S"))
    with pytest.raises(ValueError):
        best_hand(parse_cards("2S 2S 4S 5S 6S"))


def test_text_and_cards_for_people() -> None:
    value = best_hand(parse_cards("9C 9D 9S 4C 4D 2H KS"))
    assert english_msg(hand_message(value)) == "Full house, nines over fours"
    assert [c.high for c in value.cards] == [9, 9, 9, 4, 4]
