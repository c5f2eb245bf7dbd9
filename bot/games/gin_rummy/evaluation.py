"""What a discard is worth to the Gin Rummy seat bot: a linear value over features of the hand it
leaves and of the card it gives away, with weights fitted offline (`WEIGHTS`).

The features are what a careful player weighs: the deadwood left, what the next draw may bring
(its expected gain, the chance it allows a knock, the chance it helps at all), what the card is
worth to the opponent (the chance they meld it at once, read from their play and not, how many
of its partners they likely hold), and how each of these matters more or less as the stock runs
out and as the opponent's throws turn low. Why fitted: weights set by hand, or tuned on the
bench's margins, cannot tell such interactions apart from the noise of a few thousand hands;
labels from hands played out from the true state, every candidate against the same stock, can.
"""

from __future__ import annotations

from ..cards import Card
from .melds import VALUE, best_melds
from .reading import FULL_STOCK, Table, danger, outlook

FEATURES = ("deadwood", "gain", "knock", "outs", "danger", "touch", "knockable",
            "deadwood_late", "gain_late", "knock_late", "outs_late", "danger_late",
            "deadwood_threat", "gain_threat", "knock_threat", "danger_threat", "danger_known",
            "plain_danger", "plain_danger_late")
"""The names of `features`' values, in order (the fitting script prints them)."""


def lateness(table: Table) -> float:
    """How far the hand has gone: 0 with a full stock, 1 when it is about to run out."""
    return min(1.0, max(0.0, (FULL_STOCK - table.stock) / (FULL_STOCK - 2)))


def threat(table: Table) -> float:
    """How close the opponent may be to a knock, from their latest discard: players throw their
    highest loose card, so a low throw says the loose cards they keep are low (0 for a ten or a
    face card, or before their first discard; 1 for an ace)."""
    if table.last is None:
        return 0.0
    return (10 - VALUE[table.last.rank]) / 9


def touch(table: Table, card: Card) -> float:
    """How many of the card's close partners (its rank in another suit, its suit within two
    ranks) the opponent may be expected to hold."""
    total = 0.0
    for c, p in table.held.items():
        if c.rank == card.rank or (c.suit_index == card.suit_index and abs(c.rank - card.rank) <= 2):
            total += p
    return total


def features(table: Table, plain: Table, hand: list[Card], card: Card, limit: int,
             throws: float) -> tuple[float, ...]:
    """The features (`FEATURES`) of discarding `card` from the 11-card `hand`; `plain` is the
    same seat's knowledge with every unseen card alike (no reading)."""
    ten = [c for c in hand if c != card]
    dw, _ = best_melds(ten)
    ahead = outlook(table, ten, throws, limit)
    late, near = lateness(table), threat(table)
    gain = dw - ahead.deadwood
    risk = danger(table, card)
    known = min(3, len(table.known))
    return (float(dw), gain, ahead.knock, ahead.outs, risk, touch(table, card), float(dw <= limit),
            dw * late, gain * late, ahead.knock * late, ahead.outs * late, risk * late,
            dw * near, gain * near, ahead.knock * near, risk * near, risk * known,
            danger(plain, card), danger(plain, card) * late)


WEIGHTS: tuple[float, ...] = (-0.378, 0.957, 7.490, -4.943, -2.071, 0.138, 0.643, 0.040, -0.684, -4.969, 2.813,
                               -0.428, -1.190, 0.205, -9.943, -6.646, 0.083, -2.509, -10.571)
"""Points a hand per unit of each feature, fitted by `bench/fit_gin.py` (its defaults reproduce
them): the tuned bot (`seat_bot.TUNED`) played the bench's baseline on seeds 100500-101890, each
twice with the seats swapped; at each of its 13,721 discards with a choice, its four best
candidates by the tuned cost were each played out to the end of the hand from the true state
(the same stock for all four), and a least squares over each decision's differences, shrunk a
little (ridge 0.05) towards the tuned cost's own weights, gave these. The true state served the
labels only: the features are computed from the seat's views.

Read together: the next draw's knock chance counts less, and the deadwood and the danger of
the card more, once the opponent's throws turn low (`threat`: they are close to a knock), and a
card the opponent might meld costs more late in the hand."""


def value(feats: tuple[float, ...], weights: tuple[float, ...]) -> float:
    """The points a hand the discard is worth, up to a constant of the decision."""
    return sum(w * f for w, f in zip(weights, feats, strict=True))

