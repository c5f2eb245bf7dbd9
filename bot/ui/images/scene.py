"""What a picture shows and where, as plain data: computed by pure functions (testable without
pixels), then painted by `paint.render`.

A scene holds no words except numbers, card and tile notation and the players' names: any other
label is passed in by the caller, so pictures can be localised with the text.

Sizes are chosen for a phone: Discord shows a picture at most about PHONE_WIDTH px wide (desktop
400, phones 270-390), so pictures are at most WIDTH = twice that (sharp on phones' dense screens)
and every piece that must be read stays at least `MIN_SHOWN` once the picture is shrunk to
PHONE_WIDTH (`too_small` says what is not; a test runs it on every board and hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ui.boards.groups import Group

from . import fonts

PHONE_WIDTH = 390       # what a phone gives a picture in the chat, in CSS pixels
WIDTH = 2 * PHONE_WIDTH  # the widest picture


@dataclass(frozen=True, slots=True)
class Legible:
    """The smallest sizes a player reads on a phone, in the phone's pixels (the picture shrunk to
    PHONE_WIDTH): font sizes of words and numbers, of a card's index and of the amount on a chip;
    the suit pip under a card's index; a domino pip's diameter."""

    text: float = 11
    rank: float = 11
    suit: float = 7
    chip: float = 10
    pip: float = 3.5


MIN_SHOWN = Legible()


@dataclass(frozen=True, slots=True)
class CardSize:
    w: int
    h: int
    step: int          # how far the next card of a fanned run starts: its index stays visible
    rank: int          # font size of the corner index


HAND = CardSize(72, 100, 40, 30)
BOARD = CardSize(62, 86, 34, 27)
SMALL = CardSize(50, 70, 29, 23)
MINI = CardSize(20, 28, 20, 0)    # a face-down card as an icon (how many cards a player holds)
SUIT_OF_RANK = 0.72     # the index's suit pip, as a share of the rank's size
TILE_HAND = 46          # side of one half of a domino tile
TILE_BOARD = 42
PIP = 0.19              # a domino pip's diameter, as a share of the tile's side
GAP = 16                # between groups and around the edges
RAISE = 16              # a marked card in a hand sits this much higher
TEXT = 24               # words and numbers: names, labels, counts
CHIP_TEXT = 24          # the amount on a chip

BACK = "back"           # the card of a CardItem lying face down
HIDDEN = -1             # both numbers of a TileItem lying face down


@dataclass(frozen=True, slots=True)
class CardItem:
    x: int
    y: int
    card: str           # notation such as "10H" or "QH#1"; BACK for a face-down card
    size: CardSize = BOARD
    marked: bool = False
    wild: bool = False
    dim: bool = False   # folded, or otherwise out of play
    last: bool = False  # the last move played it


@dataclass(frozen=True, slots=True)
class TileItem:
    x: int
    y: int
    left: int
    right: int
    side: int = TILE_BOARD
    marked: bool = False
    open_left: bool = False   # the left half is an open end of the line
    open_right: bool = False
    last: bool = False        # the last move laid it


@dataclass(frozen=True, slots=True)
class TextItem:
    x: int
    y: int
    text: str
    size: int = TEXT
    colour: tuple[int, int, int] = (240, 240, 240)
    anchor: str = "la"      # Pillow text anchor: left-ascender; "mm" centres
    bold: bool = False


@dataclass(frozen=True, slots=True)
class ChipItem:
    """A chip with an amount on it (a pot, a compartment, a bet)."""

    x: int                  # centre
    y: int
    amount: int
    radius: int = 24

    @property
    def text(self) -> str:
        return f"{self.amount:,}"

    @property
    def half_width(self) -> int:
        """A chip whose amount does not fit on its face grows into a bar as long as the amount."""
        return max(self.radius, (fonts.width(self.text, CHIP_TEXT, bold=True) + self.radius) // 2)


@dataclass(frozen=True, slots=True)
class PanelItem:
    """A rounded area: a mat compartment, a seat, a group's frame."""

    x: int
    y: int
    w: int
    h: int
    fill: tuple[int, int, int] = (21, 92, 58)
    outline: tuple[int, int, int] | None = None
    width: int = 2


Item = CardItem | TileItem | TextItem | ChipItem | PanelItem


@dataclass(frozen=True, slots=True)
class Scene:
    width: int
    height: int
    items: tuple[Item, ...] = field(default_factory=tuple)

    def cards(self) -> list[CardItem]:
        return [i for i in self.items if isinstance(i, CardItem)]

    def tiles(self) -> list[TileItem]:
        return [i for i in self.items if isinstance(i, TileItem)]


