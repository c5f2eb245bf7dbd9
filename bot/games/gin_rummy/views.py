"""What each seat sees (GIN-24): built fresh from the state, never the state blanked.

The view types are what the boards read; a renamed key is a type error there, not a silent gap.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..cards import card_texts
from ..messages import MsgJson, msg_json
from .melds import best_melds, deadwood_cards, discard_deadwoods
from .phases import PHASE_KEYS, Phase
from .state import GinState, HandRecord, MatchResult, Payment


class KnockView(TypedDict):
    knocker: int
    deadwood: int


class PublicView(TypedDict):
    """Discard pile, stock count, pickups, scores, options, the last showdown; no hand."""

    phase: MsgJson               # the phase's name (`messages.msg_json`)
    phase_id: str
    hand_no: int
    dealer: int
    turn: int | None
    discard_top: str | None
    discard_pile: list[str]
    stock_count: int
    hand_sizes: list[int]
    taken: list[list[str]]
    refused_upcard: str | None
    pickup: str | None
    scores: list[int]
    hands_won: list[int]
    stacks: list[int]
    left: list[bool]
    target_score: int
    target_rule: str
    knock_limit: int
    scoring_system: str
    stake_per_point: int
    first_turn: str
    gin_mandatory: bool
    big_gin: bool
    allow_discard_of_pickup: bool
    knocker_arrangement: str
    knock: KnockView | None
    last_hand: HandRecord | None
    result: MatchResult | None
    last_move: NotRequired[dict[str, Any]]   # who moved last and what, once anyone has (`Engine.apply`)


class PrivateView(TypedDict):
    """The seat's hand grouped into its best melds with the deadwood; when discarding, the
    deadwood left by each discard (what a knock would show); the knocker's face-down discard."""

    seat: int
    hand: list[str]
    melds: list[list[str]]
    deadwood_cards: list[str]
    deadwood: int
    pickup: str | None
    discard_deadwood: NotRequired[dict[str, int]]
    knock_discard: NotRequired[str]


__all__ = ["HandRecord", "KnockView", "MatchResult", "Payment", "PrivateView", "PublicView",
           "private_view", "public_view"]


def public_view(g: GinState) -> PublicView:
    over = g.phase == Phase.OVER
    top = g.pile[-1] if g.pile and not over else None
    opts = g.opts
    view: PublicView = {
        "phase": msg_json(PHASE_KEYS[g.phase]),
        "phase_id": g.phase.value,
        "hand_no": g.hand_no,
        "dealer": g.dealer,
        "turn": None if over else g.turn,
        "discard_top": str(top) if top is not None else None,
        "discard_pile": [] if over else card_texts(g.pile),
        "stock_count": len(g.stock),
        "hand_sizes": [len(h) for h in g.hands],
        "taken": [card_texts(t) for t in g.taken],
        "refused_upcard": str(g.refused) if g.refused else None,
        "pickup": str(g.pickup) if g.pickup and g.phase == Phase.DISCARD else None,
        "scores": list(g.scores),
        "hands_won": list(g.hands_won),
        "stacks": list(g.stacks),
        "left": list(g.left),
        "target_score": opts.target_score,
        "target_rule": opts.target_rule,
        "knock_limit": opts.knock_limit,
        "scoring_system": opts.scoring_system,
        "stake_per_point": opts.stake_per_point,
        "first_turn": opts.first_turn,
        "gin_mandatory": opts.gin_mandatory,
        "big_gin": opts.big_gin,
        "allow_discard_of_pickup": opts.allow_discard_of_pickup,
        "knocker_arrangement": opts.knocker_arrangement,
        "knock": {"knocker": g.knock["knocker"], "deadwood": g.knock["deadwood"]} if g.knock else None,
        "last_hand": g.last_hand,
        "result": g.result,
    }
    if g.last_move is not None:
        view["last_move"] = g.last_move
    return view


def private_view(g: GinState, seat: int) -> PrivateView:
    hand = g.hands[seat]
    dw, melds = best_melds(hand)
    view: PrivateView = {
        "seat": seat,
        "hand": card_texts(sorted(hand)),
        "melds": [card_texts(m) for m in melds],
        "deadwood_cards": card_texts(deadwood_cards(hand, melds)),
        "deadwood": dw,
        "pickup": str(g.pickup) if g.pickup and g.turn == seat else None,
    }
    if g.phase == Phase.DISCARD and g.turn == seat:
        dws = discard_deadwoods(hand)
        view["discard_deadwood"] = {str(c): dws[c] for c in sorted(hand)}
    if g.knock and g.knock["knocker"] == seat:
        view["knock_discard"] = g.knock["discard"]
    return view
