"""The declared state of a Marriage game: every field the rules read or write, typed.

`MarriageState` is pure data; the rule steps (`table`, `deal`, `restrictions`, `shows`,
`going_out`, `seats`, `turn`) are functions over it and `Marriage` (game.py) adds the engine
contract. The JSON of a state is its fields (`Engine.state_codec`), so a field added here is
saved with no more code; the layout is the one saved since the first release (format 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from ..cards import Card, card_texts, group_texts, parse_card_texts
from ..codec import Via
from .options import MarriageOptions, options_from_json, options_json
from .phases import Phase

Route = Literal["normal", "dublee"]
"""How a player who has shown goes out: seven melds (MAR-8) or eight dublees (MAR-9)."""

PileCard = tuple[Card, int | None, bool]
"""A discard: the card, the seat that discarded it (None for the upcard), and whether that
seat had seen the tiplu then (MAR-6)."""


def _parse_groups(groups: list[list[str]]) -> list[list[Card]]:
    return [parse_card_texts(g) for g in groups]


def _pile_json(pile: list[PileCard]) -> list[list[Any]]:
    return [[str(c), by, seen] for c, by, seen in pile]


def _pile_from_json(pile: list[list[Any]]) -> list[PileCard]:
    return [(Card.parse(c), by, seen) for c, by, seen in pile]


# The table service loads and saves the state on every move, so lists of cards are written
# through the notation tables of `cards` in one call each (the JSON is the cards' notation).
Cards = Annotated[list[Card], Via(card_texts, parse_card_texts)]
Groups = Annotated[list[list[Card]], Via(group_texts, _parse_groups)]
Pile = Annotated[list[PileCard], Via(_pile_json, _pile_from_json)]
Options = Annotated[MarriageOptions, Via(options_json, options_from_json)]


class DealRecord(TypedDict):
    """The last deal's result, for the board and the summary (MAR-17 … MAR-25). Seats are
    written as text keys; an abandoned deal (MAR-16) has no route, adjusted points or items."""

    abandoned: bool
    winner: int | None
    tiplu: str | None
    points: dict[str, int]
    owed: dict[str, int]
    transfers: list[list[int]]
    melds: list[list[str]]
    dublees: list[list[str]]
    discard: str | None
    hands: dict[str, list[str]]
    route: NotRequired[Route | None]
    adjusted: NotRequired[dict[str, int]]
    items: NotRequired[dict[str, list[list[Any]]]]


@dataclass(eq=False)
class MarriageState:
    """One Marriage table: a sequence of deals over fixed seats. Lists are by seat."""

    opts: Options = field(default_factory=MarriageOptions)
    seed: int | str = 0
    stacks: list[int] = field(default_factory=list)
    left: list[bool] = field(default_factory=list)      # cashed out: stack paid out, seat gone
    leaving: list[bool] = field(default_factory=list)   # asked to leave: dealt out of every later deal
    deal_no: int = 0
    dealer: int | None = None
    phase: Phase = Phase.BETWEEN
    players: list[int] = field(default_factory=list)    # the seats dealt into this deal
    hands: list[Cards] = field(default_factory=list)
    declared: list[Groups] = field(default_factory=list)  # dealt tunnelas declared (MAR-4)
    shown: list[Groups] = field(default_factory=list)     # pure sets shown (MAR-8), new melds
    dublees: list[Groups] = field(default_factory=list)   # dublees shown (MAR-9)
    route: list[Route | None] = field(default_factory=list)
    seen: list[bool] = field(default_factory=list)      # has seen the tiplu (MAR-10)
    declare_pending: list[int] = field(default_factory=list)  # still to answer in the declare phase
    first_turn_done: list[bool] = field(default_factory=list)
    stock: Cards = field(default_factory=list)     # drawn from the front; the tiplu lies last
    tiplu: Card | None = None
    pile: Pile = field(default_factory=list)  # the discards, top last
    turn: int = 0
    drawn: bool = False                  # the player to move has drawn this turn
    taken: Card | None = None            # the discard taken this turn (MAR-7)
    drawn_card: Card | None = None       # the card drawn from the stock this turn (MAR-18)
    rebuilds: int = 0                    # stock rebuilds this deal (MAR-16)
    result: DealRecord | None = None
    stop_requested: bool = False         # the host asked to stop after this deal (MAR-28 c)
    last_move: dict[str, Any] | None = None   # who moved last and what (`Engine.apply`)
    # Derived; not saved.
    n: int = field(init=False)           # seats at the table

    def __post_init__(self) -> None:
        self.n = len(self.stacks)
        if not self.leaving:  # states saved before `leaving` existed: the seats that left
            self.leaving = list(self.left)
