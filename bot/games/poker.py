"""High-poker hand evaluation, shared by every game that shows a poker hand.

`best_hand(cards)` gives the value of the best five-card hand inside 5 to 20 distinct cards,
exactly as if every five-card subset had been compared (rules: standard high poker, ace high
and low in the wheel, suits never rank), but without looking at subsets: the cards become four
13-bit rank masks, one per suit, and each category is read off those masks with bit
operations and a few precomputed 8192-entry tables. That is exact for every N (there is no
"7-card table" shortcut to go wrong above seven cards) and fast in pure Python.

A `HandValue` compares with `<`, `==` (higher is better, equal values tie exactly), names its
`category` and lists the five `cards` that make it (computed on demand).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .messages import Msg, msg

CATEGORIES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush")
"""Category names, weakest first; the index is the category's strength."""
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Card.rank (A=1, 2..13) -> bit of the rank in a 13-bit mask (bit 0 = deuce … bit 12 = ace).
_RANK_BIT = [0, 1 << 12] + [1 << (r - 2) for r in range(2, 14)]
# Card (suit_index * 16 + rank) -> bit in a 64-bit mask holding the four suit masks 16 bits apart.
_CARD_BIT = [0] * 64
for _s in range(4):
    for _r in range(1, 14):
        _CARD_BIT[_s * 16 + _r] = _RANK_BIT[_r] << (16 * _s)
_M13 = 0x1FFF


def _build_tables() -> tuple[list[int], list[int]]:
    top5 = [0] * 8192       # the highest up-to-five ranks of a mask, as nibbles, highest first
    straight = [0] * 8192   # the high card (5..14) of the best straight in a mask, 0 if none
    for mask in range(8192):
        key, n, m = 0, 0, mask
        while m and n < 5:
            bit = m.bit_length() - 1
            key |= (bit + 2) << (16 - 4 * n)
            m ^= 1 << bit
            n += 1
        top5[mask] = key
        wide = (mask << 1) | (mask >> 12)         # bit i = rank i+1; the ace also counts as 1
        runs = wide & (wide >> 1) & (wide >> 2) & (wide >> 3) & (wide >> 4)
        straight[mask] = runs.bit_length() + 4 if runs else 0
    return top5, straight


_TOP5, _STRAIGHT = _build_tables()


