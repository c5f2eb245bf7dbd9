"""What the table holds, as queries over the state: who can be dealt in (MAR-2, MAR-25), the
seat order, the cards a seat owns, the stock left to draw (MAR-16) and the wild faces (MAR-11).
Nothing here changes the state."""

from __future__ import annotations

import dataclasses

from ..base import IllegalAction
from ..cards import Card
from ..messages import msg
from .melds import face_of, wild_faces
from .options import MarriageOptions
from .phases import Phase
from .state import MarriageState


def need_phase(st: MarriageState, phase: Phase, what: str) -> None:
    """`what` names the move in the catalog: `err.mar.cannot.<what>`."""
    if st.phase != phase:
        raise IllegalAction(msg(f"err.mar.cannot.{what}"), rule="MAR-5")


def eligible(st: MarriageState) -> list[int]:
    """The seats the next deal would deal in."""
    least = st.opts.min_chips_to_play
    return [i for i in range(st.n) if not st.left[i] and not st.leaving[i] and st.stacks[i] >= least]


def next_in(st: MarriageState, seats: list[int], after: int) -> int:
    """The first of `seats` after `after`, clockwise."""
    for k in range(1, st.n + 1):
        s = (after + k) % st.n
        if s in seats:
            return s
    raise RuntimeError("no seat")


def owned(st: MarriageState, seat: int) -> list[Card]:
    """Every card the seat owns: hand and exposed (a declared tunnela counted as a dublee
    under `declared_tunnela_counts_as_dublee` appears in both lists but is owned once)."""
    out = list(st.hands[seat])
    for group in (st.declared[seat], st.shown[seat]):
        for m in group:
            out.extend(m)
    seen = set(out)
    for d in st.dublees[seat]:
        out.extend(c for c in d if c not in seen)
    return out


def drawable(st: MarriageState) -> int:
    """Cards left to draw: the stock but the indicator lying at its bottom (MAR-10, MAR-16)."""
    return len(st.stock) - (1 if st.tiplu is not None else 0)


def wild(st: MarriageState) -> frozenset[int]:
    return wild_faces(None if st.tiplu is None else face_of(st.tiplu))


def dublee_allowed(st: MarriageState) -> bool:
    return st.opts.dublee_enabled and len(st.players) >= st.opts.dublee_min_players


def finish_options(st: MarriageState) -> MarriageOptions:
    """The options the finishing search reads, the dublee route settled for this deal (MAR-9)."""
    allowed = dublee_allowed(st)
    if allowed == st.opts.dublee_enabled:
        return st.opts
    return dataclasses.replace(st.opts, dublee_enabled=allowed)


def fixed_melds(st: MarriageState, seat: int) -> list[list[Card]]:
    return st.declared[seat] + st.shown[seat]


def show_need(st: MarriageState, seat: int) -> int:
    """Pure sets still to show: a declared tunnela counts as one (MAR-8)."""
    return 3 - min(3, len(st.declared[seat]))
