"""The actions of Bourré: play or fold (BOU-9), the exchange (BOU-9), a card to a trick (BOU-14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Fold
from ..cards import Card, pretty_cards


@dataclass(frozen=True, slots=True)
class PlayHand:
    """Declare PLAY for this hand (BOU-9)."""

    kind: ClassVar[str] = "play"

    @property
    def label(self) -> str:
        return "Play"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Throw these cards face down and draw as many from the stock (BOU-9, BOU-11)."""

    kind: ClassVar[str] = "exchange"
    prompt: ClassVar[str] = "Choose the cards to throw away (none to keep your hand)"
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        if not self.cards:
            return "Keep all five cards"
        return f"Exchange {pretty_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card to the current trick (BOU-14)."""

    kind: ClassVar[str] = "card"
    prompt: ClassVar[str] = "Choose a card to play"
    card: Card

    @property
    def label(self) -> str:
        return f"Play {self.card.pretty}"


ACTION_TYPES: tuple[type, ...] = (PlayHand, Fold, Exchange, PlayCard)
