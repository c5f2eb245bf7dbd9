"""Table options in the reader's language.

The engines declare each option once, in English (`bot/games/options.py`); the catalogs hold
its words under `opt.<game>.<option>.label`, `.desc` and `.<value>` (`true`/`false` for a
switch; `opt.table.<option>` for an option every game shares, `OptionSpec.key`), and a game's
presets under `opt.<game>.preset.<index>.label` and `.desc`. A key the catalog lacks reads as
the spec's English, so a new option shows before it is translated.
"""

from __future__ import annotations

from typing import Any

from bot.games.options import OptionSpec, OptionValue, Preset

from .catalog import catalog, number
from .locale import ENGLISH, Locale


def _lookup(locale: Locale, key: str, english: str) -> str:
    for found in (catalog(locale).messages.get(key), catalog(ENGLISH).messages.get(key)):
        if isinstance(found, str):
            return found
    return english


def value_key(value: OptionValue) -> str:
    """How a value is named in a catalog key: `true`, `single_pass`, `2.5`."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def title(locale: Locale, game_id: str, spec: OptionSpec) -> str:
    """The option's name for people ("Knock limit")."""
    return _lookup(locale, f"{spec.key(game_id)}.label", spec.title)


def description(locale: Locale, game_id: str, spec: OptionSpec) -> str:
    """What the option does, in a line."""
    return _lookup(locale, f"{spec.key(game_id)}.desc", spec.description)


def say(locale: Locale, game_id: str, spec: OptionSpec, value: Any) -> str:
    """A value of the option in words: its own word, else a number as the locale writes it."""
    for known, _ in spec.words:
        if value == known and isinstance(value, bool) == isinstance(known, bool):
            return _lookup(locale, f"{spec.key(game_id)}.{value_key(known)}", spec.say(known))
    if isinstance(value, int) and not isinstance(value, bool):
        return number(locale, value)
    return spec.say(value)


def preset_label(locale: Locale, game_id: str, index: int, preset: Preset) -> str:
    """The name of the game's preset number `index`."""
    return _lookup(locale, f"opt.{game_id}.preset.{index}.label", preset.label)


def preset_description(locale: Locale, game_id: str, index: int, preset: Preset) -> str:
    return _lookup(locale, f"opt.{game_id}.preset.{index}.desc", preset.description)
