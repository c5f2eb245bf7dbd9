"""Failures a player caused: each carries a catalog message, the reply in the player's language."""

from __future__ import annotations

from bot.games.base import IllegalAction, PlayerError
from bot.games.messages import Msg

__all__ = ["IllegalAction", "NotEnoughChips", "NotSeated", "PlayerError", "StaleControl", "TableError", "reason"]


class NotEnoughChips(PlayerError):
    pass


class NotSeated(PlayerError):
    pass


class StaleControl(PlayerError):
    """A button from an earlier turn."""


class TableError(PlayerError):
    """Anything else about a table the player asked for wrongly (no table here, not the host …)."""


def reason(exc: Exception) -> Msg | str:
    """Why something failed, to quote inside another error: a player error's message, else the
    exception's own text."""
    return exc.message if isinstance(exc, PlayerError) else str(exc)
