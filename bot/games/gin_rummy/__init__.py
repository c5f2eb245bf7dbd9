"""Gin Rummy (rules: shared/rules/gin-rummy.md, GIN-1 … GIN-24).

`min_deadwood` and `best_melds` are the exact meld search shared by the engine, the seat bot
and the board renderer.
"""

from __future__ import annotations

from .melds import best_melds, discard_deadwoods, min_deadwood
from .state import GinRummy

GAME_CLASSES = (GinRummy,)

__all__ = ["GAME_CLASSES", "GinRummy", "best_melds", "discard_deadwoods", "min_deadwood"]
