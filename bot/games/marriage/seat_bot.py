"""The Marriage seat bot: decides only from its own views and the legal actions.

Plan: declare dealt tunnelas; keep identical pairs and same-suit neighbours (partial sets), and
wild cards once seen; take the discard only when it knits into the hand; show as soon as it can;
go for the dublee route when the hand is mostly pairs; go out whenever possible, keeping maal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..actions import Action, Discard, DrawStock, TakeDiscard
from ..cards import Card, parse_card_texts
from ..options import BotStrength
from .actions import DeclareDone, DeclareTunnela, EndGame, Finish, NextDeal, Show, ShowDublees, TakeAndFinish
from .layout import cohesion
from .melds import face_of, wild_faces
from .views import HandView, PublicView

TAKE_THRESHOLD = 2.4  # cohesion gained by the discard before the bot takes it


def _wild(private: HandView) -> frozenset[int]:
    tiplu = private["tiplu"]
    return wild_faces(face_of(Card.parse(tiplu))) if tiplu else frozenset()


def _dublee_mode(private: HandView, faces: list[int]) -> bool:
    if private["route"] == "dublee":
        return True
    if private["route"] is not None or not private["dublee_allowed"]:
        return False
    counts = Counter(faces)
    pairs = sum(n // 2 for n in counts.values())
    return pairs >= 5


def _dublee_score(faces: list[int]) -> float:
    counts = Counter(faces)
    return sum(10.0 * (n // 2) + (0.5 if n % 2 else 0) for n in counts.values())


def _score(faces: list[int], wild: frozenset[int], dublee: bool) -> float:
    return _dublee_score(faces) if dublee else cohesion(faces, wild)


def choose(public: PublicView, private: HandView, legal: Sequence[Action], rng: random.Random,
           strength: BotStrength = "normal") -> Action:
    if not legal:
        raise ValueError("no legal action")
    kinds: dict[type[Action], list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    if NextDeal in kinds:
        return kinds[NextDeal][0]
    if EndGame in kinds:
        return kinds[EndGame][0]
    if DeclareTunnela in kinds:
        return kinds[DeclareTunnela][0]
    if DeclareDone in kinds:
        return kinds[DeclareDone][0]
    hand = parse_card_texts(private["hand"])
    faces = [face_of(c) for c in hand]
    wild = _wild(private)
    maal = {face_of(Card.parse(c)) for c in private["maal"].values()}
    if TakeAndFinish in kinds:
        return _pick_finish(kinds[TakeAndFinish], wild, maal)
    if Finish in kinds:
        return _pick_finish(kinds[Finish], wild, maal)
    dublee = _dublee_mode(private, faces)
    if DrawStock in kinds:
        if TakeDiscard in kinds:
            take = kinds[TakeDiscard][0]
            assert isinstance(take, TakeDiscard)
            f = face_of(take.card)
            base = _score(faces, wild, dublee)
            with_card = _score(faces + [f], wild, dublee)
            if with_card - base >= (5.0 if dublee else TAKE_THRESHOLD):
                return take
        return kinds[DrawStock][0]
    if ShowDublees in kinds and (dublee or Show not in kinds):
        return kinds[ShowDublees][0]
    if Show in kinds:
        return kinds[Show][0]
    discards = kinds.get(Discard, [])
    if not discards:
        return legal[0]
    best, best_score = discards[0], None
    for a in discards:
        assert isinstance(a, Discard)
        f = face_of(a.card)
        rest = list(faces)
        rest.remove(f)
        score = _score(rest, wild, dublee)
        if f in maal:
            score -= 3.0
        # tie-break: shed high cards first (cheap for nobody here, but keeps play varied)
        score += 0.001 * (a.card.rank if a.card.rank != 1 else 14)
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


def _pick_finish(options: list[Action], wild: frozenset[int], maal: set[int]) -> Action:
    """Go out discarding a card worth nothing: not maal, not wild, if there is a choice."""

    def worth(a: Action) -> tuple[bool, bool, str]:
        assert isinstance(a, (Finish, TakeAndFinish))
        face = face_of(a.discard)
        return face in maal, face in wild, str(a.discard)

    return min(options, key=worth)
