"""The seat bot for Tripoley and Michigan Rummy.

It decides only from what the seat's views show and its legal actions:
- poker strength is an equity estimate: the share of random hands of the opponents' public
  sizes its best hand beats (`poker_odds.showdown_share`);
- the dealer swaps a weak hand, otherwise auctions the spare hand (the price comes to them),
  or keeps; a player bids a little for the spare hand when their own hand is weak;
- it bets and raises with strong hands, calls when the pot odds allow, checks or folds otherwise;
- in the Michigan phase it leads the suit that does best over sampled deals of the cards it
  cannot see, each played on for a few leads (rollouts): shedding long runs, keeping the lead
  at stops, going out, and playing pay cards that pay when played.

The table's `bot_strength` picks a `Style`: an easy bot keeps its hand, never bids, calls
loosely, never bluffs and leads its lowest card; a strong one samples more than twice as many
deals for each lead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..actions import Action
from ..cards import Card, parse_card_texts
from ..options import BotStrength
from ..poker import best_hand
from ..poker_odds import showdown_share
from ..shuffle import shuffled
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
    SwapSpare,
)
from .views import PrivateView, PublicView


def equity(hand: list[Card], opponent_sizes: list[int]) -> float:
    """Estimated share of the pot won at showdown against opponents with hands of these sizes."""
    if len(hand) < 5:
        return 0.0
    return showdown_share(best_hand(hand).key, len(hand), opponent_sizes)


def _opponent_sizes(pub: PublicView, seat: int, among: list[int] | None = None) -> list[int]:
    sizes = pub["hand_sizes"]
    seats = among if among is not None else [p for p in pub["dealt_in"] if p != seat]
    return [size for p in seats if p != seat and (size := sizes[p])]


def _hand_value(view: PrivateView, pub: PublicView, seat: int) -> tuple[float, float]:
    """(equity, fair share) of this hand's poker chances, and the pay-card chips it holds."""
    hand = parse_card_texts(view["hand"])
    opp = _opponent_sizes(pub, seat)
    return equity(hand, opp), 1 / (len(opp) + 1)


