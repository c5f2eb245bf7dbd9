"""Whom the game waits for, what they may do, and playing it (TRI-9 … TRI-41): functions over the
state. Each kind of move is verified (every reason it is illegal found) before it is performed."""

from __future__ import annotations

from ..actions import Action
from ..base import Event, IllegalAction
from ..cards import sort_hand
from ..messages import Msg, Seat, joined, msg
from ..moves import Moves, move
from ..poker import best_hand
from . import michigan, poker_phase, rules, spare
from .actions import (
    AuctionSpare,
    Bet,
    Bid,
    Call,
    Check,
    ChoosePokerHand,
    Fold,
    KeepHand,
    Lead,
    NextDeal,
    PassBid,
    Raise,
    Suit,
    SwapSpare,
)
from .deal import next_dealer, start_deal
from .phases import Phase
from .state import DealState

NEXT_DEAL = NextDeal()
LEADS = {s: Lead(Suit.of(s)) for s in "SHDC"}
_RULE = {Phase.SPARE: "TRI-9", Phase.SPARE_AFTER: "TRI-12", Phase.AUCTION: "TRI-10", Phase.BETTING: "TRI-23",
         Phase.MICHIGAN: "TRI-31"}


def to_act(s: DealState) -> list[int]:
    ph = s.phase
    if ph == Phase.SPARE or ph == Phase.SPARE_AFTER:
        return [s.dealer]
    if ph == Phase.AUCTION:
        assert s.auction is not None
        t = s.auction.turn
        return [t] if t is not None else []
    if ph == Phase.CHOOSE_HAND:
        return [p for p in s.dealt_in if p not in s.chosen]
    if ph == Phase.BETTING:
        assert s.betting is not None
        t = s.betting.turn
        return [t] if t is not None else []
    if ph == Phase.MICHIGAN:
        assert s.mich is not None
        return [s.mich.leader]
    if ph == Phase.BETWEEN:
        return [next_dealer(s)] if s.active else []
    return []


