"""The Marriage seat bot: decides only from its own views and the legal actions.

Plan (`hand_value` measures how many cards a hand still misses):
- Declare every dealt tunnela (MAR-4: it is a pure set and worth points).
- Before the show, build the pure sets the show needs, so as to see the tiplu soon: a player who
  has seen pays 3 to the winner instead of 10 (MAR-22) and knows the wild cards. Take the
  discard only when it brings the hand closer; throw the card whose loss costs least.
- Show as soon as it can; go the dublee route when the hand is mostly pairs.
- Once seen, every wild card fills a missing card, so a wild card is never thrown while a
  natural card can go, and maal is never thrown (MAR-20 counts it).
- Go out whenever it can, keeping maal and wild cards.

The table's `bot_strength` picks a `Style`: an easy bot takes the discard only when it makes a
meld at once and throws a little carelessly; a strong one also weighs how many ways each hand
can still grow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Discard, DrawStock, TakeDiscard
from ..cards import Card, parse_card_texts
from ..options import BotStrength
from .actions import DeclareDone, DeclareTunnela, EndGame, Finish, NextDeal, Show, ShowDublees, TakeAndFinish
from .hand_value import Counts, counts_of, flexibility, gap
from .melds import face_of, wild_faces
from .views import HandView, PublicView

MELDS = 7   # melds of a finished hand (MAR-13)
DUBLEES = 8   # dublees of a finished dublee hand (MAR-14)


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot of one strength plays."""

    take_gain: float   # how much closer the discard must bring the hand before it is taken
    growth: float      # what one more way to grow is worth, in missing cards
    slack: float       # a discard within this much of the best may be chosen at random
    dublees: int       # pairs from which the bot aims for the dublee route (99: never)
    rest: float = 0.3  # before the show: what a card missing from the rest of the hand weighs
    outs: bool = False  # counts only partial melds whose missing card may still come (not all seen)


STYLES: dict[BotStrength, Style] = {
    "easy": Style(take_gain=1.5, growth=0.0, slack=0.5, dublees=99),
    "normal": Style(take_gain=0.3, growth=0.2, slack=0.0, dublees=6),
    "strong": Style(take_gain=0.3, growth=0.2, slack=0.0, dublees=6, outs=True),
}


@dataclass(frozen=True, slots=True)
class Seat:
    """What the seat knows that its choices depend on."""

    wild: frozenset[int]       # wild faces, once seen
    maal: frozenset[int]       # tiplu, poplu and jhiplu faces, once seen
    need: int                  # melds still to make: pure sets before the show, any after it
    route: str | None
    dublee: bool               # aiming for (or on) the dublee route
    live: Counts | None        # copies of each face the seat has not seen (`Style.outs`), else None


