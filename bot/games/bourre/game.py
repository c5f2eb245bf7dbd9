"""The Bourré engine: a deterministic state machine over seats (BOU-1 … BOU-27).

`Bourre` is the engine contract over the declared state (`BourreState`); the rules live in
`hand`, `draw`, `tricks` and `scoring`. Each hand is dealt as soon as the previous one is
settled, so somebody is always to act until the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from operator import itemgetter
from typing import Any, Self

from ..actions import Action
from ..base import BuyIn, Engine, Event, IllegalAction, records_last_move, seat_key
from ..cards import Card, deal_rng
from ..codec import StateCodec
from ..messages import Cards, Seat, card, msg
from ..options import clash
from . import seat_bot
from .actions import ACTION_TYPES, Exchange, Fold, PlayCard, PlayHand
from .draw import can_fold, declare, exchange
from .hand import start_hand
from .legal import CARD_ID, CARDS, NOTE
from .options import OPTION_SPECS, PRESETS, resolve
from .phases import Phase
from .state import BourreState
from .tricks import legal, only_bou15_forbids, play_card, why_not
from .views import PrivateView, PublicView, private_view, public_view

PLAY_HAND = PlayHand()
FOLD = Fold()
PLAY_CARD = tuple(PlayCard(c) for c in CARDS)
_PLAY_CARD_ID = {id(a): i for i, a in enumerate(PLAY_CARD)}  # fast path for the shared actions

Subset = Callable[[Sequence[Card]], tuple[Card, ...]]


def _none(hand: Sequence[Card]) -> tuple[Card, ...]:
    return ()


def _one(i: int) -> Subset:
    return lambda hand: (hand[i],)


def _combo_getters(max_exchange: int) -> tuple[Subset, ...]:
    """Functions taking a 5-card hand to each subset of at most `max_exchange` cards, as
    tuples, by size then hand order: the exchange choices in `legal_actions`."""
    out: list[Subset] = []
    for k in range(max_exchange + 1):
        for combo in combinations(range(5), k):
            if k == 0:
                out.append(_none)
            elif k == 1:
                out.append(_one(combo[0]))
            else:
                out.append(itemgetter(*combo))
    return tuple(out)


COMBO_GETTERS = tuple(_combo_getters(m) for m in range(6))


class Bourre(BourreState, Engine):
    """One table's game of Bourré."""

    id = "bourre"
    title = "Bourré"
    min_players = 2
    max_players = 8
    option_specs = OPTION_SPECS
    option_presets = PRESETS
    action_types = ACTION_TYPES
    state_codec = StateCodec(version=1)  # format 1: the layout saved since the first release

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
        game = cls(options=opts, seed=seed, n=n, stacks=list(stacks), seated=[True] * n,
                   leaving=[False] * n, dealer=dealer, exempt=[False] * n)
        start_hand(game, [], ids)
        return game

    # --- the contract --------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn]

    def is_over(self) -> bool:
        return self.over

    def turn_timeout_s(self) -> int | None:
        return None if self.over else self.options.turn_timeout_s

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        phase = self.phase
        if phase == Phase.TRICKS:
            ids = legal(self, seat)
            self.legal_memo = (self.hand_no, len(self.played), ids)
            return [PLAY_CARD[c] for c in ids]
        if phase == Phase.DECLARE:
            return [PLAY_HAND, FOLD] if can_fold(self, seat) else [PLAY_HAND]
        hand = [CARDS[c] for c in self.hands[seat]]
        return [Exchange(g(hand)) for g in COMBO_GETTERS[self.options.max_exchange]]

    def timeout_action(self, seat: int) -> Action:
        """BOU-26: fold (or play if folding is not allowed), keep all cards, or the lowest
        legal card with ties broken clubs, diamonds, hearts, spades."""
        if self.over or seat != self.turn:
            raise IllegalAction(msg("err.not_your_turn"), rule="BOU-26")
        if self.phase == Phase.DECLARE:
            return FOLD if can_fold(self, seat) else PLAY_HAND
        if self.phase == Phase.EXCHANGE:
            return Exchange(())
        return PLAY_CARD[min(legal(self, seat), key=lambda c: (c % 13, -(c // 13)))]

    def bot_action(self, seat: int, rng: random.Random) -> Action:
        action: Action = seat_bot.choose(self.public_view(), self.private_view(seat),
                                         self.legal_actions(seat), rng, self.options.bot_strength)
        return action

    @records_last_move("card", "play", "fold")
    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.over:
            raise IllegalAction(msg("err.game_over"), rule="BOU-23")
        if seat != self.turn:
            raise IllegalAction(msg("err.wait_for", player=Seat(self.turn)), rule="BOU-9"
                                if self.phase != Phase.TRICKS else "BOU-13")
        phase = self.phase
        if phase == Phase.TRICKS:
            if type(action) is not PlayCard:  # faster than isinstance on the hot path
                raise IllegalAction(msg("err.bou.play_a_card"), rule="BOU-13")
            c = _PLAY_CARD_ID.get(id(action), -1)
            if c < 0 or PLAY_CARD[c] is not action:
                c = CARD_ID.get(action.card, -1)
            if c not in self.hands[seat]:
                raise IllegalAction(msg("err.bou.not_held_play", card=card(action.card)), rule="BOU-14")
            memo = self.legal_memo
            if memo is not None and memo[0] == self.hand_no and memo[1] == len(self.played):
                ids = memo[2]  # computed by legal_actions for this very turn
            else:
                ids = legal(self, seat)
            if c not in ids:
                raise IllegalAction(
                    msg("err.bou.may_not_play", card=Cards((NOTE[c],)), reason=why_not(self, seat, c),
                        allowed=Cards(tuple(NOTE[x] for x in ids))),
                    rule="BOU-15" if only_bou15_forbids(self, seat, c) else "BOU-14")
            return play_card(self, seat, c)
        if phase == Phase.DECLARE:
            if isinstance(action, PlayHand):
                return declare(self, seat, True)
            if isinstance(action, Fold):
                if not can_fold(self, seat):
                    raise IllegalAction(msg("err.bou.dealer_ace"), rule="BOU-10")
                return declare(self, seat, False)
            raise IllegalAction(msg("err.bou.play_or_fold"), rule="BOU-9")
        if not isinstance(action, Exchange):
            raise IllegalAction(msg("err.bou.choose_exchange"), rule="BOU-9")
        limit = self.options.max_exchange
        hand = self.hands[seat]
        ids = [CARD_ID.get(held, -1) for held in action.cards]
        for held, c in zip(action.cards, ids):
            if c not in hand:
                raise IllegalAction(msg("err.bou.not_held_exchange", card=card(held)), rule="BOU-9")
        if len(set(ids)) != len(ids):
            raise IllegalAction(msg("err.bou.exchange_once"), rule="BOU-9")
        if len(ids) > limit:
            raise IllegalAction(msg("err.bou.exchange_limit", n=limit), rule="BOU-9")
        return exchange(self, seat, ids)

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
