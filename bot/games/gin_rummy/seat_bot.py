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
from .melds import VALUE, best_melds, discard_deadwoods, is_run, min_deadwood
from .views import PrivateView, PublicView

LINK_WEIGHT = 1.5    # points of deadwood one live partner is worth keeping (tuned against a greedy bot)
DANGER_WEIGHT = 3.0  # points of deadwood worth paying to avoid feeding the opponent


def _unseen(hand: list[Card], public: PublicView) -> set[tuple[int, int]]:
    """Faces of cards that may still be in the stock or the opponent's hand."""
    seen = {(c.suit_index, c.rank) for c in hand}
    seen |= {(c.suit_index, c.rank) for c in parse_card_texts(public.get("discard_pile") or [])}
    return {(s, r) for s in range(4) for r in range(1, 14)} - seen


def _links(card: Card, others: list[Card], unseen: set[tuple[int, int]]) -> float:
    """How much a deadwood card still promises: live partners towards a meld."""
    score = 0.0
    s, r = card.suit_index, card.rank
    for o in others:
        if o is card:
            continue
        if o.rank == r:
            live = sum((t, r) in unseen for t in range(4) if t not in (s, o.suit_index))
            score += live / 2
        elif o.suit_index == s and abs(o.rank - r) <= 2:
            lo, hi = min(r, o.rank), max(r, o.rank)
            needed = [x for x in (lo - 1, lo + 1, hi + 1) if 1 <= x <= 13 and x not in (lo, hi)]
            if hi - lo == 2:
                needed = [lo + 1]
            score += sum((s, x) in unseen for x in needed) / 2
    return score


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
            now = min_deadwood(hand)
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

    def cost(card: Card) -> float:
        rest = [c for c in hand if c != card]
        _, melds = best_melds(rest)
        melded = {c for m in melds for c in m}
        dead = [c for c in rest if c not in melded]
        links = sum(_links(c, dead, unseen) for c in dead)
        return dws[card] - LINK_WEIGHT * links + DANGER_WEIGHT * _danger(card, opp_taken)

    if knocks:
        best_knock = min(knocks, key=lambda a: (a.deadwood, cost(a.card)))
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
    return min(discards, key=lambda a: (cost(a.card), -a.card.rank, a.card.suit_index))


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
                spots += ((s, lo - 1) in unseen) + ((s, hi + 1) in unseen)
            elif len(meld) == 3:
                r = meld[0].rank
                spots += sum((s, r) in unseen for s in range(4))
        return spots

    return min(shows, key=exposure) if shows else legal[0]
