"""The showdown after a knock (GIN-14, GIN-15): the defender's best layoffs and the
knocker's arrangement.

Layoffs are searched exhaustively: every sequence of legal layoff steps (chains onto a grown
run included) is explored once per reachable state, and the defender keeps the one leaving the
least optimal deadwood. Hands are at most 10 cards, so the state space is tiny.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .melds import arrangements, best_melds, deadwood_cards, is_run, min_deadwood

Collection = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class LayoffPlan:
    """The defender's result: D (GIN-15), the layoff steps in order as (card, index of the
    knocker's meld), and the defender's own melds and deadwood cards after the layoffs."""

    deadwood: int
    steps: tuple[tuple[Card, int], ...]
    melds: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]


_MeldState = tuple[str, int, int, int]


def _meld_state(meld: Sequence[Card]) -> tuple[str, int, int, int]:
    """("run", suit, low, high) or ("set", rank, size, 0)."""
    if is_run(meld):
        ranks = [c.rank for c in meld]
        return ("run", meld[0].suit_index, min(ranks), max(ranks))
    return ("set", meld[0].rank, len(meld), 0)


def _fits(state: tuple[str, int, int, int], card: Card) -> tuple[str, int, int, int] | None:
    kind, a, b, c = state
    if kind == "run":
        if card.suit_index != a:
            return None
        if card.rank == b - 1:
            return (kind, a, b - 1, c)
        if card.rank == c + 1:
            return (kind, a, b, c + 1)
        return None
    if card.rank == a and b == 3:
        return (kind, a, 4, 0)
    return None


def plan_layoffs(knocker_melds: Sequence[Sequence[Card]], defender: Sequence[Card],
                 allow: bool = True) -> LayoffPlan:
    """The defender's best result against these knocker melds (GIN-15). With `allow` False
    (gin, big gin) nothing may be laid off."""
    defender = sorted(defender)
    start = tuple(_meld_state(m) for m in knocker_melds)
    best_by_mask: dict[int, tuple[tuple[Card, int], ...]] = {0: ()}
    if allow:
        seen = {(start, 0)}
        frontier: list[tuple[tuple[_MeldState, ...], int, tuple[tuple[Card, int], ...]]] = [(start, 0, ())]
        while frontier:
            nxt = []
            for states, mask, path in frontier:
                for i, card in enumerate(defender):
                    if (mask >> i) & 1:
                        continue
                    for j, st in enumerate(states):
                        grown = _fits(st, card)
                        if grown is None:
                            continue
                        new_states = states[:j] + (grown,) + states[j + 1:]
                        new_mask = mask | (1 << i)
                        key = (new_states, new_mask)
                        if key in seen:
                            continue
                        seen.add(key)
                        new_path = path + ((card, j),)
                        best_by_mask.setdefault(new_mask, new_path)
                        nxt.append((new_states, new_mask, new_path))
            frontier = nxt
    best: tuple[int, int, int] | None = None
    for mask in best_by_mask:
        rest = [c for i, c in enumerate(defender) if not (mask >> i) & 1]
        rank = (min_deadwood(rest), -bin(mask).count("1"), mask)
        if best is None or rank < best:
            best = rank
    assert best is not None
    mask = best[2]
    rest = [c for i, c in enumerate(defender) if not (mask >> i) & 1]
    dw, melds = best_melds(rest)
    return LayoffPlan(dw, best_by_mask[mask], tuple(tuple(m) for m in melds),
                      tuple(deadwood_cards(rest, melds)))


def knocker_options(cards: Sequence[Card]) -> list[Collection]:
    """The meld collections a knocker may show (GIN-14): all reaching their optimal deadwood."""
    return arrangements(cards)


def auto_best(cards: Sequence[Card], defender: Sequence[Card], gin: bool) -> tuple[Collection, LayoffPlan]:
    """GIN-14 `auto_best`: among the collections reaching the knocker's optimal deadwood, the
    first (in `arrangements` order) that leaves the defender the most deadwood."""
    best: tuple[Collection, LayoffPlan] | None = None
    for arr in arrangements(cards):
        plan = plan_layoffs(arr, defender, allow=not gin)
        if best is None or plan.deadwood > best[1].deadwood:
            best = (arr, plan)
    assert best is not None
    return best

