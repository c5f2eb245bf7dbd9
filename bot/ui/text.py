"""Discord's text limits in one place."""

from __future__ import annotations

from collections.abc import Sequence

FIELD_VALUE = 1024
FIELD_NAME = 256
DESCRIPTION = 4096
TITLE = 256
FIELDS = 25
EMBED_TOTAL = 6000
MESSAGE = 2000


def clip(text: str, limit: int = FIELD_VALUE) -> str:
    """At most `limit` characters (a field's by default), marking a cut with an ellipsis."""
    text = text or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat's display name in board text; “—” for nobody."""
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def count(n: int, noun: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
