"""Table options in the reader's language.

The engines declare each option once, without words (`bot/games/options.py`); the catalogs hold
its words under `opt.<game>.<option>.label`, `.desc` and `.<value>` (`true`/`false` for a
switch; `opt.table.<option>` for an option every game shares, `OptionSpec.key`), and a game's
presets under `opt.<game>.preset.<index>.label` and `.desc`. tests/i18n/test_options.py keeps
every one of them in both catalogs.
"""

from __future__ import annotations

from typing import Any

from bot.games.options import OptionSpec, OptionValue

from .catalog import number, t
from .locale import Locale


def value_key(value: OptionValue) -> str:
    """How a value is named in a catalog key: `true`, `single_pass`, `2.5`."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def title(locale: Locale, game_id: str, spec: OptionSpec) -> str:
    """The option's name for people ("Knock limit")."""
    return t(locale, f"{spec.key(game_id)}.label")


def description(locale: Locale, game_id: str, spec: OptionSpec) -> str:
    """What the option does, in a line."""
    return t(locale, f"{spec.key(game_id)}.desc")


def say(locale: Locale, game_id: str, spec: OptionSpec, value: Any) -> str:
    """A value of the option in words: its own word, else a number as the locale writes it."""
    known = spec.named_as(value)
    if known is not None:
        return t(locale, f"{spec.key(game_id)}.{value_key(known)}")
    if isinstance(value, int) and not isinstance(value, bool):
        return number(locale, value)
    return value_key(value)


def preset_label(locale: Locale, game_id: str, index: int) -> str:
    """The name of the game's preset number `index`."""
    return t(locale, f"opt.{game_id}.preset.{index}.label")


def preset_description(locale: Locale, game_id: str, index: int) -> str:
    return t(locale, f"opt.{game_id}.preset.{index}.desc")
