"""Painting a `Scene` into PNG bytes with Pillow. Pieces are drawn here from shapes (the suit pips
are polygons); words and numbers in the shipped fonts (`fonts.py`). Card faces, tiles and chips
are painted once and pasted from a cache.
"""

from __future__ import annotations

import functools
import io
import math

from PIL import Image, ImageDraw

from bot.games.cards import Card

from .fonts import draw_text
from .scene import (
    BACK,
    BOARD,
    CHIP_TEXT,
    HAND,
    HIDDEN,
    PIP,
    SMALL,
    SUIT_OF_RANK,
    Builder,
    CardItem,
    CardSize,
    ChipItem,
    PanelItem,
    Scene,
    TextItem,
    TileItem,
)

FELT = (17, 82, 50)
RED = (200, 24, 40)
BLACK = (22, 22, 28)
WHITE = (250, 250, 246)
EDGE = (120, 120, 120)
GOLD = (232, 178, 20)
MARK = (40, 120, 230)
IVORY = (246, 240, 222)
OPEN_END = (255, 228, 140)
LAST = (255, 140, 40)   # the last move: a halo around what it played
CHIP_RED = (178, 34, 52)
HALO = 5                # how far the last move's halo stands out
SS = 3                  # supersampling of cached pieces: smooth edges without an antialiasing pass
PNG_LEVEL = 1           # zlib level: palette images are small already, speed matters more

RED_SUITS = frozenset("HD")
ANY_SUIT = "?"            # "8?": a rank of any suit (a run on the Tripoley mat)


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED if suit in RED_SUITS else BLACK


def pip(draw: ImageDraw.ImageDraw, suit: str, x: float, y: float, s: float, fill: tuple[int, int, int]) -> None:
    """A suit symbol in the box (x, y, s×s), drawn as shapes so ♥ and ♦ differ in outline too."""
    def circle(cx: float, cy: float, r: float) -> None:
        draw.ellipse((x + (cx - r) * s, y + (cy - r) * s, x + (cx + r) * s, y + (cy + r) * s), fill=fill)

    def poly(*pts: tuple[float, float]) -> None:
        draw.polygon([(x + px * s, y + py * s) for px, py in pts], fill=fill)

    if suit == "D":
        poly((0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5))
    elif suit == "H":
        circle(0.28, 0.31, 0.24)
        circle(0.72, 0.31, 0.24)
        poly((0.05, 0.40), (0.95, 0.40), (0.5, 0.98))
    elif suit == "S":
        circle(0.28, 0.58, 0.22)
        circle(0.72, 0.58, 0.22)
        poly((0.07, 0.52), (0.93, 0.52), (0.5, 0.0))
        poly((0.5, 0.55), (0.3, 1.0), (0.7, 1.0))
    else:
        circle(0.5, 0.26, 0.22)
        circle(0.25, 0.6, 0.22)
        circle(0.75, 0.6, 0.22)
        circle(0.5, 0.52, 0.14)
        poly((0.5, 0.5), (0.32, 1.0), (0.68, 1.0))


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    draw.polygon(pts, fill=fill)


