"""What each seat sees, built fresh from the state: the mat, wallets, sizes and what has been
shown for everyone; a seat's own hand, pay cards and poker hand for that seat alone.

The view types are what the boards read; a renamed key is a type error there, not a silent gap.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NotRequired, TypedDict

from ..cards import Card, card_texts, parse_card_texts, sort_hand
from ..messages import MsgJson, msg_json, to_json
from ..poker import HandValue, best_hand, hand_message
from . import rules
from .options import TripoleyOptions
from .phases import PHASE_KEYS, Phase
from .spare import min_bid
from .state import DealState, ShownHand
from .variant import Variant


class Compartment(TypedDict):
    code: str
    name: MsgJson        # the compartment's name (`Variant.compartments`)
    chips: int


class AuctionView(TypedDict):
    order: list[int]
    turn: int | None
    high: int
    high_seat: int | None
    bids: list[list[int]]
    min_bid: int | None


class BettingView(TypedDict):
    contrib: list[int]
    current: int
    folded: list[int]
    allin: list[int]
    bets: int
    max_bets: int
    turn: int | None
    min_bet: int
    max_bet: int


class MichiganView(TypedDict):
    leader: int
    forbidden: str | None
    played: list[str]
    sequence: list[list[int | str]]
    log: list[Any]


class PublicView(TypedDict):
    game: str
    phase: MsgJson               # the phase's name (`messages.msg_json`)
    phase_id: str
    deal: int
    deals_done: int
    max_deals: int
    stop_requested: bool
    dealer: int
    mat: list[Compartment]
    run_ranks: list[int]     # the ranks of the run that collects `RUN`
    mat_total: int
    stacks: list[int]
    dealt_in: list[int]
    status: list[str]
    hand_sizes: list[int | None]
    spare_size: int
    dead_size: int
    spare_choice: str | None
    to_act: list[int]
    pay_timing: str
    pay_results: list[list[str | list[int] | int]]
    showdown: list[ShownHandView]
    poker_winner: int | None
    michigan_winner: int | None
    last_michigan_winner: int | None
    dead_hand: list[str]
    first_dealer_draw: list[list[list[int | str]]]
    final: list[list[int]]
    auction: NotRequired[AuctionView]
    betting: NotRequired[BettingView]
    michigan: NotRequired[MichiganView]
    last_move: NotRequired[dict[str, Any]]   # who moved last and what, once anyone has (`Engine.apply`)


class PokerHandView(TypedDict):
    cards: list[str]
    category: str
    text: MsgJson        # the hand's name (`poker.hand_message`)


class ShownHandView(TypedDict):
    """A hand shown at a showdown (`state.ShownHand`), named."""

    seat: int
    cards: list[str]
    category: str
    text: MsgJson


class PrivateView(TypedDict):
    seat: int
    hand: list[str]
    wallet: int
    pay_cards: list[str]
    best_poker: NotRequired[PokerHandView]
    poker_hand: NotRequired[PokerHandView]
    to_call: NotRequired[int]
    lead_suits: NotRequired[list[str]]


def public_view(s: DealState, game_id: str, to_act: list[int]) -> PublicView:
    """`game_id` and `to_act` come from the engine (its id, and whom it waits for)."""
    opts = s.opts
    v: PublicView = {
        "game": game_id, "phase": msg_json(PHASE_KEYS[s.phase]), "phase_id": s.phase.value,
        "deal": s.deal_no, "deals_done": s.deals_done, "max_deals": opts.max_deals,
        "stop_requested": s.stop_requested,
        "dealer": s.dealer,
        "mat": [{"code": code, "name": msg_json(name), "chips": s.mat[code]} for code, name in s.variant.compartments],
        "run_ranks": list(s.variant.run_ranks),
        "mat_total": sum(s.mat.values()),
        "stacks": list(s.stacks), "dealt_in": list(s.dealt_in),
        "status": ["leaving" if p in s.leaving else st for p, st in enumerate(s.status)],
        "hand_sizes": [len(h) if p in s.dealt_in else None for p, h in enumerate(s.hands)],
        "spare_size": len(s.spare), "dead_size": len(s.dead), "spare_choice": s.spare_choice,
        "to_act": to_act, "pay_timing": opts.pay_timing,
        "pay_results": [list(r) for r in s.pay_results],
        "showdown": [_shown(h) for h in s.showdown], "poker_winner": s.poker_winner,
        "michigan_winner": s.mich_winner, "last_michigan_winner": s.last_mich_winner,
        "dead_hand": card_texts(sort_hand(s.revealed_dead, True)),
        "first_dealer_draw": [[list(d) for d in r] for r in s.draw] if s.deal_no == 1 else [],
        "final": [list(f) for f in s.final],
    }
    if s.auction is not None:
        a = s.auction
        v["auction"] = {"order": list(a.order), "turn": a.turn, "high": a.high,
                        "high_seat": a.high_seat, "bids": [list(x) for x in a.log],
                        "min_bid": min_bid(s) if s.phase == Phase.AUCTION else None}
    if s.betting is not None:
        b = s.betting
        assert isinstance(opts, TripoleyOptions)
        v["betting"] = {"contrib": [b.contrib.get(p, 0) for p in range(s.n)], "current": b.current,
                        "folded": sorted(b.folded), "allin": sorted(b.allin), "bets": b.bets,
                        "max_bets": 1 + opts.poker_max_raises, "turn": b.turn,
                        "min_bet": opts.poker_min_bet, "max_bet": opts.poker_max_bet}
    if s.mich is not None:
        m = s.mich
        v["michigan"] = {"leader": m.leader, "forbidden": m.forbidden, "played": list(m.played),
                         "sequence": [list(x) for x in m.seq], "log": list(m.log)}
    if s.last_move is not None:
        v["last_move"] = s.last_move
    return v


def _shown(hand: ShownHand) -> ShownHandView:
    cards = hand["cards"]
    return {"seat": hand["seat"], "cards": list(cards), "category": hand["category"],
            "text": to_json(hand_message(best_hand(parse_card_texts(cards))))}


def _poker_hand(value: HandValue) -> PokerHandView:
    return {"cards": card_texts(list(value.cards)), "category": value.category, "text": to_json(hand_message(value))}


@lru_cache(maxsize=4096)
def _hand_shown(variant: Variant, hand: tuple[Card, ...]) -> tuple[list[str], list[str], HandValue | None]:
    """What a private view shows of the hand itself (its cards, its pay cards, its best poker
    hand): the same for as long as the hand is (while others move, a seat's view is drawn again
    and again for the same cards)."""
    return (card_texts(sort_hand(list(hand), True)), card_texts(rules.holds_pay(variant, hand)),
            best_hand(hand) if len(hand) >= 5 else None)


def private_view(s: DealState, seat: int) -> PrivateView:
    hand = s.hands[seat] if 0 <= seat < s.n else []
    shown, pay_cards, best = _hand_shown(s.variant, tuple(hand))
    v: PrivateView = {"seat": seat, "hand": list(shown), "wallet": s.stacks[seat], "pay_cards": list(pay_cards)}
    if best is not None:
        v["best_poker"] = _poker_hand(best)
    if seat in s.chosen:
        v["poker_hand"] = _poker_hand(best_hand(s.chosen[seat]))
    if s.phase == Phase.BETTING and s.betting is not None and seat in s.betting.contrib:
        v["to_call"] = s.betting.to_call(seat)
    if s.phase == Phase.MICHIGAN and s.mich is not None:
        v["lead_suits"] = rules.lead_suits(hand, s.mich.forbidden)
    return v
