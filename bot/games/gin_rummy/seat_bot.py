"""The Gin Rummy seat bot: decides only from its own views and the legal actions.

Plan, in the order a careful player thinks (`reading.py` reads the opponent's hand):
- Draw: take the upcard when the hand it makes, after the best discard, has less deadwood than
  the hand may expect from a blind draw; otherwise draw from the stock.
- Discard: never break a made meld for nothing. Among the rest, the card whose discard is worth
  the most by a value fitted offline from played-out hands (`evaluation.py`): the deadwood left,
  what the next draw may bring (a knock above all), and what the card is worth to the opponent
  (the chance they meld it at once, from what they took and passed over), each weighed by how far
  the hand has gone and how close the opponent's throws say they are to a knock.
- Knock: gin always; with a very low count, not yet while the stock lasts: the hand plays on
  for gin, and should the opponent knock first, a count that low most likely undercuts them;
  otherwise early in a hand with any count the rules allow, later with a count low enough that
  an undercut is unlikely, while the stock lasts.
- Arrangement (player_choice): show the melds that leave the fewest unseen cards to lay off.

The table's `bot_strength` picks a `Style`: an easy bot reads nothing of the opponent, never
plays defence, knocks at once and is a little careless with its discards; normal and strong
play the same style (`FITTED`: `TUNED`'s hand-made discard cost replaced by the fitted value):
no deeper search was found to play better within a decision's few milliseconds.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..actions import Action
from ..cards import Card, parse_card_texts
from ..options import BotStrength
from .actions import Discard, DrawStock, Knock, Pass, ShowMelds, TakeDiscard
from .evaluation import WEIGHTS, features, lateness, value
from .melds import VALUE, best_melds, discard_deadwoods, is_run
from .reading import Reading, Table, danger, outlook, read
from .views import PrivateView, PublicView


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot of one strength plays."""

    reading: Reading | None   # None: every unseen card alike, nothing read from the opponent
    promise: float            # how much of the next draw's expected gain a hand is credited with
    feed_cost: float          # points a discard costs per unit of chance that the opponent melds it
    patience: bool            # late in a hand, wait for a lower count rather than knock at once
    slack: float              # a discard within this many points of the best may be chosen at random
    throws: float = 0.0       # how much the opponent's next discard counts among the next draw's chances
    race: float = 0.0         # points a discard is worth per unit of chance that the next draw allows a knock
    wane: float = 0.0         # the share of `promise` lost by the time the stock runs out
    hold: float = 0.0         # hold a count up to this share of the knock limit for gin, while the stock lasts
    weights: tuple[float, ...] | None = None   # a discard's value by `evaluation.features`, else `_cost`


TUNED = Style(reading=Reading(), promise=1.4, feed_cost=3.0, patience=True, slack=0.0, throws=1.2, race=11.0,
              wane=0.5)
"""The hand-made style the discard value was fitted from (`bench/fit_gin.py` plays it out); its
discards weigh `_cost`. Its weights (`promise`, `throws`, `race`, `wane`, and the reading's
`shed` and `above`) were tuned jointly against the bench's baseline (OpenSpiel's simple gin bot)
by a (1+1) evolution strategy: random changes to one to three weights at a time, each judged on
the same 1,000 seeds (5000-5999, then 7000-7999) against the current best, kept when they gained
more than 0.15 points a hand. On the held-out seeds 1000-1999 that took the margin from +1.54 to
+2.34 points a hand (+0.79 ± 0.61 paired; +0.60 ± 0.59 on seeds 0-999). Most of it is `above`
(the baseline always throws its highest loose card, so a card ranked above its latest throw is
hardly ever loose in its hand); without it the other weights gained +0.12 ± 0.55. Late in a
hand the opponent may knock before the next draw pays, hence `wane`.
"""

HOLD_STOCK = 6
"""With this many stock cards or fewer a held count knocks: the hand would soon be void."""

FITTED = dataclasses.replace(TUNED, weights=WEIGHTS, hold=0.3)
"""The normal and strong bot: TUNED's draws, its discards by the value fitted offline
(`evaluation.WEIGHTS`) from played-out hands of TUNED against the bench's baseline, and its
knocks but for `hold`. The fitted discards gained +0.39 points a hand on seeds they were not
fitted to (5000-6999, paired against TUNED on the same seeds).

`hold` came from breaking the margin down by how hands end (`bench/gin_diagnose.py`): a player
who knocks as soon as the rules allow (as the baseline does, and many people) shows 7 points on
average, so a hand holding 3 or less after our discard is rarely beaten by their knock and
undercuts it (10 points and more) far more often; meanwhile it may draw to gin (20 points and no
layoffs). Holding counts up to 3 (30% of the default limit) with more than `HOLD_STOCK` cards in
the stock gained +0.43 points a hand, paired, on seeds 5000-6999 (+0.40 ± 0.23 on 5000-5999,
+0.46 ± 0.22 on 6000-6999); holding up to 4 or 5 did no better, nor holding more early in a hand.
On the held-out seeds 1000-4999 it gained +0.43 ± 0.11 paired (+2.27 to +2.70 points a hand).

Together, on seeds neither was chosen on: +3.27 ± 0.23 points a hand on seeds 20000-29999;
+3.44 ± 0.36 on 10000-13999 (+2.97 ± 0.36 with TUNED's discards), +3.24 ± 0.52 on 1000-2999
(+2.65 ± 0.51)."""

STYLES: dict[BotStrength, Style] = {
    "easy": Style(reading=None, promise=0.5, feed_cost=0.0, patience=False, slack=3.0),
    "normal": FITTED,
    "strong": FITTED,
}


