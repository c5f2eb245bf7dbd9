"""Bourré: trick-taking with a growing pot (rules: shared/rules/bourre.md, BOU-1 … BOU-27)."""

from .legal import legal_cards
from .state import Bourre

GAME_CLASSES = (Bourre,)

__all__ = ["Bourre", "GAME_CLASSES", "legal_cards"]