class Builder:
    """Collects items and grows the canvas to hold them."""

    def __init__(self, min_width: int = 0) -> None:
        self.items: list[Item] = []
        self.width = min_width
        self.height = 0

    def add(self, item: Item, right: int, bottom: int) -> None:
        self.items.append(item)
        self.width = max(self.width, right + GAP)
        self.height = max(self.height, bottom + GAP)

    def card(self, x: int, y: int, card: str, size: CardSize = BOARD, **marks: bool) -> None:
        self.add(CardItem(x, y, card, size, **marks), x + size.w, y + size.h)

    def tile(self, x: int, y: int, left: int, right: int, side: int = TILE_BOARD, **marks: bool) -> None:
        self.add(TileItem(x, y, left, right, side, **marks), x + 2 * side, y + side)

    def text(self, x: int, y: int, text: str, size: int = TEXT, **style: Any) -> int:
        """Returns the x just after the text (placed by its left edge)."""
        w = fonts.width(text, size, style.get("bold", False))
        anchor = style.get("anchor", "la")
        left = x - {"l": 0, "m": w // 2, "r": w}[anchor[0]]
        top = y - {"a": 0, "m": size // 2, "s": size, "d": size}[anchor[1]]
        self.add(TextItem(x, y, text, size, **style), left + w, top + size + size // 3)
        return left + w

    def chip(self, x: int, y: int, amount: int, radius: int = 24) -> int:
        """A chip centred at (x, y); returns the x after it."""
        item = ChipItem(x, y, amount, radius)
        self.add(item, x + item.half_width, y + radius)
        return x + item.half_width

    def panel(self, x: int, y: int, w: int, h: int, **style: Any) -> None:
        self.add(PanelItem(x, y, w, h, **style), x + w, y + h)

    def fan(self, x: int, y: int, cards: Sequence[str], size: CardSize = BOARD, marked: Iterable[str] = (),
            wild: Iterable[str] = (), dim: bool = False, raise_marked: bool = False, last: Iterable[str] = ()) -> int:
        """A run of overlapping cards left to right; returns the x just after the last card."""
        marked, wild, last = set(marked), set(wild), set(last)
        for i, c in enumerate(cards):
            lift = RAISE if raise_marked and c in marked else 0
            self.card(x + i * size.step, y - lift, c, size, marked=c in marked, wild=c in wild, dim=dim,
                      last=c in last)
        return x + fan_width(len(cards), size)

    def scene(self) -> Scene:
        return Scene(max(self.width, 1), max(self.height, 1), tuple(self.items))


def fan_width(n: int, size: CardSize) -> int:
    return 0 if n == 0 else (n - 1) * size.step + size.w


def parse_tile(text: str) -> tuple[int, int]:
    """`"[6|5]"` -> (6, 5), in the order written (a line's tiles are written as laid)."""
    a, b = text.strip("[] ").split("|")
    return int(a), int(b)


TILE_STEP = 2 * TILE_HAND + 8


def flow(groups: Sequence[Group], max_width: int = WIDTH, b: Builder | None = None) -> int:
    """A hand: each group a fanned run of cards (or tiles side by side), groups left to right,
    wrapping into rows. Cards already on the table come first, smaller, on rows of their own;
    marked cards stand raised, so they show by shape as well as by colour. Returns the y below."""
    b = b if b is not None else Builder()
    x, y, row_h = GAP, GAP + RAISE, 0
    table = [g for g in groups if g.kind == "table"]
    held = [g for g in groups if g.kind != "table"]
    for part in (table, held):
        kind = part[0].kind if part else ""
        for g in part:
            if g.kind != kind and x > GAP:  # melds, pairs and the rest stand further apart
                x += 2 * GAP
            kind = g.kind
            tiles = g.kind == "tiles"
            size = SMALL if g.kind == "table" else HAND
            step, first = (TILE_STEP, 2 * TILE_HAND) if tiles else (size.step, size.w)
            per_row = max(1, (max_width - 2 * GAP - first) // step + 1)
            for start in range(0, len(g.items), per_row):
                items = g.items[start:start + per_row]
                w = (len(items) - 1) * step + first
                if x > GAP and x + w > max_width - GAP:
                    x, y, row_h = GAP, y + row_h + GAP + RAISE, 0
                if tiles:
                    for i, t in enumerate(items):
                        lift = RAISE if t in g.marked else 0
                        b.tile(x + i * step, y - lift, *parse_tile(t), TILE_HAND, marked=t in g.marked)
                    row_h = max(row_h, TILE_HAND)
                else:
                    b.fan(x, y, items, size, g.marked, g.wild, raise_marked=True)
                    row_h = max(row_h, size.h)
                x += w + 2 * GAP
        if part and x > GAP:
            x, y, row_h = GAP, y + row_h + GAP + RAISE, 0
    return y - RAISE


def shown_scale(scene: Scene) -> float:
    """How much a phone shrinks the picture (Discord never enlarges one)."""
    return min(1.0, PHONE_WIDTH / scene.width)


def too_small(scene: Scene) -> list[str]:
    """What a phone would show smaller than MIN_SHOWN, one line each (empty when all is legible)."""
    k = shown_scale(scene)
    low: list[str] = []
    for item in scene.items:
        if isinstance(item, TextItem) and item.size * k < MIN_SHOWN.text:
            low.append(f"text {item.text!r} at {item.size * k:.1f} px")
        elif isinstance(item, CardItem) and item.card != BACK:
            if item.size.rank * k < MIN_SHOWN.rank:
                low.append(f"card {item.card} index at {item.size.rank * k:.1f} px")
            if item.size.rank * SUIT_OF_RANK * k < MIN_SHOWN.suit:
                low.append(f"card {item.card} suit at {item.size.rank * SUIT_OF_RANK * k:.1f} px")
        elif isinstance(item, ChipItem) and CHIP_TEXT * k < MIN_SHOWN.chip:
            low.append(f"chip {item.amount} at {CHIP_TEXT * k:.1f} px")
        elif isinstance(item, TileItem) and item.left >= 0 and item.side * PIP * k < MIN_SHOWN.pip:
            low.append(f"tile {item.left}|{item.right} pips at {item.side * PIP * k:.1f} px")
    if scene.width > WIDTH:
        low.append(f"{scene.width} px wide, more than {WIDTH}")
    return low
