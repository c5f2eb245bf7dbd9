"""MAR-27: does a Marriage hand finish, and how (an exact search, fast on 22 cards).

The normal route is a search over face counts. Each face's count (0..3) sits in a 3-bit digit
with a guard bit (``4 + count``), so taking a meld is one subtraction, and a missing card shows
up as a cleared guard bit. The search always places the lowest remaining face: either it is the
discard, or it joins a meld with two faces at or above it (rows of `melds.meld_table`). Failed
states are memoised. The search is exact: every arrangement is some sequence of such choices.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any, Final

from ..cards import Card
from .layout import pure_set_options
from .melds import (
    PURE_TYPES,
    MeldType,
    classify_faces,
    face_of,
    face_rank,
    maal_faces,
    natural_rows,
    pair_rows,
    wild_faces,
    wild_pure_melds,
)
from .options import MarriageOptions
from .state import Route

NORMAL: Final = "normal"
DUBLEE: Final = "dublee"

_ONE = [1 << (3 * f) for f in range(52)]
_GUARD = sum(4 << (3 * f) for f in range(52))
_DEFAULTS = MarriageOptions()


@dataclass(frozen=True)
class FinishResult:
    """`finishing`, the `route` used, and one witness: the seven melds (normal route, fixed
    ones included) or the eight dublees (dublee route), and the discard (None with 21 cards)."""

    finishing: bool
    route: Route | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    dublees: tuple[tuple[Card, Card], ...] = ()
    discard: Card | None = None
    meld_types: tuple[MeldType, ...] = field(default=())

    def __bool__(self) -> bool:
        return self.finishing


def _tiplu_face(tiplu: Card | None) -> int | None:
    return None if tiplu is None else face_of(tiplu)


class _Pool:
    """The physical cards of the hand by face, to turn a face witness into cards."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.by_face: dict[int, list[Card]] = {}
        for c in sorted(cards):
            self.by_face.setdefault(face_of(c), []).append(c)

    def take(self, face: int, avoid: Card | None = None) -> Card:
        cards = self.by_face[face]
        for i, c in enumerate(cards):
            if c != avoid:
                return cards.pop(i)
        return cards.pop()


def _discard_mask(hand_faces: Counter[int], taken: Card | None, ban: str) -> int:
    """Faces that may be the discard under MAR-7."""
    mask = 0
    tf = None if taken is None else face_of(taken)
    for f, n in hand_faces.items():
        if f == tf:
            if ban == "copy" and n >= 2:
                mask |= 1 << f  # another copy of the face is discarded, not the taken one
            continue
        mask |= 1 << f
    return mask


Triple = tuple[int, int, int]
Rec = Callable[[int, int, int, int, bool, bool], bool]


def search_melds(faces: Sequence[int], melds: int, pure_need: int, discard_mask: int,
                 tiplu: int | None, wrap: bool = False, marriages: int = -1
                 ) -> tuple[list[Triple], int | None] | None:
    """Split `faces` into `melds` valid melds (at least `pure_need` natural pure sets) plus one
    discard from `discard_mask` when len(faces) == 3*melds + 1. `marriages` >= 0 demands exactly
    that many MARRIAGE melds. Returns (melds as face triples, discard face) or None.

    Wild cards are interchangeable as substitutes, so the search counts them (`jokers`) instead
    of tracking them; a wild card matters as itself only inside a natural pure set (or a
    marriage), and those few melds are chosen first (`pre`), then the rest is searched.
    Exactness: a meld holding one wild is valid iff its two other cards are a compatible pair,
    one holding two or three wilds is always valid, so every layout maps onto these choices.
    """
    n = len(faces)
    has_discard = n == 3 * melds + 1
    if n != 3 * melds + has_discard or melds < 0 or (has_discard and not discard_mask):
        return None
    if not has_discard:
        discard_mask = 0
    wild = wild_faces(tiplu)
    counts = Counter(faces)
    wild_list = sorted(f for f in counts if f in wild)
    present = 0
    for f in counts:
        if f not in wild:
            present |= 1 << f
    steps: list[tuple[Any, ...]] = []
    rec = _rest_search(present, discard_mask, steps)
    cands = _wild_candidates(tiplu, counts, wrap, marriages)
    for combo, used, npure in _pre_choices(cands, counts, min(melds, pure_need + max(marriages, 0)),
                                           pure_need, marriages):
        state = _GUARD
        for f, k in counts.items():
            if f not in wild:
                state += _ONE[f] * (k - used.get(f, 0))
        free = {f: counts[f] - used.get(f, 0) for f in wild_list}
        wdo = has_discard and any(k > 0 and discard_mask >> f & 1 for f, k in free.items())
        steps.clear()
        if rec(state, sum(free.values()), melds - len(combo), max(0, pure_need - npure), has_discard, wdo):
            return _witness(steps, [cands[i][0] for i in combo], free, wild_list, discard_mask)
    return None


