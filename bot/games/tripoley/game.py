"""The Tripoley and Michigan Rummy engines: one state machine, the variant as configuration.

A deal runs: ante (TRI-4/5, MICH-3) → deal (TRI-6/7) → spare hand (TRI-9..14) → pay cards
(TRI-15..18, only with `pay_timing = on_hold`) → Tripoley: poker (TRI-20..28) then Michigan
(TRI-29..36); Michigan Rummy: Michigan with pay-on-play (MICH-6..8) then the poker pool
(MICH-9) → end of deal (TRI-37..39). Between deals the next dealer starts the next deal, so a
player who wants to leave can cash out there (TRI-2).

`DealGame` is the engine contract over the declared state (`DealState`); the rules live in
`turn`, `deal`, `spare`, `poker_phase`, `michigan` and `showdown`. `TripoleyGame` and
`MichiganRummyGame` are that engine over each game's state (its options and `Variant`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, IllegalAction, StopAfterDeal, seat_key
from ..cards import Card
from ..codec import StateCodec
from ..messages import Seat, msg
from . import seat_bot, turn
from .actions import ACTION_TYPES
from .deal import finish_game, first_dealer, start_deal
from .options import (
    MICHIGAN_OPTIONS,
    MICHIGAN_PRESETS,
    TRIPOLEY_OPTIONS,
    TRIPOLEY_PRESETS,
    DealOptions,
    MichiganOptions,
    TripoleyOptions,
    resolve,
)
from .phases import Phase
from .state import ACTIVE, BROKE, LEFT, DealState, MichiganState, TripoleyState
from .views import PrivateView, PublicView, private_view, public_view


class DealGame(DealState, StopAfterDeal, Engine):
    """The engine of both games; each game's class adds its state (options) and its constants."""

    action_types = ACTION_TYPES
    state_codec = StateCodec(version=1)  # format 1: the layout saved since the first release
    moves = turn.MOVES
    shown_moves = frozenset({"lead", "swap", "auction", "keep", "bid", "pass", "check", "call", "bet", "raise",
                             "fold"})
    options_class: ClassVar[type[DealOptions]]
    default_buy_in: ClassVar[int]

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        minimum = resolve(cls.options_class, options).min_chips_to_join
        return BuyIn(minimum=minimum, maximum=None, default=max(cls.default_buy_in, minimum))

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, *, dealer: int | None = None) -> Self:
        """A new game dealt at once. `deck` fixes the first deal's cards (top first) and
        `dealer` the first dealer, for tests; otherwise TRI-3 chooses the dealer."""
        game = cls.seated(stacks, options, seed)
        if dealer is None:
            dealer = first_dealer(game)
        elif not 0 <= dealer < game.n:
            raise ValueError(f"dealer must be a seat 0..{game.n - 1}")
        start_deal(game, deck=deck, dealer=dealer)
        return game

    @classmethod
    def seated(cls, stacks: list[int], options: Mapping[str, Any] | None, seed: int | str) -> Self:
        """The players seated and the mat empty, before the first deal (tests build on it)."""
        if not cls.min_players <= len(stacks) <= cls.max_players:
            raise ValueError(f"{cls.id} needs {cls.min_players} to {cls.max_players} players, "
                             f"got {len(stacks)}")
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, not negative")
        return cls(opts=resolve(cls.options_class, options), seed=seed, n=len(stacks), stacks=list(stacks),
                   status=[ACTIVE if s > 0 else BROKE for s in stacks], hands=[[] for _ in stacks],
                   mat=dict.fromkeys(cls.variant.codes, 0))

    # ---- the contract -------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def to_act(self) -> list[int]:
        return turn.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        return turn.legal_actions(self, seat)

    def timeout_action(self, seat: int) -> Action:
        return turn.timeout_action(self, seat)

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        legal = self.legal_actions(seat)
        if len(legal) == 1:  # nothing to decide: skip building the views
            return legal[0]
        return seat_bot.choose(self.public_view(), self.private_view(seat), legal, rng, self.opts.bot_strength)

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == Phase.OVER else self.opts.turn_timeout_s

    def chips(self) -> dict[str, int]:
        out = {seat_key(p): self.stacks[p] for p in range(self.n)}
        for code in self.variant.codes:
            out[f"mat:{code}"] = self.mat[code]
        return out

    def public_view(self) -> PublicView:
        return public_view(self, self.id, self.to_act())

    def private_view(self, seat: int) -> PrivateView:
        return private_view(self, seat)

    # ---- leaving and stopping (TRI-38 c: `StopAfterDeal`) -----------------------------------------

    def leave(self, seat: int) -> list[Event]:
        """TRI-2/TRI-37 (0): a seat in the current deal plays it out (the table times its turns
        out), then is no longer active: dealt out of later deals, never paid from the mat.
        Between deals it stops being active at once, unless it is the last active player: then
        the game ends at the next deal's start (TRI-38 a) and it takes the mat (TRI-39)."""
        if self.phase == Phase.OVER or self.status[seat] == LEFT or seat in self.leaving:
            return []
        in_deal = self.phase != Phase.BETWEEN and seat in self.dealt_in and self.status[seat] == ACTIVE
        if in_deal or self.active == [seat]:
            self.leaving.add(seat)
        else:
            self._depart(seat)
        return []

    stop_rule = "TRI-38"   # (c): the host's stop; the mat is emptied by TRI-39 either way

    def deal_under_way(self) -> bool:
        return self.phase not in (Phase.BETWEEN, Phase.OVER)

    def end_between_deals(self) -> list[Event]:
        return finish_game(self, before_deal=True)

    def _depart(self, seat: int) -> None:
        self.status[seat] = LEFT
        self.leaving.discard(seat)
        if self.last_mich_winner == seat:
            self.last_mich_winner = None

    def can_cash_out(self, seat: int) -> bool:
        """Nothing at stake: game over, already paid out, not active, or between deals while
        someone else is still active (the last one plays on until the game ends)."""
        if self.phase == Phase.OVER or seat in self.cashed or self.status[seat] != ACTIVE:
            return True
        if self.phase == Phase.BETWEEN:
            return self.active != [seat]
        return seat not in self.dealt_in

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction(msg("err.leave_after_deal"), rule="TRI-2")
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        self.cashed.add(seat)
        if self.phase != Phase.OVER:
            self._depart(seat)
        return [Event("left", msg("tri.left", player=Seat(seat), chips=amount), seat=seat)]


class TripoleyGame(TripoleyState, DealGame):
    """Tripoley (Three in One)."""

    id = "tripoley"
    min_players = 2
    max_players = 9
    option_specs = TRIPOLEY_OPTIONS
    option_presets = TRIPOLEY_PRESETS
    options_class = TripoleyOptions
    default_buy_in = 100


class MichiganRummyGame(MichiganState, DealGame):
    """Michigan Rummy: the Tripoley engine with its own mat, double dealer ante, pay-on-play,
    Michigan first and an automatic poker-pool showdown (MICH-1..10)."""

    id = "michigan_rummy"
    min_players = 3
    max_players = 8
    option_specs = MICHIGAN_OPTIONS
    option_presets = MICHIGAN_PRESETS
    options_class = MichiganOptions
    default_buy_in = 150
