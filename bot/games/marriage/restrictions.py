"""Draw and discard restrictions: who may take the top discard (MAR-6), which cards may be
discarded after taking one (MAR-7), and which dealt tunnelas may be declared (MAR-4).

A mixin of `Marriage`.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .finish import DUBLEE
from .melds import face_of


class Restrictions:
    """MAR-4, MAR-6 and MAR-7 as queries; nothing here changes the state."""

    opts: dict[str, Any]
    hands: list[list[Card]]
    pile: list[tuple[Card, int | None, bool]]
    route: list[str | None]
    seen: list[bool]
    tiplu: Card | None
    taken: Card | None

    def _take_status(self, seat: int) -> tuple[str, str, str]:
        """('yes' | 'finish' | 'no', reason, rule) for taking the top discard now (MAR-6)."""
        card, by, by_seen = self.pile[-1]
        status, reason, rule = "yes", "", ""

        def lower(new: str, why: str, r: str) -> None:
            nonlocal status, reason, rule
            rank = {"yes": 2, "finish": 1, "no": 0}
            if rank[new] < rank[status]:
                status, reason, rule = new, why, r

        if not self.seen[seat] and not self.opts["discard_pickup_before_seen"]:
            lower("no", "Players who have not seen the tiplu draw from the stock at this table.", "MAR-6")
        if self.route[seat] == DUBLEE:
            policy = self.opts["dublee_discard_pickup"]
            if policy == "never":
                lower("no", "After a dublee show you draw from the stock.", "MAR-6")
            elif policy == "finish_only":
                lower("finish", "After a dublee show you may take the discard only to go out with it.", "MAR-6")
        if self.seen[seat] and self.tiplu is not None and face_of(card) in self._wild():
            if self.opts["wild_pickup_ban"] == "any_discarder":
                # "a seen player may never take a wild discard": no finishing exception either
                lower("no", "At this table a seen player never takes a wild discard; draw from the stock.",
                      "MAR-6")
            elif by is not None and not by_seen:
                if self.opts["seen_may_take_unseen_wild_to_finish"]:
                    lower("finish", "That wild card was discarded by an unseen player: you may take it "
                                    "only to go out with it.", "MAR-6")
                else:
                    lower("no", "That wild card was discarded by an unseen player, so you must draw "
                                "from the stock.", "MAR-6")
        return status, reason, rule

    def _discard_choices(self, seat: int) -> list[Card]:
        """One card per face that MAR-7 allows (the lowest allowed copy)."""
        out: dict[tuple[int, str], Card] = {}
        for c in sorted(self.hands[seat]):
            if self._banned(c):
                continue
            out.setdefault(c.face, c)
        return sorted(out.values())

    def _banned(self, card: Card) -> bool:
        if self.taken is None:
            return False
        if self.opts["taken_card_discard_ban"] == "copy":
            return card == self.taken
        return card.face == self.taken.face

    def _declarable(self, seat: int) -> list[Card]:
        counts: dict[tuple[int, str], list[Card]] = {}
        for c in sorted(self.hands[seat]):
            counts.setdefault(c.face, []).append(c)
        return [cs[0] for cs in counts.values() if len(cs) == 3]
