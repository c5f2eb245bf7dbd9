"""The declared state of a Buki-Domino game: every field the rules read or write, typed.

Hands and the Stamm hold tile codes (`line.TileCode`: small ints, saved as tile notation) so
that random play runs thousands of hands a second; `Tile` objects appear only at the edges
(actions, views). `BukiState` is pure data; the rule steps (`money`, `hands`, `spectators`,
`turn`) are functions over it and `BukiDomino` (game.py) adds the engine contract. The JSON of
a state is its fields (`Engine.state_codec`), so a field added here is saved with no more code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypedDict

from ..codec import Via
from .line import NUMS, TileCode
from .options import BukiOptions, ratio
from .phases import Phase

SEATS = 4


class SpectatorBet(TypedDict):
    """An onlooker's bet on a non-banker this hand (DOM-23). A record is replaced, never
    changed in place, so a saved state never shares a changing dict with the live one."""

    id: int
    spectator: int
    seat: int
    amount: int
    status: Literal["pending", "accepted"]


class HandRecord(TypedDict):
    """The last hand's result, for the board (DOM-13, DOM-14, DOM-20 … DOM-22)."""

    hand: int
    banker: int
    winner: int | None
    how: Literal["domino", "block"]
    totals: list[int]
    stakes: list[int]
    hands: list[list[str]]
    stamm: list[str]
    change: list[int]
    line: list[str]


def _due_json(due: dict[int, int]) -> list[list[int]]:
    return [[sid, amount] for sid, amount in sorted(due.items())]


def _due_from_json(pairs: list[list[int]]) -> dict[int, int]:
    return {int(sid): int(amount) for sid, amount in pairs}


Owed = Annotated[dict[int, int], Via(_due_json, _due_from_json)]
"""Chips owed to spectators by id, saved as sorted [id, chips] pairs."""


def _seats(value: int) -> list[int]:
    return [value] * SEATS


@dataclass(eq=False)
class BukiState:
    """One game at one table: four seats, a series of hands. A stack excludes the stake in
    escrow (`stakes`); `carried` is the part of a stake left over from a drawn hand (DOM-22)."""

    opts: BukiOptions = field(default_factory=BukiOptions)
    seed: int | str = 0
    stacks: list[int] = field(default_factory=lambda: _seats(0))
    active: list[bool] = field(default_factory=lambda: [True] * SEATS)     # not yet cashed out
    leaving: list[bool] = field(default_factory=lambda: [False] * SEATS)   # asked to leave (DOM-25)
    deal_no: int = 0                # deals made (the rng's deal number)
    hands_done: int = 0             # hands settled
    min_bet: int = 0                # the game's bet limits (DOM-15)
    max_bet: int = 0
    limits_set: bool = False        # the first banker has set them (or may not)
    banker: int = -1
    prev_banker: int = -1           # the banker of the last settled hand (DOM-17)
    next_banker: int = -1           # who the last hand designates (DOM-7)
    carried: list[int] = field(default_factory=lambda: _seats(0))
    stakes: list[int] = field(default_factory=lambda: _seats(0))
    next_spec_id: int = 1
    last: HandRecord | None = None
    end_reason: Any = None
    """Why the game ended, as a message (`messages.to_json`); English text in older saves."""
    phase: Phase = Phase.PLAY
    hands: list[list[TileCode]] = field(default_factory=lambda: [[] for _ in range(SEATS)])  # heaviest first
    stamm: list[TileCode] = field(default_factory=list)  # the tiles dealt to nobody (DOM-5)
    line: list[list[int]] = field(default_factory=list)  # the tiles as they lie, left to right
    left: int = -1                  # the open ends; -1 before the lead
    right: int = -1
    turn: int = -1
    placed: list[int] = field(default_factory=lambda: _seats(0))     # tiles placed this hand
    passes: list[list[int]] = field(default_factory=list)  # [seat, left, right] of each pass
    bets: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    deadline: int = 3               # bets close before this tile (DOM-16, DOM-24)
    spec: list[SpectatorBet] = field(default_factory=list)
    spec_seen: list[int] = field(default_factory=list)   # spectators who asked this hand
    due: Owed = field(default_factory=dict)
    hand_start: list[int] = field(default_factory=lambda: _seats(0))  # stack + stake at the deal
    last_move: dict[str, Any] | None = None   # who moved last and what (`Engine.apply`)
    # Derived from the fields above for the hot path (`__post_init__`, `refresh_masks`); not saved.
    step: int = field(init=False)       # 1 clockwise, 3 counterclockwise (DOM-2)
    p_num: int = field(init=False)      # payout_multiplier as a fraction (DOM-20)
    p_den: int = field(init=False)
    s_num: int = field(init=False)      # spectator_odds as a fraction (DOM-23)
    s_den: int = field(init=False)
    ceil: bool = field(init=False)      # payout_rounding (DOM-21)
    even: bool = field(init=False)
    masks: list[int] = field(init=False)  # by seat: bitmask of the numbers its hand shows

    def __post_init__(self) -> None:
        o = self.opts
        self.step = 1 if o.play_direction == "clockwise" else SEATS - 1
        self.p_num, self.p_den = ratio(o.payout_multiplier)
        self.s_num, self.s_den = ratio(o.spectator_odds)
        self.ceil = o.payout_rounding == "ceil"
        self.even = o.payout_rounding == "even_bets_only"
        self.refresh_masks()

    def refresh_masks(self) -> None:
        """Set `masks` from `hands`."""
        masks = [0] * SEATS
        for s, hand in enumerate(self.hands):
            m = 0
            for c in hand:
                m |= NUMS[c]
            masks[s] = m
        self.masks = masks
