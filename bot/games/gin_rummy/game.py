"""The Gin Rummy engine: a match of hands between two seats (GIN-1 … GIN-24).

Phases of a hand: `first_offer` (GIN-7) -> `draw` / `discard` turns (GIN-8) -> a knock goes to
the showdown, through `arrange` when the knocker picks their melds (GIN-14). A scored hand
updates the match (GIN-19) and the next hand is dealt at once; a finished match is `over`.
Seat stacks are the players' escrow (GIN-21): every payment moves chips between them.

`GinRummy` is the engine contract over the declared state (`GinState`); the rules live in
`turn` and `hand_end`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, IllegalAction, seat_key
from ..cards import Card, deal_rng
from ..codec import StateCodec
from ..messages import Seat, msg
from . import seat_bot, turn
from .actions import ACTION_TYPES, Resign
from .deal import deal
from .hand_end import finish_match
from .options import OPTION_SPECS, PRESETS, resolve
from .phases import Phase
from .state import GinState
from .views import PrivateView, PublicView, private_view, public_view


class GinRummy(GinState, Engine):
    """One match of Gin Rummy between two seats."""

    id = "gin_rummy"
    min_players = 2
    max_players = 2
    option_specs = OPTION_SPECS
    option_presets = PRESETS
    action_types = ACTION_TYPES
    state_codec = StateCodec(version=1)  # format 1: the layout saved since the first release
    moves = turn.MOVES
    shown_moves = frozenset({"draw_stock", "take_discard", "discard", "pass"})

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, dealer: int | None = None) -> Self:
        """A new match. `deck` (top first) replaces the first shuffle and `dealer` the first
        dealer's draw, for tests; otherwise the first dealer is chosen at random (GIN-6)."""
        if len(stacks) != 2:
            raise ValueError(f"Gin Rummy is for exactly 2 players; got {len(stacks)}.")
        if any(s < 0 for s in stacks):
            raise ValueError("stacks must not be negative")
        if deck is not None and len(deck) != 52:
            raise ValueError("a test deck must have all 52 cards")
        game = cls(opts=resolve(options), seed=seed, stacks=list(stacks))
        game.dealer = deal_rng(seed, 0).randrange(2) if dealer is None else dealer
        deal(game, list(deck) if deck is not None else None)
        return game

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        """GIN-21: each player escrows escrow_points × stake_per_point chips."""
        opts = resolve(options)
        amount = opts.escrow_points * opts.stake_per_point
        return BuyIn(amount, amount, amount)

    # --- queries --------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def to_act(self) -> list[int]:
        return [] if self.phase == Phase.OVER else [self.turn]

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == Phase.OVER else self.opts.turn_timeout_s

    def chips(self) -> dict[str, int]:
        return {seat_key(i): self.stacks[i] for i in range(2)}

    def can_cash_out(self, seat: int) -> bool:
        """The escrow is at stake until the match ends (GIN-21); leaving ends it by forfeit
        (`leave`, GIN-22), so a seat may cash out once the match is over."""
        return self.phase == Phase.OVER and not self.left[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == Phase.OVER or seat != self.turn:
            return []
        return turn.legal_actions(self, seat) + [Resign()]

    def timeout_action(self, seat: int) -> Action:
        return turn.timeout_action(self, seat)

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        return seat_bot.choose(self.public_view(), self.private_view(seat), self.legal_actions(seat), rng,
                               self.opts.bot_strength)

    def public_view(self) -> PublicView:
        return public_view(self)

    def private_view(self, seat: int) -> PrivateView:
        return private_view(self, seat)

    # --- actions --------------------------------------------------------------------------

    # --- leaving --------------------------------------------------------------------------

    forfeits: ClassVar[str] = "forfeit.gin_rummy"   # `Forfeits` (GIN-22): resigning or leaving forfeits the match

    def leave(self, seat: int) -> list[Event]:
        """GIN-22: a player who leaves forfeits; the match ends and is settled at once, so
        the seat can cash out straight away."""
        if self.phase == Phase.OVER or self.left[seat]:
            return []
        return finish_match(self, 1 - seat, forfeit=seat)

    def cash_out(self, seat: int) -> list[Event]:
        """Take the seat's stack out (the table pays it). Called mid-match (without `leave`)
        it forfeits first, as leaving does (GIN-22)."""
        if self.left[seat]:
            raise IllegalAction(msg("err.already_left"))
        events = self.leave(seat)
        events.append(Event("leave", msg("gin.leave", player=Seat(seat), chips=self.stacks[seat]), seat))
        self.stacks[seat] = 0
        self.left[seat] = True
        return events
