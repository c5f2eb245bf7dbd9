"""Every word players read, in their language: the catalogs, choosing a language, rendering
engine messages, and the translation of the slash commands."""

from .catalog import number, t
from .locale import ENGLISH, Locale, available, negotiate
from .render import render, saved_lines, seat_name

__all__ = ["ENGLISH", "Locale", "available", "negotiate", "number", "render", "saved_lines", "seat_name", "t"]
