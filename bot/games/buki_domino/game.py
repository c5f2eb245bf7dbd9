"""The Buki-Domino engine: deal, banker, line, bets, settlement (rules/dominoes.md, DOM-1 … DOM-28).

Flow of a hand (one `hands.start_hand` per hand, called right after the previous one settles):

1. Deal (DOM-5), banker (DOM-6/7/8), end-of-game checks (DOM-25).
2. `limits` phase (first hand, `first_banker_sets_limits`): the banker picks the bet limits.
3. `deadline` phase (`late_bet_variant`): the banker picks bet deadline 3 or 4 (DOM-24).
4. `early_bets` phase (DOM-17, after a change of banker): every non-banker bets at once.
5. `play` phase: the banker leads; each turn the player places a tile (DOM-11). A non-banker
   without a bet may bet at any time before their `deadline`-th tile (DOM-16), on their turn or
   not; on the turn of that tile they must bet first. Players without a legal move pass
   automatically; a block is detected right after the placement that causes it (DOM-13).
6. Domino or block: missing bets become n_min (DOM-18), settlement (DOM-20/22), a "summary"
   event, and the next hand is dealt at once (or the game ends).

`BukiDomino` is the engine contract over the declared state (`BukiState`); the rules live in
`hands` (steps 1 and 6), `turn` (moves and who acts), `money`, `spectators` (DOM-23, and the
protocol the table service follows for spectator bets) and `scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, IllegalAction, seat_key
from ..codec import StateCodec, renamed
from ..messages import Seat, msg
from ..tiles import Tile
from . import seat_bot, spectators, turn, views
from .actions import ACTION_TYPES
from .hands import start_hand
from .line import code_of
from .options import OPTION_SPECS, resolve
from .phases import Phase
from .state import SEATS, BukiState

OVER = Phase.OVER  # a module constant: an enum member lookup is slow on Python 3.11


class BukiDomino(BukiState, Engine):
    """One Buki-Domino game at one table (four seats, a series of hands)."""

    id = "buki_domino"
    min_players = SEATS
    max_players = SEATS
    option_specs = OPTION_SPECS
    action_types = ACTION_TYPES
    # format 1: the layout saved since the first release; 2: the options saved as `opts`, as
    # every game names them
    state_codec = StateCodec(version=2, upgrades={1: renamed("options", "opts")})
    moves = turn.MOVES
    shown_moves = frozenset({"play", "bet"})

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        amount = resolve(options).buy_in
        return BuyIn(amount, amount, amount)

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int | str = 0,
              deck: Sequence[Tile] | None = None) -> Self:
        """A new game; `deck` (36 tiles, first dealt first: P1's tiles, P2's, …, then the Stamm)
        replaces the shuffle of the first deal, for tests."""
        if len(stacks) != SEATS:
            raise ValueError(f"Buki-Domino needs exactly {SEATS} players; got {len(stacks)}.")
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, at least 0.")
        opts = resolve(options)
        codes = None
        if deck is not None:
            codes = [code_of(t) for t in deck]
            if sorted(codes) != list(range(36)):
                raise ValueError("deck must hold each of the 36 tiles exactly once.")
        game = cls(opts=opts, seed=seed, stacks=list(stacks), min_bet=opts.min_bet, max_bet=opts.max_bet,
                   limits_set=not opts.first_banker_sets_limits, hand_start=list(stacks))
        start_hand(game, [], codes)
        return game

    # --- queries --------------------------------------------------------------------------

    # The rule steps themselves, bound as methods: the hot calls make no forwarding call.
    to_act = turn.to_act
    legal_actions = turn.legal_actions
    timeout_action = turn.timeout_action
    public_view = views.public_view
    private_view = views.private_view

    def is_over(self) -> bool:
        return self.phase == OVER

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == Phase.OVER else self.opts.turn_timeout_s

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        return seat_bot.choose(self.public_view(), self.private_view(seat), self.legal_actions(seat), rng,
                               self.opts.bot_strength)

    def chips(self) -> dict[str, int]:
        out = {seat_key(i): self.stacks[i] for i in range(SEATS)}
        for i in range(SEATS):
            out[f"stake:{i}"] = self.stakes[i]
        for x in self.spec:
            key = f"spectator:{x['spectator']}"
            out[key] = out.get(key, 0) + x["amount"]
        for sid, amount in self.due.items():
            out[f"spectator_due:{sid}"] = amount
        return out

    # --- spectator bets (the SpectatorBets protocol, DOM-23) ------------------------------

    def spectator_window_open(self) -> bool:
        """Whether spectators may ask now (DOM-23): after the limits, before the first tile."""
        return spectators.window_open(self)

    def spectator_bet_range(self, backed_seat: int) -> tuple[int, int] | None:
        """(lowest, highest) amount a new spectator bet on `backed_seat` may have now, or None."""
        return spectators.bet_range(self, backed_seat)

    def place_spectator_bet(self, spectator_id: int, backed_seat: int, amount: int) -> list[Event]:
        return spectators.place(self, spectator_id, backed_seat, amount)

    def spectator_payouts(self) -> list[tuple[int, int]]:
        """What the table owes spectators now, [(spectator id, chips)], without taking it."""
        return sorted(self.due.items())

    def take_spectator_payouts(self) -> list[tuple[int, int]]:
        return spectators.take_payouts(self)

    # --- leaving --------------------------------------------------------------------------

    def leave(self, seat: int) -> list[Event]:
        """The seat asked to leave (DOM-25; the contract's `leave`).

        The next hand is dealt the moment a hand settles, so a leave always falls inside a dealt
        hand: the leaver plays it out (the table makes their moves by `timeout_action`: n_min
        bet, heaviest tile), and as it settles the game ends instead of dealing again, since
        it needs four players. Carried stakes and spectator bets are then returned by
        `hands.end_game`; every seat can cash out.
        """
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(msg("err.no_such_seat"), rule="DOM-2")
        if self.phase == Phase.OVER or not self.active[seat] or self.leaving[seat]:
            return []
        first = not any(self.leaving)
        self.leaving[seat] = True
        hand = self.hands_done + 1
        key = "dom.leaving_first" if first else "dom.leaving"
        return [Event("leaving", msg(key, hand=hand, player=Seat(seat)), seat=seat,
                      data={"hand": hand})]

    def can_cash_out(self, seat: int) -> bool:
        """Only once the game is over (or for a seat already paid out): a dealt hand always has
        every seat in it, with tiles, a bet due and perhaps a carried stake (DOM-15, 22)."""
        return self.phase == Phase.OVER or not self.active[seat]

    def cash_out(self, seat: int) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(msg("err.no_such_seat"), rule="DOM-2")
        if not self.can_cash_out(seat):
            raise IllegalAction(msg("err.dom.leave_when"), rule="DOM-25")
        if not self.active[seat]:
            return []
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        self.active[seat] = False
        return [Event("cash_out", msg("dom.cash_out", player=Seat(seat), chips=amount), seat=seat,
                      data={"amount": amount})]
