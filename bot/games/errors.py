"""The errors a game raises at a player: a catalog message the player reads in their language.

An error carries a `Msg` (its catalog key and parameters); the UI renders it for the reader.
English text (`str`) is shown as written, in every language, as a `legacy` message.
`str(error)` is its English, for logs and tests: the engines know no catalog, so the message
catalog registers how to write English with `PlayerError.english_with` when it is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from .messages import LEGACY, Msg


class PlayerError(Exception):
    """A failure caused by what a player did; its `message` is shown to them."""

    _english: ClassVar[Callable[[Msg], str] | None] = None

    def __init__(self, message: Msg | str) -> None:
        super().__init__(message)
        self.message = message if isinstance(message, Msg) else Msg(LEGACY, {"text": message})

    def __str__(self) -> str:
        english = PlayerError._english
        return english(self.message) if english is not None else f"{self.message.key} {dict(self.message.params)}"

    @staticmethod
    def english_with(write: Callable[[Msg], str]) -> None:
        """How `str(error)` writes a message in English (set once by the message catalog)."""
        PlayerError._english = write


class IllegalAction(PlayerError):
    """An action the rules do not allow now. Raised before any field changes.

    `rule` is the rule id (``"GIN-10"``) for logs and tests.
    """

    def __init__(self, message: Msg | str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class MalformedAction(IllegalAction, ValueError):
    """An action that is not even well formed: an unknown kind, a missing field, a value of the
    wrong type or out of range (a fractional or negative chip amount, a card that does not exist).

    A `ValueError` too, so a control whose text no longer decodes is treated as stale.
    """
