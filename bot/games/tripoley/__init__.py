"""Tripoley and its Michigan Rummy variant: one engine, the differences as a `Variant`."""

from .michigan_rummy import MichiganRummyGame
from .state import TripoleyGame

GAME_CLASSES = (TripoleyGame, MichiganRummyGame)

__all__ = ["GAME_CLASSES", "MichiganRummyGame", "TripoleyGame"]
