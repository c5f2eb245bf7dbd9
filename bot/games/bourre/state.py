"""The declared state of a Bourré game: every field the rules read or write, typed.

Hands, the stock and tricks hold card ids (`legal.CardId`: small ints, saved as card notation)
so that random play runs thousands of hands a second; `Card` objects appear only at the edges
(actions, views). `BourreState` is pure data; the rule steps (`hand`, `draw`, `tricks`,
`scoring`) are functions over it and `Bourre` (game.py) adds the engine contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from .legal import CardId
from .options import BourreOptions
from .phases import Phase

SeatStatus = Literal["", "play", "fold", "out"]
"""In this hand: yet to declare, playing, folded, or not dealt in."""
UpcardState = Literal["face up", "kept", "discarded", "folded"]
"""Where the dealer's trump upcard went (BOU-8, BOU-9): it is out of play once discarded."""


class HandRecord(TypedDict):
    """How the last hand ended, for its final picture: its last trick and the tricks each seat took."""

    hand: int
    upcard: str
    trick: list[dict[str, Any]]     # {"seat", "card"} in the order played
    winner: int | None              # who took the last trick
    tricks: list[int]               # by seat
    dealt: list[int]                # the seats dealt in


@dataclass(eq=False)
class BourreState:
    opts: BourreOptions = field(default_factory=BourreOptions)
    seed: int | str = 0
    n: int = 0
    stacks: list[int] = field(default_factory=list)
    seated: list[bool] = field(default_factory=list)
    leaving: list[bool] = field(default_factory=list)   # dealt out of every later hand
    pot: int = 0
    dealer: int = 0
    hand_no: int = 0
    extra: int | None = None        # the extra hand being played at the end (BOU-24)
    exempt: list[bool] = field(default_factory=list)    # skips the next ante (BOU-20)
    over: bool = False
    last_summary: Any = ""
    """The last hand's summary as a message (`messages.to_json`); English text in older saves."""
    phase: Phase = Phase.DECLARE
    order: list[int] = field(default_factory=list)      # seats dealt in, from the dealer's left
    skipped_ante: list[int] = field(default_factory=list)
    hands: list[list[CardId]] = field(default_factory=list)
    upcard: CardId = 0              # the dealer's last card, face up: its suit is trump (BOU-8)
    stock: list[CardId] = field(default_factory=list)
    pool: list[CardId] = field(default_factory=list)    # exchanged cards, reshuffled when needed
    mucked: list[CardId] = field(default_factory=list)  # folded hands out of play (BOU-11)
    reshuffles: int = 0
    upcard_state: UpcardState = "face up"
    upcard_reach: int | None = None  # folded to the stock: exchanged cards left before it is drawn
    status: list[SeatStatus] = field(default_factory=list)
    exchanged: list[int | None] = field(default_factory=list)
    idx: int = 0                    # position in `order` (or `xorder`) of the seat to act
    turn: int = 0
    active: list[int] = field(default_factory=list)     # seats playing the tricks, in order
    xorder: list[int] = field(default_factory=list)     # declare_then_exchange: who exchanges
    trick: list[CardId] = field(default_factory=list)
    trick_seats: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    played: list[CardId] = field(default_factory=list)  # every card played to a trick this hand
    last_trick: list[tuple[int, CardId]] = field(default_factory=list)
    last_winner: int | None = None
    pot_start: int = 0
    upcard_out: bool = False        # the upcard is known to be out of play (BOU-15)
    last_move: dict[str, Any] | None = None   # who moved last and what (`Engine.apply`)
    last_hand: HandRecord | None = None       # how the last hand ended (its final picture)
    # Derived from the fields above for the hot path (`__post_init__`, `hand`, `draw`); not saved.
    trump: int = field(init=False)  # the trump suit's index (S, H, D, C): the upcard's suit
    next_active: list[int] = field(init=False)  # by seat: the next seat playing the tricks

    def __post_init__(self) -> None:
        self.trump = self.upcard // 13
        self.link_active()

    def link_active(self) -> None:
        """Set `next_active` from `active`."""
        nxt = [0] * self.n
        for i, seat in enumerate(self.active):
            nxt[seat] = self.active[(i + 1) % len(self.active)]
        self.next_active = nxt
