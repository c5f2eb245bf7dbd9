"""Exact meld search for Gin Rummy (GIN-4, GIN-5): optimal deadwood, never greedy.

Why it is exact and fast: a hand is four 13-bit suit masks (bit r = rank r, A=1 … K=13).
Runs live inside one suit, so once we know which cards go into sets, every suit's best run
split is independent and comes from a precomputed table (`_RUN_DW`, one entry per suit mask).
Only ranks held three or four times can form sets, so the search tries, for each such rank,
"no set", "all of them" and (for four) "all but one" — at most a few dozen combinations, most
hands none. `tests/games/gin_rummy/test_properties.py` checks this against a brute force.

Public: `min_deadwood`, `best_melds`, `discard_deadwoods`, `card_value`; the showdown uses
`arrangements` (every meld collection reaching the optimum, GIN-14).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import SUITS, Card

# Card value by rank (GIN-3); index 0 unused.
VALUE: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_FULL = 1 << 14


def card_value(card: Card) -> int:
    """A = 1, 2–10 face value, J Q K = 10 (GIN-3)."""
    return VALUE[card.rank]


def _build_run_tables() -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """For every suit mask: the least deadwood using runs of that suit only, and one run split
    reaching it (as (low rank, high rank) pairs). Masks grow from small to large, and each
    entry only looks at strictly smaller masks, so one ascending pass fills the table."""
    best = [0] * _FULL
    split: list[tuple[tuple[int, int], ...]] = [()] * _FULL
    for m in range(2, _FULL, 2):
        low = m & -m
        r = low.bit_length() - 1
        rest = m ^ low
        value = VALUE[r] + best[rest]
        choice = split[rest]
        run = low
        top = r
        while top < 13 and (m >> (top + 1)) & 1:
            top += 1
            run |= 1 << top
            if top - r >= 2:
                cand = best[m ^ run]
                if cand < value:
                    value = cand
                    choice = ((r, top),) + split[m ^ run]
        best[m] = value
        split[m] = choice
    return tuple(best), tuple(split)


_RUN_DW, _RUN_SPLIT = _build_run_tables()


def _set_options(a: int, b: int, c: int, d: int, t3: int) -> list[tuple[int, int, int, int]]:
    """Every choice of set cards, as the four suit masks to remove: per rank held 3+ times,
    no set, the whole group, or (with four) each group of three."""
    combos = [(0, 0, 0, 0)]
    while t3:
        bit = t3 & -t3
        t3 ^= bit
        have = (a & bit, b & bit, c & bit, d & bit)
        opts = [have]
        if all(have):
            opts += [(0, bit, bit, bit), (bit, 0, bit, bit), (bit, bit, 0, bit), (bit, bit, bit, 0)]
        combos = combos + [(w | o[0], x | o[1], y | o[2], z | o[3])
                           for (w, x, y, z) in combos for o in opts]
    return combos


def masks_deadwood(a: int, b: int, c: int, d: int) -> int:
    """Optimal deadwood of the hand given by its four suit masks (`suit_masks`); the seat bot
    calls it for many hands one card apart."""
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    T = _RUN_DW
    if not t3:
        return T[a] + T[b] + T[c] + T[d]
    best = 1000
    for w, x, y, z in _set_options(a, b, c, d, t3):
        v = T[a ^ w] + T[b ^ x] + T[c ^ y] + T[d ^ z]
        if v < best:
            best = v
    return best


def suit_masks(cards: Iterable[Card]) -> list[int]:
    """The hand as four suit masks (S, H, D, C), bit r for rank r."""
    ms = [0, 0, 0, 0]
    for x in cards:
        ms[x.suit_index] |= 1 << x.rank
    return ms


def min_deadwood(cards: Iterable[Card]) -> int:
    """The optimal deadwood `dw` of 0–11 cards (GIN-5): the least sum of card values left
    outside any collection of disjoint melds. Exact for every hand."""
    ms = [0, 0, 0, 0]
    for x in cards:
        ms[x.suit_index] |= 1 << x.rank
    a, b, c, d = ms
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    if not t3:
        T = _RUN_DW
        return T[a] + T[b] + T[c] + T[d]
    return masks_deadwood(a, b, c, d)


def best_melds(cards: Iterable[Card]) -> tuple[int, list[list[Card]]]:
    """The optimal deadwood and one meld collection reaching it (GIN-5).

    Melds are lists of the given Card objects: sets in suit order, runs in rank order; the
    melds are ordered sets-then-runs by their lowest card. Deadwood cards are the rest.
    """
    cards = list(cards)
    by_face = {(c.suit_index, c.rank): c for c in cards}
    a, b, c, d = suit_masks(cards)
    t3 = (a & b & (c | d)) | (c & d & (a | b))
    best: tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None = None
    for opt in _set_options(a, b, c, d, t3) if t3 else [(0, 0, 0, 0)]:
        rest = (a ^ opt[0], b ^ opt[1], c ^ opt[2], d ^ opt[3])
        v = sum(_RUN_DW[m] for m in rest)
        if best is None or v < best[0]:
            best = (v, opt, rest)
    assert best is not None
    value, opt, rest = best
    melds: list[list[Card]] = []
    set_ranks = opt[0] | opt[1] | opt[2] | opt[3]
    for r in range(1, 14):
        if (set_ranks >> r) & 1:
            melds.append([by_face[(s, r)] for s in range(4) if (opt[s] >> r) & 1])
    for s in range(4):
        for lo, hi in _RUN_SPLIT[rest[s]]:
            melds.append([by_face[(s, r)] for r in range(lo, hi + 1)])
    return value, melds


def discard_deadwoods(cards: Sequence[Card]) -> dict[Card, int]:
    """For an 11-card hand: the optimal deadwood of the 10 cards left after each discard
    (GIN-10: a knock is allowed exactly when one of these is ≤ the knock limit)."""
    ms = suit_masks(cards)
    out: dict[Card, int] = {}
    for x in cards:
        s = x.suit_index
        saved = ms[s]
        ms[s] = saved ^ (1 << x.rank)
        out[x] = masks_deadwood(ms[0], ms[1], ms[2], ms[3])
        ms[s] = saved
    return out


# --- every optimal collection (GIN-14) -------------------------------------------------------

def candidate_melds(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every meld contained in the hand (GIN-4, GIN-5): all 3- and 4-card sets and every run
    stretch of 3 or more cards."""
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, dict[int, Card]] = {}
    for c in sorted(cards):
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit_index, {})[c.rank] = c
    for r in sorted(by_rank):
        group = by_rank[r]
        if len(group) >= 3:
            if len(group) == 4:
                out.append(tuple(group))
            for skip in range(len(group)) if len(group) == 4 else [None]:
                out.append(tuple(g for i, g in enumerate(group) if i != skip))
    for s in sorted(by_suit):
        ranks = by_suit[s]
        for lo in range(1, 12):
            hi = lo
            while hi + 1 in ranks and lo in ranks:
                hi += 1
                if hi - lo >= 2:
                    out.append(tuple(ranks[r] for r in range(lo, hi + 1)))
    return out


