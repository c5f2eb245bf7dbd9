"""The declared state of a Gin Rummy match: every field the rules read or write, typed.

`GinState` is pure data; the rule steps (`deal`, `turn`, `hand_end`) are functions over it and
`GinRummy` (game.py) adds the engine contract. The JSON of a state is its fields (`STATE_CODEC`),
so a field added here is saved and restored with no more code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from ..cards import Card
from ..messages import MsgJson
from .options import GinOptions
from .phases import Phase


class PendingKnock(TypedDict):
    """A knock waiting for the knocker to choose melds (GIN-14)."""

    knocker: int
    discard: str     # the card discarded face down, seen only by the knocker
    deadwood: int


class Payment(TypedDict):
    payer: int
    chips: int


class HandRecord(TypedDict, total=False):
    """The last hand's result, for the board: every kind has `hand_no`, `kind`, `scores` and
    `payments`; a showdown adds the melds, layoffs and points, a forfeit who forfeited."""

    hand_no: int
    kind: Literal["knock", "gin", "big_gin", "undercut", "void", "forfeit"]
    knocker: int
    defender: int
    knocker_melds: list[list[str]]
    knocker_dead: list[str]
    knocker_deadwood: int
    layoffs: list[list[str | int]]
    defender_melds: list[list[str]]
    defender_dead: list[str]
    defender_deadwood: int
    scorer: int
    points: int
    reason: MsgJson | str    # why the scorer scored (`HandScore.why`); English in records saved before
    payments: list[Payment]
    scores: list[int]
    forfeit: int


class MatchResult(TypedDict):
    """The end of the match (GIN-19 … GIN-22)."""

    winner: int
    forfeit: int | None
    scores: list[int]
    totals: list[int]
    hands_won: list[int]
    payments: list[Payment]
    stacks: list[int]


def _two_lists() -> list[list[Card]]:
    return [[], []]


@dataclass(eq=False)
class GinState:
    """One match between seats 0 and 1. Stacks are the players' escrow (GIN-21)."""

    opts: GinOptions = field(default_factory=GinOptions)
    seed: int | str = 0
    stacks: list[int] = field(default_factory=lambda: [0, 0])
    left: list[bool] = field(default_factory=lambda: [False, False])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    deal_no: int = 0                # deals made, void ones included (the rng's deal number)
    hand_no: int = 0                # the current hand, counting from 1
    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=_two_lists)
    stock: list[Card] = field(default_factory=list)   # index 0 is the top
    pile: list[Card] = field(default_factory=list)    # the discard pile, last is the top
    phase: Phase = Phase.FIRST_OFFER
    turn: int = 0
    passes: int = 0                 # first-offer passes so far (GIN-7)
    refused: Card | None = None     # classic: the refused upcard, not to be taken (GIN-7)
    pickup: Card | None = None      # the card taken from the pile this turn (GIN-9)
    taken: list[list[Card]] = field(default_factory=_two_lists)  # taken from the pile (GIN-24)
    knock: PendingKnock | None = None
    last_hand: HandRecord | None = None
    result: MatchResult | None = None
    last_move: dict[str, Any] | None = None   # who moved last and what (`Engine.apply`)

    def may_discard(self, card: Card) -> bool:
        """GIN-9: the card just taken from the pile may not go straight back (by default)."""
        return self.opts.allow_discard_of_pickup or card != self.pickup
