"""The draw phase of a Bourré hand: play or fold, the exchange and the stock (BOU-9 … BOU-12).

A mixin of `Bourre`: these methods read and write the state's fields like the rest of it.
"""

from __future__ import annotations

from ..base import Event
from ..cards import deal_rng
from . import scoring
from .legal import CARDS

DECLARE, EXCHANGE, TRICKS = "declare", "exchange", "tricks"
PRETTY = tuple(c.pretty for c in CARDS)
NOTE = tuple(str(c) for c in CARDS)


class DrawPhase:
    """Declarations, exchanges and the end of the draw phase."""


    def _declare(self, seat: int, play: bool) -> list[Event]:
        events: list[Event] = []
        o = self.opts
        if play:
            self.status[seat] = "play"
            events.append(Event("declare", "{p%d} plays." % seat, seat=seat, data={"play": True}))
            if o["exchange_order"] == "single_pass":
                last = self.idx == len(self.order) - 1
                alone = last and self.status.count("play") == 1
                if o["max_exchange"] and not alone:
                    self.phase = EXCHANGE
                    return events
                if seat == self.dealer:
                    self.upcard_state = "kept"
                self.exchanged[seat] = 0
        else:
            self.status[seat] = "fold"
            events.append(Event("declare", "{p%d} folds." % seat, seat=seat, data={"play": False}))
            hand = self.hands[seat]
            self.hands[seat] = []
            if seat == self.dealer:
                self.upcard_state = "folded"
            if o["folded_hands_to_stock"]:
                if seat == self.dealer:
                    self.upcard_reach = len(self.stock)
                self.stock.extend(sorted(hand, key=self._shuffle_keys().__getitem__))
            else:
                self.mucked.extend(hand)
        return self._next_declarer(events)

    def _next_declarer(self, events: list[Event]) -> list[Event]:
        self.idx += 1
        order = self.order
        if self.idx < len(order):
            self.turn = order[self.idx]
            self.phase = DECLARE
            return events
        active = [s for s in order if self.status[s] == "play"]
        if self.opts["exchange_order"] == "declare_then_exchange" and len(active) >= 2 \
                and self.opts["max_exchange"] and self.phase == DECLARE:
            self.phase = EXCHANGE
            self.xorder = active
            self.idx = 0
            self.turn = active[0]
            return events
        return self._end_draw(active, events)

    def _shuffle_keys(self) -> list[float]:
        """The random order of this hand's reshuffles (BOU-11): every card gets a key from the
        hand's random source, after the 52 of the deal. Card sets shuffled in one hand never
        overlap, so ordering each set by these keys is a uniform shuffle of it."""
        keys = getattr(self, "_keys", None)
        if keys is None or keys[0] != self.hand_no:
            rng = deal_rng(self.seed, self.hand_no)
            r = rng.random
            for _ in range(52):
                r()
            keys = (self.hand_no, [r() for _ in range(52)])
            self._keys = keys
        return keys[1]

    def _exchange(self, seat: int, ids: list[int]) -> list[Event]:
        """BOU-9 and BOU-11: discard, draw, rebuild the stock from older discards if needed."""
        k = len(ids)
        hand = self.hands[seat]
        events: list[Event] = []
        drawn: list[int] = []
        if k:
            for c in ids:
                hand.remove(c)
            stock = self.stock
            if self.upcard_reach is not None:
                self.upcard_reach -= k
            if len(stock) >= k:
                drawn = stock[:k]
                del stock[:k]
            else:
                drawn = stock[:]
                stock.clear()
                keys = self._shuffle_keys()
                new = sorted(self.pool, key=keys.__getitem__)
                self.pool = []
                self.reshuffles += 1
                need = k - len(drawn)
                drawn += new[:need]
                self.stock = new[need:]
                events.append(Event("reshuffle", f"The stock ran out: {len(new)} discards are shuffled "
                                    "into a new stock.", data={"cards": len(new)}))
            self.pool.extend(ids)
            hand.extend(drawn)
            hand.sort()
        self.exchanged[seat] = k
        if seat == self.dealer:
            self.upcard_state = "discarded" if self.upcard in ids else "kept"
        word = "card" if k == 1 else "cards"
        events.append(Event("exchange", "{p%d} exchanges %d %s." % (seat, k, word), seat=seat,
                            data={"count": k}))
        if k:
            events.append(Event(
                "drawn", f"You threw {' '.join(PRETTY[c] for c in ids)} and drew "
                f"{' '.join(PRETTY[c] for c in drawn)}.", seat=seat, private_to=seat,
                data={"thrown": [NOTE[c] for c in ids], "drawn": [NOTE[c] for c in drawn]}))
        if self.opts["exchange_order"] == "single_pass":
            return self._next_declarer(events)
        self.idx += 1
        if self.idx < len(self.xorder):
            self.turn = self.xorder[self.idx]
            return events
        return self._end_draw(self.xorder, events)

    def _end_draw(self, active: list[int], events: list[Event]) -> list[Event]:
        """BOU-12: nobody or one player stays, or trick play begins (BOU-13)."""
        if self.upcard_state == "face up":  # the dealer played and exchanged nothing
            self.upcard_state = "kept"
        if len(active) < 2:
            before = sum(self.stacks) + self.pot
            lines = scoring.settle_draw(self, active)
            return self._end_hand(lines, events, before)
        self.active = active
        nxt = [0] * self.n
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        self.next_active = nxt
        self.phase = TRICKS
        self.turn = active[0]
        self.pot_start = self.pot
        state = self.upcard_state
        self.upcard_out = state == "discarded" or (
            state == "folded" and (self.upcard_reach is None or self.upcard_reach >= 0))
        return events
