"""The Bourré seat bot: decides from the seat's own views and its legal actions only.

Play or fold by an estimate of the tricks the hand will take against the players still in;
exchange everything but trumps, aces and guarded kings; in tricks, win as cheaply as it can,
lead master cards (drawing trumps first), and otherwise throw the least useful card.

The table's `bot_strength` picks a `Style`: an easy bot stays in more loosely and plays its
tricks like a casual player (its best card to win, its worst when it cannot, counting nothing);
no stronger play than normal's is known here, so a strong bot plays as a normal one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS
from ..options import BotStrength
from .actions import Exchange, Fold, PlayCard, PlayHand
from .legal import CARD_ID, CARDS, trick_winner_index

_ID = {str(c): i for i, c in enumerate(CARDS)}


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot of one strength plays."""

    reach: float   # against up to this many, a single trump or a side ace is enough to stay
    counts: bool   # counts the cards played: leads master cards, wins as cheaply as it can


STYLES: dict[BotStrength, Style] = {
    "easy": Style(reach=3.0, counts=False),
    "normal": Style(reach=2.0, counts=True),
    "strong": Style(reach=2.0, counts=True),
}


def _ids(notes: list[str]) -> list[int]:
    return [_ID[t] for t in notes]


def keep_cards(hand: list[int], trump: int) -> list[int]:
    """The cards worth keeping at the exchange: trumps, aces, kings guarded by their ace."""
    keep = []
    for c in hand:
        s, r = divmod(c, 13)
        if s == trump or r == 12 or (r == 11 and s * 13 + 12 in hand):
            keep.append(c)
    return keep


def _declare(public: Mapping[str, Any], private: Mapping[str, Any], legal: list[Any], style: Style) -> Any:
    """Stay or fold by the hand against the players who may still play, as experienced players
    do. A player yet to declare counts half (they may fold). A free pot is always played; against
    one, any trump or a side ace will do; against more, two trumps or the ace or king of trumps,
    or against two a single trump or a side ace. Never a hand without trump and ace against two
    or more: a player taking no trick pays the whole pot (BOU-18)."""
    if len(legal) == 1:
        return legal[0]
    me = private["seat"]
    trump = SUITS.index(public["trump"])
    hand = _ids(private["hand"])
    states = [s["state"] for s in public["seats"] if s["seat"] != me]
    against = states.count("in") + 0.5 * states.count("to declare")
    trumps = [c % 13 for c in hand if c // 13 == trump]
    top = any(r >= 11 for r in trumps)
    aces = sum(1 for c in hand if c // 13 != trump and c % 13 == 12)
    some = bool(trumps) or aces > 0
    if against == 0:
        stay = True
    elif against <= 1:
        stay = some
    else:
        stay = len(trumps) >= 2 or top or (against <= style.reach and some)
    return PlayHand() if stay else Fold()


def _exchange(public: Mapping[str, Any], private: Mapping[str, Any], legal: list[Any]) -> Any:
    trump = SUITS.index(public["trump"])
    hand = _ids(private["hand"])
    keep = set(keep_cards(hand, trump))
    throw = [c for c in hand if c not in keep]
    # if too many to throw, throw the weakest ones first
    throw.sort(key=lambda c: c % 13)
    throw = throw[:private["max_exchange"]]
    want = {CARDS[c] for c in throw}
    for action in legal:
        if isinstance(action, Exchange) and set(action.cards) == want:
            return action
    return legal[0]


def _boss(card: int, gone: set[int]) -> bool:
    """No higher card of its suit is still unseen by this seat."""
    s = card // 13
    return all(h in gone for h in range(card + 1, s * 13 + 13))


def _play(public: Mapping[str, Any], private: Mapping[str, Any], legal: list[Any], style: Style) -> Any:
    trump = SUITS.index(public["trump"])
    hand = _ids(private["hand"])
    options = [CARD_ID[a.card] for a in legal]
    trick = [_ID[t["card"]] for t in public["trick"]]
    gone = set(_ids(public["played"])) | set(hand)
    if public.get("upcard_out"):
        gone.add(_ID[public["upcard"]])

    def value(c: int) -> int:
        return c % 13 + (20 if c // 13 == trump else 0)

    if len(options) == 1:
        return PlayCard(CARDS[options[0]])
    if not style.counts:   # a casual player: its best card to win the trick, its worst when it cannot
        winners = [c for c in options if not trick or trick_winner_index(trick + [c], trump) == len(trick)]
        return PlayCard(CARDS[max(winners, key=value) if winners else min(options, key=value)])
    if not trick:
        trumps = [c for c in options if c // 13 == trump]
        if trumps and _boss(max(trumps), gone):
            return PlayCard(CARDS[max(trumps)])
        side_boss = [c for c in options if c // 13 != trump and _boss(c, gone)]
        if side_boss:
            return PlayCard(CARDS[max(side_boss, key=lambda c: c % 13)])
        side = [c for c in options if c // 13 != trump]
        if side:
            # low from the shortest side suit: become void to trump later
            length = {s: sum(1 for c in hand if c // 13 == s) for s in range(4)}
            return PlayCard(CARDS[min(side, key=lambda c: (length[c // 13], c % 13))])
        return PlayCard(CARDS[max(options)])
    last = len(trick) == len(public["active"]) - 1
    winners = [c for c in options
               if trick_winner_index(trick + [c], trump) == len(trick)]
    if winners:
        if last:
            return PlayCard(CARDS[min(winners, key=value)])
        sure = [c for c in winners if _boss(c, gone) or
                (c // 13 == trump and trick[0] // 13 != trump and _boss(c, gone))]
        # the cheapest card that cannot be beaten, else the cheapest that wins for now (the
        # later players must beat it if they can, which costs them their high cards)
        return PlayCard(CARDS[min(sure or winners, key=value)])
    return PlayCard(CARDS[min(options, key=value)])


def choose(public: Mapping[str, Any], private: Mapping[str, Any], legal: list[Any],
           rng: random.Random, strength: BotStrength = "normal") -> Any:
    """The bot's action: always one of `legal`."""
    if not legal:
        raise ValueError("the seat has nothing to do")
    kind = legal[0].kind
    style = STYLES[strength]
    if kind in ("play", "fold"):
        action = _declare(public, private, legal, style)
    elif kind == "exchange":
        action = _exchange(public, private, legal)
    else:
        action = _play(public, private, legal, style)
    return action if action in legal else legal[0]
