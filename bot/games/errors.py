"""The errors a game raises at a player: their text is shown to the player as-is."""

from __future__ import annotations


class PlayerError(Exception):
    """A failure caused by what a player did; its text is shown to them as-is."""


class IllegalAction(PlayerError):
    """An action the rules do not allow now. Raised before any field changes.

    `rule` is the rule id (``"GIN-10"``) for logs and tests.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class MalformedAction(IllegalAction, ValueError):
    """An action that is not even well formed: an unknown kind, a missing field, a value of the
    wrong type or out of range (a fractional or negative chip amount, a card that does not exist).

    A `ValueError` too, so a control whose text no longer decodes is treated as stale.
    """
