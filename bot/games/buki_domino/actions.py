"""Buki-Domino actions: frozen, slotted values with a `kind` tag, JSON via the base codec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional

from ..tiles import Tile

END_WORDS = {"L": "left", "R": "right"}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@dataclass(frozen=True, slots=True)
class Play:
    """Place `tile` on `end` ("L" or "R") of the line (DOM-10, DOM-11).

    `onto` is the number of that open end, for the label ("Play [6|3] on the left (6)"); it is
    None for the lead. An action built without it (`Play(tile, "L")`) is accepted as the same
    move; the engine's own legal actions always carry it.
    """

    kind: ClassVar[str] = "play"
    prompt: ClassVar[str] = "Choose a tile to play"
    tile: Tile
    end: str
    onto: Optional[int] = None

    @property
    def label(self) -> str:
        if self.onto is None:
            return f"Lead {self.tile}"
        return f"Play {self.tile} on the {END_WORDS.get(self.end, self.end)} ({self.onto})"


@dataclass(frozen=True, slots=True)
class Bet:
    """A non-banker's new bet for this hand, made once (DOM-15, DOM-16)."""

    kind: ClassVar[str] = "bet"
    prompt: ClassVar[str] = "Choose your bet"
    amount: int

    @property
    def label(self) -> str:
        return f"Bet {self.amount}"


@dataclass(frozen=True, slots=True)
class SetLimits:
    """The first banker's bet limits for the whole game (DOM-15)."""

    kind: ClassVar[str] = "set_limits"
    prompt: ClassVar[str] = "Choose the bet limits"
    min_bet: int
    max_bet: int

    @property
    def label(self) -> str:
        return f"Bets {self.min_bet} to {self.max_bet}"


@dataclass(frozen=True, slots=True)
class ChooseDeadline:
    """The banker's answer to late bets (DOM-24): 3 refuses, 4 accepts."""

    kind: ClassVar[str] = "choose_deadline"
    tile: int

    @property
    def label(self) -> str:
        if self.tile == 4:
            return "Accept late bets (until the 4th tile)"
        return f"Refuse late bets (bets before the {ordinal(self.tile)} tile)"


@dataclass(frozen=True, slots=True)
class AcceptSpectatorBet:
    """The banker takes spectator bet `bet_id` (DOM-23)."""

    kind: ClassVar[str] = "accept_spectator_bet"
    prompt: ClassVar[str] = "Accept a spectator bet"
    bet_id: int

    @property
    def label(self) -> str:
        return f"Accept spectator bet #{self.bet_id}"


@dataclass(frozen=True, slots=True)
class RefuseSpectatorBet:
    """The banker turns spectator bet `bet_id` down; its chips go back (DOM-23)."""

    kind: ClassVar[str] = "refuse_spectator_bet"
    prompt: ClassVar[str] = "Refuse a spectator bet"
    bet_id: int

    @property
    def label(self) -> str:
        return f"Refuse spectator bet #{self.bet_id}"


ACTION_TYPES: tuple[type, ...] = (Play, Bet, SetLimits, ChooseDeadline, AcceptSpectatorBet, RefuseSpectatorBet)
