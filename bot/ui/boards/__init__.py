"""Per-game board renderers: plain text from a game's views, no Discord objects.

A game may add `bot/ui/boards/<game_id>.py` defining

    def table_fields(public: Mapping, names: list[str], locale: Locale) -> list[tuple[str, str]]
        The board part of the table embed (field name, markdown value), from `public_view()`.
        The shared frame adds the title, phase, stacks, whose turn and the deadline.
    def beside_picture(public: Mapping, names: list[str], locale: Locale) -> list[tuple[str, str]]
        The fields of `table_fields` that the board's picture does not show (Buki-Domino's
        spectator bets): the table message keeps them beside the picture.
    def seat_notes(public: Mapping, names: list[str], locale: Locale) -> dict[int, str]
        What the board says of each seat (“6 tiles, bet 2”), beside its name and stack in the
        table's one list of players.
    def hand_text(private: Mapping, public: Mapping, locale: Locale) -> str
        The player's hand and what it means (sorted, grouped), from `private_view(seat)`.
    def hand_groups(private: Mapping, public: Mapping) -> list[Group]
        The hand's runs in display order: the hand text and the hand picture both use them.
    def image_labels(public: Mapping, locale: Locale) -> dict[str, str]
        Words the pictures may show, by the game's codes (the pictures have none of their own):
        a mat's pools, a legend's lines. The words every game's pictures share are added
        (`PICTURE_WORDS`).
    def select_prompts(public: Mapping, names: list[str], locale: Locale) -> dict[str, str]
        A select's placeholder by action kind, where it depends on the table (the high bid).
    def card_notes(private: Mapping, public: Mapping, locale: Locale) -> dict[tuple[int, str], str]
        What an option naming a card adds, by the card's face (rank, suit): “★ wild”.
    def summary_title(public: Mapping, names: list[str], locale: Locale) -> str | None
        The title of a deal's summary (“Hand 3 — Ann knocks, 26 points”), from the view just
        after the deal ended.

Every word comes from the catalog (`bot.i18n`) in the given locale.

Games without one get the generic rendering below.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from bot.i18n import ENGLISH, Locale, t

from .groups import Group


def _generic_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    skip = {"phase", "stacks", "to_act", "seats"}
    return [(key.replace("_", " ").capitalize(), _text(value))
            for key, value in public.items() if key not in skip][:10]


def _generic_hand(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    return "\n".join(f"**{k.replace('_', ' ').capitalize()}:** {_text(v)}" for k, v in private.items())


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "—"
    return str(value)


def _no_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
    return []


def _no_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    return {}


def _nothing_beside(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    return []


def _no_seat_notes(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> dict[int, str]:
    return {}


def _no_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    return None


def _no_prompts(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> dict[str, str]:
    return {}


def _no_notes(private: Mapping[str, Any], public: Mapping[str, Any],
              locale: Locale = ENGLISH) -> dict[tuple[int, str], str]:
    return {}


PICTURE_WORDS = ("turn", "last", "stock", "discards", "out")
"""Words of every game's pictures, by code: `pic.<code>` in the catalog."""


class Board:
    """The renderer of one game: its module's functions, or the generic ones."""

    def __init__(self, module: ModuleType | None) -> None:
        self.table_fields = getattr(module, "table_fields", _generic_fields)
        self.seat_notes = getattr(module, "seat_notes", _no_seat_notes)
        self.beside_picture = getattr(module, "beside_picture", _nothing_beside)
        self.hand_text = getattr(module, "hand_text", _generic_hand)
        self.hand_groups = getattr(module, "hand_groups", _no_groups)
        self.summary_title = getattr(module, "summary_title", _no_title)
        self._image_labels = getattr(module, "image_labels", _no_labels)
        self.select_prompts = getattr(module, "select_prompts", _no_prompts)
        self.card_notes = getattr(module, "card_notes", _no_notes)

    def image_labels(self, public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
        """Every word the game's pictures may draw, in `locale`, by code."""
        return {**{code: t(locale, f"pic.{code}") for code in PICTURE_WORDS}, **self._image_labels(public, locale)}


@functools.cache
def board_for(game_id: str) -> Board:
    names = {m.name for m in pkgutil.iter_modules(__path__)}
    return Board(importlib.import_module(f"{__name__}.{game_id}") if game_id in names else None)
