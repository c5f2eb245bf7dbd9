"""Playing cards and decks, shared by every card game.

Notation: rank then suit letter, `AS 10H QD 2C`. Multi-deck games give each physical card a
copy index (0, 1, 2), written `QH#1`; copy 0 is written plainly, so one-deck notation is unchanged.
Ranks are numbers A=1 … K=13; games that rank the ace high use `Card.high`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

SUITS = "SHDC"
"""Canonical suit order (spades, hearts, diamonds, clubs)."""
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card. Ordered by suit (S, H, D, C), then rank, then copy."""

    suit_index: int
    rank: int
    copy: int = 0

    def __init__(self, rank: int, suit: str, copy: int = 0) -> None:
        if not 1 <= rank <= 13 or suit not in SUITS or not 0 <= copy <= 9:
            raise ValueError(f"no such card: rank={rank!r} suit={suit!r} copy={copy!r}")
        object.__setattr__(self, "suit_index", SUITS.index(suit))
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "copy", copy)

    @property
    def suit(self) -> str:
        return SUITS[self.suit_index]

    @property
    def high(self) -> int:
        """The rank with the ace above the king (2 … 14)."""
        return 14 if self.rank == 1 else self.rank

    @property
    def face(self) -> tuple[int, str]:
        """Rank and suit without the copy: identical cards share a face."""
        return (self.rank, self.suit)

    @property
    def rank_name(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def pretty(self) -> str:
        """With the suit symbol, for people: `10♥`."""
        return f"{self.rank_name}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        text = f"{self.rank_name}{self.suit}"
        return f"{text}#{self.copy}" if self.copy else text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """`"QH"`, `"10s"`, `"QH#1"` -> Card; ValueError with the token otherwise."""
        token = text.strip().upper()
        body, _, copy = token.partition("#")
        if len(body) < 2 or body[:-1] not in RANK_VALUES or body[-1] not in SUITS:
            raise ValueError(f"not a card: {text!r} (write rank then suit, like QH or 10S)")
        if copy and not copy.isdigit():
            raise ValueError(f"not a card: {text!r} (a copy index is a digit, like QH#1)")
        return cls(RANK_VALUES[body[:-1]], body[-1], int(copy or 0))


def parse_cards(text: str) -> list[Card]:
    """`"QH 10S AD"` -> [QH, 10S, AD]. Commas are allowed as separators."""
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of `parse_cards`."""
    return " ".join(str(c) for c in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def new_deck(packs: int = 1) -> list[Card]:
    """`packs` standard 52-card packs in canonical order; copies numbered 0 … packs-1."""
    if not 1 <= packs <= 3:
        raise ValueError(f"packs must be 1 to 3, got {packs}")
    return [Card(rank, suit, copy) for copy in range(packs) for suit in SUITS for rank in range(1, 14)]


def deal_rng(seed: int | str, deal_no: int) -> random.Random:
    """The random source of one deal: the same seed and deal number give the same shuffle,
    on every machine (a str seed is hashed with SHA-512 by `random.Random`)."""
    return random.Random(f"{seed}:{deal_no}")


def shuffled_deck(rng: random.Random, packs: int = 1) -> list[Card]:
    """A freshly shuffled deck; index 0 is the top card."""
    deck = new_deck(packs)
    rng.shuffle(deck)
    return deck


def sort_hand(cards: Iterable[Card], ace_high: bool = False) -> list[Card]:
    """Sorted by suit (S, H, D, C) then rank, for showing a hand."""
    if ace_high:
        return sorted(cards, key=lambda c: (c.suit_index, c.high, c.copy))
    return sorted(cards)

