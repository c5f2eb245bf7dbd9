"""What several of the Bourré rule modules share: positions and small helpers."""

from __future__ import annotations

from typing import Any

from bot.games.bourre import Bourre
from bot.games.cards import Card, parse_cards

from tests.english import english


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def timeouts_until_next_hand(g: Bourre) -> list[Any]:
    """Every seat on turn times out (BOU-26) until the current hand is settled."""
    hand = g.hand_no
    events: list[Any] = []
    while not g.is_over() and g.hand_no == hand:
        seat = g.to_act()[0]
        events = g.apply(seat, g.timeout_action(seat))
    return events


def with_pot(g: Bourre, extra: int, payer: int) -> Bourre:
    """Move `extra` chips from `payer`'s stack to the pot (a pot carried from earlier hands)."""
    data = g.to_dict()
    data["pot"] += extra
    data["stacks"][payer] -= extra
    return Bourre.from_dict(data)


def summary_of(events: list[Any]) -> str:
    return english(next(e for e in events if e.kind == "summary"))


# Trump spades (dealer D's upcard 7S). A leads 5H; B holds AH 3H; C is void in hearts with the
# 8S; D is void in hearts with 9S 7S.
OPT = {0: "5H 2D 3D 4D 6D", 1: "AH 3H 2C 3C 4C", 2: "8D 9D 10D JD 8S", 3: "QD KD AD 9S 7S"}
