"""The base of every action, and the actions several games share (a draw, a discard, a fold).

An action is a frozen value naming cards or amounts, never hand positions. A game declares one
in a line and its fields:

    class Pass(Action, kind="pass", label="Pass on {card.pretty}"):
        card: Card

`kind` tags it in JSON and in control ids (`codec.action_to_dict`, `codec.action_to_text`);
`label` is the text of its button, a format string over the fields (a class may instead
define a `label` property); `prompt` titles a select of many actions of the kind;
`simultaneous` marks an answer to a decision several seats make at once (another seat's answer
then leaves this seat's control good, see `base.is_simultaneous`).
Each game's `actions.py` re-exports the shared ones it uses beside its own.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, dataclass_transform

from .cards import Card


@dataclass_transform(frozen_default=True)
class Action:
    """A frozen dataclass with a `kind` tag and a `label`; see the module docstring."""

    kind: ClassVar[str]
    label_format: ClassVar[str] = ""
    prompt: ClassVar[str] = ""
    simultaneous: ClassVar[bool] = False

    def __init_subclass__(cls, kind: str = "", label: str = "", prompt: str = "", simultaneous: bool = False,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not kind:
            raise TypeError(f"action {cls.__name__} needs a kind")
        cls.kind = kind
        cls.simultaneous = simultaneous
        if label:
            cls.label_format = label
        if prompt:
            cls.prompt = prompt
        dataclasses.dataclass(frozen=True)(cls)

    @property
    def label(self) -> str:
        return self.label_format.format_map(vars(self))


class DrawStock(Action, kind="draw_stock", label="Draw from stock"):
    """Take the top card of the stock."""


class TakeDiscard(Action, kind="take_discard", label="Take discard {card.pretty}"):
    """Take the top card of the discard pile."""

    card: Card


class Discard(Action, kind="discard", label="Discard {card.pretty}", prompt="Choose a card to discard"):
    """Discard a card face up and end the turn."""

    card: Card


class Fold(Action, kind="fold", label="Fold"):
    """Drop out of the current hand."""
