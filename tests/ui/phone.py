"""How tall a message stands on a phone 390 px wide: a simple model of Discord's mobile layout.

The model, stated once (pixels at 390 px wide):

- the message's head (author line and the gap above it): 40;
- an embed: 24 of padding and border; its text 290 wide (the screen less the avatar's gutter,
  the embed's border and padding). A title line is 22, a line of description, field name or
  value 20, a footer line 16; 8 between blocks (each field, the picture, the footer);
- a line holds 38 units of text: a Latin letter, digit or sign is one, a wide character (kana,
  kanji, full-width signs) or an emoji two; a mention shows as a 12-unit name, a relative time
  (<t:…:R>) as 13; markdown marks show nothing. A paragraph takes as many lines as its units
  need; a footer line holds 44 units;
- the picture, scaled down to the embed's width (never up): its height, plus 8;
- a row of controls: 48 (a 40 button and 8 of gap), and one more 48 for each time the row's
  buttons (each 32 plus 7.5 a unit of label) overflow the 318 px beside the avatar.

Discord's own rendering differs by app, font and name lengths; the model errs tall.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any

import discord

from bot.ui.text import width

SCREEN = 700
"""What a phone shows of a channel between its bars: the table's message must fit."""

HEAD = 40
EMBED_FRAME = 24
TITLE_LINE, TEXT_LINE, FOOTER_LINE, GAP = 22, 20, 16, 8
UNITS_PER_LINE, FOOTER_UNITS = 38, 44
TEXT_WIDTH, ROW_WIDTH = 290, 318
ROW, BUTTON_PAD, UNIT_PX = 48, 32, 7.5

MENTION = re.compile(r"<@!?\d+>")
TIME = re.compile(r"<t:\d+(?::[tTdDfFR])?>")
MARKS = re.compile(r"\*\*|__|~~|`")


def units(text: str) -> int:
    """The width of one line of text, in units (see the module's model)."""
    return width(TIME.sub("x" * 13, MENTION.sub("x" * 12, MARKS.sub("", text))))


def lines(text: str | None, per_line: int = UNITS_PER_LINE) -> int:
    if not text:
        return 0
    return sum(max(1, math.ceil(units(paragraph) / per_line)) for paragraph in text.split("\n"))


def picture_height(png: bytes) -> int:
    width, height = int.from_bytes(png[16:20]), int.from_bytes(png[20:24])   # from the PNG's header
    return round(height * min(1.0, TEXT_WIDTH / width))


def embed_height(embed: discord.Embed, png: bytes | None = None) -> int:
    height = EMBED_FRAME + TITLE_LINE * lines(embed.title) + TEXT_LINE * lines(embed.description)
    for f in embed.fields:
        height += GAP + TEXT_LINE * (lines(f.name) + lines(f.value))
    if png is not None and embed.image.url:
        height += GAP + picture_height(png)
    if embed.footer.text:
        height += GAP + FOOTER_LINE * lines(embed.footer.text, FOOTER_UNITS)
    return height


def rows_height(view: discord.ui.View | None) -> int:
    if view is None:
        return 0
    height = 0
    for row in view.to_components():
        widths = [round(BUTTON_PAD + UNIT_PX * units(c.get("label") or c.get("placeholder") or ""))
                  for c in row["components"]]
        used, wraps = 0, 0
        for w in widths:
            if used and used + w > ROW_WIDTH:
                wraps, used = wraps + 1, 0
            used += w + GAP
        height += ROW * (1 + wraps)
    return height


def message_height(message: dict[str, Any]) -> int:
    """The height of a message given as `send`'s keyword arguments (embed, view, files)."""
    files = message.get("files") or []
    png = _bytes(files[0]) if files else None
    view = message.get("view")
    return HEAD + embed_height(message["embed"], png) + rows_height(view if isinstance(view, discord.ui.View) else None)


def _bytes(file: discord.File) -> bytes:
    fp = file.fp
    assert isinstance(fp, io.BytesIO)
    return fp.getvalue()
