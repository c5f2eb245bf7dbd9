"""Table options: each game declares its options once, with the rules file's defaults and
ranges; the lobby settings control, the validation and the embeds all read these specs.

A game declares them as a frozen dataclass whose fields are typed (a `Literal` lists the
choices) and built with `option(...)`; `specs_of` turns it into the `OptionSpec`s and
`options_of` resolves a table's given options into an instance the engine reads by attribute.
A `Preset` is a variant the rules describe. The words a host reads (an option's name, what it
does, its values, a preset's name) are in the catalogs, under `OptionSpec.key` and
`opt.<game>.preset.<index>` (`bot/i18n/options.py`); the engines hold none.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeVar

from .errors import PlayerError
from .messages import Msg, Value, msg

OptionValue = int | float | bool | str

SHARED_SCOPE = "table"
"""The catalog scope of the options every game shares (`OptionSpec.key`)."""

CHIP_CEILING = 1_000_000_000
"""The most any whole-number option (and a buy-in) may be: every sum of chips a table can form
stays far inside a 64-bit integer, which SQLite needs to keep it an integer."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option.

    `choices` lists the allowed values of an enumerated option (bools included); otherwise
    `minimum`/`maximum` bound an integer. `rule` is the rule id the option belongs to. `named`
    lists the values the catalogs name in words (`<key>.<value>`): every choice of an
    enumeration ("more_than" → "More than the target"), or the special values of a number
    (0 → "No limit").
    """

    name: str
    default: OptionValue
    rule: str = ""
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    named: tuple[OptionValue, ...] = ()
    shared: bool = False
    """An option every game declares alike (`bot_strength`): its words are the same at every table."""

    def __post_init__(self) -> None:
        if self.choices is None and isinstance(self.default, bool):
            object.__setattr__(self, "choices", (False, True))
        if self.choices is not None:
            object.__setattr__(self, "named", self.choices)

    def key(self, game_id: str) -> str:
        """Where the catalogs keep this option's words, before `.label`, `.desc` or a value:
        `opt.<game>.<option>`, or `opt.table.<option>` for a shared option."""
        return f"opt.{SHARED_SCOPE if self.shared else game_id}.{self.name}"

    def named_as(self, value: Any) -> OptionValue | None:
        """The named value `value` is (2 is 2.0, True is never 1), or None."""
        return next((known for known in self.named if same_value(known, value)), None)

    @property
    def allowed(self) -> str:
        """The allowed values in words, for messages and the settings control."""
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        return f"{self.minimum if self.minimum is not None else 0:,}–{self.top:,}"

    @property
    def top(self) -> int:
        """The largest allowed value: the rules' maximum, else the ceiling every option has."""
        return self.maximum if self.maximum is not None else CHIP_CEILING

    def parse(self, value: Any) -> OptionValue:
        """A valid value of this option, from a typed value or the text a user entered.

        Raises ValueError naming the option and what it allows.
        """
        bad = ValueError(f"{self.name} must be {self.allowed}; got {_show(value)}.")
        if self.choices is not None:
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return choice
                if isinstance(value, str) and value.strip().lower() == _show(choice).lower():
                    return choice
                if isinstance(choice, float) and isinstance(value, (int, float)) \
                        and not isinstance(value, bool) and float(value) == choice:
                    return choice
            raise bad
        if isinstance(value, bool):
            raise bad
        if isinstance(value, str):
            try:
                value = int(value.strip().replace(",", "").replace("_", ""))
            except ValueError:
                raise bad from None
        if not isinstance(value, int):
            raise bad
        if (self.minimum is not None and value < self.minimum) or value > self.top or \
                (self.minimum is None and value < 0):
            raise bad
        return value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def is_turn_timer(spec: OptionSpec) -> bool:
    """The seconds a player has per decision: a new table takes the server's (no change to the rules)."""
    return spec.name.startswith("turn_timeout")


def changed_options(specs: Iterable[OptionSpec], options: Mapping[str, Any]) -> list[tuple[OptionSpec, Any]]:
    """The options whose value is not the rules' default, in declaration order, with that value."""
    return [(spec, options[spec.name]) for spec in specs
            if spec.name in options and not same_value(options[spec.name], spec.default)]


