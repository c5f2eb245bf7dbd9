"""The registry of games, in the manner of OpenSpiel's `register_game`: each game package
registers its engine classes when it is imported, so a new game touches no shared code.

`register_game` takes the class as the contract (`base.AnyGame`): mypy checks every engine
against `GameState` where its package registers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from .base import AnyGame

_GAMES: dict[str, type[AnyGame]] = {}

GAMES: Mapping[str, type[AnyGame]] = MappingProxyType(_GAMES)
"""Every registered game by id (read-only; filled as the game packages are imported)."""

G = TypeVar("G", bound=type[AnyGame])


def register_game(cls: G) -> G:
    """Make `cls` playable under its `id`; an id taken by another class is a mistake."""
    known = _GAMES.get(cls.id)
    if known is not None and known is not cls:
        raise ValueError(f"two games are registered as {cls.id!r}: {known.__name__} and {cls.__name__}")
    _GAMES[cls.id] = cls
    return cls
