"""The views of a Marriage game, built fresh from the state, never the state with parts
blanked. Public: MAR-19's list; private: the hand, and the tiplu once seen.

The view types are what the board reads; a renamed key is a type error there, not a silent gap.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..base import last_deal_note
from ..cards import Card, card_texts, group_texts
from ..messages import MsgJson, msg_json, to_json
from .going_out import finishers
from .layout import group_hand
from .melds import face_of, maal_faces
from .phases import PHASE_KEYS, Phase
from .restrictions import TakeStatus, declarable, take_status
from .shows import dublee_show_ok, show_options
from .state import DealRecord, MarriageState, Route
from .table import drawable, dublee_allowed, eligible, show_need, wild
from .turn import to_act

DECLARE, PLAY, BETWEEN = Phase.DECLARE, Phase.PLAY, Phase.BETWEEN


class SeatView(TypedDict):
    seat: int
    in_deal: bool
    left: bool
    leaving: bool
    stack: int
    hand_size: int
    seen: bool
    route: Route | None
    declared: list[list[str]]
    shown: list[list[str]]
    dublees: list[list[str]]


class PublicView(TypedDict):
    phase: MsgJson               # the phase's name (`messages.msg_json`)
    phase_id: str               # the phase's id (`Phase`)
    deal_no: int
    dealer: int | None
    players: list[int]
    to_act: list[int]
    turn: int | None
    drawn: bool
    taken: str | None
    stacks: list[int]
    seats: list[SeatView]
    discard_top: str | None
    discard_top_by: int | None
    discard_top_by_seen: bool | None
    discard_pile: list[str]
    discard_by: list[int | None]
    stock_count: int
    rebuilds: int
    max_rebuilds: int
    tiplu_chosen: bool
    tiplu: str | None
    last_deal: DealRecord | None
    last_player: bool
    seen_payment: int
    unseen_payment: int
    chips_per_point: int
    ending: NotRequired[Any]    # while the deal under way is the game's last: why (MAR-28 b, c), as `to_json`
    last_move: NotRequired[dict[str, Any]]   # who moved last and what, once anyone has (`Engine.apply`)


class HandView(TypedDict):
    seat: int
    hand: list[str]
    route: Route | None
    tiplu: str | None
    maal: dict[str, str]  # "tiplu", "poplu", "jhiplu": empty until the seat has seen the tiplu
    dublee_allowed: bool


class PrivateView(TypedDict):
    seat: int
    hand: list[str]
    groups: dict[str, list[list[str]]]
    declared: list[list[str]]
    shown: list[list[str]]
    dublees: list[list[str]]
    seen: bool
    route: Route | None
    tiplu: str | None
    wild: list[str]
    maal: dict[str, str]  # "tiplu", "poplu", "jhiplu": empty until the seat has seen the tiplu
    show_need: int
    drawn_card: str | None
    taken: str | None
    taken_ban: Literal["face", "copy"]
    finish_discards: list[str]
    dublee_allowed: bool
    declarable: list[str]
    take_discard: NotRequired[TakeStatus]    # before drawing, on the seat's turn (MAR-6)
    take_reason: NotRequired[Any]             # why not, when not "yes": a message (`messages.to_json`)
    can_show: NotRequired[bool]              # after drawing, before showing
    can_show_dublees: NotRequired[bool]


def public_view(st: MarriageState) -> PublicView:
    view = _public_view(st)
    ending = last_deal_note(st.stop_requested, st.deal_no, st.opts.max_deals)
    if ending and st.phase in (DECLARE, PLAY):
        view["ending"] = to_json(ending)
    if st.last_move is not None:
        view["last_move"] = st.last_move
    return view


def _public_view(st: MarriageState) -> PublicView:
    phase = st.phase
    in_deal = phase in (DECLARE, PLAY)
    top = st.pile[-1] if st.pile and in_deal else None
    show_declared = phase != DECLARE
    seats: list[SeatView] = []
    for s in range(st.n):
        seats.append({
            "seat": s, "in_deal": s in st.players, "left": st.left[s], "leaving": st.leaving[s],
            "stack": st.stacks[s],
            # during the declaration phase a declared tunnela still counts in the hand size, so
            # nothing shows before the joint announcement (MAR-4)
            "hand_size": len(st.hands[s]) + (0 if show_declared else 3 * len(st.declared[s])),
            "seen": st.seen[s], "route": st.route[s],
            "declared": group_texts(st.declared[s]) if show_declared else [],
            "shown": group_texts(st.shown[s]), "dublees": group_texts(st.dublees[s]),
        })
    opts = st.opts
    return {
        "phase": msg_json(PHASE_KEYS[phase]), "phase_id": phase, "deal_no": st.deal_no,
        "dealer": st.dealer, "players": list(st.players), "to_act": to_act(st),
        "turn": st.turn if phase == PLAY else None,
        "drawn": st.drawn if phase == PLAY else False,
        "taken": str(st.taken) if st.taken is not None and phase == PLAY else None,
        "stacks": list(st.stacks), "seats": seats,
        "discard_top": str(top[0]) if top else None,
        "discard_top_by": top[1] if top else None,
        "discard_top_by_seen": top[2] if top else None,
        "discard_pile": card_texts([c for c, _, _ in st.pile]) if in_deal else [],
        "discard_by": [by for _, by, _ in st.pile] if in_deal else [],
        "stock_count": drawable(st) if in_deal else 0,
        "rebuilds": st.rebuilds, "max_rebuilds": opts.max_stock_rebuilds,
        "tiplu_chosen": st.tiplu is not None,
        "tiplu": str(st.tiplu) if st.tiplu is not None and not in_deal else None,
        "last_deal": st.result,
        # between deals with one player left, the next step ends the game instead (EndGame)
        "last_player": phase == BETWEEN and len(eligible(st)) < 2,
        "seen_payment": opts.seen_payment, "unseen_payment": opts.unseen_payment,
        "chips_per_point": opts.chips_per_point,
    }


def hand_view(st: MarriageState, seat: int) -> HandView:
    """The part of the private view the seat bot reads: built without the meld searches the rest
    of the view needs (those take milliseconds on some hands)."""
    view: HandView = {"seat": seat, "hand": card_texts(sorted(st.hands[seat])), "route": st.route[seat],
                      "tiplu": None, "maal": {}, "dublee_allowed": dublee_allowed(st)}
    if st.seen[seat] and st.tiplu is not None and st.phase in (DECLARE, PLAY):
        jh, ti, po = maal_faces(face_of(st.tiplu))
        view["tiplu"] = str(st.tiplu)
        view["maal"] = {"tiplu": str(Card(ti % 13 + 1, "SHDC"[ti // 13])),
                        "poplu": str(Card(po % 13 + 1, "SHDC"[po // 13])),
                        "jhiplu": str(Card(jh % 13 + 1, "SHDC"[jh // 13]))}
    return view


def private_view(st: MarriageState, seat: int) -> PrivateView:
    hand = sorted(st.hands[seat])
    phase = st.phase
    in_deal = phase in (DECLARE, PLAY)
    mine = hand_view(st, seat)
    view: PrivateView = {
        "seat": seat, "hand": mine["hand"], "groups": group_hand(hand),
        "declared": group_texts(st.declared[seat]), "shown": group_texts(st.shown[seat]),
        "dublees": group_texts(st.dublees[seat]), "seen": st.seen[seat], "route": mine["route"],
        "tiplu": mine["tiplu"], "wild": [], "maal": mine["maal"], "show_need": show_need(st, seat),
        "drawn_card": None, "taken": None, "taken_ban": st.opts.taken_card_discard_ban,
        "finish_discards": [],
        "dublee_allowed": mine["dublee_allowed"],
        "declarable": card_texts(declarable(st, seat)) if in_deal else [],
    }
    if mine["tiplu"] is not None:
        wild_faces = wild(st)
        view["wild"] = card_texts([c for c in hand if face_of(c) in wild_faces])
    if phase == PLAY and st.turn == seat:
        view["drawn_card"] = str(st.drawn_card) if st.drawn_card is not None else None
        view["taken"] = str(st.taken) if st.taken is not None else None
        if not st.drawn:
            # MAR-6: whether the top discard may be taken ("yes", "finish": only to go out, "no"),
            # and why not; told to this player only (MAR-6.5)
            status, reason, _ = take_status(st, seat)
            view["take_discard"] = status
            if reason is not None:
                view["take_reason"] = to_json(reason)
        elif st.route[seat] is None:
            view["can_show"] = show_options(st, seat)
            view["can_show_dublees"] = dublee_show_ok(st, seat)
        if st.drawn and st.route[seat] is not None:
            view["finish_discards"] = card_texts(finishers(st, seat, taken=st.taken))
    return view
