"""Discord's text limits in one place, and how wide a text reads."""

from __future__ import annotations

import unicodedata

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


def width(text: str) -> int:
    """How wide `text` reads, in half-width columns: kana, kanji, full-width signs and emoji take
    two, a Latin letter or a digit one. A phone shows about 38 beside a picture."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" or ord(c) >= 0x1F000 else 1 for c in text)


def clip_width(text: str, columns: int) -> str:
    """At most `columns` wide, marking a cut with an ellipsis."""
    if width(text) <= columns:
        return text
    cut, used = [], 1
    for c in text:
        used += width(c)
        if used > columns:
            break
        cut.append(c)
    return "".join(cut) + "…"
