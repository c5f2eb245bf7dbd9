"""What the engines tell players, as data: a catalog key and named parameters, never prose.

The engines know seats, cards and numbers, not names or languages. A `Msg` names its sentence
by a key of the message catalog and carries the values to fill in; the UI renders it in each
reader's language and puts each seat's display name where a `Seat` stands. Values stay plain
so events serialise to JSON (`to_json` / `from_json`) for the table's action log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .cards import Card
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat, shown as its player's name."""

    n: int


SEAT_VALUES: tuple[Seat, ...] = tuple(Seat(n) for n in range(16))
"""`Seat(n)` of every seat a table may have, made once: the engines name seats in every event."""


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards by code (`"10H"`, `"QH#1"`), shown in card notation (`10♥ Q♥`)."""

    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tiles:
    """Dominoes by code (`"8-7"`), shown as `[8|7]`."""

    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Msg:
    """One sentence (or phrase) of the catalog: its key and named parameters.

    A catalog entry with plural forms chooses its form by the parameter `n`.
    """

    key: str
    params: Mapping[str, Value] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Join:
    """Several values shown one after another, with the catalog's separator `sep.<sep>`:
    `list` (a, b), `and` (a and b), `lines` (one per line), `para` (a blank line between),
    `dot` (a · b), `semi` (a; b)."""

    items: tuple[Value, ...]
    sep: str = "list"


Value: TypeAlias = int | str | Seat | Cards | Tiles | Msg | Join
Text: TypeAlias = Msg | Join
"""What an event says: one message, or several joined (a summary's lines)."""


def msg(key: str, **params: Value) -> Msg:
    return Msg(key, params)


MsgJson: TypeAlias = dict[str, Any]
"""A message as JSON (`to_json` of a `Msg`), where a view shows words: the reader's UI renders it."""


def msg_json(key: str) -> MsgJson:
    """The catalog message `key` (no parameters) as JSON, where a view names something (a phase,
    a compartment)."""
    return {"key": key, "params": {}}


def cards(items: Iterable[Card]) -> Cards:
    return Cards(tuple(str(c) for c in items))


def card(item: Card) -> Cards:
    return Cards((str(item),))


def tiles(items: Iterable[Tile]) -> Tiles:
    return Tiles(tuple(str(t) for t in items))


def seats(items: Iterable[int], sep: str = "list") -> Join:
    return Join(tuple(Seat(s) for s in items), sep)


def lines(items: Iterable[Value]) -> Join:
    return Join(tuple(items), "lines")


def joined(items: Iterable[Value], sep: str = "list") -> Join:
    return Join(tuple(items), sep)


def to_json(value: Value) -> Any:
    """A JSON-safe form that keeps each value's kind (`from_json` reads it back)."""
    if isinstance(value, Seat):
        return {"seat": value.n}
    if isinstance(value, Cards):
        return {"cards": list(value.codes)}
    if isinstance(value, Tiles):
        return {"tiles": list(value.codes)}
    if isinstance(value, Msg):
        return {"key": value.key, "params": {k: to_json(v) for k, v in value.params.items()}}
    if isinstance(value, Join):
        return {"join": [to_json(v) for v in value.items], "sep": value.sep}
    return value


def from_json(data: Any) -> Value:
    if isinstance(data, (int, str)):
        return data
    if "seat" in data:
        return Seat(int(data["seat"]))
    if "cards" in data:
        return Cards(tuple(data["cards"]))
    if "tiles" in data:
        return Tiles(tuple(data["tiles"]))
    if "join" in data:
        return Join(tuple(from_json(v) for v in data["join"]), data.get("sep", "list"))
    return Msg(data["key"], {k: from_json(v) for k, v in (data.get("params") or {}).items()})


LEGACY = "legacy"
"""The key of an event saved as English text before events were messages: shown as it was."""
