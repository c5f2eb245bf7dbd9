"""The line of play (DOM-10): two open ends, never branching, and the legal moves on it.

Inside the engine a tile is a small int, its index in `tiles.full_set()` ([1|0] = 0 …
[8|7] = 35), so hands are short int lists and the hot paths index flat tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated

from ..codec import Via
from ..tiles import Tile, full_set

TILES: tuple[Tile, ...] = tuple(full_set())
"""Code -> Tile, codes 0..35 in canonical order."""
CODE: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
HI: tuple[int, ...] = tuple(t.high for t in TILES)
LO: tuple[int, ...] = tuple(t.low for t in TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
NUMS: tuple[int, ...] = tuple((1 << t.high) | (1 << t.low) for t in TILES)
"""Code -> bitmask of the two numbers it shows."""
WEIGHT_ORDER: tuple[int, ...] = tuple(sorted(range(36), key=lambda c: TILES[c].weight, reverse=True))
"""Codes heaviest first (pips, then higher end): the order of legal moves (DOM-27)."""
RANK: tuple[int, ...] = tuple(WEIGHT_ORDER.index(c) for c in range(36))
"""Code -> position in WEIGHT_ORDER; sorting codes by it sorts heaviest first."""

NAMES: tuple[str, ...] = tuple(str(t) for t in TILES)
"""Code -> notation, so hot paths never format a tile."""

LEFT, RIGHT = "L", "R"


def code_of(tile: Tile) -> int:
    """The engine code of a tile of the Buki set; ValueError for any other tile."""
    try:
        return CODE[tile]
    except KeyError:
        raise ValueError(f"{tile} is not in the Buki-Domino set (no doubles, numbers 0 to 8)") from None


def parse_code(text: str) -> int:
    """The code of a tile written in notation; ValueError for text that is not a Buki tile."""
    return code_of(Tile.parse(text))


TileCode = Annotated[int, Via(NAMES.__getitem__, parse_code)]
"""A tile code in the state, saved as the tile's notation."""


def sort_codes(codes: Iterable[int]) -> list[int]:
    """Heaviest first."""
    return sorted(codes, key=RANK.__getitem__)


def legal_codes(hand: Sequence[int], left: int, right: int) -> list[tuple[int, str]]:
    """DOM-10 on codes: (code, end) moves, heaviest tile first, L before R; `left` < 0 = empty line.

    `hand` must already be sorted heaviest first for the documented order.
    """
    if left < 0:
        return [(c, LEFT) for c in hand]
    out = []
    if left == right:
        for c in hand:
            if HI[c] == left or LO[c] == left:
                out.append((c, LEFT))
        return out
    for c in hand:
        h, lo = HI[c], LO[c]
        if h == left or lo == left:
            out.append((c, LEFT))
        if h == right or lo == right:
            out.append((c, RIGHT))
    return out


def legal_plays(hand: Iterable[Tile], ends: tuple[int, int] | None) -> list[tuple[Tile, str]]:
    """Every legal move of DOM-10 as (tile, end), `end` "L" or "R".

    `ends` is the pair of open ends (L, R), or None before the first tile (then every tile may
    lead, reported on "L"). Equal ends give one move per tile, on L; a tile made of exactly L
    and R (L ≠ R) gives two moves. Heaviest tile first, L before R; duplicates never.
    """
    codes = sort_codes({code_of(t) for t in hand})
    left, right = (-1, -1) if ends is None else (int(ends[0]), int(ends[1]))
    return [(TILES[c], e) for c, e in legal_codes(codes, left, right)]


def place(left: int, right: int, code: int, end: str) -> tuple[int, int, int, int]:
    """Put `code` on `end`: returns (new left, new right, shown left, shown right) where the
    last two are the tile's numbers as it lies in the line, left to right."""
    h, lo = HI[code], LO[code]
    if left < 0:
        return h, lo, h, lo
    if end == LEFT:
        outer = lo if h == left else h
        return outer, right, outer, left
    outer = lo if h == right else h
    return left, outer, right, outer


def fits(code: int, left: int, right: int, end: str) -> bool:
    """Whether (code, end) is one of `legal_codes` (an equal-ends move must use L)."""
    if left < 0:
        return end == LEFT
    n = left if end == LEFT else right
    if end == RIGHT and left == right:
        return False
    return HI[code] == n or LO[code] == n
