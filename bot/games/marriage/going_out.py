"""Going out and the end of a deal: the layout worth the most maal (MAR-27), scoring every
player (MAR-20, MAR-21) and settling in chips (MAR-22 … MAR-25), with the deal summary.

A mixin of `Marriage`: the methods read and write the game's fields.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import Card, pretty_cards
from .finish import DUBLEE, NORMAL, FinishResult, check_finish
from .scoring import adjust_unseen, maal_points, owed_amounts, settle


def _cards(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def _meld_text(m: list[Card]) -> str:
    return pretty_cards(sorted(m))


class GoingOut:
    """Finishing a hand and settling the deal."""

    # fields and helpers provided by Marriage
    opts: dict[str, Any]
    players: list[int]
    hands: list[list[Card]]
    declared: list[list[list[Card]]]
    shown: list[list[list[Card]]]
    dublees: list[list[list[Card]]]
    route: list[str | None]
    seen: list[bool]
    stacks: list[int]
    pile: list[tuple[Card, int | None, bool]]
    tiplu: Card | None
    taken: Card | None
    deal_no: int
    result: dict[str, Any] | None

    def _best_layout(self, seat: int, discard: Card) -> FinishResult:
        """MAR-27: among layouts with this discard, the one worth the most maal."""
        owned = self._owned(seat)
        opts = self._finish_options()
        if self.route[seat] == DUBLEE:
            return check_finish(owned, self.tiplu, self.declared[seat], self.dublees[seat], DUBLEE, self.taken,
                                opts, discard=discard)
        best, best_pts = None, None
        for m in (0, 1, 2, -1):
            res = check_finish(owned, self.tiplu, self._fixed_melds(seat), (), NORMAL, self.taken, opts,
                               discard=discard, marriages=m)
            if not res.finishing:
                continue
            hold = [c for c in owned if c != res.discard]
            exposed = [list(x) for x in res.melds[len(self.declared[seat]):]]
            pts = maal_points(hold, self.declared[seat], exposed, self.tiplu, self.opts).total
            if best_pts is None or pts > best_pts:
                best, best_pts = res, pts
        assert best is not None
        return best

    def _go_out(self, seat: int, discard: Card) -> list[Event]:
        layout = self._best_layout(seat, discard)
        assert layout.finishing and layout.discard is not None
        final = layout.discard
        self.hands[seat].remove(final)
        self.pile.append((final, seat, True))
        if layout.route == NORMAL:
            new = [list(m) for m in layout.melds[len(self.declared[seat]) + len(self.shown[seat]):]]
            going_out = [list(m) for m in layout.melds[len(self.declared[seat]):]]
            desc = "; ".join(f"{_meld_text(list(m))} ({t.value.replace('_', ' ').lower()})"
                             for m, t in zip(layout.melds, layout.meld_types))
        else:
            new = [list(d) for d in layout.dublees[len(self.dublees[seat]):]]
            going_out = []
            desc = "eight dublees: " + "; ".join(_meld_text(list(d)) for d in layout.dublees)
        events = [Event("finish", f"{player(seat)} goes out, discarding {final.pretty}: {desc}.", seat=seat,
                        data={"route": layout.route, "melds": [_cards(list(m)) for m in layout.melds],
                              "dublees": [_cards(list(d)) for d in layout.dublees], "discard": str(final)})]
        events += self._settle(seat, layout, going_out, new)
        return events

    def _settle(self, winner: int, layout: FinishResult, going_out: list[list[Card]],
                new: list[list[Card]]) -> list[Event]:
        """MAR-17 … MAR-25: reveal, score every player, settle in chips."""
        assert self.tiplu is not None
        points_detail = {}
        raw: dict[int, int] = {}
        for s in self.players:
            hold = self._owned(s)
            exposed = going_out if s == winner else self.shown[s]
            p = maal_points(hold, self.declared[s], exposed, self.tiplu, self.opts)
            points_detail[s] = p
            raw[s] = p.total
        dublee_finish = layout.route == DUBLEE
        adjusted = adjust_unseen(raw, {s: self.seen[s] for s in self.players}, winner, self.opts["unseen_maal"])
        owed = owed_amounts(adjusted, {s: self.seen[s] for s in self.players}, winner, dublee_finish, self.opts)
        order = []
        s = winner
        for _ in range(len(self.players) - 1):
            s = self._next_in(self.players, s)
            order.append(s)
        before = {s: self.stacks[s] for s in self.players}
        transfers = settle(owed, winner, before, order, self.opts["short_stack_rule"])
        for payer, payee, amount in transfers:
            self.stacks[payer] -= amount
            self.stacks[payee] += amount
        lines = [f"**Deal {self.deal_no}** — {player(winner)} goes out "
                 f"({'eight dublees' if dublee_finish else 'seven melds'}). Tiplu: {self.tiplu.pretty}."]
        for s in self.players:
            p = points_detail[s]
            items = ", ".join(f"{label} {v}" for label, v in p.items) or "no maal"
            status = "seen" if self.seen[s] else "unseen"
            note = ""
            if adjusted[s] != raw[s]:
                note = f" → {adjusted[s]} ({self.opts['unseen_maal']}, MAR-21)"
            lines.append(f"{player(s)} ({status}): {raw[s]} points ({items}){note}")
        total = sum(adjusted.values())
        for s in self.players:
            if s != winner:
                lines.append(f"{player(s)} held: {pretty_cards(sorted(self._owned(s)))}")
        n = len(self.players)
        cpp = self.opts["chips_per_point"]
        for i, x in owed.items():
            w = self.opts["seen_payment"] if self.seen[i] else self.opts["unseen_payment"]
            bonus = f" + dublee bonus {self.opts['dublee_finish_bonus']}" if dublee_finish else ""
            why = (f"({'seen' if self.seen[i] else 'unseen'} payment {w}{bonus} + total maal {total} "
                   f"− {n}×{adjusted[i]}{f', ×{cpp} chips per point' if cpp != 1 else ''}; MAR-23)")
            if x > 0:
                lines.append(f"{player(i)} owes {player(winner)} {x:,} chips {why}.")
            elif x < 0:
                lines.append(f"{player(winner)} owes {player(i)} {-x:,} chips {why}.")
            else:
                lines.append(f"{player(i)} and {player(winner)} are even {why}.")
        for payer, payee, amount in transfers:
            lines.append(f"{player(payer)} pays {player(payee)} {amount:,} chips.")
        for i, x in owed.items():
            paid = sum(a for p, q, a in transfers if (p, q) in ((i, winner), (winner, i)))
            if paid < abs(x):
                who = player(i) if x > 0 else player(winner)
                lines.append(f"{who} was short by {abs(x) - paid:,} chips (MAR-25).")
        self.result = {
            "abandoned": False, "winner": winner, "route": layout.route, "tiplu": str(self.tiplu),
            "melds": [_cards(list(m)) for m in layout.melds], "dublees": [_cards(list(d)) for d in layout.dublees],
            "discard": str(layout.discard),
            "points": {str(s): raw[s] for s in self.players},
            "adjusted": {str(s): adjusted[s] for s in self.players},
            "items": {str(s): [[label, v] for label, v in points_detail[s].items] for s in self.players},
            "owed": {str(i): x for i, x in owed.items()},
            "transfers": [[p, q, a] for p, q, a in transfers],
            "hands": {str(s): _cards(sorted(self._owned(s))) for s in self.players},
        }
        # the winner's new melds go on the table
        for m in new:
            for c in m:
                self.hands[winner].remove(c)
        if layout.route == NORMAL:
            self.shown[winner] = self.shown[winner] + new
        else:
            self.dublees[winner] = self.dublees[winner] + new
        events = [Event("summary", "\n".join(lines), data={
            "winner": winner, "points": {str(s): adjusted[s] for s in self.players},
            "transfers": [[p, q, a] for p, q, a in transfers]})]
        return events + self._end_deal()
