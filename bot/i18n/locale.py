"""Which languages the bot speaks, and which of them a Discord locale string asks for.

The languages are the catalogs in `locales/` (one `<language>.po` file each), so adding a
language is adding its file. Discord names locales `ja`, `en-US`, `en-GB`, `zh-TW`…; the
reader gets that language if a catalog exists, else the one of its base language, else English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NewType

from babel import negotiate_locale

Locale = NewType("Locale", str)
"""A language the bot has a catalog for (`"en"`, `"ja"`); made by `negotiate`."""

CATALOGS = Path(__file__).parent / "locales"
ENGLISH = Locale("en")
"""The default, and the language every other catalog is checked against."""


@cache
def available() -> tuple[Locale, ...]:
    """Every language with a catalog, English first."""
    found = sorted(p.stem for p in CATALOGS.glob("*.po"))
    return (ENGLISH, *(Locale(code) for code in found if code != ENGLISH))


def negotiate(tag: object, default: Locale = ENGLISH) -> Locale:
    """The catalog for a Discord locale (`discord.Locale` or its value) or a stored preference;
    `default` when there is none or no catalog fits."""
    text = str(getattr(tag, "value", tag) or "").strip().replace("_", "-")
    if not text:
        return default
    codes = list(available())
    found = negotiate_locale([text, text.split("-")[0]], codes, sep="-")
    return Locale(found) if found in codes else default
