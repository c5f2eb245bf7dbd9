"""Failures a player caused. Their text is the reply, as-is."""

from __future__ import annotations

from bot.games.base import IllegalAction, PlayerError

__all__ = ["IllegalAction", "NotEnoughChips", "NotSeated", "PlayerError", "StaleControl", "TableError"]


class NotEnoughChips(PlayerError):
    pass


class NotSeated(PlayerError):
    pass


class StaleControl(PlayerError):
    """A button from an earlier turn."""


class TableError(PlayerError):
    """Anything else about a table the player asked for wrongly (no table here, not the host …)."""