def legal_actions(s: DealState, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    ph = s.phase
    if ph == Phase.SPARE or ph == Phase.SPARE_AFTER:
        return spare.spare_legal(s)
    if ph == Phase.AUCTION:
        return spare.auction_legal(s, seat)
    if ph == Phase.CHOOSE_HAND:
        return hand_choices(s, seat)
    if ph == Phase.BETTING:
        return poker_phase.betting_legal(s, seat)
    if ph == Phase.MICHIGAN:
        assert s.mich is not None
        return [LEADS[x] for x in rules.lead_suits(s.hands[seat], s.mich.forbidden)]
    return [NEXT_DEAL]


def hand_choices(s: DealState, seat: int) -> list[Action]:
    """TRI-20 player_choice: the best five first (the timeout choice), then groups of five
    covering every other card, so a multi-select offers the whole hand; `play` accepts any
    five cards of the hand."""
    hand = sort_hand(s.hands[seat], True)
    first = ChoosePokerHand(tuple(best_hand(hand).cards))
    out: list[Action] = [first]
    seen = [set(first.cards)]
    for i in range(0, len(hand), 5):
        chunk = hand[i:i + 5]
        chunk += [c for c in hand if c not in chunk][:5 - len(chunk)]
        if set(chunk) not in seen:
            seen.append(set(chunk))
            out.append(ChoosePokerHand(tuple(chunk)))
    return out


def timeout_action(s: DealState, seat: int) -> Action:
    """TRI-41."""
    ph = s.phase
    if ph == Phase.SPARE or ph == Phase.SPARE_AFTER:
        return spare.KEEP
    if ph == Phase.AUCTION:
        return spare.PASS
    if ph == Phase.CHOOSE_HAND:
        return legal_actions(s, seat)[0]
    if ph == Phase.BETTING:
        assert s.betting is not None
        return poker_phase.CHECK if s.betting.to_call(seat) == 0 else poker_phase.FOLD
    if ph == Phase.MICHIGAN:
        assert s.mich is not None
        return LEADS[rules.timeout_suit(list(s.hands[seat]), s.mich.forbidden)]
    return NEXT_DEAL


# --- moves: each verified, then performed (`moves.Moves`) ------------------------------------

def verify_turn(s: DealState, seat: int) -> None:
    if s.phase == Phase.OVER:
        raise IllegalAction(msg("err.game_over"), rule="TRI-38")
    if not 0 <= seat < s.n or seat not in to_act(s):
        raise IllegalAction(msg("err.tri.not_your_turn"))


def _asked(s: DealState) -> IllegalAction:
    """The refusal of a move the phase does not take."""
    if s.phase == Phase.CHOOSE_HAND:
        return IllegalAction(msg("err.tri.choose_five"), rule="TRI-20")
    return IllegalAction(msg("err.not_allowed_now"), rule=_RULE.get(s.phase))


def verify_listed(s: DealState, seat: int, action: Action) -> None:
    """A move whose every legal form `legal_actions` lists (a spare-hand decision, a pass, a
    check, a call, a fold, a lead, the next deal): it must be one of them."""
    if s.phase == Phase.CHOOSE_HAND:
        raise _asked(s)
    if action not in legal_actions(s, seat):
        why = _why_illegal(s, seat, action)
        if why is not None:
            raise IllegalAction(*why)
        raise _asked(s)


def verify_choice(s: DealState, seat: int, action: ChoosePokerHand) -> None:
    """TRI-20 player_choice: any five different cards of the hand."""
    if s.phase != Phase.CHOOSE_HAND:
        verify_listed(s, seat, action)
        return
    cards = list(action.cards)
    if len(cards) != 5 or len(set(cards)) != 5 or any(c not in s.hands[seat] for c in cards):
        raise IllegalAction(msg("err.tri.five_different"), rule="TRI-20")


def choose(s: DealState, seat: int, action: ChoosePokerHand) -> list[Event]:
    s.chosen[seat] = list(action.cards)
    events = [Event("poker", msg("tri.has_chosen", player=Seat(seat)), seat=seat)]
    if len(s.chosen) == len(s.dealt_in):
        events += poker_phase.begin_betting(s)
    return events


def verify_wager(s: DealState, seat: int, action: Bet | Raise) -> None:
    """TRI-23: a bet opens the betting, a raise answers one, within the limits and the cap."""
    if s.phase != Phase.BETTING:
        verify_listed(s, seat, action)
        return
    assert s.betting is not None
    kind: type[Bet | Raise] = Bet if s.betting.current == 0 else Raise
    if not any(isinstance(a, kind) for a in poker_phase.betting_legal(s, seat)):
        if not isinstance(action, kind):
            raise IllegalAction(msg("err.tri.raise_instead" if kind is Raise else "err.tri.bet_instead"),
                                rule="TRI-23")
        raise IllegalAction(msg("err.tri.betting_capped"), rule="TRI-23")
    if not isinstance(action, kind):
        raise IllegalAction(msg("err.tri.no_bet_yet" if kind is Bet else "err.tri.bet_made"), rule="TRI-23")
    problem = poker_phase.valid_increment(s, seat, action.amount)
    if problem:
        raise IllegalAction(problem, rule="TRI-23")


def verify_bid(s: DealState, seat: int, action: Bid) -> None:
    """TRI-10, TRI-14: at least the lowest bid, at most the wallet, and no pay card held."""
    if s.phase != Phase.AUCTION:
        verify_listed(s, seat, action)
        return
    if spare.restricted(s, seat):
        raise IllegalAction(msg("err.tri.pay_card_bid"), rule="TRI-14")
    lo = spare.min_bid(s)
    if action.amount < lo:
        raise IllegalAction(msg("err.tri.min_bid", chips=lo), rule="TRI-10")
    if action.amount > s.stacks[seat]:
        raise IllegalAction(msg("err.tri.bid_over_stack", chips=s.stacks[seat]), rule="TRI-10")


def lead(s: DealState, seat: int, action: Lead) -> list[Event]:
    events = michigan.lead(s, seat, action.suit.letter)
    if s.phase == Phase.MICHIGAN:
        events += michigan.advance(s)
    return events


def next_deal(s: DealState, seat: int, action: NextDeal) -> list[Event]:
    return start_deal(s)


def _why_illegal(s: DealState, seat: int, action: Action) -> tuple[Msg, str] | None:
    """A sentence for the common mistakes of each phase (with the rule), or None."""
    ph = s.phase
    if ph == Phase.MICHIGAN and isinstance(action, Lead):
        assert s.mich is not None
        suit, name = action.suit.letter, msg(f"suit.{action.suit.letter}")
        others = joined(msg(f"suit.{x}") for x in rules.lead_suits(s.hands[seat], s.mich.forbidden))
        if suit == s.mich.forbidden:
            return (msg("err.tri.suit_stopped", suit=name, others=others), "TRI-31")
        if not any(c.suit == suit for c in s.hands[seat]):
            return (msg("err.tri.no_suit", suit=name, others=others), "TRI-31")
    if ph == Phase.BETTING and isinstance(action, (Check, Call)):
        assert s.betting is not None
        owed = s.betting.to_call(seat)
        if owed == 0:
            return (msg("err.tri.nothing_to_call"), "TRI-23")
        if isinstance(action, Check):
            return (msg("err.tri.cannot_check", chips=owed), "TRI-23")
        pay = min(owed, s.stacks[seat])
        return (msg("err.tri.call_costs", chips=pay), "TRI-23")
    if ph == Phase.SPARE or ph == Phase.SPARE_AFTER:
        if isinstance(action, SwapSpare) and spare.restricted(s, seat):
            return (msg("err.tri.pay_card_swap_or_auction" if AuctionSpare() in spare.spare_legal(s)
                        else "err.tri.pay_card_swap"), "TRI-14")
        if isinstance(action, AuctionSpare) and ph == Phase.SPARE_AFTER:
            return (msg("err.tri.auctioned_unbid"), "TRI-12")
        if isinstance(action, AuctionSpare):
            return (msg("err.tri.no_auction"), "TRI-9")
    return None


_SPARE = move(verify_listed, spare.apply_spare)
_AUCTION = move(verify_listed, spare.apply_auction)
_BETTING = move(verify_listed, poker_phase.apply_betting)
_WAGER = move(verify_wager, poker_phase.apply_betting)

MOVES: Moves[DealState] = Moves({
    SwapSpare: _SPARE, AuctionSpare: _SPARE, KeepHand: _SPARE,
    Bid: move(verify_bid, spare.apply_auction), PassBid: _AUCTION,
    ChoosePokerHand: move(verify_choice, choose),
    Check: _BETTING, Call: _BETTING, Fold: _BETTING, Bet: _WAGER, Raise: _WAGER,
    Lead: move(verify_listed, lead), NextDeal: move(verify_listed, next_deal),
}, verify_turn, _asked)
"""Every kind of move of a Tripoley or Michigan Rummy deal."""
