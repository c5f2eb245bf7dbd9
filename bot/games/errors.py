"""The errors a game raises at a player: a catalog message the player reads in their language.

An error carries a `Msg` (its catalog key and parameters), never prose; the UI renders it for
the reader.
`str(error)` is its English, for logs and tests: the engines know no catalog, so the message
catalog registers how to write English with `PlayerError.english_with` when it is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from .messages import Msg


class PlayerError(Exception):
    """A failure caused by what a player did; its `message` is shown to them."""

    _english: ClassVar[Callable[[Msg], str] | None] = None

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message

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

    def __init__(self, message: Msg, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class MalformedAction(IllegalAction, ValueError):
    """An action that is not even well formed: an unknown kind, a missing field, a value of the
    wrong type or out of range (a fractional or negative chip amount, a card that does not exist).

    The player reads only that it is not a valid action (the faults are the code's words, met
    only with a control from an older version); `detail` says which, in English, for the logs.
    A `ValueError` too, so a control whose text no longer decodes is treated as stale.
    """

    def __init__(self, message: Msg, detail: str) -> None:
        super().__init__(message)
        self.detail = detail

    def __str__(self) -> str:
        return f"{super().__str__()} ({self.detail})"
