"""Every move verified, then performed (uoftcprg/pokerkit's verify → can → apply).

A game lists its kinds of move in one `Moves` table (its `turn.py`): for each action class a
`verify_…` function, which raises `IllegalAction` for every reason the move may not be made now
and changes nothing, and the function that performs it, which runs only once its verification
passed. `Engine.verify_action`, `Engine.can_apply` and `Engine.apply` all go through the table,
so an illegal action changes nothing by construction; a game's `legal_actions` is built from the
predicates its verifiers use, and tests/games/invariants.py holds the two to agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .actions import Action
from .errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A", bound=Action)

Events = list[Any]
"""The events a move returns (`base.Event`; named loosely here, as base imports this module)."""


@dataclass(frozen=True, slots=True)
class Move(Generic[S]):
    """One kind of move: its verification and what performing it writes."""

    verify: Callable[[S, int, Any], None]
    perform: Callable[[S, int, Any], Events]


def move(verify: Callable[[S, int, A], None], perform: Callable[[S, int, A], Events]) -> Move[S]:
    """A kind of move from its `verify_…` and its performing function, typed by its action class."""
    return Move(verify, perform)


@dataclass(frozen=True, slots=True)
class Moves(Generic[S]):
    """A game's moves by action class.

    `verify_turn` runs first for every action (the game is not over, the seat may act);
    `refuse_other` is the refusal of an action of a class the game has no move for (what the
    game asks for now).
    """

    by_kind: Mapping[type[Action], Move[S]]
    verify_turn: Callable[[S, int], None]
    refuse_other: Callable[[S], IllegalAction]

    def verify(self, state: S, seat: int, action: Action) -> Move[S]:
        """The action's move, once every check passed (else IllegalAction; nothing changes)."""
        self.verify_turn(state, seat)
        found = self.by_kind.get(type(action))
        if found is None:
            raise self.refuse_other(state)
        found.verify(state, seat, action)
        return found
