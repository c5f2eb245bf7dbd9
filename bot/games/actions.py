"""The base of every action, and the actions several games share (a draw, a discard, a fold).

An action is a frozen value naming cards or amounts, never hand positions. A game declares one
in a line and its fields:

    class Pass(Action, kind="pass"):
        card: Card

`kind` tags it in JSON and in control ids (`codec.action_to_dict`, `codec.action_to_text`). Its
words are in the catalogs, never here: `message` is its button's words as a catalog message
(key `act.<game>.<kind>`, `act.<kind>` for the shared actions, the fields its parameters; a
class whose words depend on its values defines `message` itself), and `prompt=True` says a select
of many actions of the kind has a title, `prompt_key()` (`act.<game>.<kind>.prompt`). Logs and
the console render them in English like every other message.
`simultaneous` marks an answer to a decision several seats make at once (another seat's answer
then leaves this seat's control good, see `base.is_simultaneous`).
Each game's `actions.py` re-exports the shared ones it uses beside its own.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, dataclass_transform

from .cards import Card
from .messages import Msg, Value, card, cards, tiles
from .tiles import Tile


@dataclass_transform(frozen_default=True)
class Action:
    """A frozen dataclass with a `kind` tag; see the module docstring."""

    kind: ClassVar[str]
    prompt: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False

    def __init_subclass__(cls, kind: str = "", prompt: bool = False, simultaneous: bool = False,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not kind:
            raise TypeError(f"action {cls.__name__} needs a kind")
        cls.kind = kind
        cls.simultaneous = simultaneous
        cls.prompt = prompt
        dataclasses.dataclass(frozen=True)(cls)

    @classmethod
    def key(cls) -> str:
        """`act.gin_rummy.knock`: the catalog key of this kind of action's words."""
        game = cls.__module__.split(".")[-2] if cls.__module__.endswith(".actions") else ""
        return f"act.{cls.kind}" if game == "games" or not game else f"act.{game}.{cls.kind}"

    @classmethod
    def prompt_key(cls) -> str | None:
        """The catalog key of the select's title, if the kind has one."""
        return f"{cls.key()}.prompt" if cls.prompt else None

    @property
    def message(self) -> Msg:
        """The button's words as a catalog message, the fields as its parameters."""
        return Msg(self.key(), {name: as_value(value) for name, value in vars(self).items()})


def as_value(value: Any) -> Value:
    """A field as a message parameter: cards and tiles in their notation, numbers as numbers."""
    if isinstance(value, Card):
        return card(value)
    if isinstance(value, Tile):
        return tiles([value])
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return cards(value)
    return value if isinstance(value, (int, str)) else str(value)


class DrawStock(Action, kind="draw_stock"):
    """Take the top card of the stock."""


class TakeDiscard(Action, kind="take_discard"):
    """Take the top card of the discard pile."""

    card: Card


class Discard(Action, kind="discard", prompt=True):
    """Discard a card face up and end the turn."""

    card: Card


class Fold(Action, kind="fold"):
    """Drop out of the current hand."""