def is_run(meld: Sequence[Card]) -> bool:
    return len({c.suit_index for c in meld}) == 1 and len(meld) >= 3 and \
        sorted(c.rank for c in meld) == list(range(min(c.rank for c in meld),
                                                   min(c.rank for c in meld) + len(meld)))


def is_set(meld: Sequence[Card]) -> bool:
    return len(meld) in (3, 4) and len({c.rank for c in meld}) == 1


def normalise(melds: Iterable[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """A canonical form of a meld collection: adjacent runs of one suit merged (they take the
    same layoffs as one run, GIN-15), cards sorted, melds sorted sets first."""
    sets = [tuple(sorted(m)) for m in melds if not is_run(m)]
    runs = sorted(tuple(sorted(m, key=lambda c: c.rank)) for m in melds if is_run(m))
    merged: list[list[Card]] = []
    for run in sorted(runs, key=lambda r: (r[0].suit_index, r[0].rank)):
        if merged and merged[-1][-1].suit_index == run[0].suit_index \
                and merged[-1][-1].rank + 1 == run[0].rank:
            merged[-1].extend(run)
        else:
            merged.append(list(run))
    return tuple(sorted(sets, key=lambda m: m[0].rank)) + \
        tuple(tuple(r) for r in sorted(merged, key=lambda r: (r[0].suit_index, r[0].rank)))


def arrangements(cards: Sequence[Card]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every meld collection (normalised, no duplicates) reaching the hand's optimal deadwood,
    in a deterministic order (GIN-14: the collections a knocker may show)."""
    cards = sorted(cards)
    target = min_deadwood(cards)
    index = {c: i for i, c in enumerate(cards)}
    cands = [(sum(1 << index[c] for c in m), m) for m in candidate_melds(cards)]
    by_low: dict[int, list[tuple[int, tuple[Card, ...]]]] = {}
    for mask, m in cands:
        by_low.setdefault((mask & -mask).bit_length() - 1, []).append((mask, m))
    found: set[tuple[tuple[Card, ...], ...]] = set()
    n = len(cards)

    def search(i: int, used: int, dead: int, chosen: list[tuple[Card, ...]]) -> None:
        if dead > target:
            return
        while i < n and (used >> i) & 1:
            i += 1
        if i == n:
            found.add(normalise(chosen))
            return
        for mask, m in by_low.get(i, ()):
            if not mask & used:
                chosen.append(m)
                search(i + 1, used | mask, dead, chosen)
                chosen.pop()
        search(i + 1, used | (1 << i), dead + VALUE[cards[i].rank], chosen)

    search(0, 0, 0, [])
    return sorted(found, key=lambda arr: [[(c.suit_index, c.rank) for c in m] for m in arr])


def deadwood_cards(cards: Iterable[Card], melds: Iterable[Sequence[Card]]) -> list[Card]:
    """The cards of the hand in none of the melds, sorted."""
    used = {c for m in melds for c in m}
    return sorted(c for c in cards if c not in used)


__all__ = ["VALUE", "SUITS", "arrangements", "best_melds", "candidate_melds", "card_value",
           "deadwood_cards", "discard_deadwoods", "is_run", "is_set", "masks_deadwood", "min_deadwood",
           "normalise", "suit_masks"]
