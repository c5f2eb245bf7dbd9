"""A slow, independent oracle for MAR-27's normal route: plain recursion over card tuples,
judging every meld with `classify_meld` (no tables, no joker counting)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from bot.games.cards import Card
from bot.games.marriage import MeldType, classify_meld

PURE = {MeldType.TUNNELA, MeldType.PURE_SEQUENCE, MeldType.MARRIAGE}


def brute_normal(cards: Sequence[Card], tiplu: Card | None, fixed_melds: Sequence[Sequence[Card]] = (),
                 taken: Card | None = None,
                 ban: str = "face") -> bool:
    fixed = {c for m in fixed_melds for c in m}
    rest = [c for c in cards if c not in fixed]
    pure_fixed = sum(classify_meld(m, None) in PURE for m in fixed_melds)
    need_pure = max(0, 3 - pure_fixed)
    faces = tuple(sorted((c.rank, c.suit) for c in rest))
    tface = None if tiplu is None else (tiplu.rank, tiplu.suit)

    def card(face: tuple[int, str]) -> Card:
        return Card(face[0], face[1])

    @cache
    def valid(tri: tuple[tuple[int, str], ...]) -> tuple[bool, bool]:
        kind = classify_meld([card(f) for f in tri], None if tface is None else card(tface))
        return kind is not MeldType.INVALID, classify_meld([card(f) for f in tri], None) in PURE

    @cache
    def split(hand: tuple[tuple[int, str], ...], pure: int) -> bool:
        if not hand:
            return pure <= 0
        first, others = hand[0], hand[1:]
        tried = set()
        for i, j in combinations(range(len(others)), 2):
            pair = (others[i], others[j])
            if pair in tried:  # identical cards give identical sub-problems
                continue
            tried.add(pair)
            ok, p = valid(tuple(sorted((first, others[i], others[j]))))
            if ok:
                left = tuple(x for k, x in enumerate(others) if k not in (i, j))
                if split(left, pure - p):
                    return True
        return False

    if len(faces) % 3 == 0:
        return split(faces, need_pure)
    tf = None if taken is None else (taken.rank, taken.suit)
    for k, d in enumerate(faces):
        if d == tf and not (ban == "copy" and faces.count(d) >= 2):
            continue
        if split(faces[:k] + faces[k + 1:], need_pure):
            return True
    return False
