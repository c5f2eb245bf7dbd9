"""How a seat's legal actions become controls: buttons while they fit, selects for long lists.

Pure layout, no Discord objects, so it is tested directly; `views.py` turns it into components.
Discord allows 5 rows; a row holds 5 buttons or one select of at most 25 options.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any

from . import custom_ids

ROWS = 5
PER_ROW = 5
MAX_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    label: str
    custom_id: str
    danger: bool = False


@dataclass(frozen=True, slots=True)
class SelectSpec:
    placeholder: str
    custom_id: str
    options: tuple[tuple[str, str], ...]      # (label, value)
    min_values: int = 1
    max_values: int = 1


@dataclass(slots=True)
class Layout:
    rows: list[list[ButtonSpec] | SelectSpec] = field(default_factory=list)

    def buttons(self) -> list[ButtonSpec]:
        return [b for row in self.rows if isinstance(row, list) for b in row]

    def selects(self) -> list[SelectSpec]:
        return [row for row in self.rows if isinstance(row, SelectSpec)]


DANGER_KINDS = {"fold", "resign", "leave"}


def layout(table_id: int, version: int, actions: list[Any]) -> Layout:
    """Controls for exactly these actions (at most 5 rows; long lists are thinned evenly)."""
    groups: dict[str, list[Any]] = {}
    for action in actions:
        groups.setdefault(action.kind, []).append(action)
    out = Layout()
    buttons: list[ButtonSpec] = []
    for kind, members in groups.items():
        if _is_multi_card(members[0]):
            out.rows.append(_multi_select(table_id, version, kind, members))
        elif len(members) <= PER_ROW:
            buttons += [ButtonSpec(_clip(a.label, 80), custom_ids.action_id(table_id, version, a), kind in DANGER_KINDS)
                        for a in members]
        else:
            picked = _spread(members, MAX_OPTIONS)
            out.rows.append(SelectSpec(_clip(getattr(members[0], "prompt", "") or f"Choose: {kind}", 150),
                                       custom_ids.select_id(table_id, version, kind),
                                       tuple((_clip(a.label, 100), custom_ids.encode_args(a)) for a in picked)))
    button_rows: list[list[ButtonSpec] | SelectSpec] = [buttons[i:i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
    out.rows = button_rows + out.rows
    out.rows = out.rows[:ROWS]
    return out


def _is_multi_card(action: Any) -> bool:
    fields = dataclasses.fields(action)
    return len(fields) == 1 and typing.get_origin(typing.get_type_hints(type(action))[fields[0].name]) is tuple


def _multi_select(table_id: int, version: int, kind: str, members: list[Any]) -> SelectSpec:
    name = dataclasses.fields(members[0])[0].name
    sizes = [len(getattr(a, name)) for a in members]
    items: list[Any] = []
    for a in members:
        for item in getattr(a, name):
            if item not in items:
                items.append(item)
    items.sort()
    options = tuple((getattr(i, "pretty", str(i)), str(i)) for i in items[:MAX_OPTIONS])
    return SelectSpec(_clip(getattr(members[0], "prompt", "") or f"Choose cards: {kind}", 150),
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
