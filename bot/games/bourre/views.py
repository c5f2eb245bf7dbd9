"""What each seat may see (BOU-27), and the state as JSON.

Both views are built fresh from the state's fields, so nothing hidden leaks by default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..cards import SUITS
from .legal import CARD_ID, CARDS

if TYPE_CHECKING:
    from .state import Bourre

_NOTE = tuple(str(c) for c in CARDS)


def _cards(ids: list[int]) -> list[str]:
    return [_NOTE[c] for c in ids]


def _ids(notes: list[str]) -> list[int]:
    return [CARD_ID[CARDS[0].parse(t)] for t in notes]


def _display(ids: list[int]) -> list[str]:
    """Sorted by suit (S, H, D, C), high to low inside a suit."""
    return [_NOTE[c] for c in sorted(ids, key=lambda c: (c // 13, -c))]


def public_view(g: Bourre) -> dict[str, Any]:
    from .state import PHASE_NAMES
    seats = []
    for s in range(g.n):
        if not g.seated[s]:
            state = "left"
        elif g.status[s] == "out":
            state = "leaving" if g.leaving[s] else "sitting out"
        elif g.status[s] == "play":
            state = "in"
        elif g.status[s] == "fold":
            state = "folded"
        else:
            state = "to declare"
        seats.append({"seat": s, "stack": g.stacks[s], "state": state, "exchanged": g.exchanged[s],
                      "tricks": g.tricks_won[s], "cards": len(g.hands[s]),
                      "skipped_ante": s in g.skipped_ante, "exempt_next": g.exempt[s]})
    upcard_state = g.upcard_state
    return {
        "phase": PHASE_NAMES[g.phase],
        "hand_no": g.hand_no,
        "max_hands": g.opts["max_hands"],
        "extra_hand": g.extra,
        "dealer": g.dealer,
        "trump": SUITS[g.trump],
        "upcard": _NOTE[g.upcard],
        "upcard_state": upcard_state,
        "pot": g.pot,
        "stock": len(g.stock),
        "reshuffles": g.reshuffles,
        "seats": seats,
        "stacks": list(g.stacks),
        "turn": None if g.over else g.turn,
        "active": list(g.active),
        "trick": [{"seat": s, "card": _NOTE[c]} for s, c in zip(g.trick_seats, g.trick)],
        "trick_no": (len(g.played) // len(g.active) + 1) if g.active else 0,
        "last_trick": ({"cards": [{"seat": s, "card": _NOTE[c]} for s, c in g.last_trick],
                        "winner": g.last_winner} if g.last_trick else None),
        "played": _cards(g.played),
        "upcard_out": g.upcard_out,
        "options": {k: g.opts[k] for k in ("max_exchange", "must_beat", "must_trump", "must_overtrump",
                                            "ace_trump_lead", "sure_three_rule", "pot_limit", "ante")},
        "last_summary": g.last_summary,
        "over": g.over,
    }


def private_view(g: Bourre, seat: int) -> dict[str, Any]:
    from .state import EXCHANGE, TRICKS, DECLARE
    hand = g.hands[seat] if 0 <= seat < g.n else []
    on_turn = not g.over and seat == g.turn
    return {
        "seat": seat,
        "hand": _display(hand),
        "trump": SUITS[g.trump],
        "state": g.status[seat] if 0 <= seat < g.n else "",
        "tricks": g.tricks_won[seat] if 0 <= seat < g.n else 0,
        "to_act": on_turn,
        "can_fold": on_turn and g.phase == DECLARE and g._can_fold(seat),
        "exchange": on_turn and g.phase == EXCHANGE,
        "max_exchange": g.opts["max_exchange"],
        "legal": _display(g._legal(seat)) if on_turn and g.phase == TRICKS else [],
        "is_dealer": seat == g.dealer,
    }


_FIELDS = ("seed", "n", "stacks", "seated", "leaving", "pot", "dealer", "hand_no", "extra", "exempt", "over",
           "last_summary", "phase", "reshuffles", "upcard_state", "upcard_reach", "status", "exchanged",
           "idx", "turn", "active", "trick_seats", "tricks_won", "last_winner", "pot_start",
           "upcard_out", "order", "skipped_ante")


def to_dict(g: Bourre) -> dict[str, Any]:
    out: dict[str, Any] = {"format": 1, "options": dict(g.opts)}
    for name in _FIELDS:
        value = getattr(g, name)
        out[name] = list(value) if isinstance(value, list) else value
    out["hands"] = [_cards(h) for h in g.hands]
    out["stock"] = _cards(g.stock)
    out["pool"] = _cards(g.pool)
    out["mucked"] = _cards(g.mucked)
    out["upcard"] = _NOTE[g.upcard]
    out["trick"] = _cards(g.trick)
    out["played"] = _cards(g.played)
    out["last_trick"] = [[s, _NOTE[c]] for s, c in g.last_trick]
    out["xorder"] = list(getattr(g, "xorder", []))
    return out


def from_dict(cls: type, data: Mapping[str, Any]) -> Bourre:
    if data.get("format") != 1:
        raise ValueError(f"unknown Bourré state format {data.get('format')!r}")
    from .options import resolve
    g = cls.__new__(cls)
    g.opts = resolve(data["options"])
    for name in _FIELDS:
        value = data[name]
        setattr(g, name, list(value) if isinstance(value, list) else value)
    g.hands = [_ids(h) for h in data["hands"]]
    g.stock = _ids(data["stock"])
    g.pool = _ids(data["pool"])
    g.mucked = _ids(data["mucked"])
    g.upcard = _ids([data["upcard"]])[0]
    g.trump = g.upcard // 13
    g.trick = _ids(data["trick"])
    g.played = _ids(data["played"])
    g.last_trick = [(s, _ids([c])[0]) for s, c in data["last_trick"]]
    g.xorder = list(data["xorder"])
    nxt = [0] * g.n
    for i, s in enumerate(g.active):
        nxt[s] = g.active[(i + 1) % len(g.active)]
    g.next_active = nxt
    return g
