"""Seats between and across deals: leaving (MAR-18), cashing out, the end of a deal and of the
game (MAR-2, MAR-25).

A mixin of `Marriage`: the methods read and write the game's fields.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, IllegalAction, player
from ..cards import Card
from .actions import EndGame, NextDeal


class Seats:
    """`leave`, `can_cash_out`, `cash_out`, and what happens when a deal ends."""

    n: int
    phase: str
    players: list[int]
    stacks: list[int]
    left: list[bool]
    leaving: list[bool]
    deal_no: int
    drawn: bool
    taken: Card | None
    drawn_card: Card | None
    _cache: dict[Any, Any]

    def leave(self, seat: int) -> list[Event]:
        """The seat asked to leave (MAR-18): it is dealt out of every deal that starts from now on.

        In the middle of a deal it is dealt in, its turns are played by `timeout_action` until
        the deal ends and it is settled normally; then `can_cash_out` turns true. Between deals
        it may cash out at once, and the game ends when fewer than two players can be dealt in
        (every chip is then in a seat stack).
        """
        if self.phase == "over" or self.left[seat] or self.leaving[seat]:
            return []
        self.leaving[seat] = True
        self._cache.clear()
        if self.phase in ("declare", "play") and seat in self.players:
            return [Event("leaving", f"{player(seat)} plays on automatically (draw from the stock, discard) "
                                     f"until deal {self.deal_no} ends, and is then dealt out (MAR-18).",
                          seat=seat)]
        return self._too_few_left()

    def _too_few_left(self) -> list[Event]:
        """Between deals, the game ends as soon as fewer than two players can be dealt in (MAR-2)."""
        if self.phase != "between" or len(self._eligible()) >= 2:
            return []
        self.phase = "over"
        return [Event("game_over", "The game is over: fewer than two players remain to be dealt in (MAR-2).")]

    def top_up(self, seat: int, amount: int) -> list[Event]:
        """MAR-25: between deals a player may add chips from their wallet to their stack (the
        table moves them wallet -> escrow in the same transaction), e.g. to be dealt in again."""
        if self.phase != "between":
            raise IllegalAction("You can top up your stack between deals.", rule="MAR-25")
        if self.left[seat] or self.leaving[seat]:
            raise IllegalAction("You are leaving the table, so you cannot top up.", rule="MAR-25")
        if amount < 1:
            raise IllegalAction("Top up by at least 1 chip.", rule="MAR-25")
        self.stacks[seat] += amount
        self._cache.clear()
        return [Event("top_up", f"{player(seat)} tops up their stack by {amount:,} chips (now {self.stacks[seat]:,}).",
                      seat=seat)]

    def can_cash_out(self, seat: int) -> bool:
        """Nothing at stake: between deals, game over, already out, or not dealt into this deal."""
        return self.left[seat] or self.phase in ("between", "over") or seat not in self.players

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction("You can leave with your chips once this deal is over.", rule="MAR-18")
        if self.left[seat]:
            return []
        # the table service announces the payout itself; only consequences for the game are events
        self.stacks[seat] = 0
        self.left[seat] = True
        self.leaving[seat] = True
        self._cache.clear()
        return self._too_few_left()

    def _end_deal(self) -> list[Event]:
        self.phase = "between"
        self.drawn, self.taken, self.drawn_card = False, None, None
        if len(self._eligible()) < 2:
            self.phase = "over"
            return [Event("game_over", "The game is over: fewer than two players remain with chips to play "
                                       "(MAR-2, MAR-25).")]
        return []

    def _next_deal(self, seat: int, a: NextDeal) -> list[Event]:
        self._need_phase("between", "deal")
        if len(self._eligible()) < 2:
            raise IllegalAction("Nobody is left to play against: end the game instead.", rule="MAR-2")
        return self._start_deal()

    def _end_game(self, seat: int, a: EndGame) -> list[Event]:
        self._need_phase("between", "end the game")
        if len(self._eligible()) >= 2:
            raise IllegalAction("Two or more players can still be dealt in: deal the next hand.", rule="MAR-2")
        self.phase = "over"
        return [Event("game_over", f"The game is over: {player(seat)} has nobody left to play against (MAR-2).")]
