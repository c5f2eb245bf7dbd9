"""The Marriage engine: deals, turns, shows, going out and settlement (MAR-1 … MAR-28).

Between deals one seat (the next dealer) is asked to deal the next hand, so anybody may leave
with their stack in between (`can_cash_out`). The game goes on deal after deal until fewer than
two players can be dealt in (MAR-2, MAR-25), whether they went broke or left, `max_deals` deals
have been played, or the host asked to stop (MAR-28). (`EndGame` only rescues a state saved
between deals with one player left, which older versions could produce.)

`Marriage` is the engine contract over the declared state (`MarriageState`); the rules live in
`deal` (a deal's start and end, MAR-16's rebuilds), `turn` (who acts and each move),
`restrictions` (MAR-4, MAR-6, MAR-7), `shows` (MAR-8 … MAR-10), `going_out` (going out and
settlement) and `seats` (leaving, cashing out, topping up).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, StopAfterDeal, seat_key
from ..cards import Card, new_deck
from ..codec import StateCodec
from ..messages import msg
from . import seat_bot, seats, turn, views
from .actions import ACTION_TYPES
from .deal import start_deal
from .options import OPTION_SPECS, resolve
from .phases import Phase
from .state import MarriageState

OVER, DECLARE, PLAY, BETWEEN = Phase.OVER, Phase.DECLARE, Phase.PLAY, Phase.BETWEEN


class Marriage(MarriageState, StopAfterDeal, Engine):
    """One Marriage table: a sequence of deals over fixed seats."""

    id = "marriage"
    min_players = 2
    max_players = 5
    option_specs = OPTION_SPECS
    action_types = ACTION_TYPES
    state_codec = StateCodec(version=1)  # format 1: the layout saved since the first release
    moves = turn.MOVES
    shown_moves = frozenset({"draw_stock", "take_discard", "discard", "show", "show_dublees"})

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int | str = 0,
              deck: Sequence[Card] | None = None) -> Self:
        """A new game; `deck` (the 156 cards, dealt from the front) replaces the first shuffle."""
        if not cls.min_players <= len(stacks) <= cls.max_players:
            raise ValueError(f"Marriage needs {cls.min_players} to {cls.max_players} players, got {len(stacks)}.")
        opts = resolve(options)
        if deck is not None and sorted(deck) != sorted(new_deck(3)):
            raise ValueError("deck must be the 156 cards of three packs")
        n = len(stacks)
        game = cls(opts=opts, seed=seed, stacks=list(stacks), left=[False] * n, leaving=[False] * n,
                   hands=[[] for _ in range(n)], declared=[[] for _ in range(n)], shown=[[] for _ in range(n)],
                   dublees=[[] for _ in range(n)], route=[None] * n, seen=[False] * n,
                   first_turn_done=[False] * n)
        start_deal(game, None if deck is None else list(deck))
        return game

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        opts = resolve(options)
        minimum = max(opts.min_chips_to_play, 20 * opts.chips_per_point)
        return BuyIn(minimum=minimum, maximum=None, default=max(minimum, 500 * opts.chips_per_point))

    # --- the contract ---------------------------------------------------------------------

    # The rule steps themselves, bound as methods: the hot calls make no forwarding call.
    to_act = turn.to_act
    legal_actions = turn.legal_actions
    timeout_action = turn.timeout_action
    public_view = views.public_view
    private_view = views.private_view
    leave = seats.leave
    top_up = seats.top_up
    can_cash_out = seats.can_cash_out
    cash_out = seats.cash_out

    def is_over(self) -> bool:
        return self.phase == OVER

    # --- the host's stop (MAR-28 c; `StopAfterDeal`) ------------------------------------------

    stop_rule = "MAR-28"

    def deal_under_way(self) -> bool:
        return self.phase in (DECLARE, PLAY)

    def end_between_deals(self) -> list[Event]:
        self.phase = OVER
        return [Event("game_over", msg("mar.over_host_stop"))]

    def turn_timeout_s(self) -> int | None:
        if self.phase == DECLARE:
            return self.opts.declare_timeout_seconds
        if self.phase in (PLAY, BETWEEN):
            return self.opts.turn_timeout_seconds
        return None

    def chips(self) -> dict[str, int]:
        return {seat_key(i): self.stacks[i] for i in range(self.n)}

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        return seat_bot.choose(self.public_view(), views.hand_view(self, seat), self.legal_actions(seat), rng,
                               self.opts.bot_strength)
