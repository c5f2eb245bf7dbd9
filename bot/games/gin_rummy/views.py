"""What each seat sees (GIN-24): built fresh from the state, never the state blanked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..cards import Card
from .melds import best_melds, deadwood_cards, discard_deadwoods

if TYPE_CHECKING:
    from .state import GinRummy

PHASE_NAMES = {"first_offer": "First upcard", "draw": "Drawing", "discard": "Discarding",
               "arrange": "Knocker chooses melds", "over": "Match over"}


def parse_list(items: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in items]


def notation(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def public_view(g: GinRummy) -> dict[str, Any]:
    """Discard pile, stock count, pickups, scores, options, the last showdown; no hand."""
    over = g.phase == "over"
    top = g.pile[-1] if g.pile and not over else None
    opts = g.opts
    return {
        "phase": PHASE_NAMES[g.phase],
        "phase_id": g.phase,
        "hand_no": g.hand_no,
        "dealer": g.dealer,
        "turn": None if over else g.turn,
        "discard_top": str(top) if top is not None else None,
        "discard_pile": [] if over else notation(g.pile),
        "stock_count": len(g.stock),
        "hand_sizes": [len(h) for h in g.hands],
        "taken": [notation(t) for t in g.taken],
        "refused_upcard": str(g.refused) if g.refused else None,
        "pickup": str(g.pickup) if g.pickup and g.phase == "discard" else None,
        "scores": list(g.scores),
        "hands_won": list(g.hands_won),
        "stacks": list(g.stacks),
        "left": list(g.left),
        **{name: opts[name] for name in (
            "target_score", "target_rule", "knock_limit", "scoring_system", "stake_per_point",
            "first_turn", "gin_mandatory", "big_gin", "allow_discard_of_pickup", "knocker_arrangement")},
        "knock": {"knocker": g.knock["knocker"], "deadwood": g.knock["deadwood"]} if g.knock else None,
        "last_hand": g.last_hand,
        "result": g.result,
    }


def private_view(g: GinRummy, seat: int) -> dict[str, Any]:
    """The seat's hand grouped into its best melds with the deadwood, and when discarding
    the deadwood left by each discard (what a knock would show)."""
    hand = g.hands[seat]
    dw, melds = best_melds(hand)
    view: dict[str, Any] = {
        "seat": seat,
        "hand": notation(sorted(hand)),
        "melds": [notation(m) for m in melds],
        "deadwood_cards": notation(deadwood_cards(hand, melds)),
        "deadwood": dw,
        "pickup": str(g.pickup) if g.pickup and g.turn == seat else None,
    }
    if g.phase == "discard" and g.turn == seat:
        dws = discard_deadwoods(hand)
        view["discard_deadwood"] = {str(c): dws[c] for c in sorted(hand)}
    if g.knock and g.knock["knocker"] == seat:
        view["knock_discard"] = g.knock["discard"]
    return view
