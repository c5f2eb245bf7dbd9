"""How far a Marriage hand is from its goal, for the seat bot: the cards still missing.

Before the show the goal is the pure sets the show needs (MAR-8): tunnelas and pure sequences
only, judged without wild cards. After it, the goal is the melds still needed to go out
(MAR-13), any type, where every wild card the seat knows fills one missing card (MAR-26: a
compatible pair and a wild make a meld, two wilds make one with any card). A wild card is
therefore worth a missing card to a seen player, more than any natural card can be.

Counts are by face (`melds.face_of`): `counts[f]` copies of face f. The search is greedy after
an exact choice of complete sets, which is close enough for choosing a discard and fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from .melds import face_rank, face_suit, pair_rows

Counts = list[int]


def counts_of(faces: Iterable[int]) -> Counts:
    counts = [0] * 52
    for f in faces:
        counts[f] += 1
    return counts


@lru_cache(maxsize=1)
def _sequences() -> tuple[tuple[int, int, int], ...]:
    """Every pure sequence as faces: r, r+1, r+2 of one suit, and Q-K-A."""
    out = []
    for s in range(4):
        base = 13 * s
        out += [(base + r, base + r + 1, base + r + 2) for r in range(11)]
        out.append((base + 11, base + 12, base))
    return tuple(out)


def _trials(counts: Counts) -> list[tuple[int, int, int]]:
    """Every trial present: three suits of one rank."""
    out: list[tuple[int, int, int]] = []
    for r in range(13):
        held = [13 * s + r for s in range(4) if counts[13 * s + r]]
        if len(held) >= 3:
            out += combinations(held, 3)
    return out


def _complete(counts: Counts, trials: bool) -> list[tuple[int, int, int]]:
    """The natural sets present: tunnelas, pure sequences and (when `trials`) trials."""
    found: list[tuple[int, int, int]] = [(f, f, f) for f in range(52) if counts[f] >= 3]
    found += [t for t in _sequences() if counts[t[0]] and counts[t[1]] and counts[t[2]]]
    if trials:
        found += _trials(counts)
    return found


def _most_sets(counts: Counts, sets: Sequence[tuple[int, int, int]], need: int,
               start: int = 0) -> list[tuple[int, int, int]]:
    """A largest disjoint choice of `sets` (from `start` on) the counts hold, up to `need`."""
    best: list[tuple[int, int, int]] = []
    if need == 0:
        return best
    for i in range(start, len(sets)):
        t = sets[i]
        for f in t:
            counts[f] -= 1
        if counts[t[0]] >= 0 and counts[t[1]] >= 0 and counts[t[2]] >= 0:
            rest = _most_sets(counts, sets, need - 1, i)
            if 1 + len(rest) > len(best):
                best = [t, *rest]
        for f in t:
            counts[f] += 1
        if len(best) == need:
            break
    return best


def _pure_partner(f: int, g: int) -> bool:
    """Two cards two-thirds of a pure set: identical, or one suit inside a sequence window."""
    if f == g:
        return True
    if face_suit(f) != face_suit(g):
        return False
    ranks = {face_rank(f), face_rank(g)}
    return max(ranks) - min(ranks) <= 2 or ranks <= {12, 13, 1}


def completers(f: int, g: int) -> tuple[int, ...]:
    """The faces that make the partial meld (f, g) a natural meld: the third copy of an identical
    pair, the other suits of a rank, or the missing cards of a sequence window."""
    if f == g:
        return (f,)
    if face_suit(f) != face_suit(g):
        return tuple(13 * s + face_rank(f) - 1 for s in range(4) if s not in (face_suit(f), face_suit(g)))
    ranks = {face_rank(f), face_rank(g)}
    windows = [{lo, lo + 1, lo + 2} for lo in range(1, 12)] + [{12, 13, 1}]
    missing = set().union(*(w - ranks for w in windows if ranks <= w))
    return tuple(13 * face_suit(f) + r - 1 for r in sorted(missing))


def _alive(f: int, g: int, live: Counts | None) -> bool:
    """Whether a copy of some card completing (f, g) may still come (always, without `live`)."""
    return live is None or any(live[c] > 0 for c in completers(f, g))


def _take_pairs(counts: Counts, need: int, pure: bool, live: Counts | None = None) -> int:
    """Remove up to `need` disjoint two-card partial melds, greedily; how many. `pure`: pairs
    toward pure sets (identical or one suit); otherwise pairs a wild card completes (MAR-26: one
    suit or one rank, never identical). With `live` (copies of each face not yet seen), a pair
    nothing can complete any more does not count."""
    rows = pair_rows()
    got = 0
    for f in range(52):
        while counts[f] and got < need:
            partner = -1
            if pure and counts[f] >= 2 and _alive(f, f, live):
                partner = f
            else:
                for g in rows[f]:
                    if counts[g] and (not pure or _pure_partner(f, g)) and _alive(f, g, live):
                        partner = g
                        break
            if partner < 0:
                break
            counts[f] -= 1
            counts[partner] -= 1
            got += 1
    return got


def gap(counts: Counts, need: int, wilds: int = 0, pure: bool = False, live: Counts | None = None) -> int:
    """The cards missing for `need` disjoint melds: pure sets only when `pure` (the show),
    else any natural meld, each of the `wilds` filling one missing card; `live` as in
    `_take_pairs`."""
    if need <= 0:
        return 0
    work = list(counts)
    chosen = _most_sets(work, _complete(work, trials=not pure), need)
    for t in chosen:
        for f in t:
            work[f] -= 1
    done = len(chosen)
    pairs = _take_pairs(work, need - done, pure, live)
    missing = pairs + 2 * (need - done - pairs)
    return max(0, missing - wilds)


def flexibility(counts: Counts, pure: bool, live: Counts | None = None) -> int:
    """How many two-card partial melds the cards hold in all (overlapping): a hand with more
    ways to grow reaches its goal sooner. With `live`, only pairs that may still be completed."""
    rows = pair_rows()
    n = 0
    for f in range(52):
        c = counts[f]
        if not c:
            continue
        if c >= 2 and _alive(f, f, live):
            n += 1
        for g in rows[f]:
            if counts[g] and (not pure or _pure_partner(f, g)) and _alive(f, g, live):
                n += 1
    return n
