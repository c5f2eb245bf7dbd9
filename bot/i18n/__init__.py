"""Every word players read, in their language: the catalogs, choosing a language, rendering
engine messages, and the translation of the slash commands."""

from bot.games.errors import PlayerError
from bot.games.messages import Msg

from .catalog import number, t
from .locale import ENGLISH, Locale, available, negotiate
from .render import render, saved_lines, seat_name

__all__ = ["ENGLISH", "Locale", "available", "negotiate", "number", "render", "saved_lines", "seat_name", "t"]


def _english(message: Msg) -> str:
    """A player error in English, seats as `{p0}`, `{p1}`… (its `str`, for logs and tests)."""
    return render(ENGLISH, message, SEAT_MARKS)


SEAT_MARKS = tuple("{p%d}" % i for i in range(10))
PlayerError.english_with(_english)