def same_value(a: Any, b: Any) -> bool:
    """Two values of an option are the same choice (2 and 2.0, never True and 1)."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def resolve_options(specs: Iterable[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
    """Defaults overlaid with `given`, every value checked.

    Unknown names and bad values raise ValueError naming the option. Checks between options
    (max_bet ≥ min_bet) belong to the game, after this.
    """
    by_name = {s.name: s for s in specs}
    values = dict(given or {})
    unknown = sorted(set(values) - set(by_name))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}; this game has: {', '.join(by_name)}.")
    return {name: spec.parse(values[name]) if name in values else spec.default
            for name, spec in by_name.items()}


def option(default: OptionValue, rule: str = "", *, minimum: int | None = None, maximum: int | None = None,
           named: tuple[OptionValue, ...] = (), shared: bool = False) -> Any:
    """A field of a game's options dataclass: its default, its rule and its range.

    `named` lists a number's special values that the catalogs name in words (0: “No limit”);
    every choice of a `Literal`, and a switch's on and off, are named anyway."""
    return dataclasses.field(default=default, metadata={"option": (rule, minimum, maximum, named, shared)})


BotStrength = Literal["easy", "normal", "strong"]
"""How well a table's seat bots play (`bot_strength`): easy for learning, normal by default."""


def bot_strength() -> Any:
    """The `bot_strength` field every game's options declare last, alike at every table: a
    beginner can learn against easy bots. Tables saved before it existed read `normal`."""
    return option("normal", shared=True)


@lru_cache(maxsize=64)   # one entry per game's options class
def specs_of(cls: type) -> tuple[OptionSpec, ...]:
    """The option specs of an options dataclass, in declaration order; choices from `Literal`s."""
    hints = typing.get_type_hints(cls)
    specs = []
    for f in dataclasses.fields(cls):
        rule, minimum, maximum, named, shared = f.metadata["option"]
        hint = hints[f.name]
        choices = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else None
        default = typing.cast(OptionValue, f.default)  # option() always sets one
        specs.append(OptionSpec(f.name, default, rule, choices, minimum, maximum, named, shared))
    return tuple(specs)


@dataclass(frozen=True, slots=True)
class Preset:
    """A variant the rules name ("Commercial edition"): the options it sets, in one go; the
    other options keep their values. Its name and description are the catalogs'
    `opt.<game>.preset.<index>.label` and `.desc`, by its place in the game's presets."""

    values: Mapping[str, OptionValue]

    def check(self, specs: Iterable[OptionSpec]) -> Preset:
        """This preset, once every value it sets is valid for `specs` (ValueError otherwise)."""
        by_name = {s.name: s for s in specs}
        for name, value in self.values.items():
            if name not in by_name:
                raise ValueError(f"a preset sets unknown option {name!r}")
            by_name[name].parse(value)
        return self


class OptionsClash(PlayerError, ValueError):
    """Options that do not go together (the largest bet below the smallest): a sentence for
    the host, naming the options as the settings control does. A `ValueError` too, like every
    refused option; its `str` names the option refused by its code name too, for the logs."""

    def __init__(self, message: Msg, option: str) -> None:
        super().__init__(message)
        self.option = option

    def __str__(self) -> str:
        return f"{super().__str__()} ({self.option})"


def clash(key: str, game_id: str, option: str, value: int, **params: Value) -> OptionsClash:
    """The refusal `err.opt.<key>` of `option`'s `value`; parameters that name another option
    or a value in words are `label(...)` / `word(...)` messages."""
    return OptionsClash(msg(f"err.opt.{key}", option=label(game_id, option), value=value, **params), option)


def label(game_id: str, option: str) -> Msg:
    """An option's name as the settings control shows it (a game's own option, not a shared one)."""
    return msg(f"opt.{game_id}.{option}.label")


def word(game_id: str, option: str, value: OptionValue) -> Msg:
    """A value of a game's own enumerated option in words."""
    return msg(f"opt.{game_id}.{option}.{value}")


OptionsT = TypeVar("OptionsT")


def options_of(cls: type[OptionsT], given: Mapping[str, Any] | None) -> OptionsT:
    """A table's options as an instance of the game's options dataclass, every value checked."""
    specs: tuple[OptionSpec, ...] = specs_of(typing.cast(Any, cls))
    return cls(**resolve_options(specs, given))
