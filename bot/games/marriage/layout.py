"""What the engine lays out for a player who never arranges cards by hand: the pure sets of a
show (MAR-8), the dublees of a dublee show (MAR-9), a readable grouping of the hand, and a
quick measure of how well a hand hangs together (used by the show choice and the seat bot)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..cards import Card
from .melds import face_of, face_suit, natural_rows, pair_rows


@lru_cache(maxsize=1)
def _pure_rows() -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple((g, h) for g, h, p in row if p) for row in natural_rows())


def pure_set_options(cards: Iterable[Card], need: int, limit: int = 400) -> list[list[tuple[int, int, int]]]:
    """Every way (up to `limit`) to take `need` disjoint pure sets (MAR-8, judged without wild
    cards) from `cards`, as face triples in canonical order."""
    counts = Counter(face_of(c) for c in cards)
    if need <= 0:
        return [[]]
    rows = _pure_rows()
    triples = [(f, g, h) for f in sorted(counts) for g, h in rows[f]
               if counts[g] >= 1 and counts[h] >= 1
               and counts[f] >= (1 + (g == f) + (h == f))]
    out: list[list[tuple[int, int, int]]] = []

    def rec(start: int, chosen: list[tuple[int, int, int]]) -> None:
        if len(out) >= limit:
            return
        if len(chosen) == need:
            out.append(list(chosen))
            return
        for i in range(start, len(triples)):
            t = triples[i]
            ok = True
            for x in t:
                counts[x] -= 1
                if counts[x] < 0:
                    ok = False
            if ok:
                chosen.append(t)
                rec(i, chosen)
                chosen.pop()
            for x in t:
                counts[x] += 1

    rec(0, [])
    return out


def dublee_faces(cards: Iterable[Card], exclude: frozenset[int] = frozenset()) -> list[int]:
    """One entry per dublee (two identical cards) in `cards`, canonical order (MAR-12)."""
    counts = Counter(face_of(c) for c in cards)
    return [f for f in sorted(counts) if f not in exclude for _ in range(counts[f] // 2)]


def take_faces(cards: Sequence[Card], faces: Iterable[int]) -> tuple[list[Card], list[Card]]:
    """Physical cards for `faces` (lowest copies first) and the cards left over."""
    rest = sorted(cards)
    taken = []
    for f in faces:
        for i, c in enumerate(rest):
            if face_of(c) == f:
                taken.append(rest.pop(i))
                break
        else:
            raise ValueError(f"face {f} not in cards")
    return taken, rest


def cohesion(faces: Sequence[int], wild: frozenset[int] = frozenset()) -> float:
    """How well cards hang together: melds-to-be score more than loose cards.

    Each card earns credit for every partner it could share a meld with (an identical card, a
    same-suit neighbour in a window, the same rank in another suit); wild cards are worth a lot.
    """
    counts = Counter(faces)
    score = 0.0
    pairs = pair_rows()
    for f, n in counts.items():
        if f in wild:
            score += 4.0 * n
            continue
        if n >= 2:
            score += 2.5 * (n - 1) * n / 2
        for g in pairs[f]:
            if g in counts and g not in wild:
                same_suit = face_suit(g) == face_suit(f)
                score += (1.6 if same_suit else 0.8) * n * counts[g]
    return score


Grouped = tuple[tuple[tuple[str, ...], ...], ...]
"""The pure sets, pairs and loose cards of a hand, as card notation."""


def group_hand(cards: Sequence[Card]) -> dict[str, list[list[str]]]:
    """A readable grouping: pure sets found in the hand (up to three), then identical pairs,
    then the rest by suit."""
    grouped = _group_hand(tuple(cards))
    return {name: [list(g) for g in groups] for name, groups in zip(("pure_sets", "pairs", "loose"), grouped)}


@lru_cache(maxsize=4096)
def _group_hand(cards: tuple[Card, ...]) -> Grouped:
    """Memoised by hand: private views are drawn on every move."""
    sets_faces: list[tuple[int, int, int]] = []
    for k in (3, 2, 1):
        opt = pure_set_options(cards, k, limit=1)
        if opt:
            sets_faces = opt[0]
            break
    flat = [f for t in sets_faces for f in t]
    sets_cards, rest = take_faces(cards, flat)
    sets = [sets_cards[i:i + 3] for i in range(0, len(sets_cards), 3)]
    counts = Counter(face_of(c) for c in rest)
    pair_faces = [f for f in sorted(counts) if counts[f] >= 2]
    pair_cards, rest = take_faces(rest, [f for f in pair_faces for _ in range(counts[f])])
    pairs: list[list[Card]] = []
    for c in pair_cards:
        if pairs and face_of(pairs[-1][0]) == face_of(c):
            pairs[-1].append(c)
        else:
            pairs.append([c])
    by_suit: list[list[Card]] = []
    for s in range(4):
        cs = [c for c in rest if c.suit_index == s]
        if cs:
            by_suit.append(cs)
    return tuple(tuple(tuple(str(c) for c in g) for g in groups) for groups in (sets, pairs, by_suit))

