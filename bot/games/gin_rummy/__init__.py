"""Gin Rummy (GIN-1 … GIN-24).

`min_deadwood` and `best_melds` are the exact meld search shared by the engine, the seat bot
and the board renderer.
"""

from __future__ import annotations

from ..registry import register_game
from .game import GinRummy
from .melds import best_melds, discard_deadwoods, min_deadwood

register_game(GinRummy)

__all__ = ["GinRummy", "best_melds", "discard_deadwoods", "min_deadwood"]
