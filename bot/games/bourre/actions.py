"""The actions of Bourré: play or fold (BOU-9), the exchange (BOU-9), a card to a trick (BOU-14)."""

from __future__ import annotations

from ..actions import Action, Fold
from ..cards import Card
from ..messages import Msg, cards, msg


class PlayHand(Action, kind="play"):
    """Declare PLAY for this hand (BOU-9)."""


class Exchange(Action, kind="exchange", prompt=True):
    """Throw these cards face down and draw as many from the stock (BOU-9, BOU-11)."""

    cards: tuple[Card, ...]

    @property
    def message(self) -> Msg:
        return msg(self.key(), cards=cards(self.cards)) if self.cards else msg("act.bourre.keep_all")


class PlayCard(Action, kind="card", prompt=True):
    """Play one card to the current trick (BOU-14)."""

    card: Card


ACTION_TYPES: tuple[type[Action], ...] = (PlayHand, Fold, Exchange, PlayCard)

__all__ = ["ACTION_TYPES", "Exchange", "Fold", "PlayCard", "PlayHand"]
