"""Marriage actions: frozen values naming cards, never hand positions (STYLE.md, 2).

Players never lay out 21 cards by hand: `Show`, `ShowDublees` and `Finish` let the engine find
the sets; the player keeps the choice of the discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Discard, DrawStock, TakeDiscard
from ..cards import Card


@dataclass(frozen=True, slots=True)
class DeclareTunnela:
    """Expose a dealt tunnela (three identical cards) before play (MAR-4)."""

    kind: ClassVar[str] = "declare_tunnela"
    simultaneous: ClassVar[bool] = True
    card: Card

    @property
    def label(self) -> str:
        p = self.card.pretty
        return f"Declare tunnela {p} {p} {p}"


@dataclass(frozen=True, slots=True)
class DeclareDone:
    """Finish declaring dealt tunnelas (MAR-4); the same prompt for every player."""

    kind: ClassVar[str] = "declare_done"
    simultaneous: ClassVar[bool] = True

    @property
    def label(self) -> str:
        return "Done declaring"


@dataclass(frozen=True, slots=True)
class TakeAndFinish:
    """Take the top discard and go out at once, discarding `discard` (MAR-6.2, MAR-6.3)."""

    kind: ClassVar[str] = "take_and_finish"
    prompt: ClassVar[str] = "Take the discard and go out, discarding…"
    card: Card
    discard: Card

    @property
    def label(self) -> str:
        return f"Take {self.card.pretty} and finish, discarding {self.discard.pretty}"


@dataclass(frozen=True, slots=True)
class Show:
    """Expose three pure sets (MAR-8); the engine picks them and the player sees the tiplu."""

    kind: ClassVar[str] = "show"

    @property
    def label(self) -> str:
        return "Show pure sets (see the tiplu)"


@dataclass(frozen=True, slots=True)
class ShowDublees:
    """Expose seven dublees and follow the dublee route (MAR-9)."""

    kind: ClassVar[str] = "show_dublees"

    @property
    def label(self) -> str:
        return "Show seven dublees"


@dataclass(frozen=True, slots=True)
class Finish:
    """Go out, discarding `discard`; the engine lays out the melds or dublees (MAR-13, MAR-14)."""

    kind: ClassVar[str] = "finish"
    prompt: ClassVar[str] = "Go out, discarding…"
    discard: Card

    @property
    def label(self) -> str:
        return f"Finish, discarding {self.discard.pretty}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next hand (between deals; anyone may leave the table before it)."""

    kind: ClassVar[str] = "next_deal"

    @property
    def label(self) -> str:
        return "Deal the next hand"


@dataclass(frozen=True, slots=True)
class EndGame:
    """Between deals, when everybody else has left or is out of chips: close the game (MAR-2)."""

    kind: ClassVar[str] = "end_game"

    @property
    def label(self) -> str:
        return "End the game (nobody left to play against)"


ACTION_TYPES: tuple[type, ...] = (DeclareTunnela, DeclareDone, DrawStock, TakeDiscard, TakeAndFinish,
                                  Show, ShowDublees, Finish, Discard, NextDeal, EndGame)
