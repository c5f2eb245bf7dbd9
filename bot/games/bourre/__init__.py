"""Bourré: trick-taking with a growing pot (BOU-1 … BOU-27)."""

from .game import Bourre
from .legal import legal_cards

GAME_CLASSES = (Bourre,)

__all__ = ["Bourre", "GAME_CLASSES", "legal_cards"]