def _wild_candidates(tiplu: int | None, counts: Counter[int], wrap: bool, marriages: int
                     ) -> list[tuple[Triple, bool, bool]]:
    """The melds that use wild cards as themselves, the hand holding them: (faces, pure, marriage)."""
    if tiplu is None:
        return []
    cands: list[tuple[Triple, bool, bool]] = []
    jh, ti, po = maal_faces(tiplu)
    lo, mid, hi = sorted((jh, ti, po))
    mar = (lo, mid, hi)
    for t in wild_pure_melds(tiplu):
        if all(counts[x] >= t.count(x) for x in t):
            cands.append((t, True, t == mar))
    if wrap and marriages > 0 and mar not in [c[0] for c in cands] \
            and all(counts[x] >= mar.count(x) for x in mar) and face_rank(tiplu) == 1:
        cands.append((mar, False, True))  # K-A-2 marriage under the wrap option (MAR-12)
    return cands


def _pre_choices(cands: list[tuple[Triple, bool, bool]], counts: Counter[int], max_pre: int, pure_need: int,
                 marriages: int) -> Iterator[tuple[tuple[int, ...], Counter[int], int]]:
    """Each choice of candidate melds to place first, smallest first: (indices, faces used, pure sets)."""
    for size in range(0, max_pre + 1):
        if marriages < 0 and size > pure_need:
            continue
        for combo in combinations_with_replacement(range(len(cands)), size):
            used: Counter[int] = Counter()
            npure = nmar = 0
            for i in combo:
                t, p, m = cands[i]
                used.update(t)
                npure += p
                nmar += m
            if marriages >= 0 and nmar != marriages:
                continue
            if any(counts[x] < k for x, k in used.items()):
                continue
            if size - npure - nmar > 0 and marriages < 0:
                continue
            yield combo, used, npure


class _NaturalRows(dict[int, list[tuple[int, int, int, bool]]]):
    """The natural melds the hand can make with each face and two faces above it, pure ones
    first, as (subtrahend, g, h, pure); each face's row built when the search first needs it."""

    def __init__(self, present: int) -> None:
        super().__init__()
        self.present = present
        self.table = natural_rows()

    def __missing__(self, f: int) -> list[tuple[int, int, int, bool]]:
        base, present = _ONE[f], self.present
        row = [(base + _ONE[g] + _ONE[h], g, h, p) for g, h, p in self.table[f]
               if present >> g & 1 and present >> h & 1]
        row.sort(key=lambda e: not e[3])
        self[f] = row
        return row


class _PairRows(dict[int, list[tuple[int, int]]]):
    """The pairs the hand holds with each face that a wild card completes, as (subtrahend, g)."""

    def __init__(self, present: int) -> None:
        super().__init__()
        self.present = present
        self.table = pair_rows()

    def __missing__(self, f: int) -> list[tuple[int, int]]:
        base, present = _ONE[f], self.present
        row = [(base + _ONE[g], g) for g in self.table[f] if present >> g & 1]
        self[f] = row
        return row


def _all_placed(jokers: int, left: int, pure: int, disc: bool, wdo: bool, steps: list[tuple[Any, ...]]) -> bool:
    """Only wild cards are left: they make the `left` melds (and the discard) when they count right."""
    if disc:
        if not wdo or not jokers:
            return False
        jokers -= 1
    if jokers != 3 * left or pure > 0:
        return False
    if disc:
        steps.append(("dw",))
    steps.append(("jj", left))
    return True


def _rest_search(present: int, discard_mask: int, steps: list[tuple[Any, ...]]) -> Rec:
    """The search over face counts (module docstring): `rec(state, jokers, left, pure, disc, wdo)`
    places the lowest remaining face and recurses, recording its choices in `steps`."""
    nrow, prow = _NaturalRows(present), _PairRows(present)
    failed: set[tuple[int, int, int, bool, bool]] = set()

    def rec(state: int, jokers: int, left: int, pure: int, disc: bool, wdo: bool) -> bool:
        rest = state ^ _GUARD
        if not rest:
            return _all_placed(jokers, left, pure, disc, wdo, steps)
        if pure > left:
            return False
        key = (state, jokers, pure, disc, wdo)
        if key in failed:
            return False
        f = ((rest & -rest).bit_length() - 1) // 3
        if left:
            for sub, g, h, p in nrow[f]:
                nxt = state - sub
                if nxt & _GUARD == _GUARD and rec(nxt, jokers, left - 1, pure - 1 if p else pure, disc, wdo):
                    steps.append(("m", f, g, h))
                    return True
            if jokers and pure <= left - 1 and _wild_meld(rec, state, f, prow[f], jokers, left, pure, disc, wdo, steps):
                return True
        if disc and discard_mask >> f & 1 and rec(state - _ONE[f], jokers, left, pure, False, wdo):
            steps.append(("d", f))
            return True
        failed.add(key)
        return False
    return rec


