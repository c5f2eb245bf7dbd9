"""The rules engines: pure Python, no Discord, no asyncio, no I/O.

`GAMES` maps each game id to its class. A game lives in its own package here and lists its
classes in that package's `GAME_CLASSES`; adding a game touches no shared code.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Action, BuyIn, Event, GameState, IllegalAction, PlayerError, seat_key


def _discover() -> dict[str, type]:
    games: dict[str, type] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            module = importlib.import_module(f"{__name__}.{info.name}")
            for cls in getattr(module, "GAME_CLASSES", ()):
                games[cls.id] = cls
    return games


GAMES: dict[str, type] = _discover()

__all__ = ["GAMES", "Action", "BuyIn", "Event", "GameState", "IllegalAction", "PlayerError", "seat_key"]
