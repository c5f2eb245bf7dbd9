"""The declared state of a Tripoley or Michigan Rummy game: every field the rules read or
write, typed.

`DealState` is pure data; the rule steps (`deal`, `spare`, `poker_phase`, `michigan`,
`showdown`) are functions over it and the engine classes (game.py) add the contract. The JSON of
a state is its fields, in the layout saved since the first release: the mat and the chosen poker
hands as [key, value] pairs, ledger and results as lists. `TripoleyState` and `MichiganState`
are that state with each game's options and `Variant`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Final, Literal, NotRequired, TypedDict

from ..cards import Card
from ..codec import Pairs
from .betting import BettingRound
from .options import DealOptions, MichiganOptions, TripoleyOptions
from .phases import Phase
from .variant import MICHIGAN_RUMMY, TRIPOLEY, Variant

SeatStatus = Literal["active", "broke", "out", "left"]
"""Playing; eliminated with an empty wallet; eliminated by a short ante (TRI-5); left."""
ACTIVE: Final = "active"
BROKE: Final = "broke"
OUT: Final = "out"
LEFT: Final = "left"

Transfer = tuple[str, str, int, str]
"""A ledger line: from, to (`seat:<p>` or `mat:<code>`), chips, reason (CHIP-2)."""
PayResult = tuple[str, list[int], int]
"""A pay-card payout: compartment, the seats sharing it, chips a share (TRI-15 … TRI-19)."""


class ShownHand(TypedDict):
    """A poker hand shown at a showdown (TRI-26, MICH-9, TRI-39 final showdown)."""

    seat: int
    cards: list[str]
    category: str
    text: NotRequired[str]   # the hand's English name, as older releases saved it (unread: views name it anew)


@dataclass(slots=True)
class Auction:
    """The spare-hand auction (TRI-10, TRI-11)."""

    order: list[int]                 # the bidders, clockwise from the dealer's left
    pos: int = 0                     # single_round: the next bidder's index in `order`
    turn: int | None = None
    high: int = 0
    high_seat: int | None = None
    passed: list[int] = field(default_factory=list)               # open_ascending: out of the auction
    log: list[tuple[int, int]] = field(default_factory=list)      # (seat, bid); 0 is a pass


@dataclass(slots=True)
class MichiganRound:
    """The Michigan phase of a deal (TRI-29 … TRI-36); cards as their notation."""

    leader: int
    forbidden: str | None = None     # the suit that just stopped: it may not be led (TRI-31)
    played: list[str] = field(default_factory=list)
    by: dict[str, list[str]] = field(default_factory=dict)     # seat -> cards it played (MICH-7/8)
    start: dict[str, list[str]] = field(default_factory=dict)  # seat -> its hand when Michigan began
    seq: list[tuple[int, str]] = field(default_factory=list)   # the last lead's run: (holder, card)
    log: list[Any] = field(default_factory=list)   # the last 12 leads, as messages (English text in old saves)


@dataclass(eq=False)
class DealState:
    """One table's game, seats 0 … n-1; every chip is in a stack or on the mat (CHIP-1)."""

    variant: ClassVar[Variant] = TRIPOLEY
    opts: DealOptions = field(default_factory=TripoleyOptions)
    seed: int | str = 0
    n: int = 0
    stacks: list[int] = field(default_factory=list)
    status: list[SeatStatus] = field(default_factory=list)
    dealer: int = 0
    deal_no: int = 0                # deals started (the rng's deal number)
    deals_done: int = 0             # deals finished (TRI-38 b)
    phase: Phase = Phase.BETWEEN
    dealt_in: list[int] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    spare: list[Card] = field(default_factory=list)
    dead: list[Card] = field(default_factory=list)
    dead_from: int | None = None    # seat whose dealt hand died; None = the spare hand
    mat: Annotated[dict[str, int], Pairs()] = field(default_factory=dict)  # in the variant's order
    spare_choice: Literal["swap", "keep", "auction"] | None = None
    auction: Auction | None = None
    chosen: Annotated[dict[int, list[Card]], Pairs()] = field(default_factory=dict)  # TRI-20 choice
    betting: BettingRound | None = None
    showdown: list[ShownHand] = field(default_factory=list)
    poker_winner: int | None = None
    pay_results: list[PayResult] = field(default_factory=list)
    mich: MichiganRound | None = None
    mich_winner: int | None = None
    last_mich_winner: int | None = None
    ledger: list[Transfer] = field(default_factory=list)            # this deal's chip moves
    draw: list[list[tuple[int, str]]] = field(default_factory=list)  # TRI-3 high-card draws
    final: list[tuple[int, int]] = field(default_factory=list)       # TRI-39: (seat, chips)
    revealed_dead: list[Card] = field(default_factory=list)          # TRI-13
    leaving: set[int] = field(default_factory=set)   # asked to leave during the deal (TRI-2)
    cashed: set[int] = field(default_factory=set)    # paid out by the table
    stop_requested: bool = False                     # the host asked to stop (TRI-38 c)
    last_move: dict[str, Any] | None = None   # who moved last and what (`Engine.apply`)

    @property
    def active(self) -> list[int]:
        return [p for p in range(self.n) if self.status[p] == ACTIVE]


@dataclass(eq=False)
class TripoleyState(DealState):
    """Tripoley: the state with the poker options (TRI-20 … TRI-28)."""

    opts: TripoleyOptions = field(default_factory=TripoleyOptions)


@dataclass(eq=False)
class MichiganState(DealState):
    """Michigan Rummy: the same state with its own options and mat (MICH-1 … MICH-10)."""

    variant: ClassVar[Variant] = MICHIGAN_RUMMY
    opts: MichiganOptions = field(default_factory=MichiganOptions)
