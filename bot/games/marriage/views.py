"""The views of a Marriage game: built fresh from the fields, never the state with parts
blanked (STYLE.md, 2). Public: MAR-19's list; private: the hand, and the tiplu once seen.

A mixin of `Marriage`.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, card_texts, group_texts
from .layout import group_hand
from .melds import face_of, maal_faces

PHASE_NAMES = {"declare": "Declaring tunnelas", "play": "Playing", "between": "Between deals",
               "over": "Game over"}




class Views:
    """`public_view` and `private_view`."""

    def public_view(self) -> dict[str, Any]:
        in_deal = self.phase in ("declare", "play")
        top = self.pile[-1] if self.pile and in_deal else None
        seats = []
        for s in range(self.n):
            show_declared = self.phase != "declare"
            seats.append({
                "seat": s, "in_deal": s in self.players, "left": self.left[s], "leaving": self.leaving[s],
                "stack": self.stacks[s],
                # during the declaration phase a declared tunnela still counts in the hand size, so
                # nothing shows before the joint announcement (MAR-4)
                "hand_size": len(self.hands[s]) + (0 if show_declared else 3 * len(self.declared[s])),
                "seen": self.seen[s], "route": self.route[s],
                "declared": group_texts(self.declared[s]) if show_declared else [],
                "shown": group_texts(self.shown[s]), "dublees": group_texts(self.dublees[s]),
            })
        return {
            "phase": PHASE_NAMES[self.phase], "phase_id": self.phase, "deal_no": self.deal_no,
            "dealer": self.dealer, "players": list(self.players), "to_act": self.to_act(),
            "turn": self.turn if self.phase == "play" else None,
            "drawn": self.drawn if self.phase == "play" else False,
            "taken": str(self.taken) if self.taken is not None and self.phase == "play" else None,
            "stacks": list(self.stacks), "seats": seats,
            "discard_top": str(top[0]) if top else None,
            "discard_top_by": top[1] if top else None,
            "discard_top_by_seen": top[2] if top else None,
            "discard_pile": card_texts([c for c, _, _ in self.pile]) if in_deal else [],
            "discard_by": [by for _, by, _ in self.pile] if in_deal else [],
            "stock_count": self._drawable() if in_deal else 0,
            "rebuilds": self.rebuilds, "max_rebuilds": self.opts["max_stock_rebuilds"],
            "tiplu_chosen": self.tiplu is not None,
            "tiplu": str(self.tiplu) if self.tiplu is not None and not in_deal else None,
            "last_deal": self.result,
            # between deals with one player left, the next step ends the game instead (EndGame)
            "last_player": self.phase == "between" and len(self._eligible()) < 2,
            "seen_payment": self.opts["seen_payment"], "unseen_payment": self.opts["unseen_payment"],
            "chips_per_point": self.opts["chips_per_point"],
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        hand = sorted(self.hands[seat])
        view: dict[str, Any] = {
            "seat": seat, "hand": card_texts(hand), "groups": group_hand(hand),
            "declared": group_texts(self.declared[seat]), "shown": group_texts(self.shown[seat]),
            "dublees": group_texts(self.dublees[seat]), "seen": self.seen[seat], "route": self.route[seat],
            "tiplu": None, "wild": [], "maal": {}, "show_need": self._show_need(seat),
            "drawn_card": None, "taken": None, "taken_ban": self.opts["taken_card_discard_ban"],
            "finish_discards": [],
            "dublee_allowed": self._dublee_allowed(),
            "declarable": card_texts(self._declarable(seat)) if self.phase in ("declare", "play") else [],
        }
        if self.seen[seat] and self.tiplu is not None and self.phase in ("declare", "play"):
            wild = self._wild()
            jh, ti, po = maal_faces(face_of(self.tiplu))
            view["tiplu"] = str(self.tiplu)
            view["wild"] = card_texts([c for c in hand if face_of(c) in wild])
            view["maal"] = {"tiplu": str(Card(ti % 13 + 1, "SHDC"[ti // 13])),
                            "poplu": str(Card(po % 13 + 1, "SHDC"[po // 13])),
                            "jhiplu": str(Card(jh % 13 + 1, "SHDC"[jh // 13]))}
        if self.phase == "play" and self.turn == seat:
            view["drawn_card"] = str(self.drawn_card) if self.drawn_card is not None else None
            view["taken"] = str(self.taken) if self.taken is not None else None
            if not self.drawn:
                # MAR-6: whether the top discard may be taken ("yes", "finish": only to go out, "no"),
                # and why not; told to this player only (MAR-6.5)
                status, reason, _ = self._take_status(seat)
                view["take_discard"], view["take_reason"] = status, reason
            elif self.route[seat] is None:
                view["can_show"] = self._show_options(seat)
                view["can_show_dublees"] = self._dublee_show_ok(seat)
            if self.drawn and self.route[seat] is not None:
                view["finish_discards"] = card_texts(self._finishers(seat, taken=self.taken))
        return view
