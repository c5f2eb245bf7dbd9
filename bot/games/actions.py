"""Actions several games share, so a draw, a discard or a fold has one definition.

Each game's `actions.py` re-exports the ones it uses beside its own; the rule ids that say
when they are legal live with the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock."""

    kind: ClassVar[str] = "draw_stock"

    @property
    def label(self) -> str:
        return "Draw from stock"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile."""

    kind: ClassVar[str] = "take_discard"
    card: Card

    @property
    def label(self) -> str:
        return f"Take discard {self.card.pretty}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card face up and end the turn."""

    kind: ClassVar[str] = "discard"
    prompt: ClassVar[str] = "Choose a card to discard"
    card: Card

    @property
    def label(self) -> str:
        return f"Discard {self.card.pretty}"


@dataclass(frozen=True, slots=True)
class Fold:
    """Drop out of the current hand."""

    kind: ClassVar[str] = "fold"

    @property
    def label(self) -> str:
        return "Fold"
