"""Buki-Domino (rules/dominoes.md): a Viennese banking domino game for four players.

Public pieces: `BukiDomino` (the engine), its actions, and `legal_plays(hand, ends)` (DOM-10).
Spectator bets go through `BukiDomino.place_spectator_bet` and `take_spectator_payouts`; the
protocol the table service follows is in the docstring of `spectators.py`.
"""

from ..registry import register_game
from .actions import AcceptSpectatorBet, Bet, ChooseDeadline, Play, RefuseSpectatorBet, SetLimits
from .game import BukiDomino
from .line import legal_plays

register_game(BukiDomino)

__all__ = ["AcceptSpectatorBet", "Bet", "BukiDomino", "ChooseDeadline", "Play",
           "RefuseSpectatorBet", "SetLimits", "legal_plays"]
