"""Bourré: trick-taking with a growing pot (BOU-1 … BOU-27)."""

from ..registry import register_game
from .game import Bourre
from .legal import legal_cards

register_game(Bourre)

__all__ = ["Bourre", "legal_cards"]
