"""Pieces several boards share: a player's name, a seat's cell, a card pile, a stock, the last move
and the legend that explains every colour a picture uses."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import fonts
from .scene import BACK, BOARD, GAP, MINI, TEXT, WIDTH, Builder, CardSize

NAME_COLOUR = (240, 240, 240)
MUTED = (150, 170, 160)
CELL = (24, 100, 64)
POOL = (14, 66, 40)
TURN = (255, 255, 255)
BANK = (232, 178, 20)
MARK = (40, 120, 230)
LAST = (255, 140, 40)
OPEN_END = (255, 228, 140)
LEGEND_TEXT = 22


def name(names: Sequence[str], seat: int | None, room: int = 220) -> str:
    """A seat's name, cut to fit `room` pixels."""
    if seat is None:
        return ""
    text = names[seat] if 0 <= seat < len(names) else f"{seat + 1}"
    return fonts.fit(text, TEXT, room)


def label(b: Builder, x: int, y: int, text: str, muted: bool = False, size: int = TEXT) -> int:
    """Words at (x, y); returns the x after them."""
    return b.text(x, y, text, size, colour=MUTED if muted else NAME_COLOUR) if text else x


def pile(b: Builder, x: int, y: int, cards: Sequence[str], shown: int, size: CardSize = BOARD,
         last: Iterable[str] = ()) -> int:
    """A discard pile: the newest card on the right, on top, with up to `shown - 1` older ones
    fanned under it. Returns the x after it."""
    top = list(cards[-shown:])
    return b.fan(x, y, top, size, last=last) if top else x


def stock(b: Builder, x: int, y: int, count: int, size: CardSize = BOARD, last: bool = False) -> int:
    """A face-down stock with its count beside it (`last`: the last move drew from it). Returns the
    x after it."""
    if count <= 0:
        return x
    for k in range(min(3, count)):
        b.card(x + 2 * k, y - 2 * k, BACK, size, last=last and k == min(3, count) - 1)
    return b.text(x + size.w + 10, y + size.h // 2, f"{count}", anchor="lm") + GAP


def moved(public: Mapping[str, Any]) -> tuple[int | None, set[str]]:
    """Who made the last move and the cards or tiles it named (`last_move` of the view)."""
    last = public.get("last_move")
    if not last:
        return None, set()
    items = {last[k] for k in ("card", "tile") if isinstance(last.get(k), str)}
    items |= {c for k in ("cards", "tiles") if isinstance(last.get(k), list) for c in last[k] if isinstance(c, str)}
    return last.get("seat"), items


@dataclass(frozen=True, slots=True)
class Key:
    """One line of a legend: a swatch drawn as the picture draws the thing, and the label's code."""

    code: str
    fill: tuple[int, int, int] = CELL
    outline: tuple[int, int, int] | None = None


TURN_KEY = Key("turn", outline=TURN)
LAST_KEY = Key("last", fill=LAST)


def legend(b: Builder, y: int, keys: Sequence[Key], labels: Mapping[str, str]) -> int:
    """A row of swatches with their words (from `labels`, in the reader's language), wrapping;
    keys without words are left out. Returns the y below it."""
    x, row = GAP, 0
    shown = [(k, labels[k.code]) for k in dict.fromkeys(keys) if labels.get(k.code)]
    for key, words in shown:
        w = 34 + 8 + fonts.width(words, LEGEND_TEXT) + 2 * GAP
        if x > GAP and x + w > WIDTH - GAP:
            x, row = GAP, row + 1
        top = y + row * 34
        b.panel(x, top + 2, 34, 24, fill=key.fill, outline=key.outline, width=3)
        b.text(x + 42, top + 14, words, LEGEND_TEXT, colour=NAME_COLOUR, anchor="lm")
        x += w
    return y + (row + 1) * 34 + GAP // 2 if shown else y


def seat_strip(b: Builder, y: int, seats: Sequence[tuple[int, str, bool]], names: Sequence[str],
               acting: Collection[int | None], mover: int | None) -> int:
    """The players in a row of small panels, each with a name and a short note (a card count): the
    ones to play framed in white, the last to move dotted in orange, those out of the deal greyed.
    `seats` holds (seat, note, out). Returns the y below."""
    columns = 2 if len(seats) <= 4 else 3
    w = (WIDTH - (columns + 1) * GAP) // columns
    for i, (seat, note, out) in enumerate(seats):
        x, top = GAP + (i % columns) * (w + GAP), y + (i // columns) * (48 + GAP // 2)
        b.panel(x, top, w, 48, fill=CELL, outline=TURN if seat in acting else None, width=3)
        room = w - 24 - fonts.width(note, TEXT, bold=True) - MINI.w - 18 - (22 if seat == mover else 0)
        end = label(b, x + 12, top + 10, name(names, seat, room), muted=out)
        if seat == mover:
            b.panel(end + 8, top + 17, 14, 14, fill=LAST, width=0)
        if note:
            left = b.text(x + w - 12, top + 24, note, TEXT, colour=MUTED if out else NAME_COLOUR, anchor="rm",
                          bold=True) - fonts.width(note, TEXT, bold=True)
            b.card(left - MINI.w - 6, top + 10, BACK, MINI)
    rows = (len(seats) + columns - 1) // columns
    return y + rows * (48 + GAP // 2) + GAP // 2
