"""How a seat's legal actions become controls: buttons while they fit, selects for long lists.

Pure layout, no Discord objects, so it is tested directly; `views.py` turns it into components.
Discord allows 5 rows; a row holds 5 buttons or one select of at most 25 options.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.games.cards import Card
from bot.i18n import ENGLISH, Locale, render, t

from . import custom_ids
from .card_emoji import action_emoji, suit_emoji

ROWS = 5
PER_ROW = 5
MAX_OPTIONS = 25


Style = Literal["play", "wager", "danger", "ask"]
"""How a button looks: a move (blue), chips staked (green), giving up (red), or a step that cannot
be undone and so asks first (grey, on the last row; the confirmation says what it would cost)."""

WAGER_KINDS = {"bet", "bid", "call", "raise", "set_limits"}
DANGER_KINDS = {"fold"}
ASK_FIRST_KINDS = {"resign"}


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    label: str
    custom_id: str
    style: Style = "play"
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a select."""

    label: str
    value: str
    description: str | None = None
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    placeholder: str
    custom_id: str
    options: tuple[Choice, ...]
    min_values: int = 1
    max_values: int = 1


@dataclass(slots=True)
class Layout:
    rows: list[list[ButtonSpec] | SelectSpec] = field(default_factory=list)

    def buttons(self) -> list[ButtonSpec]:
        return [b for row in self.rows if isinstance(row, list) for b in row]

    def selects(self) -> list[SelectSpec]:
        return [row for row in self.rows if isinstance(row, SelectSpec)]


def style_of(kind: str) -> Style:
    if kind in ASK_FIRST_KINDS:
        return "ask"
    if kind in DANGER_KINDS:
        return "danger"
    return "wager" if kind in WAGER_KINDS else "play"


def label_of(action: Any, locale: Locale = ENGLISH, names: Sequence[str] = ()) -> str:
    """An action's button words in the reader's language (`Action.message`)."""
    return render(locale, action.message, names)


def prompt_of(action: Any, locale: Locale = ENGLISH) -> str:
    """The title of a select of actions of this kind, in the reader's language ("" if none)."""
    prompt_key = getattr(action, "prompt_key", None)
    key = prompt_key() if prompt_key is not None else None
    return t(locale, key) if key else ""


def layout(table_id: int, version: int, actions: list[Any], prompts: Mapping[str, str] | None = None,
           notes: Mapping[tuple[int, str], str] | None = None, locale: Locale = ENGLISH,
           names: Sequence[str] = ()) -> Layout:
    """Controls for exactly these actions (at most 5 rows; long lists are thinned evenly).

    Moves come first, wagers on rows of their own, then the selects, and last the steps that
    ask first. `prompts` replaces a select's placeholder by action kind (words that depend on
    the table, like the high bid); `notes` describes the options naming a card, by its face
    (rank, suit), like Marriage's wild cards. A control naming a card shows its suit's emoji.
    Every word is in `locale`, with the seats' `names`.
    """
    prompts, notes = prompts or {}, notes or {}
    groups: dict[str, list[Any]] = {}
    for action in actions:
        groups.setdefault(action.kind, []).append(action)
    buttons: dict[Style, list[ButtonSpec]] = {"play": [], "danger": [], "wager": [], "ask": []}
    selects: list[list[ButtonSpec] | SelectSpec] = []
    for kind, members in groups.items():
        prompt = prompts.get(kind) or prompt_of(members[0], locale)
        if _is_multi_card(members[0]):
            selects.append(_multi_select(table_id, version, kind, members, prompt or t(locale, "ui.choose_cards"),
                                         notes))
        elif len(members) <= PER_ROW:
            style = style_of(kind)
            buttons[style] += [ButtonSpec(_clip(label_of(a, locale, names) + ("…" if style == "ask" else ""), 80),
                                          custom_ids.action_id(table_id, version, a), style, action_emoji(a))
                               for a in members]
        else:
            picked = _spread(members, MAX_OPTIONS)
            selects.append(SelectSpec(_clip(prompt or t(locale, "ui.choose"), 150),
                                      custom_ids.select_id(table_id, version, kind),
                                      tuple(_choice(label_of(a, locale, names), custom_ids.encode_args(a),
                                                    action_emoji(a), notes, _named_card(a)) for a in picked)))
    rows = _rows(buttons["play"] + buttons["danger"]) + _rows(buttons["wager"]) + selects + _rows(buttons["ask"])
    if len(rows) > ROWS and buttons["ask"]:   # the step that asks first is never crowded out
        rows = rows[:ROWS - 1] + rows[-1:]
    return Layout(rows[:ROWS])


def _rows(buttons: list[ButtonSpec]) -> list[list[ButtonSpec] | SelectSpec]:
    return [buttons[i:i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]


def _named_card(action: Any) -> Card | None:
    """The card an action names (the card of `Discard(card)`), for its note."""
    return next((v for f in dataclasses.fields(action) if isinstance(v := getattr(action, f.name), Card)), None)


def _choice(label: str, value: str, emoji: str | None, notes: Mapping[tuple[int, str], str],
            card: Card | None) -> Choice:
    note = notes.get(card.face) if card is not None else None
    return Choice(_clip(label, 100), value, _clip(note, 100) if note else None, emoji)


def _is_multi_card(action: Any) -> bool:
    fields = dataclasses.fields(action)
    return len(fields) == 1 and typing.get_origin(typing.get_type_hints(type(action))[fields[0].name]) is tuple


def _multi_select(table_id: int, version: int, kind: str, members: list[Any], prompt: str,
                  notes: Mapping[tuple[int, str], str]) -> SelectSpec:
    name = dataclasses.fields(members[0])[0].name
    sizes = [len(getattr(a, name)) for a in members]
    items: list[Any] = []
    for a in members:
        for item in getattr(a, name):
            if item not in items:
                items.append(item)
    items.sort()
    options = tuple(_choice(getattr(i, "pretty", str(i)), str(i), suit_emoji(i), notes,
                            i if isinstance(i, Card) else None) for i in items[:MAX_OPTIONS])
    return SelectSpec(_clip(prompt, 150),
                      custom_ids.select_id(table_id, version, kind, multi=True), options,
                      min_values=min(sizes), max_values=min(max(sizes), len(options)))


def _spread(members: list[Any], n: int) -> list[Any]:
    """At most n members, evenly spaced, always keeping the first and the last."""
    if len(members) <= n:
        return members
    step = (len(members) - 1) / (n - 1)
    return [members[round(i * step)] for i in range(n)]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
