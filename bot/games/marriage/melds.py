"""Marriage meld classification (MAR-11, MAR-12, MAR-26) and the per-tiplu meld tables.

Cards are judged by face only: a face index is ``suit_index * 13 + rank - 1`` (0..51), which
follows the canonical order (suit S, H, D, C; then rank A..K). The copy index never matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import lru_cache

from ..cards import SUITS, Card


class MeldType(StrEnum):
    """The seven answers of MAR-26 (values are the rules file's names)."""

    TUNNELA = "TUNNELA"
    MARRIAGE = "MARRIAGE"
    PURE_SEQUENCE = "PURE_SEQUENCE"
    TRIAL = "TRIAL"
    DIRTY_SEQUENCE = "DIRTY_SEQUENCE"
    DIRTY_TRIAL = "DIRTY_TRIAL"
    INVALID = "INVALID"


PURE_TYPES = frozenset({MeldType.TUNNELA, MeldType.PURE_SEQUENCE, MeldType.MARRIAGE})

Face = int


def face_of(card: Card) -> Face:
    return card.suit_index * 13 + card.rank - 1


def face_rank(face: Face) -> int:
    return face % 13 + 1


def face_suit(face: Face) -> int:
    return face // 13


def up(rank: int) -> int:
    """The cyclic rank above (MAR-11): above K comes A."""
    return 1 if rank == 13 else rank + 1


def down(rank: int) -> int:
    """The cyclic rank below (MAR-11): below A comes K."""
    return 13 if rank == 1 else rank - 1


def maal_faces(tiplu: Face) -> tuple[Face, Face, Face]:
    """(jhiplu, tiplu, poplu) faces for a tiplu face (MAR-11)."""
    rank, suit = face_rank(tiplu), face_suit(tiplu)
    return suit * 13 + down(rank) - 1, tiplu, suit * 13 + up(rank) - 1


def alter_face(tiplu: Face) -> Face:
    """The ordinary joker in the other suit of the tiplu's colour (H<->D, S<->C)."""
    other = {0: 3, 3: 0, 1: 2, 2: 1}[face_suit(tiplu)]
    return other * 13 + face_rank(tiplu) - 1


def wild_faces(tiplu: Face | None) -> frozenset[Face]:
    """All faces of the tiplu's rank plus the poplu and jhiplu faces (MAR-11)."""
    if tiplu is None:
        return frozenset()
    jh, _, po = maal_faces(tiplu)
    rank = face_rank(tiplu)
    return frozenset({s * 13 + rank - 1 for s in range(4)} | {jh, po})


def _fits_window(ranks: Sequence[int]) -> bool:
    """Distinct ranks that lie inside one of the twelve legal windows (section 4)."""
    if len(set(ranks)) != len(ranks):
        return False
    if len(ranks) <= 1:
        return True
    if max(ranks) - min(ranks) <= 2:
        return True
    # the only window with a gap in numeric order: Q K A
    return set(ranks) <= {12, 13, 1}


def _natural_sequence(faces: Sequence[Face]) -> bool:
    suits = {face_suit(f) for f in faces}
    return len(suits) == 1 and len(faces) == 3 and _fits_window([face_rank(f) for f in faces])


def classify_faces(faces: Sequence[Face], tiplu: Face | None,
                   ace_tiplu_wrap_marriage: bool = False) -> MeldType:
    """MAR-26 on face indices. Same steps as `classify_meld`."""
    if len(faces) != 3:
        return MeldType.INVALID
    a, b, c = faces
    if a == b == c:
        return MeldType.TUNNELA
    natural_seq = _natural_sequence(faces)
    if tiplu is not None:
        jh, ti, po = maal_faces(tiplu)
        if sorted(faces) == sorted((jh, ti, po)) and (natural_seq or ace_tiplu_wrap_marriage):
            return MeldType.MARRIAGE
    if natural_seq:
        return MeldType.PURE_SEQUENCE
    ranks = {face_rank(f) for f in faces}
    if len(ranks) == 1 and len({face_suit(f) for f in faces}) == 3:
        return MeldType.TRIAL
    if tiplu is None:
        return MeldType.INVALID
    wild = wild_faces(tiplu)
    idx = [i for i in range(3) if faces[i] in wild]
    seq = trial = False
    for mask in range(1, 1 << len(idx)):
        subs = {idx[j] for j in range(len(idx)) if mask >> j & 1}
        rest = [faces[i] for i in range(3) if i not in subs]
        if len({face_suit(f) for f in rest}) <= 1 and _fits_window([face_rank(f) for f in rest]):
            seq = True
            break
        if len({face_rank(f) for f in rest}) <= 1 and len({face_suit(f) for f in rest}) == len(rest):
            trial = True
    if seq:
        return MeldType.DIRTY_SEQUENCE
    if trial:
        return MeldType.DIRTY_TRIAL
    return MeldType.INVALID


def _tiplu_face(tiplu: Card | tuple[int, str] | str | None) -> Face | None:
    if tiplu is None:
        return None
    if isinstance(tiplu, str):
        tiplu = Card.parse(tiplu)
    if isinstance(tiplu, tuple):
        rank, suit = tiplu
        return SUITS.index(suit) * 13 + rank - 1
    return face_of(tiplu)


def classify_meld(cards: Iterable[Card], tiplu: Card | None,
                  ace_tiplu_wrap_marriage: bool = False) -> MeldType:
    """MAR-26: the type of a three-card meld; `tiplu` None when the caller has not seen.

    Copy indices are ignored and the order of the cards is irrelevant.
    """
    faces = [c if isinstance(c, int) else face_of(c) for c in cards]
    return classify_faces(faces, _tiplu_face(tiplu), ace_tiplu_wrap_marriage)


# --- tables for the finishing search -----------------------------------------------------

@lru_cache(maxsize=1)
def _natural_triples() -> tuple[tuple[Face, Face, Face], ...]:
    """Every natural meld as sorted faces: tunnelas, pure sequences, trials."""
    out: set[tuple[int, int, int]] = set()
    for f in range(52):
        out.add((f, f, f))
    for s in range(4):
        for r in range(1, 12):
            out.add(tuple(sorted(s * 13 + r - 1 + k for k in range(3))))  # type: ignore[arg-type]
        a, b, c = sorted((s * 13 + 11, s * 13 + 12, s * 13))  # Q K A
        out.add((a, b, c))
    for r in range(13):
        for skip in range(4):
            out.add(tuple(sorted(s * 13 + r for s in range(4) if s != skip)))  # type: ignore[arg-type]
    return tuple(sorted(out))


def _compatible(f: Face, g: Face) -> bool:
    """Two non-wild cards that one wild substitute completes into a meld (MAR-26 step 7)."""
    if f == g:
        return False
    if face_suit(f) == face_suit(g):
        return _fits_window([face_rank(f), face_rank(g)])
    return face_rank(f) == face_rank(g)


@lru_cache(maxsize=1)
def natural_rows() -> tuple[tuple[tuple[Face, Face, bool], ...], ...]:
    """For each face f: the natural melds whose lowest face is f, as (g, h, pure)."""
    rows: list[list[tuple[int, int, bool]]] = [[] for _ in range(52)]
    for f, g, h in _natural_triples():
        rows[f].append((g, h, classify_faces((f, g, h), None) in PURE_TYPES))
    return tuple(tuple(r) for r in rows)


@lru_cache(maxsize=1)
def pair_rows() -> tuple[tuple[Face, ...], ...]:
    """For each face f: the faces g > f that form a compatible pair with it."""
    return tuple(tuple(g for g in range(f + 1, 52) if _compatible(f, g)) for f in range(52))


def wild_pure_melds(tiplu: Face) -> tuple[tuple[Face, Face, Face], ...]:
    """The natural pure sets that contain at least one wild face (used as itself)."""
    wild = wild_faces(tiplu)
    return tuple(t for t in _natural_triples()
                 if (t[0] in wild or t[1] in wild or t[2] in wild)
                 and classify_faces(t, None) in PURE_TYPES)
