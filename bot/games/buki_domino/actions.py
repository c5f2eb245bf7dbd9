"""Buki-Domino actions: frozen values on the `Action` base, JSON through the one codec."""

from __future__ import annotations

from ..actions import Action
from ..messages import Msg, msg, tiles
from ..tiles import Tile


class Play(Action, kind="play", prompt=True):
    """Place `tile` on `end` ("L" or "R") of the line (DOM-10, DOM-11).

    `onto` is the number that open end shows, for the button's words ("Play [6|3] on the left end,
    which shows 6 (then 3)": the tile's other number becomes that end's); it is None for the lead. An
    action built without it (`Play(tile, "L")`) is accepted as the same move; the engine's own
    legal actions always carry it.
    """

    tile: Tile
    end: str
    onto: int | None = None

    @property
    def message(self) -> Msg:
        if self.onto is None:
            return msg("act.buki_domino.lead", tile=tiles([self.tile]))
        then = self.tile.high if self.tile.low == self.onto else self.tile.low
        return msg(self.key(), tile=tiles([self.tile]), end=msg(f"act.buki_domino.end_{self.end}"),
                   onto=self.onto, then=then)


class Bet(Action, kind="bet", prompt=True):
    """A non-banker's new bet for this hand, made once (DOM-15, DOM-16)."""

    amount: int


class SetLimits(Action, kind="set_limits", prompt=True):
    """The first banker's bet limits for the whole game (DOM-15)."""

    min_bet: int
    max_bet: int


class ChooseDeadline(Action, kind="choose_deadline"):
    """The banker's answer to late bets (DOM-24): 3 refuses, 4 accepts."""

    tile: int

    @property
    def message(self) -> Msg:
        if self.tile == 4:
            return msg("act.buki_domino.accept_late")
        return msg("act.buki_domino.refuse_late", nth=msg(f"act.buki_domino.nth_{self.tile}"))


class AcceptSpectatorBet(Action, kind="accept_spectator_bet", prompt=True):
    """The banker takes spectator bet `bet_id` (DOM-23)."""

    bet_id: int


class RefuseSpectatorBet(Action, kind="refuse_spectator_bet", prompt=True):
    """The banker turns spectator bet `bet_id` down; its chips go back (DOM-23)."""

    bet_id: int


ACTION_TYPES: tuple[type, ...] = (Play, Bet, SetLimits, ChooseDeadline, AcceptSpectatorBet, RefuseSpectatorBet)