def choose(public: PublicView, private: PrivateView, legal: list[Action],
           rng: random.Random, strength: BotStrength = "normal") -> Action:
    style = STYLES[strength]
    phase = public["phase_id"]
    if phase in ("first_offer", "draw"):
        return _draw(public, private, legal, style)
    if phase == "discard":
        return _discard(public, private, legal, style, rng)
    if phase == "arrange":
        return _arrangement(public, private, legal)
    return legal[0]


def _draw(public: PublicView, private: PrivateView, legal: list[Action], style: Style) -> Action:
    take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
    blind = next((a for a in legal if isinstance(a, (DrawStock, Pass))), None)
    if blind is None:
        return take if take is not None else legal[0]
    if take is None:
        return blind
    hand = parse_card_texts(private["hand"])
    eleven = hand + [take.card]
    dws = discard_deadwoods(eleven)
    after = min(dws[c] for c in eleven if public["allow_discard_of_pickup"] or c != take.card)
    if after == 0:
        return take
    table = read(public, private, style.reading)
    return take if after < outlook(table, hand).deadwood else blind


def _intact(hand: list[Card], throws: list[Discard | Knock]) -> list[Discard | Knock]:
    """The discards (and knocks) that break no made meld for nothing: a card of the hand's best
    melds goes only when no other card leaves less deadwood."""
    dws = discard_deadwoods(hand)
    least = min(dws[a.card] for a in throws)
    _, melds = best_melds(hand)
    melded = {c for m in melds for c in m}
    kept = [a for a in throws if a.card not in melded or dws[a.card] == least]
    return kept or throws


def _discard(public: PublicView, private: PrivateView, legal: list[Action], style: Style,
             rng: random.Random) -> Action:
    hand = parse_card_texts(private["hand"])
    throws = _intact(hand, [a for a in legal if isinstance(a, (Discard, Knock))])
    knocks = [a for a in throws if isinstance(a, Knock)]
    gins = [a for a in knocks if a.deadwood == 0]
    if gins:
        return max(gins, key=lambda a: (VALUE[a.card.rank], a.card.rank, -a.card.suit_index))
    if knocks:
        low = min(a.deadwood for a in knocks)
        if _knock_now(public, low, style):
            return max((a for a in knocks if a.deadwood == low), key=lambda a: (VALUE[a.card.rank], a.card.rank))
    discards = [a for a in throws if isinstance(a, Discard)] or [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return knocks[0] if knocks else legal[0]
    table = read(public, private, style.reading)
    limit = public["knock_limit"]
    if style.weights is not None:
        weights, plain = style.weights, read(public, private, None)
        scored = sorted(((-value(features(table, plain, hand, a.card, limit, style.throws), weights),
                          a.card.rank, a.card.suit_index), a) for a in discards)
    else:
        scored = sorted(((_cost(table, hand, a.card, style, limit), a.card.rank, a.card.suit_index), a)
                        for a in discards)
    if style.slack:
        best = scored[0][0][0]
        near = [a for key, a in scored if key[0] <= best + style.slack]
        return near[rng.randrange(len(near))]
    return scored[0][1]


def _cost(table: Table, hand: list[Card], card: Card, style: Style, limit: int) -> float:
    """What discarding `card` costs: the deadwood the rest may expect (crediting `promise` of the
    next draw's expected gain, waning as the stock runs out), less `race` points per unit of
    chance that the next draw allows a knock (`limit`), and the chance the opponent melds it.

    The race term is there because a hand is a race: whoever knocks first usually scores, so a
    hand one card from a knock is worth more than its expected deadwood says (against a player
    who knocks at once, a few points a hand over the deadwood alone)."""
    ten = [c for c in hand if c != card]
    dw, _ = best_melds(ten)
    cost = float(dw)
    if style.promise:
        ahead = outlook(table, ten, style.throws, limit if style.race else -1)
        promise = style.promise * (1.0 - style.wane * lateness(table))
        cost -= promise * (dw - ahead.deadwood) + style.race * ahead.knock
    if style.feed_cost:
        cost += style.feed_cost * danger(table, card)
    return cost


def _knock_now(public: PublicView, deadwood: int, style: Style) -> bool:
    """Hold a very low count for gin while the stock lasts (`Style.hold`). Otherwise knock early
    with any count the rules allow; later the defender has had time to meld, so a large count
    risks an undercut: hold out for a lower one while the stock lasts."""
    stock = public["stock_count"]
    if deadwood <= style.hold * public["knock_limit"] and stock > HOLD_STOCK:
        return False
    if not style.patience:
        return True
    if deadwood <= 4 or stock >= 20 or stock <= 6:
        return True
    return deadwood <= max(4, public["knock_limit"] - (20 - stock) // 3)


def _arrangement(public: PublicView, private: PrivateView, legal: list[Action]) -> Action:
    shows = [a for a in legal if isinstance(a, ShowMelds)]
    if not shows:
        return legal[0]
    table = read(public, private, None)
    unseen = set(table.unseen)

    def exposure(action: ShowMelds) -> int:
        spots = 0
        for meld in action.arrangement.melds:
            if is_run(meld):
                suit = meld[0].suit
                low, high = min(c.rank for c in meld), max(c.rank for c in meld)
                spots += sum(1 <= r <= 13 and Card(r, suit) in unseen for r in (low - 1, high + 1))
            elif len(meld) == 3:
                spots += sum(Card(meld[0].rank, s) in unseen for s in "SHDC")
        return spots

    return min(shows, key=exposure)
