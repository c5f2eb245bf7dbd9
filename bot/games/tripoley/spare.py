"""The spare-hand phase and on-hold pay cards (TRI-9..18)."""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import pretty_cards, sort_hand
from . import rules
from .actions import AuctionSpare, Bid, KeepHand, PassBid, SwapSpare
from .rules import amounts as _amounts


class SpareMixin:
    """Part of `TripoleyGame` (state.py); uses its fields and `_move`."""

    # ---- spare hand (TRI-9..14) -----------------------------------------------------------

    def _restricted(self, p: int) -> bool:
        """TRI-14: with the option on, a pay-card holder may neither swap nor bid."""
        return bool(self.opts["spare_requires_no_pay_cards"]) and bool(rules.holds_pay(self.variant, self.hands[p]))

    def _spare_legal(self) -> list[Any]:
        out: list[Any] = []
        if not self._restricted(self.dealer):
            out.append(SwapSpare())
        if self.phase == "spare" and self.opts["spare_auction"] != "off":
            out.append(AuctionSpare())
        out.append(KeepHand())
        return out

    def _apply_spare(self, p: int, action: Any) -> list[Event]:
        if isinstance(action, SwapSpare):
            self.spare_choice = "swap"
            self.dead, self.hands[p], self.spare = self.hands[p], self.spare, []
            self.dead_from = p
            events = [Event("spare", f"{player(p)} swaps for the spare hand, unseen.", seat=p),
                      Event("hand", f"Your new hand: {pretty_cards(sort_hand(self.hands[p], True))}",
                            seat=p, private_to=p)]
            return events + self._after_spare()
        if isinstance(action, KeepHand):
            if self.phase == "spare":
                self.spare_choice = "keep"
            self.dead, self.spare = self.spare, []
            text = (f"{player(p)} keeps their hand; the spare hand is dead." if self.phase == "spare"
                    else f"{player(p)} leaves the unsold spare hand; it is dead.")
            return [Event("spare", text, seat=p)] + self._after_spare()
        self.spare_choice = "auction"
        bidders = [q for q in rules.clockwise_from(p, self.dealt_in, self.n) if q != p]
        self.auction = {"order": bidders, "pos": 0, "turn": None, "high": 0, "high_seat": None,
                        "passed": [], "log": []}
        self.phase = "auction"
        return [Event("spare", f"{player(p)} auctions the spare hand.", seat=p)] + self._auction_next()

    def _min_bid(self) -> int:
        a = self.auction
        assert a is not None
        if a["high_seat"] is None:
            return self.opts["spare_min_bid"]
        return a["high"] + self.opts["spare_bid_increment"]

    def _auction_next(self) -> list[Event]:
        """Find the next bidder (auto-passing those who cannot afford a bid, TRI-10.3) or finish."""
        a = self.auction
        assert a is not None
        events: list[Event] = []
        order = a["order"]
        if self.opts["spare_auction"] == "single_round":
            while a["pos"] < len(order):
                q = order[a["pos"]]
                if self.stacks[q] < self._min_bid():
                    a["log"].append([q, 0])
                    events.append(Event("auction", f"{player(q)} cannot afford a bid and passes.", seat=q))
                    a["pos"] += 1
                    continue
                a["turn"] = q
                return events
            return events + self._auction_end()
        # open ascending (TRI-11): clockwise, skipping players who passed; ends when all others passed
        start = 0 if a["turn"] is None else (order.index(a["turn"]) + 1) % len(order)
        for i in range(len(order) * 2):
            in_play = [q for q in order if q not in a["passed"]]
            if not in_play or in_play == [a["high_seat"]]:
                return events + self._auction_end()
            q = order[(start + i) % len(order)]
            if q in a["passed"] or q == a["high_seat"]:
                continue
            if self.stacks[q] < self._min_bid():
                a["passed"].append(q)
                a["log"].append([q, 0])
                events.append(Event("auction", f"{player(q)} cannot afford a bid and passes.", seat=q))
                continue
            a["turn"] = q
            return events
        return events + self._auction_end()

    def _auction_end(self) -> list[Event]:
        a = self.auction
        assert a is not None
        a["turn"] = None
        w = a["high_seat"]
        if w is None:
            if self.opts["dealer_takes_unsold_spare"]:
                self.phase = "spare_after"
                return [Event("auction", "Nobody bid; the dealer may still swap for the spare hand.")]
            self.dead, self.spare = self.spare, []
            return [Event("auction", "Nobody bid; the spare hand is dead.")] + self._after_spare()
        self._move(self._seat(w), self._seat(self.dealer), a["high"], "auction")
        self.dead, self.hands[w], self.spare = self.hands[w], self.spare, []
        self.dead_from = w
        return [Event("auction", f"{player(w)} buys the spare hand for {a['high']}, paid to "
                                 f"{player(self.dealer)}.", seat=w),
                Event("hand", f"Your new hand: {pretty_cards(sort_hand(self.hands[w], True))}",
                      seat=w, private_to=w)] + self._after_spare()

    def _auction_legal(self, p: int) -> list[Any]:
        out: list[Any] = []
        if not self._restricted(p):
            lo, hi, step = self._min_bid(), self.stacks[p], self.opts["spare_bid_increment"]
            out = [Bid(b) for b in _amounts(lo, hi, step)]
        return out + [PassBid()]

    def _apply_auction(self, p: int, action: Any) -> list[Event]:
        a = self.auction
        assert a is not None
        if isinstance(action, Bid):
            a["high"], a["high_seat"] = action.amount, p
            a["log"].append([p, action.amount])
            events = [Event("auction", f"{player(p)} bids {action.amount}.", seat=p)]
        else:
            a["log"].append([p, 0])
            a["passed"].append(p)
            events = [Event("auction", f"{player(p)} passes.", seat=p)]
        if self.opts["spare_auction"] == "single_round":
            a["pos"] += 1
        return events + self._auction_next()

    # ---- after the spare hand ------------------------------------------------------------------

    def _after_spare(self) -> list[Event]:
        events: list[Event] = []
        if self.opts["pay_timing"] == "on_hold":
            events += self._pay_on_hold()
        if self.variant.poker_first:
            return events + self._begin_poker()
        return events + self._begin_michigan(self._mich_first_leader())

    def _mich_first_leader(self) -> int:
        return rules.left_of(self.dealer, self.dealt_in, self.n)  # type: ignore[return-value]

    def _pay_on_hold(self) -> list[Event]:
        """TRI-15..18: every claim at once, automatically; remainders stay (CHIP-3)."""
        hands = {p: self.hands[p] for p in self.dealt_in}
        events = []
        for code, shares in rules.claims(self.variant, hands, self.opts["run_shares"]):
            total = sum(shares.values())
            each = self.mat[code] // total
            for p, k in shares.items():
                self._move(self._comp(code), self._seat(p), each * k, f"pay:{code}")
            self.pay_results.append([code, sorted(shares), each])
            who = " and ".join(player(p) for p in sorted(shares))
            text = f"{who} share {code}: {each} a share." if len(shares) > 1 else f"{who} takes {code}: {each}."
            events.append(Event("pay", text))
        return events