def _seat(public: PublicView, private: HandView, faces: list[int], style: Style) -> Seat:
    tiplu = private["tiplu"]
    wild = wild_faces(face_of(Card.parse(tiplu))) if tiplu else frozenset()
    maal = frozenset(face_of(Card.parse(c)) for c in private["maal"].values())
    me = public["seats"][private["seat"]]
    fixed = len(me["shown"]) + len(me["declared"])
    route = private["route"]
    if route is None:
        need = max(0, 3 - len(me["declared"]))
    elif route == "dublee":
        need = DUBLEES - len(me["dublees"])
    else:
        need = MELDS - fixed
    pairs = sum(n // 2 for n in Counter(faces).values())
    dublee = route == "dublee" or (route is None and private["dublee_allowed"] and pairs >= style.dublees)
    return Seat(wild, maal, need, route, dublee, _unseen(public, faces) if style.outs else None)


def _unseen(public: PublicView, faces: list[int]) -> Counts:
    """Copies of each face (three packs) the seat has not seen: not in its hand, the discard
    pile or anyone's exposed cards (MAR-19)."""
    live = [3] * 52
    seen = list(faces) + [face_of(Card.parse(c)) for c in public["discard_pile"]]
    for s in public["seats"]:
        for group in (s["declared"], s["shown"], s["dublees"]):
            seen += [face_of(Card.parse(c)) for meld in group for c in meld]
    for f in seen:
        live[f] = max(0, live[f] - 1)
    return live


def missing(seat: Seat, counts: Counts, style: Style) -> float:
    """How far the hand (face counts) is from the seat's goal, in cards; lower is better."""
    if seat.dublee:
        pairs = sum(n // 2 for n in counts)
        singles = sum(n % 2 for n in counts)
        goal = seat.need if seat.route == "dublee" else MELDS
        return max(0, goal - pairs) - 0.01 * singles
    if seat.route is None:   # before the show: pure sets first, then the rest of the hand
        return gap(counts, seat.need, pure=True, live=seat.live) + style.rest * gap(counts, seat.need + MELDS - 3) \
            - style.growth * flexibility(counts, pure=True, live=seat.live)
    wilds = 0
    natural = list(counts)
    for f in seat.wild:
        wilds += natural[f]
        natural[f] = 0
    return gap(natural, seat.need, wilds, live=seat.live) - style.growth * flexibility(natural, pure=False,
                                                                                      live=seat.live)


def choose(public: PublicView, private: HandView, legal: Sequence[Action], rng: random.Random,
           strength: BotStrength = "normal") -> Action:
    if not legal:
        raise ValueError("no legal action")
    style = STYLES[strength]
    kinds: dict[type[Action], list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    for kind in (NextDeal, EndGame, DeclareTunnela, DeclareDone):
        if kind in kinds:
            return kinds[kind][0]
    hand = parse_card_texts(private["hand"])
    faces = [face_of(c) for c in hand]
    seat = _seat(public, private, faces, style)
    finishes = kinds.get(TakeAndFinish, []) + kinds.get(Finish, [])
    if finishes:
        return min(finishes, key=lambda a: _keep(seat, face_of(_thrown(a))))
    if DrawStock in kinds:
        take = kinds.get(TakeDiscard)
        if take and _worth_taking(seat, faces, take[0], style):
            return take[0]
        return kinds[DrawStock][0]
    if ShowDublees in kinds and (seat.dublee or Show not in kinds):
        return kinds[ShowDublees][0]
    if Show in kinds:
        return kinds[Show][0]
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return legal[0]
    return _discard(seat, faces, discards, style, rng)


def _thrown(action: Action) -> Card:
    assert isinstance(action, (Finish, TakeAndFinish, Discard))
    return action.card if isinstance(action, Discard) else action.discard


def _keep(seat: Seat, face: int) -> tuple[bool, bool, int]:
    """How much a card is worth keeping beyond the hand's shape: maal scores (MAR-20), a wild
    card fills a meld; ties go to the canonical order."""
    return face in seat.maal, face in seat.wild, face


def _worth_taking(seat: Seat, faces: list[int], take: Action, style: Style) -> bool:
    """Whether the hand with the discard (and the best discard after it, MAR-7 barring its face)
    is closer to the goal than the hand as it is, by at least `take_gain`."""
    assert isinstance(take, TakeDiscard)
    taken = face_of(take.card)
    counts = counts_of(faces)
    now = missing(seat, counts, style)
    counts[taken] += 1
    best = None
    for f in set(faces):
        if f == taken:
            continue
        counts[f] -= 1
        value = missing(seat, counts, style)
        counts[f] += 1
        if best is None or value < best:
            best = value
    return best is not None and best <= now - style.take_gain


def _discard(seat: Seat, faces: list[int], discards: list[Discard], style: Style, rng: random.Random) -> Action:
    counts = counts_of(faces)
    scored = []
    for a in discards:
        f = face_of(a.card)
        counts[f] -= 1
        scored.append((missing(seat, counts, style), _keep(seat, f), a))
        counts[f] += 1
    # never a wild card or maal while a natural card can go
    natural = [s for s in scored if not (s[1][0] or s[1][1])] or scored
    natural.sort(key=lambda s: (s[0], s[1]))
    if style.slack:
        near = [s[2] for s in natural if s[0] <= natural[0][0] + style.slack]
        return near[rng.randrange(len(near))]
    return natural[0][2]
