"""A Bourré turn (BOU-9 … BOU-15, BOU-26): what the seat on turn may do, what a timeout does,
and each kind of move, verified, then performed (`moves.Moves`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter

from ..actions import Action
from ..base import Event, IllegalAction
from ..cards import Card
from ..messages import Cards, Seat, card, msg
from ..moves import Moves, move
from .actions import Exchange, Fold, PlayCard, PlayHand
from .draw import can_fold, declare, exchange
from .legal import CARD_ID, CARDS, NOTE
from .phases import Phase
from .state import BourreState
from .tricks import legal, only_bou15_forbids, play_card, why_not

# Module constants: an enum member lookup is slow on Python 3.11, and these are on the hot path.
TRICKS, DECLARE, EXCHANGE = Phase.TRICKS, Phase.DECLARE, Phase.EXCHANGE
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


def legal_actions(s: BourreState, seat: int) -> list[Action]:
    """The seat on turn's moves, from the checks its verifiers make: `legal` (BOU-14, BOU-15),
    `can_fold` (BOU-10) and the exchange limit (BOU-9)."""
    if s.over or seat != s.turn:
        return []
    phase = s.phase
    if phase == TRICKS:
        return [PLAY_CARD[c] for c in legal(s, seat)]
    if phase == DECLARE:
        return [PLAY_HAND, FOLD] if can_fold(s, seat) else [PLAY_HAND]
    hand = [CARDS[c] for c in s.hands[seat]]
    return [Exchange(g(hand)) for g in COMBO_GETTERS[s.opts.max_exchange]]


def timeout_action(s: BourreState, seat: int) -> Action:
    """BOU-26: fold (or play if folding is not allowed), keep all cards, or the lowest
    legal card with ties broken clubs, diamonds, hearts, spades."""
    if s.over or seat != s.turn:
        raise IllegalAction(msg("err.not_your_turn"), rule="BOU-26")
    if s.phase == Phase.DECLARE:
        return FOLD if can_fold(s, seat) else PLAY_HAND
    if s.phase == Phase.EXCHANGE:
        return Exchange(())
    return PLAY_CARD[min(legal(s, seat), key=lambda c: (c % 13, -(c // 13)))]


# --- moves ------------------------------------------------------------------------------------

_ASKED: dict[Phase, tuple[str, str]] = {Phase.DECLARE: ("err.bou.play_or_fold", "BOU-9"),
                                        Phase.EXCHANGE: ("err.bou.choose_exchange", "BOU-9"),
                                        Phase.TRICKS: ("err.bou.play_a_card", "BOU-13")}
"""What each phase asks for, said to a seat that tries another kind of move."""


def _asked(s: BourreState) -> IllegalAction:
    key, rule = _ASKED[s.phase]
    return IllegalAction(msg(key), rule=rule)


def verify_turn(s: BourreState, seat: int) -> None:
    if s.over:
        raise IllegalAction(msg("err.game_over"), rule="BOU-23")
    if seat != s.turn:
        raise IllegalAction(msg("err.wait_for", player=Seat(s.turn)),
                            rule="BOU-13" if s.phase == Phase.TRICKS else "BOU-9")


def verify_play_card(s: BourreState, seat: int, action: PlayCard) -> None:
    if s.phase != TRICKS:
        raise _asked(s)
    c = _PLAY_CARD_ID.get(id(action), -1)   # the shared actions of `legal_actions`, by identity
    if c < 0 or PLAY_CARD[c] is not action:
        c = CARD_ID.get(action.card, -1)
    if c not in s.hands[seat]:
        raise IllegalAction(msg("err.bou.not_held_play", card=card(action.card)), rule="BOU-14")
    ids = legal(s, seat)
    if c not in ids:
        raise IllegalAction(
            msg("err.bou.may_not_play", card=Cards((NOTE[c],)), reason=why_not(s, seat, c),
                allowed=Cards(tuple(NOTE[x] for x in ids))),
            rule="BOU-15" if only_bou15_forbids(s, seat, c) else "BOU-14")


def perform_play_card(s: BourreState, seat: int, action: PlayCard) -> list[Event]:
    c = _PLAY_CARD_ID.get(id(action), -1)
    return play_card(s, seat, c if c >= 0 and PLAY_CARD[c] is action else CARD_ID[action.card])


def verify_play_hand(s: BourreState, seat: int, action: PlayHand) -> None:
    if s.phase != DECLARE:
        raise _asked(s)


def play_hand(s: BourreState, seat: int, action: PlayHand) -> list[Event]:
    return declare(s, seat, True)


def verify_fold(s: BourreState, seat: int, action: Fold) -> None:
    if s.phase != DECLARE:
        raise _asked(s)
    if not can_fold(s, seat):
        raise IllegalAction(msg("err.bou.dealer_ace"), rule="BOU-10")


def fold(s: BourreState, seat: int, action: Fold) -> list[Event]:
    return declare(s, seat, False)


def verify_exchange(s: BourreState, seat: int, action: Exchange) -> None:
    if s.phase != EXCHANGE:
        raise _asked(s)
    hand = s.hands[seat]
    ids = [CARD_ID.get(held, -1) for held in action.cards]
    for held, c in zip(action.cards, ids):
        if c not in hand:
            raise IllegalAction(msg("err.bou.not_held_exchange", card=card(held)), rule="BOU-9")
    if len(set(ids)) != len(ids):
        raise IllegalAction(msg("err.bou.exchange_once"), rule="BOU-9")
    limit = s.opts.max_exchange
    if len(ids) > limit:
        raise IllegalAction(msg("err.bou.exchange_limit", n=limit), rule="BOU-9")


def perform_exchange(s: BourreState, seat: int, action: Exchange) -> list[Event]:
    return exchange(s, seat, [CARD_ID[held] for held in action.cards])


MOVES: Moves[BourreState] = Moves({
    PlayCard: move(verify_play_card, perform_play_card), PlayHand: move(verify_play_hand, play_hand),
    Fold: move(verify_fold, fold), Exchange: move(verify_exchange, perform_exchange),
}, verify_turn, _asked)
"""Every kind of move of a Bourré hand."""
