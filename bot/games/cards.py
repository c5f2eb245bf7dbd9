"""Playing cards and decks, shared by every card game.

Notation: rank then suit letter, `AS 10H QD 2C`. Multi-deck games give each physical card a
copy index (0, 1, 2), written `QH#1`; copy 0 is written plainly, so one-deck notation is unchanged.
Ranks are numbers A=1 … K=13; games that rank the ace high use `Card.high`.
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

SUITS = "SHDC"
"""Canonical suit order (spades, hearts, diamonds, clubs)."""
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card. Ordered by suit (S, H, D, C), then rank, then copy."""

    suit_index: int
    rank: int
    copy: int = 0
    text: str = field(init=False, repr=False, compare=False)
    """The notation (`QH#1`), written once: states are saved on every move, card by card."""

    def __init__(self, rank: int, suit: str, copy: int = 0) -> None:
        if not 1 <= rank <= 13 or suit not in SUITS or not 0 <= copy <= 9:
            raise ValueError(f"no such card: rank={rank!r} suit={suit!r} copy={copy!r}")
        object.__setattr__(self, "suit_index", SUITS.index(suit))
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "copy", copy)
        name = RANK_NAMES.get(rank, str(rank)) + suit
        object.__setattr__(self, "text", f"{name}#{copy}" if copy else name)

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
        return self.text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """`"QH"`, `"10s"`, `"QH#1"` -> Card; ValueError with the token otherwise."""
        known = _BY_TEXT.get(text)
        if known is not None:
            return known
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


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Cards as JSON: a list of their notations."""
    return [c.text for c in cards]


def parse_card_texts(texts: Iterable[str]) -> list[Card]:
    """The inverse of `card_texts`."""
    get = _BY_TEXT.get
    return [get(t) or Card.parse(t) for t in texts]


def group_texts(groups: Iterable[Iterable[Card]]) -> list[list[str]]:
    """Groups of cards (melds, dublees) as JSON."""
    return [card_texts(g) for g in groups]


def new_deck(packs: int = 1) -> list[Card]:
    """`packs` standard 52-card packs in canonical order; copies numbered 0 … packs-1."""
    if not 1 <= packs <= 3:
        raise ValueError(f"packs must be 1 to 3, got {packs}")
    return _DECK[:52 * packs]


# Every physical card of up to three packs, made once (cards are immutable): every deal starts
# from a new deck, and the table service loads a whole state, card by card, whenever its live
# copy is gone.
_DECK = [Card(rank, suit, copy) for copy in range(3) for suit in SUITS for rank in range(1, 14)]
_BY_TEXT: dict[str, Card] = {c.text: c for c in _DECK}

_TWO_TO_MINUS_53 = 1.0 / (1 << 53)
BLOCK_BYTES = 1024  # one hash call covers a whole deal's draws


class DealRandom(random.Random):
    """A cryptographically secure random source that is still reproducible (MAR-3).

    Bytes come from SHAKE-256 (an extendable-output hash) over the table's secret seed, the deal
    and a block counter,
    so nobody can predict a shuffle from the cards they have seen, while the same (seed, deal)
    always gives the same shuffle: replays, tests and crash recovery keep working.
    """

    def __init__(self, key: str) -> None:
        self._key = hashlib.sha512(key.encode()).digest()
        self._counter = 0
        self._buf = b""
        self._pos = 0
        self._floats: list[float] = []
        super().__init__()

    def seed(self, *args: object, **kwargs: object) -> None:
        """The key is fixed at construction; `random.Random.__init__` calls this."""

    def _bytes(self, n: int) -> bytes:
        if self._pos + n > len(self._buf):
            fresh = hashlib.shake_256(self._key + self._counter.to_bytes(8, "big")).digest(BLOCK_BYTES)
            self._counter += 1
            self._buf, self._pos = self._buf[self._pos:] + fresh, 0
            return self._bytes(n)
        self._pos += n
        return self._buf[self._pos - n:self._pos]

    def getrandbits(self, k: int) -> int:
        if k <= 0:
            return 0
        size = (k + 7) // 8
        return int.from_bytes(self._bytes(size), "big") >> (size * 8 - k)

    def random(self) -> float:
        """53 random bits per float, drawn 64 at a time (some engines sort cards by random keys)."""
        if not self._floats:
            words = struct.unpack(">64Q", self._bytes(512))
            self._floats = [(w >> 11) * _TWO_TO_MINUS_53 for w in reversed(words)]
        return self._floats.pop()

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher–Yates with exact rejection sampling on 16-bit draws: uniform, and fast enough
        for every deal (the inherited shuffle calls `getrandbits` once per card)."""
        data, pos = self._bytes(2 * len(x) + 32), 0  # rejections are rare: < n/65536 per draw
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            limit = 65536 - 65536 % n
            while True:
                if pos + 2 > len(data):
                    data, pos = self._bytes(64), 0
                r = (data[pos] << 8) | data[pos + 1]
                pos += 2
                if r < limit:
                    break
            j = r % n
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple[Any, ...]:
        raise NotImplementedError("a DealRandom is rebuilt from its key, not from a state")

    def setstate(self, state: object) -> None:
        raise NotImplementedError("a DealRandom is rebuilt from its key, not from a state")


def deal_rng(seed: int | str, deal_no: int | str) -> random.Random:
    """The random source of one deal (or one reshuffle within it, e.g. `f"{deal_no}:rebuild:1"`):
    the same seed and deal give the same shuffle on every machine; see `DealRandom`."""
    return DealRandom(f"{seed}:{deal_no}")


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