@functools.lru_cache(maxsize=1024)
def card_face(card: str, size: CardSize, marked: bool, wild: bool, dim: bool) -> Image.Image:
    """One card, RGBA with rounded corners: index (rank over suit) at the top left, where a fanned
    hand leaves it visible, and a large pip in the middle."""
    w, h = size.w * SS, size.h * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = 6 * SS
    border = GOLD if wild else MARK if marked else EDGE
    thick = (3 if wild or marked else 1) * SS
    if card == BACK:
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=(30, 60, 150), outline=WHITE, width=2 * SS)
        inset = 5 * SS
        d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius // 2, outline=(120, 150, 230),
                            width=SS)
        for k in range(-h, w, 6 * SS):
            d.line((k + inset, inset, k + inset + h, inset + h), fill=(50, 85, 180), width=SS)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=WHITE, width=2 * SS)
    elif card.endswith(ANY_SUIT):
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=WHITE, outline=border, width=thick)
        draw_text(img, (4 * SS, 2 * SS), card[:-1], size.rank * SS, BLACK, bold=True)
        ps = min(w, h) * 0.26
        for k, suit in enumerate("SHDC"):
            pip(d, suit, w * 0.42 + (k % 2) * ps * 1.15, h * 0.42 + (k // 2) * ps * 1.15, ps, (150, 150, 150))
    else:
        c = Card.parse(card)
        colour = suit_colour(c.suit)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=WHITE, outline=border, width=thick)
        left = 3 * SS
        index_w = (size.step - 4) * SS           # what an overlapping card leaves visible
        draw_text(img, (left + index_w / 2, 0), c.rank_name, size.rank * SS, colour, anchor="ma", bold=True)
        ps = size.rank * SS * SUIT_OF_RANK
        pip(d, c.suit, left + (index_w - ps) / 2 + SS, size.rank * SS * 1.1, ps, colour)
        big = min(w, h) * 0.5
        pip(d, c.suit, w - big - 6 * SS, h - big - 7 * SS, big, colour)
        if wild:
            star(d, left + index_w / 2, h - 12 * SS, 9 * SS, GOLD)
    small = img.resize((size.w, size.h), Image.Resampling.LANCZOS)
    if dim:
        small.putalpha(small.getchannel("A").point(lambda a: a * 60 // 100))
    return small


PIP_SPOTS = {
    0: (), 1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)), 5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((i, j) for i in range(3) for j in range(3)),
}


@functools.lru_cache(maxsize=512)
def tile_face(left: int, right: int, side: int, marked: bool, open_left: bool, open_right: bool) -> Image.Image:
    """A domino tile lying flat: two squares of pips, an open end tinted."""
    s = side * SS
    img = Image.new("RGBA", (2 * s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if left < 0:
        d.rounded_rectangle((0, 0, 2 * s - 1, s - 1), 4 * SS, fill=(40, 40, 46), outline=IVORY, width=SS)
        return img.resize((2 * side, side), Image.Resampling.LANCZOS)
    d.rounded_rectangle((0, 0, 2 * s - 1, s - 1), 5 * SS, fill=IVORY, outline=MARK if marked else (60, 60, 60),
                        width=(3 if marked else 1) * SS)
    for half, hot in ((0, open_left), (1, open_right)):
        if hot:
            d.rounded_rectangle((half * s + 3 * SS, 3 * SS, half * s + s - 3 * SS, s - 3 * SS), 4 * SS,
                                fill=OPEN_END)
    d.line((s, 4 * SS, s, s - 4 * SS), fill=(60, 60, 60), width=2 * SS)
    r = s * PIP / 2
    for half, n in ((0, left), (1, right)):
        for i, j in PIP_SPOTS[n]:
            cx = half * s + s * (0.22 + 0.28 * i)
            cy = s * (0.22 + 0.28 * j)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BLACK)
    return img.resize((2 * side, side), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=16)
def chip_face(radius: int) -> Image.Image:
    """A chip without its amount: a red disc with a white rim pattern and a white centre."""
    s = 2 * radius * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, s - 1, s - 1), fill=CHIP_RED, outline=WHITE, width=SS)
    for k in range(8):
        a = k * math.pi / 4
        cx, cy = s / 2 + math.cos(a) * s * 0.4, s / 2 + math.sin(a) * s * 0.4
        d.ellipse((cx - s * 0.06, cy - s * 0.06, cx + s * 0.06, cy + s * 0.06), fill=WHITE)
    d.ellipse((s * 0.2, s * 0.2, s * 0.8, s * 0.8), fill=WHITE)
    return img.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)


