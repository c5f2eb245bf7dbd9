"""What the table sees and what each seat sees (DOM-28), built fresh from the state."""

from __future__ import annotations

from typing import Any

from . import line as ln
from .line import TILES

SEATS = 4

PHASE_NAMES = {
    "limits": "Banker sets the bet limits",
    "deadline": "Banker decides on late bets",
    "early_bets": "Bets before the first tile",
    "play": "Playing",
    "over": "Game over",
}


class Views:
    """Mixin of `BukiDomino`: `public_view` and `private_view`."""

    def public_view(self: Any) -> dict[str, Any]:
        over = self.phase == "over"
        dealt = not over
        return {
            "phase": PHASE_NAMES[self.phase],
            "stage": self.phase,
            "hand_no": self.hands_done + (0 if over else 1),
            "max_hands": self.opts["max_hands"],
            "banker": self.banker if dealt else None,
            "turn": self.turn if self.phase == "play" else None,
            "to_act": self.to_act(),
            "direction": self.opts["play_direction"],
            "min_bet": self.min_bet,
            "max_bet": self.max_bet,
            "bet_deadline_tile": self.deadline,
            "payout_multiplier": self.opts["payout_multiplier"],
            "line": [f"[{a}|{b}]" for a, b in self.line],
            "ends": [self.left, self.right] if self.left >= 0 else None,
            "tile_counts": [len(h) for h in self.hands],
            "placed": list(self.placed),
            "passes": [list(p) for p in self.passes],
            "bets": list(self.bets),
            "carried": list(self.carried),
            "stakes": list(self.stakes),
            "stacks": list(self.stacks),
            "active": list(self.active),
            "leaving": list(self.leaving),
            "spectator_bets": [dict(x) for x in self.spec],
            "spectator_window": self.spectator_window_open(),
            "spectator_odds": self.opts["spectator_odds"],
            "last_hand": None if self.last is None else _plain(self.last),
            "end_reason": self.end_reason,
        }

    def private_view(self: Any, seat: int) -> dict[str, Any]:
        hand = self.hands[seat] if 0 <= seat < len(self.hands) else []
        left, right = self.left, self.right
        moves = ln.legal_codes(hand, left, right)
        playable = sorted({c for c, _ in moves}, key=ln.RANK.__getitem__)
        acting = seat in self.to_act()
        may_bet = self._bet_open(seat)  # DOM-16: on this seat's turn or not
        view: dict[str, Any] = {
            "seat": seat,
            "hand": [str(TILES[c]) for c in hand],
            "pips": sum(ln.PIPS[c] for c in hand),
            "is_banker": seat == self.banker,
            "playable": [str(TILES[c]) for c in playable],
            "moves": [[str(TILES[c]), e] for c, e in moves] if acting and self.phase == "play" else [],
            "may_bet": bool(may_bet),
            "may_bet_off_turn": bool(may_bet and not acting),
            "must_bet": bool(acting and (self.phase == "early_bets" or self._must_bet(seat))
                             and seat != self.banker and self.bets[seat] is None),
            "bet_range": list(self.bet_range(seat)) if may_bet else None,
            "my_bet": self.bets[seat] if 0 <= seat < len(self.bets) else None,
            "my_carried": self.carried[seat] if 0 <= seat < len(self.carried) else 0,
            "my_stake": self.stakes[seat] if 0 <= seat < len(self.stakes) else 0,
            "win_pays": self.payout(self.stakes[seat]) if 0 <= seat < SEATS and self.bets[seat] is not None
            and seat != self.banker else None,
            "bet_pays": [[n, self.payout(self.carried[seat] + n)] for n in sorted(set(self.bet_range(seat)))]
            if may_bet else [],
            "spectator_requests": [[x["id"], x["spectator"], x["seat"], x["amount"], self.spayout(x["amount"])]
                                   for x in self.spec if x["status"] == "pending"] if seat == self.banker else [],
        }
        return view


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