def _wild_meld(rec: Rec, state: int, f: int, pairs: list[tuple[int, int]], jokers: int, left: int, pure: int,
               disc: bool, wdo: bool, steps: list[tuple[Any, ...]]) -> bool:
    """Face `f` in a meld with wild cards: a pair and one wild, else two wilds."""
    for sub, g in pairs:
        nxt = state - sub
        if nxt & _GUARD == _GUARD and rec(nxt, jokers - 1, left - 1, pure, disc, wdo):
            steps.append(("p", f, g))
            return True
    if jokers >= 2 and rec(state - _ONE[f], jokers - 2, left - 1, pure, disc, wdo):
        steps.append(("s", f))
        return True
    return False


def _witness(steps: list[tuple[Any, ...]], pre: list[tuple[int, int, int]], free: dict[int, int],
             wild_list: list[int], discard_mask: int) -> tuple[list[tuple[int, int, int]], int | None]:
    """Face melds and the discard from the search's steps; substitutes drawn from `free`."""
    pool = [f for f in wild_list for _ in range(free[f])]
    discard: int | None = None
    steps = list(reversed(steps))
    for st in steps:
        if st[0] == "dw":
            for i, f in enumerate(pool):
                if discard_mask >> f & 1:
                    discard = pool.pop(i)
                    break
        elif st[0] == "d":
            discard = st[1]
    melds: list[tuple[int, int, int]] = list(pre)
    for st in steps:
        if st[0] == "m":
            melds.append((st[1], st[2], st[3]))
        elif st[0] == "p":
            melds.append((st[1], st[2], pool.pop()))
        elif st[0] == "s":
            melds.append((st[1], pool.pop(), pool.pop()))
        elif st[0] == "jj":
            for _ in range(st[1]):
                melds.append((pool.pop(), pool.pop(), pool.pop()))
    return melds, discard


def _split_fixed(cards: Sequence[Card], groups: Iterable[Iterable[Card]]) -> list[Card]:
    rest = list(cards)
    for g in groups:
        for c in g:
            try:
                rest.remove(c)
            except ValueError:
                raise ValueError(f"fixed card {c} is not among the cards") from None
    return rest


def _normal(cards: Sequence[Card], tiplu: Card | None, fixed_melds: Sequence[Sequence[Card]],
            taken: Card | None, options: MarriageOptions, discard_face: int | None,
            marriages: int = -1) -> FinishResult:
    wrap = options.ace_tiplu_wrap_marriage
    rest = _split_fixed(cards, fixed_melds)
    melds_needed = 7 - len(fixed_melds)
    if melds_needed < 0:
        return FinishResult(False)
    pure_fixed = sum(1 for m in fixed_melds if classify_faces([face_of(c) for c in m], None) in PURE_TYPES)
    faces = [face_of(c) for c in rest]
    counts = Counter(faces)
    mask = _discard_mask(counts, taken, options.taken_card_discard_ban)
    if discard_face is not None:
        mask &= 1 << discard_face
    tf = _tiplu_face(tiplu)
    need_pure = max(0, 3 - pure_fixed)
    if need_pure and not pure_set_options(rest, need_pure, limit=1):
        return FinishResult(False)  # necessary: a finished hand holds that many disjoint pure sets
    found = search_melds(faces, melds_needed, max(0, 3 - pure_fixed), mask, tf, wrap, marriages)
    if found is None:
        return FinishResult(False)
    triples, disc = found
    pool = _Pool(rest)
    discard = pool.take(disc, avoid=taken) if disc is not None else None
    new = [tuple(pool.take(f) for f in t) for t in triples]
    all_melds = [tuple(m) for m in fixed_melds] + new
    types = tuple(classify_faces([face_of(c) for c in m], tf, wrap) for m in all_melds)
    return FinishResult(True, NORMAL, tuple(all_melds), (), discard, types)


