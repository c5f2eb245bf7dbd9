"""What the Gin Rummy seat bot reads from its seat's views (GIN-24): which cards it has not
seen, how likely the opponent holds each, how much a discard would help them, and what the hand
may expect from its next draw.

The opponent's hand is read the way a careful player reads it: a card they took from the pile
sits in a meld or soon will, so its meld partners are likelier in their hand; every card in the
pile was passed over by them at least once (they discarded it, or declined it), so its close
partners are less likely there; players throw their highest loose card, so a card ranked above
their latest discard is likely not loose in their hand. The likelihoods are scaled to the number of cards the opponent
holds that are not known.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card, parse_card_texts
from .melds import VALUE, best_melds, masks_deadwood, suit_masks
from .views import PrivateView, PublicView

DECK = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]
MOST_LIKELY = 0.9   # no unseen card is certain to be in the opponent's hand
FULL_STOCK = 31     # the stock after the deal: 52 cards, 10 to each player, one upcard (GIN-6)


@dataclass(frozen=True, slots=True)
class Reading:
    """How much the seat's evidence moves the likelihoods: a taken card's partners by `pull`
    (×(1 + pull) each), a pile card's close partners by `fade` (×(1 − fade) each)."""

    pull: float = 3.0
    fade: float = 0.35
    shed: float = 0.14   # per discard the opponent made: how fast they shed unmatched high cards
    above: float = 0.02  # a card ranked above the opponent's latest discard: they would have thrown it first
    # (shed and above were tuned with the seat bot's weights: `seat_bot.TUNED`)


@dataclass(slots=True)
class Table:
    """The seat's knowledge: its hand, the pile, the cards it cannot see (stock or opponent's
    hand) with the likelihood the opponent holds each, and the opponent's known cards."""

    hand: list[Card]
    pile: list[Card]
    known: list[Card]               # taken from the pile by the opponent, still held
    unseen: list[Card]
    held: dict[Card, float]         # P(the opponent holds it): 1 for `known`, 0 for cards seen elsewhere
    stock: int
    last: Card | None = None        # the opponent's latest discard (`last_throw`)


def _partners(a: Card, b: Card, reach: int) -> bool:
    """Same rank in another suit, or the same suit within `reach` ranks."""
    if a.rank == b.rank:
        return a.suit_index != b.suit_index
    return a.suit_index == b.suit_index and abs(a.rank - b.rank) <= reach


def read(public: PublicView, private: PrivateView, reading: Reading | None) -> Table:
    """The seat's knowledge; with `reading` None every unseen card is equally likely."""
    seat = private["seat"]
    hand = parse_card_texts(private["hand"])
    pile = parse_card_texts(public["discard_pile"])
    mine = set(hand) | set(pile)
    known = [c for c in parse_card_texts(public["taken"][1 - seat]) if c not in mine]
    unseen = [c for c in DECK if c not in mine and c not in known]
    missing = max(0, public["hand_sizes"][1 - seat] - len(known))
    weights = dict.fromkeys(unseen, 1.0)
    last = last_throw(public, private)
    if reading is not None:
        # players throw their highest unmatched cards first: the more the opponent has thrown,
        # the fewer high cards they keep (each turn is one draw and one discard)
        turns = (FULL_STOCK - public["stock_count"]) + sum(len(t) for t in public["taken"])
        thrown = turns / 2
        top = last.rank if last is not None else 13
        for c in unseen:
            w = max(0.15, 1.0 - reading.shed * thrown * max(0, c.rank - 7) / 6)
            if c.rank > top:
                w *= reading.above
            for k in known:
                if _partners(c, k, 2):
                    w *= 1 + reading.pull
            for d in pile:
                if _partners(c, d, 1):
                    w *= 1 - reading.fade
            weights[c] = w
    total = sum(weights.values())
    scale = missing / total if total else 0.0
    held = {c: min(MOST_LIKELY, w * scale) for c, w in weights.items()}
    held.update((c, 1.0) for c in known)
    return Table(hand, pile, known, unseen, held, public["stock_count"], last)


def last_throw(public: PublicView, private: PrivateView) -> Card | None:
    """The opponent's latest discard, once they have made one: the pile's top when we are to
    draw, or while we discard after drawing from the stock, or the card we just took. Every draw
    before this turn's was followed by a discard (GIN-8), and turns alternate, so the last of
    them was the opponent's."""
    if public["phase_id"] not in ("draw", "discard"):
        return None
    draws = FULL_STOCK - public["stock_count"] + sum(len(t) for t in public["taken"])
    if public["phase_id"] == "discard":
        draws -= 1
        if private["pickup"] is not None:
            return Card.parse(private["pickup"]) if draws else None
    pile = public["discard_pile"]
    return Card.parse(pile[-1]) if draws and pile else None


