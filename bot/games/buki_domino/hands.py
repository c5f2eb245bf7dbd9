"""The life of a hand: deal, banker, phases before play, settlement and the end of the game.

A mixin of `BukiDomino` (state.py), which owns the fields; rules DOM-5 … DOM-8, DOM-13/14,
DOM-17 … DOM-22 and DOM-25. Also the money rules every phase needs (payout, bet range).
"""

from __future__ import annotations

from typing import Any

from ..base import Event, IllegalAction, player
from ..cards import deal_rng
from . import line as ln
from .line import NAMES, NUMS, PIPS, RANK, TILES
from .options import pay
from .scoring import block_winner, settle

SEATS = 4
PLAYER = tuple(player(s) for s in range(SEATS))
ALL36 = tuple(range(36))


class HandFlow:
    """Mixin: the hand from the deal to the settlement, and the money rules."""

    # --- money -----------------------------------------------------------------------------

    def payout(self: Any, stake: int) -> int:
        """payout(x) of DOM-20/21."""
        return pay(stake, self.p_num, self.p_den, self.ceil)

    def spayout(self: Any, amount: int) -> int:
        """spayout(a) of DOM-23."""
        return pay(amount, self.s_num, self.s_den, self.ceil)

    def backed(self: Any, seat: int) -> int:
        """SP(p) of DOM-19: what accepted spectator bets on `seat` could cost the bank."""
        if not self.spec:
            return 0
        return sum(self.spayout(b["amount"]) for b in self.spec if b["seat"] == seat and b["status"] == "accepted")

    def bet_range(self: Any, seat: int) -> tuple[int, int]:
        """(n_min, n_max) of DOM-15 with the cover cap of DOM-19."""
        bank = self.stacks[self.banker]
        c = self.carried[seat]
        sp = self.backed(seat)
        top = min(self.max_bet, self.stacks[seat])
        n = top
        while n > 0 and self.payout(c + n) + sp > bank:
            n -= 1
        if self.even:
            n -= n % 2
        return min(self.min_bet, n), n

    def bet_amounts(self: Any, seat: int) -> list[int]:
        lo, hi = self.bet_range(seat)
        return list(range(lo, hi + 1, 2 if self.even else 1))

    def _record_bet(self: Any, seat: int, n: int) -> None:
        self.bets[seat] = n
        self.stacks[seat] -= n
        self.stakes[seat] += n


    # --- hands -----------------------------------------------------------------------------

    def _next(self: Any, seat: int) -> int:
        return (seat + self.step) % SEATS

    def _start_hand(self: Any, events: list[Event], deck: list[int] | None = None) -> None:
        """Deal the next hand and run the start-of-hand rules (DOM-5, 6, 7, 8, 17, 25)."""
        self._reset_hand()
        self.spec = []
        self.spec_seen = []
        gone = [p for p in range(SEATS) if self.leaving[p]]
        if gone:  # DOM-25: the game needs four; a leaver plays no further hand
            who = " and ".join([", ".join(player(p) for p in gone[:-1]), player(gone[-1])] if len(gone) > 1
                               else [player(gone[0])])
            self._end_game(events, f"{who} left the table, and the game needs four players")
            return
        if self.hands_done >= self.opts["max_hands"]:
            self._end_game(events, f"all {self.opts['max_hands']} hands have been played")
            return
        self.deal_no += 1
        if deck is None:
            rnd = deal_rng(self.seed, self.deal_no).random
            keys = [rnd() for _ in ALL36]
            deck = sorted(ALL36, key=keys.__getitem__)  # a uniform shuffle, faster than shuffle()
        n = self.opts["tiles_per_player"]
        rank = RANK.__getitem__
        for s in range(SEATS):
            self.hands[s] = sorted(deck[s * n:(s + 1) * n], key=rank)
        self.stamm = sorted(deck[SEATS * n:], key=rank)
        self._refresh_masks()
        first = self.hands_done == 0
        if first:  # DOM-6: the heaviest dealt tile; RANK 0 is the heaviest
            designated = min((ln.RANK[h[0]], s) for s, h in enumerate(self.hands))[1]
            why = f"holds {TILES[self.hands[designated][0]]}, the heaviest tile dealt"
        else:  # DOM-7
            designated = self.next_banker
            if self.last is not None and self.last.get("winner") is None:
                why = "stays banker after the draw"
            elif designated == self.prev_banker:
                why = "won the last hand and stays banker"
            else:
                why = "won the last hand"
        need = self.payout(self.opts["max_bet"] if not self.limits_set else self.max_bet)
        banker = -1
        s = designated
        for _ in range(SEATS):
            if self.active[s] and self.stacks[s] >= need:
                banker = s
                break
            s = self._next(s)
        if banker < 0:
            self._end_game(events, f"nobody has the {need} chips needed to be banker (DOM-8)")
            return
        if banker != designated:
            why = (f"{player(designated)} cannot cover {need} chips, so the bank passes on (DOM-8)")
        self.banker = banker
        if self.stakes[banker]:  # DOM-8: a carried stake goes back to the new banker's stack
            back = self.stakes[banker]
            self.stacks[banker] += back
            self.stakes[banker] = self.carried[banker] = 0
            events.append(Event("refund", f"{player(banker)} becomes banker; the carried stake of {back} "
                                          "returns to their stack.", seat=banker, data={"amount": back}))
        short = [p for p in range(SEATS) if p != banker and self.stacks[p] < self.min_bet]
        if short:
            self._end_game(events, f"{player(short[0])} cannot bet the minimum of {self.min_bet} (DOM-25)")
            return
        self.hand_start = [self.stacks[p] + self.stakes[p] for p in range(SEATS)]
        events.append(Event("deal", f"Hand {self.hands_done + 1}: the tiles are dealt. {player(banker)} is "
                                    f"the banker ({why}).", seat=banker,
                            data={"hand": self.hands_done + 1, "banker": banker}))
        for p in range(SEATS):
            dealt = " ".join([NAMES[c] for c in self.hands[p]])
            events.append(Event("hand", f"Dealt to you for hand {self.hands_done + 1}: {dealt}", seat=p,
                                private_to=p))
        if first and not self.limits_set:
            self.phase = "limits"
        else:
            self._after_limits(events)

    def _early(self: Any) -> bool:
        """DOM-17: a hand whose banker differs from the previous hand's."""
        return bool(self.opts["early_bets_after_bank_change"]) and self.hands_done > 0 \
            and self.prev_banker >= 0 and self.banker != self.prev_banker

    def _after_limits(self: Any, events: list[Event]) -> None:
        early = self._early()
        if self.opts["late_bet_variant"] and not early:
            self.phase = "deadline"
        elif early:
            self.phase = "early_bets"
            events.append(Event("early_bets", f"New banker: every player bets before {player(self.banker)} "
                                              "places the first tile (DOM-17)."))
        else:
            self._begin_play()

    def _begin_play(self: Any) -> None:
        self.phase = "play"
        self.turn = self.banker

    def _refresh_masks(self: Any) -> None:
        for s in range(SEATS):
            m = 0
            for c in self.hands[s]:
                m |= NUMS[c]
            self.masks[s] = m

    # --- end of a hand, end of the game ---------------------------------------------------

    def _end_hand(self: Any, events: list[Event], winner: int | None, how: str) -> None:
        b = self.banker
        lines: list[str] = []
        for p in range(SEATS):  # DOM-18
            if p != b and self.bets[p] is None:
                n = self.bet_range(p)[0]
                self._record_bet(p, n)
                lines.append(f"{player(p)} had not bet: the minimum of {n} is recorded (DOM-18).")
        totals = [sum(PIPS[c] for c in h) for h in self.hands]
        if how == "domino":
            head = f"{player(winner)} places the last tile: **domino**, {player(winner)} wins."
        else:
            winner = block_winner(totals)
            detail = ", ".join(f"{player(p)} {t}" for p, t in enumerate(totals))
            if winner is None:
                head = f"The line is **blocked**. Pips left: {detail}. The lowest total is shared: **draw**."
            else:
                head = f"The line is **blocked**. Pips left: {detail}. {player(winner)} wins with the lowest total."
        acc = [(x["spectator"], x["seat"], x["amount"]) for x in self.spec if x["status"] == "accepted"]
        stakes = list(self.stakes)
        res = settle(self.stacks, self.stakes, b, winner, acc, self.payout, self.spayout)
        self.stacks = res.stacks
        self.stakes = res.stakes
        self.carried = res.carried
        for sid, amount in res.spectator_paid:
            self.due[sid] = self.due.get(sid, 0) + amount
        self.spec = []
        change = [self.stacks[p] + self.stakes[p] - self.hand_start[p] for p in range(SEATS)]
        shown = [[NAMES[c] for c in h] for h in self.hands]
        stamm = [NAMES[c] for c in self.stamm]
        hands_text = "; ".join(f"{PLAYER[p]} " + (" ".join(h) or "—") for p, h in enumerate(shown))
        stamm_text = " ".join(stamm)
        net = ", ".join(f"{player(p)} {d:+d} → {self.stacks[p]}" for p, d in enumerate(change))
        text = "\n".join([f"**Hand {self.hands_done + 1}** — banker {player(b)}.", head, *lines, *res.lines,
                          f"Chips: {net}.", f"Tiles left: {hands_text}.", f"Stamm: {stamm_text}."])
        self.last = {
            "hand": self.hands_done + 1, "banker": b, "winner": winner, "how": how, "totals": totals,
            "stakes": stakes,
            "hands": shown, "stamm": stamm, "change": change,
            "line": [f"[{x}|{y}]" for x, y in self.line],
        }
        events.append(Event("summary", text, seat=winner, data=dict(self.last)))
        self.prev_banker = b
        self.next_banker = b if winner is None else winner
        self.hands_done += 1
        self._start_hand(events)

    def _end_game(self: Any, events: list[Event], reason: str) -> None:
        """DOM-25: carried stakes go back to their owners; open spectator requests lapse."""
        self._close_window(events, refund_accepted=True)
        lines = []
        for p in range(SEATS):
            if self.stakes[p]:
                lines.append(f"{player(p)}'s carried stake of {self.stakes[p]} returns to their stack.")
                self.stacks[p] += self.stakes[p]
                self.stakes[p] = 0
            self.carried[p] = 0
        self.phase = "over"
        self.turn = -1
        self.end_reason = reason
        final = ", ".join(f"{player(p)} {self.stacks[p]}" for p in range(SEATS) if self.active[p])
        events.append(Event("game_over", "\n".join([f"The game is over: {reason}.", *lines,
                                                    f"Final stacks: {final}."]),
                            data={"reason": reason, "stacks": list(self.stacks)}))

    # --- leaving --------------------------------------------------------------------------

    def leave(self: Any, seat: int) -> list[Event]:
        """The seat asked to leave (DOM-25; the contract's `leave`).

        The next hand is dealt the moment a hand settles, so a leave always falls inside a dealt
        hand: the leaver plays it out (the table makes their moves by `timeout_action`: n_min
        bet, heaviest tile), and as it settles the game ends instead of dealing again, since
        it needs four players. Carried stakes and spectator bets are then returned by
        `_end_game`; every seat can cash out.
        """
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction("There is no such seat.", rule="DOM-2")
        if self.phase == "over" or not self.active[seat] or self.leaving[seat]:
            return []
        first = not any(self.leaving)
        self.leaving[seat] = True
        hand = self.hands_done + 1
        head = f"Buki-Domino needs four players: the game ends after hand {hand}." if first else \
            f"The game already ends after hand {hand}."
        return [Event("leaving", f"{head} Until then {player(seat)}'s turns are played automatically (the "
                                 "minimum bet, the heaviest tile).", seat=seat,
                      data={"hand": hand})]

    def can_cash_out(self: Any, seat: int) -> bool:
        """Only once the game is over (or for a seat already paid out): a dealt hand always has
        every seat in it, with tiles, a bet due and perhaps a carried stake (DOM-15, 22)."""
        return self.phase == "over" or not self.active[seat]

    def cash_out(self: Any, seat: int) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction("There is no such seat.", rule="DOM-2")
        if not self.can_cash_out(seat):
            raise IllegalAction("You can leave when this hand ends: use leave, and your turns are played "
                                "for you until then.", rule="DOM-25")
        if not self.active[seat]:
            return []
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        self.active[seat] = False
        return [Event("cash_out", f"{player(seat)} leaves the table with {amount} chips.", seat=seat,
                      data={"amount": amount})]
