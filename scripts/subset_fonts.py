"""Make the fonts the pictures are drawn with (bot/ui/fonts/) from Debian's Noto packages.

A developer's tool, run once when the fonts change; the bot only reads the files it writes.
It needs fontTools (the test extra) and Debian's font packages, unpacked without installing:

    cd "$(mktemp -d)" && apt-get download fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
        && for f in *.deb; do dpkg-deb -x "$f" x; done
    .venv/bin/python scripts/subset_fonts.py "$PWD/x"

What each font keeps (bot/ui/fonts/README.md says the same for readers):
- NotoSans-Regular: Latin with its extensions, IPA, combining marks, Greek, Cyrillic, punctuation,
  currency and letter-like symbols: every name in a European script.
- NotoSans-Bold: ASCII and Latin-1 only: card indices, chip amounts and short labels.
- NotoSansCJKjp-Regular: kana, CJK punctuation and full-width forms, every kanji of JIS X 0208
  (levels 1 and 2: 6,355, which hold the Jōyō kanji but for a handful of rare forms), the 3,755
  common hanzi of GB 2312 (level 1; 1,385 of them are not in JIS X 0208) and the 2,350 Hangul
  syllables of KS X 1001 with the Hangul letters.
- NotoColorEmoji: every single-character emoji, its colour bitmaps re-drawn at EMOJI_PX
  (the original 136 px strike alone is 10 MB; names are drawn at about 20 px).
Sequences (flags, skin tones, families) are drawn as their parts; `bot/ui/images/fonts.py` drops the
joiners and modifiers.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "bot" / "ui" / "fonts"
EMOJI_PX = 32           # height of the re-drawn emoji bitmaps (from 128)

LATIN = [(0x20, 0x7E), (0xA0, 0x24F), (0x250, 0x2FF), (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x52F),
         (0x1AB0, 0x1AFF), (0x1D00, 0x1DBF), (0x1E00, 0x1EFF), (0x1F00, 0x1FFF), (0x2000, 0x206F),
         (0x2070, 0x209F), (0x20A0, 0x20CF), (0x2100, 0x214F), (0x2150, 0x218F), (0x2190, 0x21FF),
         (0x2200, 0x22FF), (0x25A0, 0x25FF), (0x2C60, 0x2C7F), (0x2DE0, 0x2DFF), (0xA640, 0xA69F),
         (0xA720, 0xA7FF), (0xFB00, 0xFB06)]
BOLD = [(0x20, 0x7E), (0xA0, 0xFF), (0x2026, 0x2026), (0x2212, 0x2212)]
CJK = [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0x3200, 0x32FF),
       (0x3130, 0x318F), (0x1100, 0x11FF), (0xFF01, 0xFF9F), (0xFFE0, 0xFFEE)]


def _codec_chars(codec: str, rows: range, lead_offset: int = 0xA0) -> set[int]:
    """Every character of an EUC code set's rows (94 cells each)."""
    found = set()
    for row in rows:
        for cell in range(1, 95):
            try:
                found.add(ord(bytes([lead_offset + row, 0xA0 + cell]).decode(codec)))
            except UnicodeDecodeError:
                pass
    return found


def _expand(ranges: list[tuple[int, int]]) -> set[int]:
    return {c for lo, hi in ranges for c in range(lo, hi + 1)}


def _subset(font: TTFont, chars: set[int], out: Path) -> None:
    """Only what Pillow's basic layout reads: outlines (or bitmaps), horizontal metrics, the
    character map and the notices. Layout and vertical tables are more than half of a CJK font."""
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "VORG", "vhea", "vmtx"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]     # keep the copyright and licence notices
    options.hinting = False
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(chars & set(font.getBestCmap())))
    sub.subset(font)
    font.save(out)
    print(f"{out.name}: {len(font.getBestCmap())} characters, {out.stat().st_size / 1000:.0f} KB")


def _small_emoji(font: TTFont) -> None:
    """Re-draw every colour bitmap at EMOJI_PX high (palette PNGs) and scale the strike to match."""
    scale = EMOJI_PX / 128
    cblc, cbdt = font["CBLC"], font["CBDT"]
    strike, data = cblc.strikes[0], cbdt.strikeData[0]
    size = strike.bitmapSizeTable
    size.ppemX = size.ppemY = round(size.ppemX * scale)
    for metrics in (size.hori, size.vert):
        metrics.ascender = round(metrics.ascender * scale)
        metrics.descender = round(metrics.descender * scale)
        metrics.widthMax = round(metrics.widthMax * scale)
    for glyph in data.values():
        m = glyph.metrics
        img = Image.open(io.BytesIO(glyph.imageData)).convert("RGBA")
        w, h = max(1, round(m.width * scale)), max(1, round(m.height * scale))
        small = img.resize((w, h), Image.Resampling.LANCZOS).quantize(32, method=Image.Quantize.FASTOCTREE)
        buf = io.BytesIO()
        small.save(buf, "PNG", optimize=True)
        glyph.imageData = buf.getvalue()
        m.width, m.height = w, h
        m.BearingX, m.BearingY = round(m.BearingX * scale), round(m.BearingY * scale)
        m.Advance = round(m.Advance * scale)
    for index in strike.indexSubTables:   # the index's own copy of the metrics of fixed-size glyphs
        if hasattr(index, "metrics"):
            m = index.metrics
            m.width, m.height = round(m.width * scale), round(m.height * scale)
            m.BearingX, m.BearingY = round(m.BearingX * scale), round(m.BearingY * scale)
            m.Advance = round(m.Advance * scale)


def main(root: Path) -> None:
    noto = root / "usr/share/fonts/truetype/noto"
    cjk_file = root / "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    OUT.mkdir(parents=True, exist_ok=True)
    _subset(TTFont(noto / "NotoSans-Regular.ttf"), _expand(LATIN), OUT / "NotoSans-Regular.ttf")
    _subset(TTFont(noto / "NotoSans-Bold.ttf"), _expand(BOLD), OUT / "NotoSans-Bold.ttf")
    kanji = _codec_chars("euc_jp", range(16, 85))        # JIS X 0208 rows 16-47 (level 1) and 48-84
    hanzi = _codec_chars("gb2312", range(16, 56))        # GB 2312 level 1: the 3,755 common hanzi
    hangul = _codec_chars("euc_kr", range(16, 41))       # KS X 1001 rows 16-40: the 2,350 syllables
    jp = TTCollection(cjk_file).fonts[0]                 # Noto Sans CJK JP: Japanese glyph forms
    _subset(jp, _expand(CJK) | kanji | hanzi | hangul, OUT / "NotoSansCJKjp-Regular.otf")
    emoji = TTFont(noto / "NotoColorEmoji.ttf")
    singles = {c for c in emoji.getBestCmap() if c >= 0x2000}
    _subset(emoji, singles, OUT / "NotoColorEmoji.ttf")
    emoji = TTFont(OUT / "NotoColorEmoji.ttf")
    _small_emoji(emoji)
    emoji.save(OUT / "NotoColorEmoji.ttf")
    print(f"NotoColorEmoji.ttf re-drawn at {EMOJI_PX} px: {(OUT / 'NotoColorEmoji.ttf').stat().st_size / 1000:.0f} KB")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
