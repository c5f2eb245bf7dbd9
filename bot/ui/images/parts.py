"""Pieces several boards share: a player's name, a seat's cell, a card pile, a stock."""

from __future__ import annotations

from collections.abc import Sequence

from .scene import BACK, BOARD, GAP, Builder, CardSize

NAME = 16                       # font size of a player's name
NAME_COLOUR = (240, 240, 240)
MUTED = (150, 170, 160)
CELL = (24, 100, 64)
TURN = (120, 190, 255)
BANK = (232, 178, 20)
NAME_WIDTH = 14


def name(names: Sequence[str], seat: int | None) -> str:
    """A seat's name, short enough to fit above its cards."""
    if seat is None:
        return ""
    text = names[seat] if 0 <= seat < len(names) else f"{seat + 1}"
    return text if len(text) <= NAME_WIDTH else text[:NAME_WIDTH - 1] + "…"


def label(b: Builder, x: int, y: int, text: str, muted: bool = False) -> None:
    if text:
        b.text(x, y, text, NAME, colour=MUTED if muted else NAME_COLOUR)


def pile(b: Builder, x: int, y: int, cards: Sequence[str], shown: int, size: CardSize = BOARD) -> int:
    """A discard pile: the newest card on the right, on top, with up to `shown - 1` older ones
    fanned under it. Returns the x after it."""
    top = list(cards[-shown:])
    return b.fan(x, y, top, size, marked=top[-1:]) if top else x


def stock(b: Builder, x: int, y: int, count: int, size: CardSize = BOARD) -> int:
    """A face-down stock with its count beside it. Returns the x after it."""
    if count <= 0:
        return x
    for k in range(min(3, count)):
        b.card(x + 2 * k, y - 2 * k, BACK, size)
    b.text(x + size.w + 10, y + size.h // 2, f"{count}", 20, anchor="lm")
    return x + size.w + 16 + 12 * len(str(count)) + GAP
