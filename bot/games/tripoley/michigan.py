"""The Michigan phase: leads, automatic following, stops, pay-on-play and the prize
(TRI-29..36, MICH-6..8)."""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import Card, card_texts
from . import rules
from .variant import MARRIAGE


class MichiganMixin:
    """Part of `TripoleyGame` (state.py); uses its fields and `_move`."""

    # ---- Michigan (TRI-29..36, MICH-6..8) ---------------------------------------------------------

    def _begin_michigan(self, leader: int) -> list[Event]:
        self.phase = "michigan"
        self.mich = {"leader": leader, "forbidden": None, "played": [], "by": {str(p): [] for p in self.dealt_in},
                     "start": {str(p): card_texts(self.hands[p]) for p in self.dealt_in}, "seq": [], "log": []}
        return [Event("michigan", f"Michigan: {player(leader)} leads first.", seat=leader)] + self._mich_advance()

    def _mich_advance(self) -> list[Event]:
        """Find who leads next (TRI-34); play automatically when only one suit is allowed."""
        m = self.mich
        assert m is not None
        events: list[Event] = []
        while self.phase == "michigan":
            order = [m["leader"]] + [q for q in rules.clockwise_from(m["leader"], self.dealt_in, self.n)
                                     if q != m["leader"]]
            leader = next((q for q in order if rules.lead_suits(self.hands[q], m["forbidden"])), None)
            if leader is None:
                return events + self._end_michigan(None)
            if leader != m["leader"]:
                events.append(Event("michigan", f"{player(m['leader'])} cannot lead; the lead passes to "
                                                f"{player(leader)}.", seat=leader))
                m["leader"] = leader
            suits = rules.lead_suits(self.hands[leader], m["forbidden"])
            if len(suits) > 1:
                return events
            events += self._mich_lead(leader, suits[0])
        return events

    def _mich_lead(self, p: int, suit: str) -> list[Event]:
        """Play the leader's lowest card of `suit`, then every next card by its holder (TRI-31..35)."""
        m = self.mich
        assert m is not None
        owner = {c: q for q in self.dealt_in for c in self.hands[q]}
        card = rules.lowest_of_suit(self.hands[p], suit)
        assert card is not None
        seq: list[list[Any]] = []
        events: list[Event] = []
        holder = p
        while True:
            seq.append([holder, str(card)])
            events += self._mich_play(holder, card)
            if not self.hands[holder]:
                m["seq"] = seq
                events.insert(0, self._seq_event(p, seq, out=holder))
                return events + self._end_michigan(holder)
            nxt = rules.next_card(card)
            if nxt is None or nxt not in owner:
                break
            card, holder = nxt, owner[nxt]
        m["seq"] = seq
        m["leader"], m["forbidden"] = holder, suit
        events.insert(0, self._seq_event(p, seq, out=None))
        return events

    def _seq_event(self, p: int, seq: list[list[Any]], out: int | None) -> Event:
        parts: list[str] = []
        for q, c in seq:
            parts.append(f"{Card.parse(c).pretty} ({player(q)})")
        end = f" — {player(out)} is out of cards!" if out is not None else \
            f" — stop; {player(seq[-1][0])} leads next."
        text = f"{player(p)} leads: " + ", ".join(parts) + end
        assert self.mich is not None
        self.mich["log"] = (self.mich["log"] + [text])[-12:]
        return Event("michigan", text, seat=p, data={"cards": [c for _, c in seq]})

    def _mich_play(self, p: int, card: Card) -> list[Event]:
        m = self.mich
        assert m is not None
        self.hands[p].remove(card)
        m["played"].append(str(card))
        m["by"][str(p)].append(str(card))
        if self.opts["pay_timing"] != "on_play":
            return []
        events = []
        mine = set(m["by"][str(p)])
        for code, pay in self.variant.single_pay:          # TRI-19, MICH-7
            if card == pay:
                events += self._take(p, code, f"plays {card.pretty}")
        if card in MARRIAGE and all(str(c) in mine for c in MARRIAGE):     # MICH-8
            events += self._take(p, "KQ", "has played Q♥ and K♥")
        if card.high in self.variant.run_ranks and \
                all(str(Card(r, card.suit)) in mine for r in self.variant.run_ranks):
            events += self._take(p, "RUN", "has played the run")
        return events

    def _take(self, p: int, code: str, why: str) -> list[Event]:
        amount = self.mat[code]
        self._move(self._comp(code), self._seat(p), amount, f"pay:{code}")
        self.pay_results.append([code, [p], amount])
        return [Event("pay", f"{player(p)} {why} and takes {code}: {amount}.", seat=p)]

    def _end_michigan(self, winner: int | None) -> list[Event]:
        """TRI-35/36: card payments into the prize compartment; the winner takes it all."""
        prize = self.variant.michigan_prize
        events: list[Event] = []
        self.mich_winner = winner
        if winner is not None or self.opts["no_winner_payment"] == "per_card":
            for q in self.dealt_in:
                if q != winner:
                    self._move(self._seat(q), self._comp(prize), min(len(self.hands[q]), self.stacks[q]),
                               "mich_pay")
        if winner is not None:
            self.last_mich_winner = winner
            amount = self.mat[prize]
            self._move(self._comp(prize), self._seat(winner), amount, "mich_prize")
            events.append(Event("michigan", f"{player(winner)} wins the Michigan phase and takes "
                                            f"{prize}: {amount}.", seat=winner))
        else:
            self.last_mich_winner = None
            events.append(Event("michigan", f"Nobody can lead: no Michigan winner; {prize} stays."))
        if not self.variant.poker_first:
            events += self._poker_pool()
        return events + self._end_deal()

    def _poker_pool(self) -> list[Event]:
        return []
