"""Tripoley and its Michigan Rummy variant: one engine, the differences as a `Variant` and options."""

from __future__ import annotations

from .game import MichiganRummyGame, TripoleyGame

GAME_CLASSES = (TripoleyGame, MichiganRummyGame)

__all__ = ["GAME_CLASSES", "MichiganRummyGame", "TripoleyGame"]
