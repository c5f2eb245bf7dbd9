"""Discord's text limits in one place."""

from __future__ import annotations

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