class HandValue:
    """The value of a poker hand: compare with < and ==; `category`, `cards`, `ranks` (its name
    for people is `hand_message`).

    `key` is an int that orders hands exactly (category in the top bits, then the tie-break
    ranks of PR-4 as 4-bit nibbles, 2 … 14).
    """

    __slots__ = ("key", "_source", "_suit")

    def __init__(self, key: int, source: Sequence[Card] = (), suit: int = -1) -> None:
        self.key = key
        self._source = source
        self._suit = suit

    # Ordering: by key only.
    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"HandValue({self.category}, {' '.join(map(str, self.cards))})"

    @property
    def category(self) -> str:
        return CATEGORIES[self.key >> 20]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The tie-break ranks of PR-4 in order (2 … 14; a wheel's high card is 5)."""
        out = []
        for shift in (16, 12, 8, 4, 0):
            r = (self.key >> shift) & 15
            if r:
                out.append(r)
        return tuple(out)

    def _rank_counts(self) -> list[tuple[int, int]]:
        """(rank 2..14, how many cards of it) for the five cards, most important first."""
        cat, r = self.key >> 20, self.ranks
        if cat in (STRAIGHT, STRAIGHT_FLUSH):
            return [(14 if h == 1 else h, 1) for h in range(r[0], r[0] - 5, -1)]
        shape = {QUADS: (4, 1), FULL_HOUSE: (3, 2), TRIPS: (3, 1, 1), TWO_PAIR: (2, 2, 1),
                 ONE_PAIR: (2, 1, 1, 1)}.get(cat, (1, 1, 1, 1, 1))
        return list(zip(r, shape))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that make the hand, most important first (e.g. the trips, then the pair)."""
        pool = sorted(self._source, key=lambda c: (c.suit_index, c.copy))
        if self._suit >= 0:
            pool = [c for c in pool if c.suit_index == self._suit]
        out: list[Card] = []
        for rank, count in self._rank_counts():
            got = [c for c in pool if c.high == rank][:count]
            out.extend(got)
        return tuple(out)


def hand_message(value: HandValue) -> Msg:
    """The hand's name for people, as a catalog message ("Full house, nines over fours")."""
    cat, r = value.key >> 20, value.ranks
    if cat == STRAIGHT_FLUSH and r[0] == 14:
        return msg("poker.royal_flush")
    if cat in (STRAIGHT, STRAIGHT_FLUSH, FLUSH):
        return msg(f"poker.{value.category}", rank=msg(f"poker.rank.{r[0]}"))
    if cat == HIGH_CARD:
        return msg("poker.high_card", rank=msg(f"poker.rank_title.{r[0]}"))
    two = cat in (FULL_HOUSE, TWO_PAIR)
    return msg(f"poker.{value.category}", ranks=msg(f"poker.ranks.{r[0]}"),
               other=msg(f"poker.ranks.{r[1]}") if two else "")


def best_hand(cards: Sequence[Card] | Iterable[Card]) -> HandValue:
    """The best five-card poker hand among 5 to 20 distinct cards (PR-1 … PR-6)."""
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    table = _CARD_BIT
    m = 0
    for c in cards:
        m |= table[c.suit_index * 16 + c.rank]
    n = len(cards)
    if m.bit_count() != n or not 5 <= n <= 20:
        raise _refused(n)
    s0 = m & _M13
    s1 = (m >> 16) & _M13
    s2 = (m >> 32) & _M13
    s3 = m >> 48
    any_ = s0 | s1 | s2 | s3

    # Flushes (and straight flushes): only a suit with five or more cards.
    sf = flush_key = 0
    sf_suit = flush_suit = -1
    for suit, sm in ((0, s0), (1, s1), (2, s2), (3, s3)):
        if sm.bit_count() >= 5:
            h = _STRAIGHT[sm]
            if h > sf:
                sf, sf_suit = h, suit
            k = _TOP5[sm]
            if k > flush_key:
                flush_key, flush_suit = k, suit
    if sf:
        return HandValue((STRAIGHT_FLUSH << 20) | (sf << 16), cards, sf_suit)

    quads = s0 & s1 & s2 & s3
    if quads:
        qb = quads.bit_length() - 1
        kick = (any_ ^ (1 << qb)).bit_length() + 1
        return HandValue((QUADS << 20) | ((qb + 2) << 16) | (kick << 12), cards)

    a01, o01, a23, o23 = s0 & s1, s0 | s1, s2 & s3, s2 | s3
    trips = (a01 & o23) | (a23 & o01)
    pairs = a01 | a23 | (o01 & o23)           # ranks held at least twice
    if trips:
        tb = trips.bit_length() - 1
        rest = pairs ^ (1 << tb)
        if rest:
            return HandValue((FULL_HOUSE << 20) | ((tb + 2) << 16) | ((rest.bit_length() + 1) << 12),
                             cards)
    if flush_key:
        return HandValue((FLUSH << 20) | flush_key, cards, flush_suit)
    h = _STRAIGHT[any_]
    if h:
        return HandValue((STRAIGHT << 20) | (h << 16), cards)
    return HandValue(_by_sets(any_, trips, pairs), cards)


def _refused(n: int) -> ValueError:
    """Why `best_hand` refuses its cards: too few or too many, or a card twice."""
    if not 5 <= n <= 20:
        return ValueError(f"a poker hand needs 5 to 20 cards, got {n}")
    return ValueError("a poker hand cannot hold the same card twice")


def _by_sets(any_: int, trips: int, pairs: int) -> int:
    """The key of a hand with no straight, flush, full house or four of a kind: three of a kind,
    two pairs, a pair or the high card, with their kickers."""
    if trips:
        tb = trips.bit_length() - 1
        return (TRIPS << 20) | ((tb + 2) << 16) | ((_TOP5[any_ ^ (1 << tb)] >> 12) << 8)
    if pairs:
        p1 = pairs.bit_length() - 1
        rest = pairs ^ (1 << p1)
        if rest:
            p2 = rest.bit_length() - 1
            kick = _TOP5[any_ ^ (1 << p1) ^ (1 << p2)] >> 16
            return (TWO_PAIR << 20) | ((p1 + 2) << 16) | ((p2 + 2) << 12) | (kick << 8)
        return (ONE_PAIR << 20) | ((p1 + 2) << 16) | ((_TOP5[any_ ^ (1 << p1)] >> 8) << 4)
    return (HIGH_CARD << 20) | _TOP5[any_]

