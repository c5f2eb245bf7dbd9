"""The Bourré engine: a deterministic state machine over seats (BOU-1 … BOU-27).

`Bourre` is the engine contract over the declared state (`BourreState`); the rules live in
`hand`, `draw`, `tricks` and `scoring`. Each hand is dealt as soon as the previous one is
settled, so somebody is always to act until the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, IllegalAction, seat_key
from ..cards import Card, deal_rng
from ..codec import StateCodec, renamed
from ..messages import Seat, msg
from ..options import clash
from . import seat_bot, turn
from .actions import ACTION_TYPES
from .hand import start_hand
from .legal import CARD_ID
from .options import OPTION_SPECS, PRESETS, resolve
from .state import BourreState
from .views import PrivateView, PublicView, private_view, public_view


class Bourre(BourreState, Engine):
    """One table's game of Bourré."""

    id = "bourre"
    min_players = 2
    max_players = 8
    option_specs = OPTION_SPECS
    option_presets = PRESETS
    action_types = ACTION_TYPES
    # format 1: the layout saved since the first release; 2: the options saved as `opts`, as
    # every game names them
    state_codec = StateCodec(version=2, upgrades={1: renamed("options", "opts")})
    moves = turn.MOVES
    shown_moves = frozenset({"card", "play", "fold"})

    # --- construction --------------------------------------------------------------------

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        amount = resolve(options).buy_in
        return BuyIn(amount, amount, amount)

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, dealer: int | None = None) -> Self:
        """A new game, first hand dealt. `deck` (52 cards, top first) replaces the first
        shuffle and `dealer` the random first dealer (BOU-5); both are for tests."""
        opts = resolve(options)
        n = len(stacks)
        if not cls.min_players <= n <= cls.max_players:
            raise ValueError(f"Bourré needs {cls.min_players} to {cls.max_players} players; got {n}.")
        if n < opts.min_players:     # the host may start with fewer than the table's own minimum
            raise clash("seated_fewer", cls.id, "min_players", opts.min_players, seated=n)
        if n > opts.max_players:
            raise clash("seated_more", cls.id, "max_players", opts.max_players, seated=n)
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, at least 0.")
        ids = None
        if deck is not None:
            ids = [CARD_ID.get(c, -1) for c in deck]
            if len(ids) != 52 or -1 in ids or len(set(ids)) != 52:
                raise ValueError("deck must be the 52 cards of one pack, top first.")
        if dealer is None:
            dealer = deal_rng(seed, 0).randrange(n)
        elif not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0–{n - 1}; got {dealer}.")
        game = cls(opts=opts, seed=seed, n=n, stacks=list(stacks), seated=[True] * n,
                   leaving=[False] * n, dealer=dealer, exempt=[False] * n)
        start_hand(game, [], ids)
        return game

    # --- the contract --------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn]

    def is_over(self) -> bool:
        return self.over

    def turn_timeout_s(self) -> int | None:
        return None if self.over else self.opts.turn_timeout_s

    def legal_actions(self, seat: int) -> list[Action]:
        return turn.legal_actions(self, seat)

    def timeout_action(self, seat: int) -> Action:
        return turn.timeout_action(self, seat)

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        action: Action = seat_bot.choose(self.public_view(), self.private_view(seat),
                                         self.legal_actions(seat), rng, self.opts.bot_strength)
        return action

    # --- chips and leaving ---------------------------------------------------------------

    def chips(self) -> dict[str, int]:
        out = {seat_key(i): s for i, s in enumerate(self.stacks)}
        out["pot"] = self.pot
        return out

    def leave(self, seat: int) -> list[Event]:
        """The seat asked to leave: it is dealt out of every later hand (BOU-1: players
        leave between hands); it may cash out once it has folded or its hand is over."""
        if self.over or not self.seated[seat] or self.leaving[seat]:
            return []
        self.leaving[seat] = True
        return []

    def can_cash_out(self, seat: int) -> bool:
        """Game over, already gone, not dealt into this hand, or folded in it (nothing more
        at stake) while somebody else stays seated."""
        if self.over or not self.seated[seat]:
            return True
        if self.status[seat] not in ("fold", "out"):
            return False
        return sum(self.seated) > 1

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction(msg("err.bou.leave_when"), rule="BOU-1")
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        was = self.seated[seat]
        self.seated[seat] = False
        text = msg("bou.leaves", player=Seat(seat), chips=amount) if was or amount else \
            msg("bou.has_left", player=Seat(seat))
        return [Event("leave", text, seat=seat, data={"chips": amount})]

    # --- views ---------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        return public_view(self)

    def private_view(self, seat: int) -> PrivateView:
        return private_view(self, seat)
