"""What each seat may see (BOU-27), built fresh from the state, so nothing hidden leaks by default.

The view types are what the boards read; a renamed key is a type error there, not a silent gap.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..cards import SUITS
from ..messages import MsgJson, msg_json
from .draw import can_fold
from .legal import NOTE
from .phases import PHASE_KEYS, Phase
from .state import BourreState, HandRecord, UpcardState
from .tricks import legal


class SeatView(TypedDict):
    seat: int
    stack: int
    state: Literal["left", "leaving", "sitting out", "in", "folded", "to declare"]
    exchanged: int | None
    tricks: int
    cards: int
    skipped_ante: bool
    exempt_next: bool


class PlayedCard(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    cards: list[PlayedCard]
    winner: int | None


class TableOptions(TypedDict):
    max_exchange: int
    must_beat: bool
    must_trump: bool
    must_overtrump: bool
    ace_trump_lead: bool
    sure_three_rule: bool
    pot_limit: int
    ante: int


class PublicView(TypedDict):
    phase: MsgJson               # the phase's name (`messages.msg_json`)
    phase_id: str                # the phase (`Phase`)
    hand_no: int
    max_hands: int
    extra_hand: int | None
    dealer: int
    trump: str
    upcard: str
    upcard_state: UpcardState
    pot: int
    stock: int
    reshuffles: int
    seats: list[SeatView]
    stacks: list[int]
    turn: int | None
    active: list[int]
    trick: list[PlayedCard]
    trick_no: int
    last_trick: LastTrick | None
    played: list[str]
    upcard_out: bool
    options: TableOptions
    last_summary: Any
    over: bool
    last_hand: NotRequired[HandRecord]       # how the last hand ended (its final picture)
    last_move: NotRequired[dict[str, Any]]   # who moved last and what, once anyone has (`Engine.apply`)


class PrivateView(TypedDict):
    seat: int
    hand: list[str]
    trump: str
    state: str
    tricks: int
    to_act: bool
    can_fold: bool
    exchange: bool
    max_exchange: int
    legal: list[str]
    is_dealer: bool


def _display(ids: list[int]) -> list[str]:
    """Sorted by suit (S, H, D, C), high to low inside a suit."""
    return [NOTE[c] for c in sorted(ids, key=lambda c: (c // 13, -c))]


def _seat_state(g: BourreState, s: int) -> Literal["left", "leaving", "sitting out", "in", "folded", "to declare"]:
    if not g.seated[s]:
        return "left"
    if g.status[s] == "out":
        return "leaving" if g.leaving[s] else "sitting out"
    if g.status[s] == "play":
        return "in"
    if g.status[s] == "fold":
        return "folded"
    return "to declare"


def public_view(g: BourreState) -> PublicView:
    seats: list[SeatView] = [
        {"seat": s, "stack": g.stacks[s], "state": _seat_state(g, s), "exchanged": g.exchanged[s],
         "tricks": g.tricks_won[s], "cards": len(g.hands[s]),
         "skipped_ante": s in g.skipped_ante, "exempt_next": g.exempt[s]}
        for s in range(g.n)]
    o = g.opts
    view: PublicView = {
        "phase": msg_json(PHASE_KEYS[g.phase]), "phase_id": g.phase.value,
        "hand_no": g.hand_no,
        "max_hands": o.max_hands,
        "extra_hand": g.extra,
        "dealer": g.dealer,
        "trump": SUITS[g.trump],
        "upcard": NOTE[g.upcard],
        "upcard_state": g.upcard_state,
        "pot": g.pot,
        "stock": len(g.stock),
        "reshuffles": g.reshuffles,
        "seats": seats,
        "stacks": list(g.stacks),
        "turn": None if g.over else g.turn,
        "active": list(g.active),
        "trick": [{"seat": s, "card": NOTE[c]} for s, c in zip(g.trick_seats, g.trick)],
        "trick_no": (len(g.played) // len(g.active) + 1) if g.active else 0,
        "last_trick": ({"cards": [{"seat": s, "card": NOTE[c]} for s, c in g.last_trick],
                        "winner": g.last_winner} if g.last_trick else None),
        "played": [NOTE[c] for c in g.played],
        "upcard_out": g.upcard_out,
        "options": {"max_exchange": o.max_exchange, "must_beat": o.must_beat, "must_trump": o.must_trump,
                    "must_overtrump": o.must_overtrump, "ace_trump_lead": o.ace_trump_lead,
                    "sure_three_rule": o.sure_three_rule, "pot_limit": o.pot_limit, "ante": o.ante},
        "last_summary": g.last_summary,
        "over": g.over,
    }
    if g.last_move is not None:
        view["last_move"] = g.last_move
    if g.last_hand is not None:
        view["last_hand"] = g.last_hand
    return view


def private_view(g: BourreState, seat: int) -> PrivateView:
    seated = 0 <= seat < g.n
    hand = g.hands[seat] if seated else []
    on_turn = not g.over and seat == g.turn
    return {
        "seat": seat,
        "hand": _display(hand),
        "trump": SUITS[g.trump],
        "state": g.status[seat] if seated else "",
        "tricks": g.tricks_won[seat] if seated else 0,
        "to_act": on_turn,
        "can_fold": on_turn and g.phase == Phase.DECLARE and can_fold(g, seat),
        "exchange": on_turn and g.phase == Phase.EXCHANGE,
        "max_exchange": g.opts.max_exchange,
        "legal": _display(legal(g, seat)) if on_turn and g.phase == Phase.TRICKS else [],
        "is_dealer": seat == g.dealer,
    }
