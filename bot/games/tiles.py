"""Domino tiles, shared by the domino games as `bot.games.cards` is by the card games.

Notation: `[a|b]` with the higher number first, `[6|3]`. Parsing accepts either order and
spaces (`"[3|6]"`, `"6|3"`, `"6-3"`) and always gives the canonical tile `[6|3]`.

The Buki-Domino set (DOM-3) is a double-eight set without its nine doubles: the 36 tiles
`[a|b]` with 0 ≤ b < a ≤ 8. `Tile` itself also allows doubles and numbers up to 9, so another
domino game could share it; `full_set()` is the 36-tile set.

Tiles are ordered by weight: pips first, then the higher end (DOM-6), so `max(tiles)` is the
heaviest tile and `sorted(tiles, reverse=True)` lists a hand heaviest first. Two different tiles
never compare equal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

MAX_NUMBER = 9
"""The largest number any tile may show (the Buki set stops at 8)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One domino tile; `high` ≥ `low`. Compare by (pips, high)."""

    high: int
    low: int

    def __init__(self, a: int, b: int) -> None:
        if not (isinstance(a, int) and isinstance(b, int)) or not (0 <= a <= MAX_NUMBER and 0 <= b <= MAX_NUMBER):
            raise ValueError(f"no such tile: [{a}|{b}] (numbers are 0 to {MAX_NUMBER})")
        hi, lo = (a, b) if a >= b else (b, a)
        object.__setattr__(self, "high", hi)
        object.__setattr__(self, "low", lo)

    # --- ordering by weight --------------------------------------------------------------
    @property
    def weight(self) -> tuple[int, int]:
        """(pips, higher end): the heavier tile wins a tie for first banker (DOM-6)."""
        return (self.high + self.low, self.high)

    def __lt__(self, other: Tile) -> bool:
        return (self.high + self.low, self.high) < (other.high + other.low, other.high)

    def __le__(self, other: Tile) -> bool:
        return (self.high + self.low, self.high) <= (other.high + other.low, other.high)

    def __gt__(self, other: Tile) -> bool:
        return (self.high + self.low, self.high) > (other.high + other.low, other.high)

    def __ge__(self, other: Tile) -> bool:
        return (self.high + self.low, self.high) >= (other.high + other.low, other.high)

    # --- facts ---------------------------------------------------------------------------
    @property
    def pips(self) -> int:
        """The total of both numbers: `[6|3]` has 9."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        """Whether either end shows `number`."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The number at the other end from `number` (which the tile must show)."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} does not show {number}")

    @property
    def pretty(self) -> str:
        """For people; the same as the notation, which already reads well."""
        return str(self)

    def __str__(self) -> str:
        return f"[{self.high}|{self.low}]"

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """`"[6|3]"`, `"[3|6]"`, `"6|3"`, `"6-3"` -> Tile(6, 3); ValueError naming the text otherwise."""
        body = str(text).strip()
        if body.startswith("[") and body.endswith("]"):
            body = body[1:-1]
        for sep in ("|", "-", ":", "/"):
            if sep in body:
                a, _, b = body.partition(sep)
                break
        else:
            raise ValueError(f"not a tile: {text!r} (write it like [6|3])")
        a, b = a.strip(), b.strip()
        if not (a.isdigit() and b.isdigit() and len(a) == 1 and len(b) == 1):
            raise ValueError(f"not a tile: {text!r} (write it like [6|3], numbers 0 to {MAX_NUMBER})")
        return cls(int(a), int(b))


def parse_tiles(text: str) -> list[Tile]:
    """`"[6|3] [5|2]"` -> [Tile(6, 3), Tile(5, 2)]. Commas and spaces separate tiles; brackets
    may touch (`"[6|3][5|2]"`)."""
    spaced = text.replace("][", "] [").replace(",", " ")
    return [Tile.parse(tok) for tok in spaced.split()]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """The inverse of `parse_tiles`."""
    return " ".join(str(t) for t in tiles)


def full_set(top: int = 8, doubles: bool = False) -> list[Tile]:
    """Every tile up to double-`top`, in canonical order [1|0], [2|0], [2|1], … ([8|7] last).

    The default is the Buki-Domino set (DOM-3): 36 tiles, no doubles.
    """
    if not 1 <= top <= MAX_NUMBER:
        raise ValueError(f"top must be 1 to {MAX_NUMBER}, got {top}")
    return [Tile(a, b) for a in range(top + 1) for b in range(a + (1 if doubles else 0))]


def shuffled_set(rng: random.Random, top: int = 8, doubles: bool = False) -> list[Tile]:
    """A freshly shuffled set (index 0 first dealt); `rng` comes from `cards.deal_rng`."""
    tiles = full_set(top, doubles)
    rng.shuffle(tiles)
    return tiles


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    """Heaviest first, for showing a hand."""
    return sorted(tiles, reverse=True)
