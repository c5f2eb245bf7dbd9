"""Text on pictures in every script: the shipped Noto fonts (bot/ui/fonts/, see its README), chosen
character by character, so a name mixing scripts draws each character in a font that has it.

Pillow cannot say which characters a font holds, so each font's character map is read here from
the file (the `cmap` table's Unicode subtable). A character no font holds is replaced: first by its
compatibility form (𝐉𝐨𝐬𝐞 → Jose, ｶ → カ), then by its base letter without accents, else by
`MISSING`; joiners, variation selectors and skin-tone modifiers, which only shape an emoji
sequence, are dropped. Nothing is ever drawn as a box.
"""

from __future__ import annotations

import functools
import struct
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "NotoSans-Regular.ttf"
BOLD = "NotoSans-Bold.ttf"
CJK = "NotoSansCJKjp-Regular.otf"
EMOJI = "NotoColorEmoji.ttf"
TEXT_CHAIN = (REGULAR, CJK, EMOJI)
BOLD_CHAIN = (BOLD, REGULAR, CJK, EMOJI)
EMOJI_SCALE = 1.15          # an emoji is drawn this many times the text size high, as in chat
MISSING = "?"
SHAPING = frozenset({0x200C, 0x200D, *range(0xFE00, 0xFE10), *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)})


def _cmap(path: Path) -> frozenset[int]:
    """The code points a font maps to glyphs: its Windows Unicode subtable (format 12, else 4)."""
    data = path.read_bytes()
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">II", data, 20 + 16 * i)
              for i in range(struct.unpack_from(">H", data, 4)[0])}
    base = tables[b"cmap"][0]
    subtables = {}
    for i in range(struct.unpack_from(">H", data, base + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        subtables[(platform, encoding, struct.unpack_from(">H", data, base + offset)[0])] = base + offset
    if (3, 10, 12) in subtables:
        at = subtables[(3, 10, 12)]
        groups = struct.unpack_from(">I", data, at + 12)[0]
        spans = [struct.unpack_from(">III", data, at + 16 + 12 * g) for g in range(groups)]
        return frozenset(c for lo, hi, glyph in spans for c in range(lo, hi + 1) if glyph + c - lo)
    at = subtables[(3, 1, 4)]
    segs = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
    ranges_at = at + 16 + 6 * segs
    ranges = struct.unpack_from(f">{segs}H", data, ranges_at)
    found = set()
    for k, (lo, hi, delta, offset) in enumerate(zip(starts, ends, deltas, ranges)):
        for c in range(lo, min(hi, 0xFFFE) + 1):
            if offset == 0:
                glyph = (c + delta) & 0xFFFF
            else:
                glyph = struct.unpack_from(">H", data, ranges_at + 2 * k + offset + 2 * (c - lo))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(c)
    return frozenset(found)


@functools.cache
def coverage(name: str) -> frozenset[int]:
    """The characters a shipped font has."""
    return _cmap(FONT_DIR / name)


def _font_of(char: str, chain: tuple[str, ...]) -> str | None:
    code = ord(char)
    return next((name for name in chain if code in coverage(name)), None)


def _stand_in(char: str, chain: tuple[str, ...]) -> str:
    """What is drawn for a character no font has: its compatibility form, else its base letter."""
    for form in ("NFKC", "NFD"):
        other = unicodedata.normalize(form, char)
        kept = "".join(c for c in other if _font_of(c, chain) and not unicodedata.combining(c))
        if kept and other != char:
            return kept
    return MISSING


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive characters drawn in one font."""

    text: str
    font: str


@functools.lru_cache(maxsize=2048)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """The text split into runs by the font that draws each character (NFC first, so an accent
    typed as a separate mark joins its letter)."""
    chain = BOLD_CHAIN if bold else TEXT_CHAIN
    out: list[Run] = []
    for char in unicodedata.normalize("NFC", text):
        if ord(char) in SHAPING:
            continue
        font = _font_of(char, chain)
        piece = char if font else _stand_in(char, chain)
        for c in piece:
            f = font or _font_of(c, chain) or chain[0]
            if out and out[-1].font == f:
                out[-1] = Run(out[-1].text + c, f)
            else:
                out.append(Run(c, f))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font at a pixel size (the colour emoji have one size: they are scaled)."""
    if name == EMOJI:
        return ImageFont.truetype(str(FONT_DIR / name), _emoji_strike(), layout_engine=ImageFont.Layout.BASIC)
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


@functools.cache
def _emoji_strike() -> int:
    """The pixel size of the emoji font's only bitmap strike (CBLC: the first strike's ppemY)."""
    data = (FONT_DIR / EMOJI).read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    entry = next(i for i in range(count) if data[12 + 16 * i:16 + 16 * i] == b"CBLC")
    at = struct.unpack_from(">I", data, 20 + 16 * entry)[0]
    return int(data[at + 8 + 45])     # the size table's ppemY, after its offsets (16) and line metrics (2 × 12)


@functools.lru_cache(maxsize=512)
def emoji(char: str, size: int) -> Image.Image:
    """One emoji as an RGBA image, EMOJI_SCALE × size high."""
    f = font(EMOJI, 0)
    left, top, right, bottom = (round(v) for v in f.getbbox(char))
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -top), char, font=f, embedded_color=True)
    high = round(size * EMOJI_SCALE)
    return img.resize((max(1, round(img.width * high / img.height)), high), Image.Resampling.LANCZOS)


def _run_width(run: Run, size: int) -> float:
    if run.font == EMOJI:
        return sum(emoji(c, size).width + size * 0.08 for c in run.text)
    return font(run.font, size).getlength(run.text)


@functools.lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> int:
    """How wide the text is drawn, in pixels."""
    return round(sum(_run_width(r, size) for r in runs(text, bold)))


def fit(text: str, size: int, room: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis so it is drawn within `room` pixels."""
    if width(text, size, bold) <= room:
        return text
    chars = list(text)
    while chars and width("".join(chars) + "…", size, bold) > room:
        chars.pop()
    return "".join(chars) + "…"


def _metrics(size: int, bold: bool) -> tuple[int, int]:
    ascent, descent = font(BOLD if bold else REGULAR, size).getmetrics()
    return ascent, descent


def _pieces(text: str, size: int, bold: bool) -> Iterator[tuple[Run, float]]:
    x = 0.0
    for run in runs(text, bold):
        yield run, x
        x += _run_width(run, size)


def draw_text(img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
              anchor: str = "la", bold: bool = False) -> None:
    """Text at `xy`, placed by a Pillow-style anchor: horizontal l/m/r, vertical a (top of the
    ascender), m (middle), s (baseline), d (bottom of the descender)."""
    ascent, descent = _metrics(size, bold)
    total = width(text, size, bold)
    x = xy[0] - {"l": 0, "m": total / 2, "r": total}[anchor[0]]
    baseline = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
    d = ImageDraw.Draw(img)
    for run, dx in _pieces(text, size, bold):
        if run.font == EMOJI:
            at = x + dx
            for c in run.text:
                pic = emoji(c, size)
                img.paste(pic, (round(at + size * 0.04), round(baseline - pic.height * 0.82)), pic)
                at += pic.width + size * 0.08
        else:
            d.text((x + dx, baseline), run.text, font=font(run.font, size), fill=fill, anchor="ls")
