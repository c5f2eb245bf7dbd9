"""Dealing a hand (GIN-6)."""

from __future__ import annotations

from ..cards import Card, deal_rng, shuffled_deck
from .phases import Phase
from .state import GinState


def deal(s: GinState, deck: list[Card] | None = None) -> None:
    """GIN-6: ten cards each, one at a time from the non-dealer; then the upcard. `deck` (top
    first) replaces the shuffle, for tests."""
    if deck is None:
        deck = shuffled_deck(deal_rng(s.seed, s.deal_no + 1))
    s.deal_no += 1
    s.hand_no += 1
    nd = 1 - s.dealer
    s.hands = [[], []]
    for i in range(20):
        s.hands[nd if i % 2 == 0 else s.dealer].append(deck[i])
    s.pile = [deck[20]]
    s.stock = deck[21:]
    s.phase = Phase.FIRST_OFFER
    s.turn = nd
    s.passes = 0
    s.refused = None
    s.pickup = None
    s.taken = [[], []]
    s.knock = None
