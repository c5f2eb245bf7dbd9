"""Tripoley and its Michigan Rummy variant: one engine, the differences as a `Variant` and options."""

from __future__ import annotations

from ..registry import register_game
from .game import MichiganRummyGame, TripoleyGame

register_game(TripoleyGame)
register_game(MichiganRummyGame)

__all__ = ["MichiganRummyGame", "TripoleyGame"]
