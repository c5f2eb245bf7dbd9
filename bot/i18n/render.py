"""Engine messages (`bot.games.messages`) as text in a reader's language.

The engines name seats, cards and numbers; this fills in the catalog's sentence, puts each
seat's display name where its `Seat` stands and writes cards and tiles in their notation,
which is the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.messages import LEGACY, Cards, Join, Msg, Seat, Text, Tiles, Value, from_json
from bot.games.tiles import Tile

from .catalog import number, t
from .locale import ENGLISH, Locale


def seat_name(names: Sequence[str], seat: int | None, locale: Locale = ENGLISH) -> str:
    """A seat's display name; “—” for nobody, `Seat 3` for a seat the names do not cover."""
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else t(locale, "seat.unnamed", number=seat + 1)


def render(locale: Locale, value: Value, names: Sequence[str]) -> str:
    """Any message value as text for a reader of `locale` at a table with these seat names."""
    if isinstance(value, Msg):
        if value.key == LEGACY:    # saved before events were messages: English, {pN} for names
            text = str(value.params.get("text", ""))
            return text.format_map({f"p{i}": name for i, name in enumerate(names)})
        params: dict[str, object] = {k: render(locale, v, names) for k, v in value.params.items()}
        if isinstance(value.params.get("n"), int):
            params["n"] = value.params["n"]      # picks the plural form; formatted by `t`
        return t(locale, value.key, **params)
    if isinstance(value, Join):
        return t(locale, f"sep.{value.sep}").join(render(locale, v, names) for v in value.items) \
            if value.sep != "and" else _and(locale, [render(locale, v, names) for v in value.items])
    if isinstance(value, Seat):
        return seat_name(names, value.n, locale)
    if isinstance(value, Cards):
        return " ".join(Card.parse(c).pretty for c in value.codes)
    if isinstance(value, Tiles):
        return " ".join(Tile.parse(c).pretty for c in value.codes)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(locale, value)
    return value


def saved_lines(data: object) -> list[Text]:
    """The lines of a message an engine saved in its state (`messages.to_json`), or of the
    English text older saves hold there."""
    if isinstance(data, str):
        return [Msg(LEGACY, {"text": line}) for line in data.splitlines()]
    value = from_json(data)
    if isinstance(value, Join) and value.sep == "lines":
        return [v for v in value.items if isinstance(v, (Msg, Join))]
    return [value] if isinstance(value, (Msg, Join)) else []


def _and(locale: Locale, items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c` (each language's words from the catalog)."""
    if len(items) <= 1:
        return "".join(items)
    return t(locale, "sep.and_last", rest=t(locale, "sep.list").join(items[:-1]), last=items[-1])
