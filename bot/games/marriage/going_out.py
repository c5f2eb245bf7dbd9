"""Going out and the end of a deal: the layout worth the most maal (MAR-27), scoring every
player (MAR-20, MAR-21) and settling in chips (MAR-22 … MAR-25), with the deal summary.

A mixin of `Marriage`: the methods read and write the game's fields.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import Card, card_texts, pretty_cards
from .finish import DUBLEE, NORMAL, FinishResult, check_finish
from .melds import face_of, maal_faces
from .scoring import adjust_unseen, maal_points, owed_amounts, settle


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
                        data={"route": layout.route, "melds": [card_texts(list(m)) for m in layout.melds],
                              "dublees": [card_texts(list(d)) for d in layout.dublees], "discard": str(final)})]
        events += self._settle(seat, layout, going_out, new)
        return events

    def _summary_lines(self, winner: int, layout: FinishResult, points_detail: dict[int, Any],
                       raw: dict[int, int], adjusted: dict[int, int], owed: dict[int, int],
                       transfers: list[tuple[int, int, int]]) -> list[str]:
        """The deal summary for the channel: what each player scored and why every chip moved."""
        assert self.tiplu is not None and layout.discard is not None
        jh, ti, po = (Card(f % 13 + 1, "SHDC"[f // 13]) for f in maal_faces(face_of(self.tiplu)))
        dublee_finish = layout.route == DUBLEE
        cpp = self.opts["chips_per_point"]
        lines = [f"**Deal {self.deal_no}** — {player(winner)} goes out with "
                 f"{'eight dublees' if dublee_finish else 'seven melds'}, discarding {layout.discard.pretty}. "
                 f"Tiplu: {ti.pretty} (jhiplu {jh.pretty}, poplu {po.pretty}; all {ti.rank_name}s, "
                 f"{jh.pretty} and {po.pretty} were wild).",
                 "**Maal** (points for valuable cards; everyone's count):"]
        for s in self.players:
            p = points_detail[s]
            items = ", ".join(f"{label}: {v}" for label, v in p.items)
            status = "seen" if self.seen[s] else "unseen"
            role = ", went out" if s == winner else ""
            note = ""
            if adjusted[s] != raw[s]:
                how = "void: unseen" if self.opts["unseen_maal"] == "void" else "kidnap"
                note = f" → counts {adjusted[s]} ({how}, MAR-21)"
            lines.append(f"• {player(s)} ({status}{role}): {raw[s]}{f' — {items}' if items else ''}{note}")
        lines.append("**Chips**" + (f" ({cpp} chips per point)" if cpp != 1 else "") + ":")
        seen_w, unseen_w = self.opts["seen_payment"], self.opts["unseen_payment"]
        extra = self.opts["dublee_finish_bonus"] if dublee_finish else 0
        game = ", ".join(f"{player(i)} {(seen_w if self.seen[i] else unseen_w) + extra}" for i in owed)
        bonus = f", plus {extra} for going out with eight dublees" if dublee_finish else ""
        lines.append(f"• For the game, each other player pays {player(winner)} {seen_w} if seen, {unseen_w} "
                     f"if unseen{bonus}: {game}.")
        diffs = []
        ordered = sorted(self.players, key=lambda s: -adjusted[s])
        for a_i, hi in enumerate(ordered):
            for lo in ordered[a_i + 1:]:
                d = adjusted[hi] - adjusted[lo]
                if d:
                    diffs.append(f"{player(lo)} → {player(hi)} {d}")
        lines.append("• For maal, every pair settles the difference of their points: "
                     + (", ".join(diffs) if diffs else "all equal, nothing to settle") + ".")
        if transfers:
            net = "; ".join(f"{player(p)} pays {player(q)} {a:,} chips" for p, q, a in transfers)
            lines.append(f"• All of it goes through {player(winner)} (MAR-23): {net}.")
        else:
            lines.append("• It all cancels out: no chips change hands.")
        for i, x in owed.items():
            paid = sum(a for p, q, a in transfers if (p, q) in ((i, winner), (winner, i)))
            if paid < abs(x):
                who = player(i) if x > 0 else player(winner)
                lines.append(f"• {who} owed {abs(x):,} but had only {paid:,} chips to pay (MAR-25).")
        others = [s for s in self.players if s != winner]
        if others:
            lines.append("**Their cards:**")
            lines += [f"{player(s)}: {pretty_cards(sorted(self._owned(s)))}" for s in others]
        return lines

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
        lines = self._summary_lines(winner, layout, points_detail, raw, adjusted, owed, transfers)
        self.result = {
            "abandoned": False, "winner": winner, "route": layout.route, "tiplu": str(self.tiplu),
            "melds": [card_texts(list(m)) for m in layout.melds],
            "dublees": [card_texts(list(d)) for d in layout.dublees],
            "discard": str(layout.discard),
            "points": {str(s): raw[s] for s in self.players},
            "adjusted": {str(s): adjusted[s] for s in self.players},
            "items": {str(s): [[label, v] for label, v in points_detail[s].items] for s in self.players},
            "owed": {str(i): x for i, x in owed.items()},
            "transfers": [[p, q, a] for p, q, a in transfers],
            "hands": {str(s): card_texts(sorted(self._owned(s))) for s in self.players},
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
