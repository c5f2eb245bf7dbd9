"""Gin Rummy (GIN-1 … GIN-24).

`min_deadwood` and `best_melds` are the exact meld search shared by the engine, the seat bot
and the board renderer.
"""

from __future__ import annotations

from .game import GinRummy
from .melds import best_melds, discard_deadwoods, min_deadwood

GAME_CLASSES = (GinRummy,)

__all__ = ["GAME_CLASSES", "GinRummy", "best_melds", "discard_deadwoods", "min_deadwood"]
