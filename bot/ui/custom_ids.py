"""The one codec of custom_ids. Everything a control needs is in its id, so
buttons keep working after a restart and nothing is stored per message.

    cr:<table>:<verb>                       table-level controls (join, hand, start …)
    cr:<table>:v<version>:a:<kind>[:<args>] one action, fields in declaration order
    cr:<table>:v<version>:s:<kind>          a select of actions of one kind (values are <args>)
    cr:<table>:v<version>:m:<kind>          a multi-select of items (cards) making one action
    cr:board:<by>:<game>:<page>             a page of a server's leaderboard (`game` may be empty)
"""

from __future__ import annotations

import re
import typing
from typing import Any

from bot.games.codec import action_from_text, action_to_text

MAX_LEN = 100
VERBS = ("join", "leave", "bot", "start", "cancel", "hand", "opts", "back")

VERB_PATTERN = r"cr:(?P<table>\d+):(?P<verb>" + "|".join(VERBS) + r")"
ACTION_PATTERN = r"cr:(?P<table>\d+):v(?P<version>\d+):a:(?P<kind>[a-z_]+)(?::(?P<args>.*))?"
SELECT_PATTERN = r"cr:(?P<table>\d+):v(?P<version>\d+):(?P<mode>[sm]):(?P<kind>[a-z_]+)"
BOARD_PATTERN = r"cr:board:(?P<by>[a-z]+):(?P<game>[a-z_]*):(?P<page>\d{1,6})"
SHORT_LIVED_PREFIX = "tmp:"


def _anonymous(pattern: str) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


KNOWN_PATTERNS = (VERB_PATTERN, ACTION_PATTERN, SELECT_PATTERN, BOARD_PATTERN)
UNKNOWN_PATTERN = r"(?!(?:" + "|".join(_anonymous(p) for p in KNOWN_PATTERNS) + r")$).+"
"""Every id that none of the patterns above answers: a retired or forged control, or a
short-lived reply's (`tmp:`) whose view may have expired."""


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


def board_page(by: str, game: str | None, page: int) -> str:
    return _checked(f"cr:board:{by}:{game or ''}:{page}")


def encode_args(action: Any) -> str:
    """The action's fields, comma-separated; a tuple's items joined by '+' (the engines' codec)."""
    return action_to_text(action)


def decode_action(action_types: typing.Sequence[type], kind: str, args: str | None) -> Any:
    """The inverse of `encode_args`; `MalformedAction` (a ValueError) when the text does not fit."""
    return action_from_text(action_types, kind, args)


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_LEN:
        raise ValueError(f"custom_id longer than {MAX_LEN}: {custom_id}")
    return custom_id
