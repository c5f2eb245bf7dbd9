"""Buki-Domino (rules/dominoes.md): a Viennese banking domino game for four players."""

from .actions import AcceptSpectatorBet, Bet, ChooseDeadline, Play, RefuseSpectatorBet, SetLimits
from .line import legal_plays
from .state import BukiDomino

GAME_CLASSES = (BukiDomino,)

__all__ = ["AcceptSpectatorBet", "Bet", "BukiDomino", "ChooseDeadline", "GAME_CLASSES", "Play",
           "RefuseSpectatorBet", "SetLimits", "legal_plays"]
