"""How much of a showdown a poker hand wins against hands dealt at random, for the seat bots.

For each hand size, the values (`best_hand(...).key`) of `SAMPLES` random hands of that size,
dealt once from a fixed seed (after as many cards as one's own hand holds went elsewhere) and
sorted, tell what share of such hands a value beats or ties. Against several opponents the
shares combine as if each opponent's hand were dealt independently: that ignores which cards
one holds oneself, an error about as large as the sampling error of a Monte Carlo of a hundred
deals, for a few microseconds per question instead of milliseconds. Deterministic: the same
question always gets the same answer.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from functools import lru_cache

from .cards import new_deck
from .poker import best_hand

SAMPLES = 600
"""Random hands per size: a share is known to about ±2%, and a size's table takes a few ms once."""


@lru_cache(maxsize=256)   # one entry per pair of hand sizes met at the tables
def _sorted_values(size: int, own: int) -> list[int]:
    """The values of SAMPLES random hands of `size` cards, sorted, each dealt from the 52 - `own`
    cards a random hand of `own` cards left. Each shuffle of the deck, its first `own` cards set
    aside, is cut into as many hands as it holds: each of them is such a hand."""
    rng = random.Random(f"poker_odds:{size}:{own}")
    deck = new_deck()
    values: list[int] = []
    while len(values) < SAMPLES:
        rng.shuffle(deck)
        values.extend(best_hand(deck[i:i + size]).key for i in range(own, 52 - size + 1, size))
    del values[SAMPLES:]
    values.sort()
    return values


def showdown_share(mine: int, own: int, opponent_sizes: Iterable[int]) -> float:
    """The expected share of a pot split at showdown (PR-5: ties split it) between a hand of value
    `mine` among `own` cards and opponents holding random hands of these sizes; one with fewer
    than five cards shows no poker hand and takes no share."""
    ties = [1.0]   # ties[k]: the chance that nobody beats `mine` and k opponents tie it
    for size in opponent_sizes:
        if size < 5:
            continue
        values = _sorted_values(size, own)
        low, high = bisect_left(values, mine), bisect_right(values, mine)
        below, level = low / SAMPLES, (high - low) / SAMPLES
        spread = [0.0] * (len(ties) + 1)
        for k, p in enumerate(ties):
            spread[k] += p * below
            spread[k + 1] += p * level
        ties = spread
    return sum(p / (k + 1) for k, p in enumerate(ties))
