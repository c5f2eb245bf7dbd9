"""Pieces of Buki-Domino's error messages that several checks share."""

from __future__ import annotations

from ..messages import Msg, msg
from .state import BukiState


def nth(tile: int) -> Msg:
    """The 3rd or 4th tile of a hand: the two bet deadlines (DOM-16, DOM-24)."""
    return msg(f"err.dom.nth.{tile}")


def bet_between(g: BukiState, low: int, high: int) -> Msg:
    """The bets allowed, for a player's or a spectator's bet out of range (DOM-15, DOM-23)."""
    return msg("err.dom.bet_between_even" if g.even else "err.dom.bet_between", low=low, high=high)
