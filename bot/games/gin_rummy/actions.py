"""Gin Rummy actions: frozen values naming cards, never hand positions."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Discard, DrawStock, TakeDiscard
from ..cards import Card
from ..messages import Join, Msg, card, cards, msg


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A knocker's meld collection (GIN-14), written `AH-2H-3H/4S-4D-4C` in JSON."""

    melds: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "/".join("-".join(str(c) for c in m) for m in self.melds)

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        if not text:
            return cls(())
        return cls(tuple(tuple(Card.parse(t) for t in part.split("-")) for part in text.split("/")))


class Pass(Action, kind="pass"):
    """Refuse the first upcard (GIN-7)."""

    card: Card


class Knock(Action, kind="knock", prompt=True):
    """Discard a card face down and knock (GIN-10); gin when the deadwood is 0 (GIN-11).
    `deadwood` is what the knock shows, so the button can say it; the engine checks it."""

    card: Card
    deadwood: int

    @property
    def message(self) -> Msg:
        if self.deadwood == 0:
            return msg("act.gin_rummy.gin", card=card(self.card))
        return msg(self.key(), card=card(self.card), deadwood=self.deadwood)


class ShowMelds(Action, kind="show_melds", prompt=True):
    """The knocker picks which melds to show (GIN-14, `player_choice`)."""

    arrangement: Arrangement

    @property
    def message(self) -> Msg:
        if not self.arrangement.melds:
            return msg("act.gin_rummy.show_no_melds")
        shown = Join(tuple(cards(m) for m in self.arrangement.melds), "dot")
        return msg(self.key(), melds=shown)


class Resign(Action, kind="resign"):
    """Forfeit the match (GIN-22)."""


ACTION_TYPES: tuple[type[Action], ...] = (DrawStock, TakeDiscard, Pass, Discard, Knock, ShowMelds, Resign)

__all__ = ["ACTION_TYPES", "Arrangement", "Discard", "DrawStock", "Knock", "Pass", "Resign", "ShowMelds",
           "TakeDiscard"]
