"""The single betting round of Tripoley's poker phase (TRI-21 … TRI-26), as bookkeeping.

The round only records contributions and whose turn it is; the chips themselves move between
wallets and the `POT` compartment in the game state (CHIP-5). It is part of the declared state
and saved by its fields; contributions are written as [seat, chips] pairs, as they always were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from ..codec import Pairs


@dataclass(slots=True)
class BettingRound:
    order: list[int]
    """The participants in turn order (first to act first), TRI-22."""
    contrib: Annotated[dict[int, int], Pairs()]
    folded: set[int]
    allin: set[int]
    acted: set[int]
    bets: int = 0
    """Bets and raises made so far (the cap is 1 + poker_max_raises)."""
    base: int = 0
    """Chips in POT before the round began (B of TRI-26)."""
    turn: int | None = None

    @classmethod
    def open(cls, order: Sequence[int], wallets: Sequence[int], base: int) -> BettingRound:
        rnd = cls(list(order), dict.fromkeys(order, 0), set(), {p for p in order if wallets[p] == 0},
                  set(), 0, base)
        rnd.turn = rnd.next_to_act(None)
        return rnd

    @property
    def current(self) -> int:
        return max(self.contrib.values(), default=0)

    def to_call(self, seat: int) -> int:
        return self.current - self.contrib[seat]

    def live(self) -> list[int]:
        """Players who have not folded, in turn order."""
        return [p for p in self.order if p not in self.folded]

    def can_raise(self, seat: int, max_raises: int) -> bool:
        """TRI-23 (1) and (2): the cap is not reached and someone else could still answer."""
        if self.bets >= 1 + max_raises:
            return False
        return any(p != seat and p not in self.allin for p in self.live())

    def next_to_act(self, after: int | None) -> int | None:
        """The next player who owes a decision, clockwise after `after` (or from the first).

        None when the round is over (TRI-24): one player left, or everyone still in is all-in or
        has acted since the last bet or raise and matched it. A player who has not acted yet is
        asked even when nobody could answer a bet: they may still check or fold (TRI-23).
        """
        live = self.live()
        if len(live) <= 1:
            return None
        n = len(self.order)
        start = 0 if after is None else (self.order.index(after) + 1) % n
        current = self.current
        for i in range(n):
            p = self.order[(start + i) % n]
            if p in self.folded or p in self.allin:
                continue
            if current == self.contrib[p] and p in self.acted:
                continue
            return p
        return None


def uncalled_excess(contrib: dict[int, int]) -> tuple[int | None, int]:
    """TRI-26.1: the player whose contribution is strictly the largest and by how much."""
    if len(contrib) < 2:
        return None, 0
    ranked = sorted(contrib.items(), key=lambda pc: -pc[1])
    (top, c1), (_, c2) = ranked[0], ranked[1]
    return (top, c1 - c2) if c1 > c2 else (None, 0)


def layers(contrib: dict[int, int], folded: set[int], base: int) -> list[tuple[int, list[int]]]:
    """TRI-26.2: (chips, eligible players) per layer, lowest layer first; layer 1 holds `base`.

    Chips a folded player put in above the highest live contribution (not possible under TRI-23,
    kept for safety) go to the top layer, so the layers always add up to the whole POT.
    """
    live = [p for p in contrib if p not in folded]
    levels = sorted({contrib[p] for p in live})
    out: list[tuple[int, list[int]]] = []
    prev = 0
    for j, level in enumerate(levels):
        chips = sum(min(c, level) - min(c, prev) for c in contrib.values())
        if j == 0:
            chips += base
        out.append((chips, [p for p in live if contrib[p] >= level]))
        prev = level
    extra = sum(max(0, c - prev) for c in contrib.values())
    if extra and out:
        out[-1] = (out[-1][0] + extra, out[-1][1])
    return out