def _chip(img: Image.Image, d: ImageDraw.ImageDraw, item: ChipItem) -> None:
    """A chip with its amount; a bar when the amount is longer than a chip is wide."""
    r, half = item.radius, item.half_width
    if half == r:
        face = chip_face(r)
        img.paste(face, (item.x - r, item.y - r), face)
    else:
        d.rounded_rectangle((item.x - half, item.y - r, item.x + half, item.y + r), r, fill=CHIP_RED,
                            outline=WHITE, width=1)
        inset = r * 0.2
        d.rounded_rectangle((item.x - half + inset, item.y - r + inset, item.x + half - inset, item.y + r - inset),
                            r - inset, fill=WHITE)
    draw_text(img, (item.x, item.y), item.text, CHIP_TEXT, BLACK, anchor="mm", bold=True)


def _halo(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    d.rounded_rectangle((x - HALO, y - HALO, x + w + HALO, y + h + HALO), 9, fill=LAST)


def render(scene: Scene) -> bytes:
    """The scene as PNG bytes: the same scene always gives the same bytes. Colours are mapped to
    one fixed palette (no dithering): a palette PNG is a third of the size and encodes fast."""
    out = io.BytesIO()
    draw(scene).quantize(palette=palette(), dither=Image.Dither.NONE).save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


@functools.cache
def palette() -> Image.Image:
    """The 256 colours every picture is drawn in: taken once from a sample holding every piece
    on every background (felt, cells, pools), so antialiased edges keep their in-between shades."""
    b = Builder()
    backgrounds = [FELT, (24, 100, 64), (14, 66, 40)]
    for row, fill in enumerate(backgrounds):
        top = row * 240
        b.panel(0, top, 1400, 230, fill=fill, outline=GOLD)
        for k, card in enumerate(["AS", "10H", "QD", "7C", "8?", BACK]):
            for j, size in enumerate((HAND, BOARD, SMALL)):
                b.card(10 + k * 200 + j * 66, top + 10, card, size, marked=k % 2 == 0, wild=k == 1, dim=j == 2)
        b.tile(10, top + 120, 5, 8, 40, marked=True, open_left=True, last=True)
        b.tile(110, top + 120, HIDDEN, HIDDEN, 16)
        b.chip(220, top + 150, 88, 30)
        b.chip(300, top + 150, 12345, 24)
        b.text(380, top + 130, "Ann 0123456789 あかね 민준 😀🐱🔥❤🌸🍀💎", 20)
        b.text(380, top + 170, "Bob", 20, colour=(150, 170, 160))
        b.panel(1000, top + 120, 100, 60, fill=fill, outline=(255, 255, 255))
        b.panel(1120, top + 120, 100, 60, fill=fill, outline=LAST)
    return draw(b.scene()).quantize(256, method=Image.Quantize.FASTOCTREE)


def draw(scene: Scene) -> Image.Image:
    """The scene painted in full colour."""
    img = Image.new("RGB", (scene.width, scene.height), FELT)
    d = ImageDraw.Draw(img)
    for item in scene.items:
        if isinstance(item, PanelItem):
            d.rounded_rectangle((item.x, item.y, item.x + item.w, item.y + item.h), 10, fill=item.fill,
                                outline=item.outline, width=item.width)
        elif isinstance(item, CardItem):
            if item.last:
                _halo(d, item.x, item.y, item.size.w, item.size.h)
            face = card_face(item.card.split("#")[0], item.size, item.marked, item.wild, item.dim)  # copies look alike
            img.paste(face, (item.x, item.y), face)
        elif isinstance(item, TileItem):
            if item.last:
                _halo(d, item.x, item.y, 2 * item.side, item.side)
            face = tile_face(item.left, item.right, item.side, item.marked, item.open_left, item.open_right)
            img.paste(face, (item.x, item.y), face)
        elif isinstance(item, ChipItem):
            _chip(img, d, item)
        elif isinstance(item, TextItem):
            draw_text(img, (item.x, item.y), item.text, item.size, item.colour, item.anchor, item.bold)
    return img
