"""The suit of a card named by a control, as an emoji: Discord draws ♥️ and ♦️ red and ♠️ and ♣️
black, so a red card reads red in a button or a select option, where text glyphs are monochrome.
Dominoes have no suit and get none."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.games.cards import SUITS, Card

SUIT_EMOJI = {"H": "♥️", "D": "♦️", "S": "♠️", "C": "♣️"}


def suit_emoji(value: Any) -> str | None:
    """The emoji of a card, or of a suit (a value with a suit `letter`); None for anything else."""
    if isinstance(value, Card):
        return SUIT_EMOJI[value.suit]
    letter = getattr(value, "letter", None)
    return SUIT_EMOJI[letter] if isinstance(letter, str) and letter in SUITS else None


def action_emoji(action: Any) -> str | None:
    """The emoji of the first card (or suit) an action names: `Discard(10H)` → ♥️."""
    for f in dataclasses.fields(action):
        emoji = suit_emoji(getattr(action, f.name))
        if emoji is not None:
            return emoji
    return None
