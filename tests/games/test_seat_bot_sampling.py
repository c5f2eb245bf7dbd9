"""The seat bots' shared sampling helpers: the showdown-share tables (poker_odds) and the cheap
shuffle. Both must be deterministic (replays and tests depend on the bots' choices)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, new_deck
from bot.games.poker import best_hand
from bot.games.poker_odds import _sorted_values, showdown_share
from bot.games.shuffle import shuffled

DECK = new_deck()
ROYAL = best_hand([c for c in DECK if c.suit == "S" and c.high >= 10]).key
WORST = best_hand([c for c in DECK if (c.suit, c.high) in
                   {("S", 2), ("H", 3), ("D", 4), ("C", 5), ("S", 7)}]).key   # 7-5-4-3-2 offsuit


def monte_carlo_share(hand: list[Card], sizes: list[int], deals: int, seed: int) -> float:
    """The exact question by brute force: opponents dealt from the cards not in `hand`."""
    rng = random.Random(seed)
    mine = best_hand(hand).key
    unseen = [c for c in DECK if c not in hand]
    won = 0.0
    for _ in range(deals):
        rng.shuffle(unseen)
        keys, pos = [], 0
        for size in sizes:
            keys.append(best_hand(unseen[pos:pos + size]).key)
            pos += size
        if mine > max(keys):
            won += 1
        elif mine == max(keys):
            won += 1 / (keys.count(mine) + 1)
    return won / deals


def test_the_tables_are_the_same_in_every_process() -> None:
    before = [showdown_share(key, 10, [10, 10, 10]) for key in (WORST, ROYAL, best_hand(DECK[:10]).key)]
    first = list(_sorted_values(10, 10))
    _sorted_values.cache_clear()
    assert _sorted_values(10, 10) == first
    assert [showdown_share(key, 10, [10, 10, 10]) for key in (WORST, ROYAL, best_hand(DECK[:10]).key)] == before


def test_extremes_and_hands_without_a_poker_hand() -> None:
    assert showdown_share(ROYAL, 7, [7, 7, 7]) == 1.0
    assert showdown_share(WORST, 7, [7]) == 0.0
    assert showdown_share(WORST, 7, []) == 1.0
    # a seat holding fewer than five cards has no poker hand (PR-6 needs five) and takes no share
    assert showdown_share(WORST, 7, [4, 3]) == 1.0
    assert showdown_share(WORST, 7, [4, 7]) == showdown_share(WORST, 7, [7])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
       st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
       st.lists(st.integers(5, 17), min_size=1, max_size=4))
def test_a_better_hand_never_gets_a_smaller_share(a: list[int], b: list[int], sizes: list[int]) -> None:
    low, high = sorted((best_hand([DECK[i] for i in a]).key, best_hand([DECK[i] for i in b]).key))
    assert showdown_share(low, 7, sizes) <= showdown_share(high, 7, sizes)
    assert showdown_share(high, 7, sizes) <= showdown_share(high, 7, sizes[:1])   # more opponents, less pot


def test_close_to_dealing_from_the_cards_one_cannot_see() -> None:
    # the tables ignore the removal of one's own cards from the deck; at the table sizes the
    # bots meet most (4 to 6 players), that costs little against a 2,000-deal brute force
    rng = random.Random(7)
    errors = []
    for size, sizes in ((10, [10, 10, 10]), (8, [8, 8, 8, 8, 8]), (13, [13, 13])):
        for _ in range(10):
            hand = rng.sample(DECK, size)
            errors.append(showdown_share(best_hand(hand).key, size, sizes) - monte_carlo_share(hand, sizes, 2000, 1))
    assert abs(sum(errors) / len(errors)) < 0.03
    assert max(abs(e) for e in errors) < 0.15


def test_shuffled_is_a_uniform_deterministic_permutation() -> None:
    items = list(range(52))
    out = shuffled(items, random.Random(3))
    assert sorted(out) == items and out != items and items == list(range(52))
    assert shuffled(items, random.Random(3)) == out
    rng = random.Random(11)
    counts = Counter(tuple(shuffled("abcd", rng)) for _ in range(24_000))
    assert len(counts) == 24
    assert all(880 <= n <= 1120 for n in counts.values())   # 1,000 expected each; ±3.9 sd
