"""The poker phase: hand choice, the betting round, showdown and layers (TRI-20..28)."""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import Card, card_texts, pretty_cards
from ..poker import best_hand
from . import rules
from .actions import Bet, Call, Check, Fold, Raise
from .betting import BettingRound, layers, uncalled_excess
from .rules import amounts as _amounts


class PokerMixin:
    """Part of `TripoleyGame` (state.py); uses its fields and `_move`."""

    # ---- poker (TRI-20..28) -----------------------------------------------------------------

    def _poker_cards(self, p: int) -> list[Card]:
        return self.chosen.get(p) or self.hands[p]

    def _begin_poker(self) -> list[Event]:
        if self.opts["poker_hand_selection"] == "player_choice":
            self.phase = "choose_hand"
            return [Event("poker", "Each player chooses five cards as their poker hand.")]
        return self._begin_betting()

    def _begin_betting(self) -> list[Event]:
        if not self.opts["tripoley_poker_betting"]:
            return self._showdown_all()
        first = self.dealer if self.opts["poker_first_to_act"] == "dealer" else \
            rules.left_of(self.dealer, self.dealt_in, self.n)
        order = [first] + [q for q in rules.clockwise_from(first, self.dealt_in, self.n) if q != first]
        self.betting = BettingRound.open(order, self.stacks, self.mat["POT"])
        self.phase = "betting"
        events = [Event("poker", "Poker betting begins.")]
        if self.betting.turn is None:
            events += self._end_betting()
        return events

    def _betting_legal(self, p: int) -> list[Any]:
        b = self.betting
        assert b is not None
        owed, wallet = b.to_call(p), self.stacks[p]
        out: list[Any] = [Fold()]
        out.append(Check() if owed == 0 else Call(min(owed, wallet)))
        if wallet > owed and b.can_raise(p, self.opts["poker_max_raises"]):
            lo, top = self.opts["poker_min_bet"], self.opts["poker_max_bet"] or wallet
            room = wallet - owed
            incs = [room] if room < lo else _amounts(lo, min(top, room), 1)
            kind = Bet if b.current == 0 else Raise
            out += [kind(x) for x in incs]
        return out

    def _valid_increment(self, p: int, x: int) -> str | None:
        b = self.betting
        assert b is not None
        owed, wallet = b.to_call(p), self.stacks[p]
        lo, top = self.opts["poker_min_bet"], self.opts["poker_max_bet"]
        if owed + x > wallet:
            return f"You have {wallet} chips; raising by {x} would cost {owed + x}."
        if x == wallet - owed and wallet - owed < lo and x > 0:
            return None
        if x < lo or (top and x > top):
            limit = f"{lo} to {top}" if top else f"at least {lo}"
            return f"A bet or raise must be {limit} chips."
        return None

    def _apply_betting(self, p: int, action: Any) -> list[Event]:
        b = self.betting
        assert b is not None
        owed = b.to_call(p)
        if isinstance(action, Fold):
            b.folded.add(p)
            text = f"{player(p)} folds."
        elif isinstance(action, Check):
            text = f"{player(p)} checks."
        elif isinstance(action, Call):
            pay = min(owed, self.stacks[p])
            self._move(self._seat(p), self._comp("POT"), pay, "bet")
            b.contrib[p] += pay
            text = f"{player(p)} calls {pay}."
        else:
            pay = owed + action.amount
            self._move(self._seat(p), self._comp("POT"), pay, "bet")
            b.contrib[p] += pay
            b.bets += 1
            b.acted = set()
            verb = "bets" if isinstance(action, Bet) else "raises by"
            text = f"{player(p)} {verb} {action.amount} (in for {b.contrib[p]})."
        if self.stacks[p] == 0 and p not in b.folded:
            b.allin.add(p)
            text += " All-in."
        b.acted.add(p)
        b.turn = b.next_to_act(p)
        events = [Event("bet", text, seat=p)]
        if b.turn is None:
            events += self._end_betting()
        return events

    def _end_betting(self) -> list[Event]:
        b = self.betting
        assert b is not None
        live = b.live()
        if len(live) == 1:       # TRI-25
            w = live[0]
            self._move(self._comp("POT"), self._seat(w), self.mat["POT"], "poker")
            self.poker_winner = w
            return [Event("poker", f"Everybody else folded: {player(w)} takes POT without showing.", seat=w)] \
                + self._begin_michigan(w)
        events: list[Event] = []
        top, excess = uncalled_excess(b.contrib)
        if top is not None:      # TRI-26.1
            self._move(self._comp("POT"), self._seat(top), excess, "return")
            b.contrib[top] -= excess
            events.append(Event("poker", f"{excess} uncalled chips go back to {player(top)}.", seat=top))
        values = {p: best_hand(self._poker_cards(p)) for p in live}
        events.append(self._reveal(live, values))
        for chips, eligible in layers(b.contrib, b.folded, b.base):   # TRI-26.2/3
            best = max(values[p].key for p in eligible)
            winners = [p for p in eligible if values[p].key == best]
            each = chips // len(winners)
            for w in winners:
                self._move(self._comp("POT"), self._seat(w), each, "poker")
        events += self._poker_winner_events(live, values)
        return events + self._begin_michigan(self.poker_winner)  # type: ignore[arg-type]

    def _reveal(self, seats: list[int], values: dict[int, Any]) -> Event:
        for p in seats:
            v = values[p]
            self.showdown.append({"seat": p, "cards": card_texts(v.cards), "category": v.category,
                                  "text": v.text})
        lines = [f"{player(p)}: {pretty_cards(values[p].cards)} — {values[p].text}" for p in seats]
        return Event("showdown", "Showdown:\n" + "\n".join(lines))

    def _poker_winner_events(self, seats: list[int], values: dict[int, Any]) -> list[Event]:
        """TRI-27: the best hand; ties go to the first in tie-priority order."""
        best = max(values[p].key for p in seats)
        tied = [p for p in self._tie_order(seats) if values[p].key == best]
        self.poker_winner = tied[0]
        return [Event("poker", f"{player(tied[0])} wins the poker with {values[tied[0]].text}.", seat=tied[0])]

    def _showdown_all(self) -> list[Event]:
        """TRI-28: no betting; the best hand takes POT, ties share (remainder stays)."""
        seats = list(self.dealt_in)
        values = {p: best_hand(self._poker_cards(p)) for p in seats}
        events = [self._reveal(seats, values)]
        best = max(v.key for v in values.values())
        winners = [p for p in seats if values[p].key == best]
        each = self.mat["POT"] // len(winners)
        for w in winners:
            self._move(self._comp("POT"), self._seat(w), each, "poker")
        events += self._poker_winner_events(seats, values)
        return events + self._begin_michigan(self.poker_winner)  # type: ignore[arg-type]