def _pay_chips(view: PrivateView, pub: PublicView) -> int:
    mat = {m["code"]: m["chips"] for m in pub["mat"]}
    marks = set(view["pay_cards"])
    single = sum(mat.get(c, 0) for c in marks if c in mat)
    if "QH" in marks and "KH" in marks:
        single += mat.get("KQ", 0)
    return single


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot of one strength plays."""

    rollouts: int   # sampled deals per lead decision in the Michigan phase (0: lead its lowest card)
    bluff: float    # how often it bets or raises with nothing
    spare: bool     # weighs the spare hand (swap, auction, bid); else keeps its hand and never bids
    calls: float    # calls when its equity reaches this share of the pot odds (1: exactly the odds)


STYLES: dict[BotStrength, Style] = {
    "easy": Style(rollouts=0, bluff=0.0, spare=False, calls=0.5),
    "normal": Style(rollouts=10, bluff=0.04, spare=True, calls=1.0),
    "strong": Style(rollouts=24, bluff=0.04, spare=True, calls=1.0),
}


def choose(pub: PublicView, view: PrivateView, legal: list[Action], rng: random.Random,
           strength: BotStrength = "normal") -> Action:
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    first = legal[0]
    style = STYLES[strength]
    if isinstance(first, NextDeal) or isinstance(first, ChoosePokerHand):
        return first
    if any(isinstance(a, (SwapSpare, AuctionSpare, KeepHand)) for a in legal):
        return _spare(legal, view, pub, seat) if style.spare else KeepHand()
    if any(isinstance(a, (Bid, PassBid)) for a in legal):
        return _bid(legal, view, pub, seat) if style.spare else PassBid()
    if any(isinstance(a, Lead) for a in legal):
        return _lead(legal, view, pub, seat, rng, style)
    return _bet(legal, view, pub, seat, rng, style)


def _spare(legal: list[Action], view: PrivateView, pub: PublicView, seat: int) -> Action:
    eq, fair = _hand_value(view, pub, seat)
    pay = _pay_chips(view, pub) if pub["pay_timing"] == "on_hold" else 0
    weak = eq < 0.7 * fair and pay == 0
    swap = next((a for a in legal if isinstance(a, SwapSpare)), None)
    if weak and swap is not None:
        return swap
    auction = next((a for a in legal if isinstance(a, AuctionSpare)), None)
    return auction if auction is not None else KeepHand()


def _bid(legal: list[Action], view: PrivateView, pub: PublicView, seat: int) -> Action:
    bids = [a for a in legal if isinstance(a, Bid)]
    if not bids:
        return PassBid()
    eq, fair = _hand_value(view, pub, seat)
    pay = _pay_chips(view, pub) if pub["pay_timing"] == "on_hold" else 0
    if pay or eq >= 0.8 * fair:
        return PassBid()
    mat = {m["code"]: m["chips"] for m in pub["mat"]}
    prizes = sum(mat.values()) / max(1, len(pub["dealt_in"]))
    worth = int(prizes * (1 - eq / fair) * 0.5)
    limit = min(worth, view["wallet"] // 4)
    cheapest = bids[0]
    return cheapest if cheapest.amount <= limit else PassBid()


def _bet(legal: list[Action], view: PrivateView, pub: PublicView, seat: int, rng: random.Random,
         style: Style) -> Action:
    b = pub["betting"]
    live = [p for p in pub["dealt_in"] if p not in b["folded"] and p != seat]
    hand = parse_card_texts(view["poker_hand"]["cards"] if "poker_hand" in view else view["hand"])
    eq = equity(hand, _opponent_sizes(pub, seat, live))
    pot = sum(m["chips"] for m in pub["mat"] if m["code"] == "POT")
    raises = [a for a in legal if isinstance(a, (Bet, Raise))]
    check = next((a for a in legal if isinstance(a, Check)), None)
    call = next((a for a in legal if isinstance(a, Call)), None)
    fair = 1 / (len(live) + 1)
    strong = eq > max(0.55, 1.6 * fair)
    good = eq > max(0.3, 1.1 * fair)
    if raises and (strong or (good and rng.random() < 0.35) or rng.random() < style.bluff):
        pick = raises[-1] if strong and eq > 0.75 else raises[min(len(raises) - 1, len(raises) // 2 if strong else 0)]
        return pick
    if check is not None:
        return check
    if call is not None:
        odds = call.amount / (pot + call.amount)
        if eq >= style.calls * odds or (good and call.amount <= 2):
            return call
    return Fold()


def _lead(legal: list[Action], view: PrivateView, pub: PublicView, seat: int, rng: random.Random,
          style: Style) -> Action:
    """Choose the suit whose lead does best over sampled deals of the unseen cards (rollouts);
    with no rollouts, the suit of the lowest card, as a casual player does."""
    if len(legal) == 1:
        return legal[0]
    hand = [_cid(Card.parse(c)) for c in view["hand"]]
    leads = [a for a in legal if isinstance(a, Lead)]
    if not style.rollouts:
        low = min(hand, key=lambda c: (c % 13, c))
        return next((a for a in leads if "SHDC".index(a.suit.letter) == low // 13), leads[0])
    played = {_cid(Card.parse(c)) for c in pub["michigan"]["played"]}
    mine = set(hand)
    mine_bits = sum(1 << c for c in mine)
    unseen = [c for c in range(52) if c not in mine and c not in played]
    order = list(pub["dealt_in"])
    sizes = pub["hand_sizes"]
    others = [p for p in order if p != seat]
    pay_value = _pay_values(pub) if pub["pay_timing"] == "on_play" else {}
    suits = [(a, "SHDC".index(a.suit.letter)) for a in leads]
    totals = {a: 0.0 for a, _ in suits}
    for _ in range(style.rollouts):
        unseen = shuffled(unseen, rng)
        held = [0] * len(sizes)
        held[seat] = mine_bits
        pos = 0
        for p in others:
            size = sizes[p] or 0
            for c in unseen[pos:pos + size]:
                held[p] |= 1 << c
            pos += size
        for action, suit in suits:
            totals[action] += _rollout(list(held), order, seat, suit, pay_value, DEPTH)
    return max(leads, key=lambda a: (totals[a], -"SHDC".index(a.suit.letter)))


DEPTH = 5       # leads played out in each before estimating the rest
_SUIT = 0x1FFF   # one suit's 13 bits of a 52-bit set of card ids


def _cid(card: Card) -> int:
    """0..51: suit-major, rank 2 (0) … ace (12), so the next card up is id + 1 within a suit."""
    return card.suit_index * 13 + card.high - 2


def _pay_values(pub: PublicView) -> dict[int, int]:
    """Chips a card collects when played (MICH-7 / TRI-19 single pay cards)."""
    mat = {m["code"]: m["chips"] for m in pub["mat"]}
    return {_cid(Card.parse(code)): chips for code, chips in mat.items()
            if chips and code not in ("KQ", "RUN", "KITTY", "POT", "POKER_POOL")}


def _next_lead(held: list[int], order: list[int], start: int, allowed_mask: int) -> tuple[int, int]:
    """The first seat from `start` on holding a card it may lead, and the suit of its lowest such
    card; (-1, 0) when nobody can lead."""
    n = len(order)
    for k in range(n):
        p = order[(start + k) % n]
        allowed = held[p] & allowed_mask
        if allowed:
            ranks = (allowed | allowed >> 13 | allowed >> 26 | allowed >> 39) & _SUIT
            rank = (ranks & -ranks).bit_length() - 1
            lead_suit = 0
            while not allowed >> (13 * lead_suit + rank) & 1:
                lead_suit += 1
            return p, lead_suit
    return -1, 0


def _rollout(held: list[int], order: list[int], me: int, suit: int, pay: dict[int, int],
             depth: int = 60) -> float:
    """Play the Michigan phase on after `me` leads `suit`; everyone then leads the suit of their
    lowest card. Worth: winning (plus the others' cards) or minus the cards left; pay cards won.
    After `depth` leads the rest is estimated from the cards each seat still holds (fewer cards,
    likelier to go out first): the first leads decide most of a lead's worth, and stopping there
    lets the bot sample more deals for the same time.

    `held` is each seat's cards as bits of card ids (changed): a run of the lead suit is read off
    the bits of every card still held, not played card by card."""
    gained = 0
    alive = 0
    for p in order:
        alive |= held[p]
    leader, lead_suit = me, suit
    for _ in range(depth):
        base = 13 * lead_suit
        lead = (held[leader] >> base) & _SUIT
        low = (lead & -lead).bit_length() - 1
        up = ((alive >> base) & _SUIT) >> low              # the held ranks from the lead up
        length = ((up + 1) & ~up).bit_length() - 1         # the run stops at the first gap or the ace
        run = ((1 << length) - 1) << (base + low)
        top = 1 << (run.bit_length() - 1)
        out, last, start = -1, 64, 0
        for k, p in enumerate(order):
            cards = held[p]
            if cards & run:
                if cards & top:
                    start = k                              # the stopper leads next, or the next seat
                if not cards & ~run and cards.bit_length() <= last:
                    out, last = p, cards.bit_length()      # p plays their last card first
        if out >= 0:
            run &= (1 << last) - 1
        mine = held[me] & run
        if pay and mine:
            gained += sum(chips for c, chips in pay.items() if mine >> c & 1)
        for p in order:
            held[p] &= ~run
        if out >= 0:
            return 6.0 + sum(held[p].bit_count() for p in order) + gained / 3 if out == me \
                else -held[me].bit_count() + gained / 3
        alive &= ~run
        allowed_mask = alive & ~(_SUIT << base)           # the stopped suit may not be led next (TRI-33)
        leader, lead_suit = _next_lead(held, order, start, allowed_mask) if allowed_mask else (-1, 0)
        if leader < 0:
            return -held[me].bit_count() + gained / 3
    counts = [held[p].bit_count() for p in order]
    mine = held[me].bit_count()
    going_out = (1 / mine) / sum(1 / c for c in counts)
    return going_out * (6.0 + sum(counts) - mine) - (1 - going_out) * mine + gained / 3
