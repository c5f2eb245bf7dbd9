"""The spare-hand phase and on-hold pay cards (TRI-9 … TRI-18): functions over the state."""

from __future__ import annotations

from ..actions import Action
from ..base import Event
from ..cards import sort_hand
from ..messages import Seat, cards, msg, seats
from . import michigan, poker_phase, rules
from .actions import AuctionSpare, Bid, KeepHand, PassBid, SwapSpare
from .phases import Phase
from .state import Auction, DealState
from .table import comp, move, seat

SWAP, AUCTION, KEEP, PASS = SwapSpare(), AuctionSpare(), KeepHand(), PassBid()


def restricted(s: DealState, p: int) -> bool:
    """TRI-14: with the option on, a pay-card holder may neither swap nor bid."""
    return s.opts.spare_requires_no_pay_cards and bool(rules.holds_pay(s.variant, s.hands[p]))


# ---- spare hand (TRI-9..14) -----------------------------------------------------------

def spare_legal(s: DealState) -> list[Action]:
    out: list[Action] = []
    if not restricted(s, s.dealer):
        out.append(SWAP)
    if s.phase == Phase.SPARE and s.opts.spare_auction != "off":
        out.append(AUCTION)
    out.append(KEEP)
    return out


def apply_spare(s: DealState, p: int, action: Action) -> list[Event]:
    if isinstance(action, SwapSpare):
        s.spare_choice = "swap"
        s.dead, s.hands[p], s.spare = s.hands[p], s.spare, []
        s.dead_from = p
        events = [Event("spare", msg("tri.swaps", player=Seat(p)), seat=p),
                  Event("hand", msg("tri.new_hand", cards=cards(sort_hand(s.hands[p], True))),
                        seat=p, private_to=p)]
        return events + after_spare(s)
    if isinstance(action, KeepHand):
        if s.phase == Phase.SPARE:
            s.spare_choice = "keep"
        s.dead, s.spare = s.spare, []
        text = msg("tri.keeps" if s.phase == Phase.SPARE else "tri.leaves_unsold", player=Seat(p))
        return [Event("spare", text, seat=p)] + after_spare(s)
    s.spare_choice = "auction"
    s.auction = Auction([q for q in rules.clockwise_from(p, s.dealt_in, s.n) if q != p])
    s.phase = Phase.AUCTION
    return [Event("spare", msg("tri.auctions", player=Seat(p)), seat=p)] + _auction_next(s)


# ---- the auction (TRI-10..12) ----------------------------------------------------------

def min_bid(s: DealState) -> int:
    a = s.auction
    assert a is not None
    if a.high_seat is None:
        return s.opts.spare_min_bid
    return a.high + s.opts.spare_bid_increment


def _auction_next(s: DealState) -> list[Event]:
    """Find the next bidder (auto-passing those who cannot afford a bid, TRI-10.3) or finish."""
    a = s.auction
    assert a is not None
    events: list[Event] = []
    order = a.order
    if s.opts.spare_auction == "single_round":
        while a.pos < len(order):
            q = order[a.pos]
            if s.stacks[q] < min_bid(s):
                a.log.append((q, 0))
                events.append(Event("auction", msg("tri.cannot_bid", player=Seat(q)), seat=q))
                a.pos += 1
                continue
            a.turn = q
            return events
        return events + _auction_end(s)
    # open ascending (TRI-11): clockwise, skipping players who passed; ends when all others passed
    start = 0 if a.turn is None else (order.index(a.turn) + 1) % len(order)
    for i in range(len(order) * 2):
        in_play = [q for q in order if q not in a.passed]
        if not in_play or in_play == [a.high_seat]:
            return events + _auction_end(s)
        q = order[(start + i) % len(order)]
        if q in a.passed or q == a.high_seat:
            continue
        if s.stacks[q] < min_bid(s):
            a.passed.append(q)
            a.log.append((q, 0))
            events.append(Event("auction", msg("tri.cannot_bid", player=Seat(q)), seat=q))
            continue
        a.turn = q
        return events
    return events + _auction_end(s)


def _auction_end(s: DealState) -> list[Event]:
    a = s.auction
    assert a is not None
    a.turn = None
    w = a.high_seat
    if w is None:
        if s.opts.dealer_takes_unsold_spare:
            s.phase = Phase.SPARE_AFTER
            return [Event("auction", msg("tri.nobody_bid_dealer"))]
        s.dead, s.spare = s.spare, []
        return [Event("auction", msg("tri.nobody_bid_dead"))] + after_spare(s)
    move(s, seat(w), seat(s.dealer), a.high, "auction")
    s.dead, s.hands[w], s.spare = s.hands[w], s.spare, []
    s.dead_from = w
    return [Event("auction", msg("tri.buys", player=Seat(w), price=a.high, dealer=Seat(s.dealer)), seat=w),
            Event("hand", msg("tri.new_hand", cards=cards(sort_hand(s.hands[w], True))),
                  seat=w, private_to=w)] + after_spare(s)


def auction_legal(s: DealState, p: int) -> list[Action]:
    out: list[Action] = []
    if not restricted(s, p):
        lo, hi, step = min_bid(s), s.stacks[p], s.opts.spare_bid_increment
        out = [Bid(b) for b in rules.amounts(lo, hi, step)]
    return out + [PASS]


def apply_auction(s: DealState, p: int, action: Action) -> list[Event]:
    a = s.auction
    assert a is not None
    if isinstance(action, Bid):
        a.high, a.high_seat = action.amount, p
        a.log.append((p, action.amount))
        events = [Event("auction", msg("tri.bids", player=Seat(p), amount=action.amount), seat=p)]
    else:
        a.log.append((p, 0))
        a.passed.append(p)
        events = [Event("auction", msg("tri.passes", player=Seat(p)), seat=p)]
    if s.opts.spare_auction == "single_round":
        a.pos += 1
    return events + _auction_next(s)


# ---- after the spare hand ------------------------------------------------------------------

def after_spare(s: DealState) -> list[Event]:
    events: list[Event] = []
    if s.opts.pay_timing == "on_hold":
        events += pay_on_hold(s)
    if s.variant.poker_first:
        return events + poker_phase.begin(s)
    return events + michigan.begin(s, michigan.first_leader(s))


def pay_on_hold(s: DealState) -> list[Event]:
    """TRI-15..18: every claim at once, automatically; remainders stay (CHIP-3)."""
    hands = {p: s.hands[p] for p in s.dealt_in}
    events = []
    for code, shares in rules.claims(s.variant, hands, s.opts.run_shares):
        total = sum(shares.values())
        each = s.mat[code] // total
        for p, k in shares.items():
            move(s, comp(code), seat(p), each * k, f"pay:{code}")
        s.pay_results.append((code, sorted(shares), each))
        text = msg("tri.share", players=seats(sorted(shares), "and"), comp=msg(f"comp.{code}"), each=each) \
            if len(shares) > 1 else msg("tri.takes", player=Seat(next(iter(shares))), comp=msg(f"comp.{code}"),
                                        amount=each)
        events.append(Event("pay", text))
    return events
