"""Draw and discard restrictions: who may take the top discard (MAR-6), which cards may be
discarded after taking one (MAR-7), and which dealt tunnelas may be declared (MAR-4).

Queries over the state; nothing here changes it.
"""

from __future__ import annotations

from typing import Literal

from ..cards import Card
from ..messages import Msg, msg
from .finish import DUBLEE
from .melds import face_of
from .state import MarriageState
from .table import wild

TakeStatus = Literal["yes", "finish", "no"]
_RANK: dict[TakeStatus, int] = {"yes": 2, "finish": 1, "no": 0}


def take_status(st: MarriageState, seat: int) -> tuple[TakeStatus, Msg | None, str]:
    """('yes' | 'finish' | 'no', why not (None for 'yes'), rule) for taking the top discard now
    (MAR-6)."""
    card, by, by_seen = st.pile[-1]
    opts = st.opts
    status: TakeStatus = "yes"
    reason: Msg | None = None
    rule = ""

    def lower(new: TakeStatus, why: Msg, r: str) -> None:
        nonlocal status, reason, rule
        if _RANK[new] < _RANK[status]:
            status, reason, rule = new, why, r

    if not st.seen[seat] and not opts.discard_pickup_before_seen:
        lower("no", msg("mar.why.unseen_draw"), "MAR-6")
    if st.route[seat] == DUBLEE:
        policy = opts.dublee_discard_pickup
        if policy == "never":
            lower("no", msg("mar.why.dublee_draw"), "MAR-6")
        elif policy == "finish_only":
            lower("finish", msg("mar.why.dublee_finish"), "MAR-6")
    if st.seen[seat] and st.tiplu is not None and face_of(card) in wild(st):
        if opts.wild_pickup_ban == "any_discarder":
            # "a seen player may never take a wild discard": no finishing exception either
            lower("no", msg("mar.why.wild_never"), "MAR-6")
        elif by is not None and not by_seen:
            if opts.seen_may_take_unseen_wild_to_finish:
                lower("finish", msg("mar.why.unseen_wild_finish"), "MAR-6")
            else:
                lower("no", msg("mar.why.unseen_wild_draw"), "MAR-6")
    return status, reason, rule


def discard_choices(st: MarriageState, seat: int) -> list[Card]:
    """One card per face that MAR-7 allows (the lowest allowed copy)."""
    out: dict[tuple[int, str], Card] = {}
    for c in sorted(st.hands[seat]):
        if banned(st, c):
            continue
        out.setdefault(c.face, c)
    return sorted(out.values())


def banned(st: MarriageState, card: Card) -> bool:
    """MAR-7: the card taken this turn (or, by default, any card of its face) stays in hand."""
    if st.taken is None:
        return False
    if st.opts.taken_card_discard_ban == "copy":
        return card == st.taken
    return card.face == st.taken.face


def declarable(st: MarriageState, seat: int) -> list[Card]:
    """One card of each dealt tunnela the seat holds (MAR-4)."""
    counts: dict[tuple[int, str], list[Card]] = {}
    for c in sorted(st.hands[seat]):
        counts.setdefault(c.face, []).append(c)
    return [cs[0] for cs in counts.values() if len(cs) == 3]