def _meld_pairs(card: Card) -> list[tuple[Card, Card]]:
    """The pairs of cards that make a meld with `card`: two of its rank in other suits, or two
    of its suit around it."""
    others = [Card(card.rank, s) for s in "SHDC" if s != card.suit]
    pairs = [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
    r = card.rank
    for lo, hi in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
        if 1 <= lo and hi <= 13:
            pairs.append((Card(lo, card.suit), Card(hi, card.suit)))
    return pairs


def _third(a: Card, b: Card) -> list[Card]:
    """The cards that make a meld with the pair (a, b)."""
    if a.rank == b.rank:
        return [Card(a.rank, s) for s in "SHDC" if s not in (a.suit, b.suit)]
    lo, hi = sorted((a.rank, b.rank))
    if hi - lo == 2:
        return [Card(lo + 1, a.suit)]
    return [Card(r, a.suit) for r in (lo - 1, hi + 1) if 1 <= r <= 13]


def danger(table: Table, card: Card, passed: float = 0.15) -> float:
    """The chance the opponent can meld `card` at once: they hold two cards making a meld with
    it. A pair that a card of the pile would also have completed is `passed` times less likely:
    they would have taken that card, or not thrown it."""
    p = table.held.get
    pile = set(table.pile)
    miss = 1.0
    for a, b in _meld_pairs(card):
        both = p(a, 0.0) * p(b, 0.0)
        if both:
            for d in _third(a, b):
                if d in pile and d != card:
                    both *= passed
            miss *= 1.0 - both
    return 1.0 - miss


_WINDOW = [sum(1 << q for q in range(max(1, r - 2), min(13, r + 2) + 1)) for r in range(14)]
"""Bit masks of the ranks within two of each rank."""


def _near(masks: list[int], card: Card) -> bool:
    """Whether the card may join a meld with the hand: its rank held in another suit, or a card
    of its suit within two ranks."""
    r = card.rank
    return bool((masks[0] | masks[1] | masks[2] | masks[3]) >> r & 1 or masks[card.suit_index] & _WINDOW[r])


class Outlook(NamedTuple):
    """What a ten-card hand may expect from its next draw (and best discard)."""

    deadwood: float   # the expected deadwood
    knock: float      # the chance it may knock then: its deadwood at most the limit given
    outs: float = 0.0  # the chance the blind draw lowers the deadwood


def outlook(table: Table, ten: list[Card], throws: float = 0.0, limit: int = -1) -> Outlook:
    """The deadwood `ten` may expect after its next draw and best discard, and the chance that
    this deadwood is at most `limit` (a knock; -1 asks for none).

    Each unseen card is the next stock card with the chance that it is not in the opponent's
    hand, spread over the stock. With `throws`, the opponent's next discard counts too: players
    throw their highest unmatched cards, so a high card they likely hold may come up on the pile
    (taken when it beats the stock). A card that may join a meld is tried exactly; any other card
    can only replace the worst deadwood card when it is lower.
    """
    masks = suit_masks(ten)
    dw, melds = best_melds(ten)
    melded = {c for m in melds for c in m}
    worst = max((VALUE[c.rank] for c in ten if c not in melded), default=0)
    cards = [(c.suit_index, 1 << c.rank) for c in ten]
    stock = table.stock or 1
    total = mass = knock = outs = 0.0
    thrown: list[tuple[float, int]] = []
    for u in table.unseen:
        held = table.held[u]
        if not _near(masks, u):
            best = min(dw, dw - worst + VALUE[u.rank])
        else:
            s, bit = u.suit_index, 1 << u.rank
            masks[s] |= bit
            best = dw
            for cs, cb in cards:
                masks[cs] ^= cb
                v = masks_deadwood(masks[0], masks[1], masks[2], masks[3])
                masks[cs] ^= cb
                if v < best:
                    best = v
            masks[s] ^= bit
        p = (1.0 - held) / stock
        mass += p
        total += p * best
        knock += p * (best <= limit)
        outs += p * (best < dw)
        if throws and held < 1.0:
            thrown.append((held * throws * _THROW[u.rank], best))
    if not mass:
        return Outlook(float(dw), float(dw <= limit))
    blind, chance = total / mass, knock / mass
    # a thrown card is taken when it beats the blind draw; one that allows a knock lifts the chance
    return Outlook(blind + sum(p * min(0.0, best - blind) for p, best in thrown),
                   chance + sum(p * (1.0 - chance) for p, best in thrown if best <= limit),
                   outs / mass)


_THROW = [(r / 13) ** 3 for r in range(14)]
"""How likely a player throws an unmatched card of each rank next: the highest go first."""
