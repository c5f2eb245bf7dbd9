"""The Gin Rummy seat bot: decides only from its own views and the legal actions.

Plan, in the order a careful player thinks:
- Draw: take the discard when it lands in a meld of the best hand after the best discard
  (or lets us knock at once); otherwise draw blind from the stock.
- Discard: least deadwood after the discard, but keep cards that still have live partners
  (a pair, or two of one suit close together, whose third card is unseen), and avoid feeding
  the opponent cards next to what they took from the pile (GIN-24 makes that public).
- Knock: gin always; otherwise knock at once with little deadwood, and wait for lower
  deadwood only when the knock is large, early in the hand (undercut risk).
- Arrangement (player_choice): show the melds that leave the fewest unseen cards to lay off.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..cards import Card, parse_card_texts
from .actions import Discard, DrawStock, Knock, Pass, ShowMelds, TakeDiscard
from .melds import VALUE, best_melds, discard_deadwoods, is_run, suit_masks
from .views import PrivateView, PublicView

LINK_WEIGHT = 1.5    # points of deadwood one live partner is worth keeping (tuned against a greedy bot)
DANGER_WEIGHT = 3.0  # points of deadwood worth paying to avoid feeding the opponent


_ALL_RANKS = 0b11111111111110   # bits 1..13
_SUIT_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _unseen(hand: list[Card], public: PublicView) -> list[int]:
    """Cards that may still be in the stock or the opponent's hand, as suit masks (bit r for rank r)."""
    seen = suit_masks(hand + parse_card_texts(public.get("discard_pile") or []))
    return [_ALL_RANKS & ~m for m in seen]


def _links(dead: list[int], unseen: list[int]) -> int:
    """How much the deadwood (suit masks) still promises: for every pair of its cards, the number of
    unseen cards that would make them a meld (the same rank in the other suits, or the missing
    card of a run): half a point seen from each card of the pair."""
    links = 0
    for i, j in _SUIT_PAIRS:
        both = dead[i] & dead[j]             # ranks dead in both suits: the other suits' unseen cards
        if both:
            links += sum((both & u).bit_count() for u in unseen)
    for m, u in zip(dead, unseen):
        next_to = m & (m >> 1)       # r and r + 1 dead: r - 1 or r + 2 would make a run
        gapped = m & (m >> 2)        # r and r + 2 dead: r + 1 would
        links += (next_to & (u << 1)).bit_count() + (next_to & (u >> 2)).bit_count() + (gapped & (u >> 1)).bit_count()
    return links


def _danger(card: Card, opp_taken: list[Card]) -> float:
    """Cards close to what the opponent took from the pile likely help them."""
    d = 0.0
    for t in opp_taken:
        if t.rank == card.rank:
            d += 1.0
        elif t.suit_index == card.suit_index and abs(t.rank - card.rank) <= 2:
            d += 1.0
    return d


def _best_after_taking(hand: list[Card], card: Card, may_discard_it: bool) -> tuple[int, bool]:
    """Least deadwood after taking `card` and discarding, and whether `card` is then melded."""
    eleven = hand + [card]
    dws = discard_deadwoods(eleven)
    options = [c for c in eleven if may_discard_it or c != card]
    best = min(options, key=lambda c: dws[c])
    rest = [c for c in eleven if c != best]
    _, melds = best_melds(rest)
    return dws[best], any(card in m for m in melds)


def choose(public: PublicView, private: PrivateView, legal: list[Action],
           rng: random.Random) -> Action:
    hand = parse_card_texts(private["hand"])
    phase = public["phase_id"]
    if phase in ("first_offer", "draw"):
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        blind = next((a for a in legal if isinstance(a, (DrawStock, Pass))), None)
        if take is not None:
            now = private["deadwood"]
            after, melded = _best_after_taking(hand, take.card, public["allow_discard_of_pickup"])
            if (melded and after < now) or after <= min(public["knock_limit"], now - 1) and after < now:
                return take
        return blind if blind is not None else legal[0]
    if phase == "discard":
        return _discard(public, private, hand, legal)
    if phase == "arrange":
        return _arrangement(public, hand, legal)
    return legal[0]


def _discard(public: PublicView, private: PrivateView, hand: list[Card], legal: list[Action]) -> Action:
    knocks = [a for a in legal if isinstance(a, Knock)]
    discards = [a for a in legal if isinstance(a, Discard)]
    gins = [a for a in knocks if a.deadwood == 0]
    if gins:
        return max(gins, key=lambda a: (VALUE[a.card.rank], a.card.rank, -a.card.suit_index))
    seat = private["seat"]
    opp_taken = parse_card_texts(public["taken"][1 - seat])
    unseen = _unseen(hand, public)
    dws = discard_deadwoods(hand)
    masks = suit_masks(hand)
    costs: dict[Card, float] = {}

    def cost(card: Card) -> float:
        if card not in costs:
            _, melds = best_melds([c for c in hand if c != card])
            dead = list(masks)
            for c in [card, *(c for m in melds for c in m)]:
                dead[c.suit_index] ^= 1 << c.rank
            costs[card] = dws[card] - LINK_WEIGHT * _links(dead, unseen) + DANGER_WEIGHT * _danger(card, opp_taken)
        return costs[card]

    def least_cost(card: Card) -> float:
        """No more than `cost(card)`, without the meld search: the deadwood after the discard is a
        subset of the other ten cards, and a subset never promises more than the whole."""
        rest = list(masks)
        rest[card.suit_index] ^= 1 << card.rank
        return dws[card] - LINK_WEIGHT * _links(rest, unseen) + DANGER_WEIGHT * _danger(card, opp_taken)

    if knocks:
        low = min(a.deadwood for a in knocks)
        best_knock = min((a for a in knocks if a.deadwood == low), key=lambda a: cost(a.card))
        stock = public["stock_count"]
        # Knock early with anything legal; later in the hand the defender has had time to
        # meld, so a large knock risks an undercut: hold out for a lower count while the
        # stock lasts, unless our hand cannot improve much.
        if best_knock.deadwood <= 4 or stock >= 20 or stock <= 6:
            return best_knock
        if best_knock.deadwood <= max(4, public["knock_limit"] - (20 - stock) // 3):
            return best_knock
    if not discards:
        return knocks[0] if knocks else legal[0]
    # The cheapest discard, searching melds only for cards whose least cost could still beat it.
    best, best_key = discards[0], (float("inf"), 0, 0)
    for bound, a in sorted(((least_cost(a.card), a) for a in discards), key=lambda pair: pair[0]):
        if bound > best_key[0]:
            break
        key = (cost(a.card), -a.card.rank, a.card.suit_index)
        if key < best_key:
            best, best_key = a, key
    return best


def _arrangement(public: PublicView, hand: list[Card], legal: list[Action]) -> Action:
    shows = [a for a in legal if isinstance(a, ShowMelds)]
    unseen = _unseen(hand, public)

    def exposure(action: ShowMelds) -> int:
        spots = 0
        for meld in action.arrangement.melds:
            if is_run(meld):
                s = meld[0].suit_index
                lo = min(c.rank for c in meld)
                hi = max(c.rank for c in meld)
                spots += (unseen[s] >> (lo - 1) & 1) + (unseen[s] >> (hi + 1) & 1)
            elif len(meld) == 3:
                r = meld[0].rank
                spots += sum(u >> r & 1 for u in unseen)
        return spots

    return min(shows, key=exposure) if shows else legal[0]
