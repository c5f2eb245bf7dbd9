"""The rules engines: pure Python, no Discord, no asyncio, no I/O.

`GAMES` maps each game id to its class. A game lives in its own package here and registers its
classes (`registry.register_game`) when imported; importing this package imports them all, so
adding a game touches no shared code.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Action, AnyGame, BuyIn, Event, GameState, IllegalAction, PlayerError, seat_key
from .registry import GAMES, register_game


def _import_games() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


_import_games()

__all__ = ["GAMES", "Action", "AnyGame", "BuyIn", "Event", "GameState", "IllegalAction", "PlayerError",
           "register_game", "seat_key"]
