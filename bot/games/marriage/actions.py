"""Marriage actions: frozen values naming cards, never hand positions.

Players never lay out 21 cards by hand: `Show`, `ShowDublees` and `Finish` let the engine find
the sets; the player keeps the choice of the discard.
"""

from __future__ import annotations

from ..actions import Action, Discard, DrawStock, TakeDiscard
from ..cards import Card
from ..messages import Msg, cards, msg


class DeclareTunnela(Action, kind="declare_tunnela", simultaneous=True):
    """Expose a dealt tunnela (three identical cards) before play (MAR-4)."""

    card: Card

    @property
    def message(self) -> Msg:
        return msg(self.key(), cards=cards([self.card] * 3))


class DeclareDone(Action, kind="declare_done", simultaneous=True):
    """Finish declaring dealt tunnelas (MAR-4); the same prompt for every player."""


class TakeAndFinish(Action, kind="take_and_finish", prompt=True):
    """Take the top discard and go out at once, discarding `discard` (MAR-6.2, MAR-6.3)."""

    card: Card
    discard: Card


class Show(Action, kind="show"):
    """Expose three pure sets (MAR-8); the engine picks them and the player sees the tiplu."""


class ShowDublees(Action, kind="show_dublees"):
    """Expose seven dublees and follow the dublee route (MAR-9)."""


class Finish(Action, kind="finish", prompt=True):
    """Go out, discarding `discard`; the engine lays out the melds or dublees (MAR-13, MAR-14)."""

    discard: Card


class NextDeal(Action, kind="next_deal"):
    """Deal the next hand (between deals; anyone may leave the table before it)."""


class EndGame(Action, kind="end_game"):
    """Between deals, when everybody else has left or is out of chips: close the game (MAR-2)."""


ACTION_TYPES: tuple[type[Action], ...] = (DeclareTunnela, DeclareDone, DrawStock, TakeDiscard, TakeAndFinish,
                                  Show, ShowDublees, Finish, Discard, NextDeal, EndGame)

__all__ = ["ACTION_TYPES", "DeclareDone", "DeclareTunnela", "Discard", "DrawStock", "EndGame", "Finish", "NextDeal",
           "Show", "ShowDublees", "TakeAndFinish", "TakeDiscard"]
