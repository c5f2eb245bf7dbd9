"""What Japanese text may still hold in Latin letters: card and tile notation, mentions, rule
ids and the players' names. Anything else is an English word left behind."""

from __future__ import annotations

import re

NAMES = ("あかね", "ぼたん", "ちづる", "だいち", "えみ", "ふうか", "げん", "はる", "いつき")
"""Seat names for rendering: Japanese, so a Latin letter in the output is never a name."""

ALLOWED = re.compile(
    r"(?:10|[2-9JQKA])[♠♥♦♣]"      # cards
    r"|\[\d\|\d\]"                 # dominoes
    r"|<@\d+>"                     # mentions
    r"|<t:\d+(?::[tTdDfFR])?>"      # times, which each reader's app writes in their language
    r"|(?<![A-Za-z])[A-Z]{3}-\d+"   # rule ids (DOM-8)
    r"|(?<![A-Za-z])Discord(?![A-Za-z])"   # the app's name
)
LATIN = re.compile(r"[A-Za-z]{2,}|(?<![A-Za-z])[B-HL-PR-Zb-z](?![A-Za-z])")
KEY = re.compile(r"\b[a-z_]+\.[a-z_]+(?:\.[a-z_]+)*\b")


def leftover_english(text: str) -> list[str]:
    """Latin words in `text` beyond what Japanese output may show."""
    return LATIN.findall(ALLOWED.sub(" ", text))


def unknown_keys(text: str) -> list[str]:
    """Catalog keys shown as themselves: a message the catalog lacks."""
    return KEY.findall(text)