def _dublee(cards: Sequence[Card], tiplu: Card | None, fixed_melds: Sequence[Sequence[Card]],
            fixed_dublees: Sequence[Sequence[Card]], taken: Card | None,
            options: MarriageOptions, discard_face: int | None) -> FinishResult:
    tunnela_ok = options.declared_tunnela_counts_as_dublee
    wild_ok = options.dublee_wild_as_itself
    fixed_cards = {c for d in fixed_dublees for c in d}
    banned_faces = set() if wild_ok else set(wild_faces(_tiplu_face(tiplu)))
    extra: list[tuple[Card, Card]] = []
    if tunnela_ok:
        for m in fixed_melds:
            if len({face_of(c) for c in m}) == 1 and not fixed_cards & set(m) \
                    and face_of(m[0]) not in banned_faces:  # MAR-12: no wild dublee at all
                extra.append((m[0], m[1]))
    locked = _meld_cards(fixed_melds) | fixed_cards
    hand = [c for c in cards if c not in locked]
    need = 8 - len(fixed_dublees)
    use_extra = extra[:max(0, need)]
    need -= len(use_extra)
    counts = Counter(face_of(c) for c in hand)
    has_discard = len(cards) == 22
    if len(cards) not in (21, 22):
        return FinishResult(False)
    if sum(n // 2 for f, n in counts.items() if f not in banned_faces) < need:
        return FinishResult(False)  # not enough pairs even before the discard
    candidates: list[int | None]
    if has_discard:
        mask = _discard_mask(counts, taken, options.taken_card_discard_ban)
        if discard_face is not None:
            mask &= 1 << discard_face
        # prefer a discard that breaks no pair: singletons first, then the rest, canonical order
        cands = [f for f in sorted(counts) if mask >> f & 1]
        singles_first = sorted(cands, key=lambda f: counts[f] % 2 == 0)
        candidates = list(singles_first)
    else:
        candidates = [None]
    for d in candidates:
        c2 = counts.copy()
        if d is not None:
            c2[d] -= 1
        pairs = [f for f in sorted(c2) if f not in banned_faces for _ in range(c2[f] // 2)]
        if len(pairs) >= need:
            pool = _Pool(hand)
            discard = pool.take(d, avoid=taken) if d is not None else None
            new = [(pool.take(f), pool.take(f)) for f in pairs[:need]]
            dublees = [tuple(x) for x in fixed_dublees] + use_extra + new
            return FinishResult(True, DUBLEE, (), tuple(dublees), discard)  # type: ignore[arg-type]
    return FinishResult(False)


def _meld_cards(melds: Sequence[Sequence[Card]]) -> set[Card]:
    return {c for m in melds for c in m}


def check_finish(cards: Sequence[Card], tiplu: Card | None,
                 fixed_melds: Sequence[Sequence[Card]] = (),
                 fixed_dublees: Sequence[Sequence[Card]] = (),
                 route: str | None = None, taken_card: Card | None = None,
                 options: MarriageOptions | None = None, *,
                 discard: Card | None = None, marriages: int = -1) -> FinishResult:
    """MAR-27. `cards`: all 21 or 22 cards the player owns (exposed included).

    `options` (the defaults when None) are read for `taken_card_discard_ban`,
    `ace_tiplu_wrap_marriage`, `dublee_enabled` (the engine settles `dublee_min_players` into
    it), `declared_tunnela_counts_as_dublee` and `dublee_wild_as_itself`. Extras for the
    engine: `discard` demands that discard (its face), `marriages` >= 0 demands exactly that
    many MARRIAGE melds among the new melds.
    """
    cards = list(cards)
    opts = _DEFAULTS if options is None else options
    if len(cards) not in (21, 22):
        return FinishResult(False)
    dface = None if discard is None else face_of(discard)
    if route in (None, NORMAL) and not fixed_dublees:
        res = _normal(cards, tiplu, fixed_melds, taken_card, opts, dface, marriages)
        if res.finishing:
            return res
    if route in (None, DUBLEE) and opts.dublee_enabled:
        res = _dublee(cards, tiplu, fixed_melds, fixed_dublees, taken_card, opts, dface)
        if res.finishing:
            return res
    return FinishResult(False)


def finishing_discards(cards: Sequence[Card], tiplu: Card | None,
                       fixed_melds: Sequence[Sequence[Card]] = (),
                       fixed_dublees: Sequence[Sequence[Card]] = (),
                       route: str | None = None, taken_card: Card | None = None,
                       options: MarriageOptions | None = None) -> list[Card]:
    """Every card (one per face, canonical order) whose discard finishes a 22-card hand."""
    first = check_finish(cards, tiplu, fixed_melds, fixed_dublees, route, taken_card, options)
    if not first.finishing or first.discard is None:
        return []
    fixed = _meld_cards(fixed_melds) | _meld_cards(fixed_dublees)
    out: dict[int, Card] = {face_of(first.discard): first.discard}
    for c in sorted(cards):
        f = face_of(c)
        if c in fixed or f in out:
            continue
        res = check_finish(cards, tiplu, fixed_melds, fixed_dublees, route, taken_card, options, discard=c)
        if res.finishing and res.discard is not None:
            out[f] = res.discard
    return [out[f] for f in sorted(out)]
