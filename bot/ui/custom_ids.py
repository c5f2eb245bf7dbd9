"""The one codec of custom_ids (STYLE.md §7). Everything a control needs is in its id, so
buttons keep working after a restart and nothing is stored per message.

    cr:<table>:<verb>                       table-level controls (join, hand, start …)
    cr:<table>:v<version>:a:<kind>[:<args>] one action, fields in declaration order
    cr:<table>:v<version>:s:<kind>          a select of actions of one kind (values are <args>)
    cr:<table>:v<version>:m:<kind>          a multi-select of items (cards) making one action
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from dataclasses import dataclass
from typing import Any

from bot.games.base import action_from_dict

MAX_LEN = 100
VERBS = ("join", "leave", "bot", "start", "cancel", "hand", "opts", "back")

VERB_PATTERN = r"cr:(?P<table>\d+):(?P<verb>" + "|".join(VERBS) + r")"
ACTION_PATTERN = r"cr:(?P<table>\d+):v(?P<version>\d+):a:(?P<kind>[a-z_]+)(?::(?P<args>.*))?"
SELECT_PATTERN = r"cr:(?P<table>\d+):v(?P<version>\d+):(?P<mode>[sm]):(?P<kind>[a-z_]+)"
SHORT_LIVED_PREFIX = "tmp:"


def _anonymous(pattern: str) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


UNKNOWN_PATTERN = (r"(?!(?:" + "|".join(_anonymous(p) for p in (VERB_PATTERN, ACTION_PATTERN, SELECT_PATTERN))
                   + r")$).+")
"""Every id that none of the patterns above answers: a retired or forged control, or a
short-lived reply's (`tmp:`) whose view may have expired."""


@dataclass(frozen=True, slots=True)
class Control:
    """A decoded action control: which table, which version it was drawn for, what it does."""

    table_id: int
    version: int
    action: Any


def parse(pattern: str, custom_id: str) -> re.Match[str]:
    """The parts of an id made for `pattern`; ValueError for any other id."""
    match = re.fullmatch(pattern, custom_id)
    if match is None:
        raise ValueError(f"{custom_id!r} does not fit {pattern!r}")
    return match


def verb(table_id: int, name: str) -> str:
    if name not in VERBS:
        raise ValueError(f"unknown verb {name!r}")
    return _checked(f"cr:{table_id}:{name}")


def action_id(table_id: int, version: int, action: Any) -> str:
    args = encode_args(action)
    return _checked(f"cr:{table_id}:v{version}:a:{action.kind}" + (f":{args}" if args else ""))


def select_id(table_id: int, version: int, kind: str, multi: bool = False) -> str:
    return _checked(f"cr:{table_id}:v{version}:{'m' if multi else 's'}:{kind}")


def encode_args(action: Any) -> str:
    """The action's fields, comma-separated; a tuple's items joined by '+'."""
    return ",".join(_encode(getattr(action, f.name)) for f in dataclasses.fields(action))


def decode_action(action_types: typing.Sequence[type], kind: str, args: str | None) -> Any:
    """The inverse of `encode_args`; ValueError when the text does not fit the kind."""
    cls = next((t for t in action_types if getattr(t, "kind", None) == kind), None)
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}")
    fields = dataclasses.fields(cls)
    parts = args.split(",") if args is not None else []
    if len(parts) != len(fields):
        raise ValueError(f"{kind} takes {len(fields)} values, got {len(parts)}")
    hints = typing.get_type_hints(cls)
    data: dict[str, Any] = {"kind": kind}
    for f, text in zip(fields, parts):
        data[f.name] = _decode(hints[f.name], text)
    return action_from_dict(action_types, data)


def _encode(value: Any) -> str:
    if isinstance(value, bool):
        return "t" if value else "f"
    if value is None:
        return "~"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return "+".join(_encode(v) for v in value)
    return str(value)


def _decode(hint: Any, text: str) -> Any:
    if text == "~":
        if type(None) not in typing.get_args(hint):
            raise ValueError("this value cannot be empty")
        return None
    if typing.get_origin(hint) is tuple:
        return [t for t in text.split("+") if t] if text else []
    if hint is bool:
        return text == "t"
    if hint is int or (typing.get_origin(hint) in (typing.Union, __import__("types").UnionType)
                       and int in typing.get_args(hint)):
        return int(text)
    return text


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_LEN:
        raise ValueError(f"custom_id longer than {MAX_LEN}: {custom_id}")
    return custom_id
