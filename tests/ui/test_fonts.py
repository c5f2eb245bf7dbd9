"""Names in every script are drawn with the shipped fonts, character by character, never as a box."""

from __future__ import annotations

import io
import tomllib
import unicodedata
from fnmatch import fnmatch

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from bot.ui.images import fonts
from bot.ui.images.paint import render
from bot.ui.images.scene import Builder

NAMES = {
    "Japanese": "「あかね」",
    "Japanese kanji": "高橋 翔太",
    "Spanish": "José",
    "Polish": "Łukasz",
    "Greek": "Σοφία",
    "Russian": "Алексей",
    "Korean": "민준",
    "Chinese": "张伟",
    "Vietnamese": "Nguyễn Thị Huệ",
    "Turkish": "Ağça Şükrü",
    "an emoji": "Mia 🐱",
    "emoji only": "🔥🎲",
    "half-width kana": "ｱｷﾗ",
}


def covered(char: str) -> bool:
    """Whether a shipped font draws this character as itself."""
    return any(ord(char) in fonts.coverage(name) for name in fonts.TEXT_CHAIN)


@pytest.mark.parametrize("font", [fonts.REGULAR, fonts.BOLD, fonts.CJK, fonts.EMOJI])
def test_the_character_map_read_at_run_time_is_the_fonts_own(font: str) -> None:
    cmap = {code for code, glyph in TTFont(fonts.FONT_DIR / font).getBestCmap().items() if glyph != ".notdef"}
    assert fonts.coverage(font) == cmap


@pytest.mark.parametrize("script", sorted(NAMES))
def test_every_character_of_a_name_is_in_a_shipped_font(script: str) -> None:
    name = NAMES[script]
    missing = [c for c in unicodedata.normalize("NFC", name) if not covered(c)]
    assert missing == [], f"no shipped font draws {missing} of {name!r}"
    runs = fonts.runs(name)
    assert "".join(r.text for r in runs) == unicodedata.normalize("NFC", name)
    for run in runs:   # each character in a font whose character map holds it
        assert all(ord(c) in fonts.coverage(run.font) for c in run.text), run


def test_scripts_take_their_fonts() -> None:
    def font_of(text: str) -> str:
        (run,) = fonts.runs(text)
        return run.font
    assert font_of("José") == font_of("Σοφία") == font_of("Алексей") == fonts.REGULAR
    assert font_of("あかね") == font_of("민준") == font_of("翔太") == fonts.CJK
    assert font_of("🐱") == fonts.EMOJI
    assert fonts.runs("10", bold=True)[0].font == fonts.BOLD


def test_what_no_font_has_is_replaced_cleanly() -> None:
    """A styled-letter name reads as its letters; joiners and skin tones leave their emoji; a
    letter with an unknown accent keeps its letter; anything else is a question mark, never a box."""
    assert "".join(r.text for r in fonts.runs("𝓙𝓸𝓼𝓮")) == "Jose"
    assert "".join(r.text for r in fonts.runs("👍🏽")) == "👍"
    assert "".join(r.text for r in fonts.runs("👩‍💻")) == "👩💻"
    unknown = "\u0E01"   # Thai: not shipped
    assert not covered(unknown) and fonts.runs(unknown) == (fonts.Run(fonts.MISSING, fonts.REGULAR),)


def _ink(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels in the box differ from the felt."""
    data = img.crop(box).convert("RGB").tobytes()
    felt = img.convert("RGB").tobytes()[:3]
    return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] != felt)


def test_names_are_drawn_with_ink_and_no_two_characters_alike() -> None:
    """Drawn one to a row, every name leaves ink; distinct characters of a script draw distinct
    shapes (a missing glyph would draw the same box for each)."""
    b = Builder()
    texts = [*NAMES.values(), "あ", "い", "민", "준", "Ł", "Σ"]
    for row, text in enumerate(texts):
        b.text(10, 10 + row * 40, text, 24)
    img = Image.open(io.BytesIO(render(b.scene())))
    widths = {}
    for row, text in enumerate(texts):
        box = (0, 10 + row * 40, img.width, 10 + row * 40 + 36)
        assert _ink(img, box) > 20, text
        widths[text] = img.crop(box).convert("L").tobytes()
    assert widths["あ"] != widths["い"] and widths["민"] != widths["준"] and widths["Ł"] != widths["Σ"]


def test_an_emoji_is_drawn_in_colour() -> None:
    b = Builder()
    b.text(10, 10, "🔥", 24)
    img = Image.open(io.BytesIO(render(b.scene()))).convert("RGB")
    data = img.crop((10, 10, 40, 40)).tobytes()
    colours = {tuple(data[i:i + 3]) for i in range(0, len(data), 3)}
    assert any(r > 200 and g < 160 and b < 90 for r, g, b in colours), "no flame orange"


def test_a_long_name_is_cut_to_its_room() -> None:
    room = 120
    for text in ("Alexandria Ocasio", "高橋翔太郎右衛門之介", "🐱🐱🐱🐱🐱🐱🐱🐱"):
        cut = fonts.fit(text, 24, room)
        assert cut.endswith("…") and fonts.width(cut, 24) <= room
    assert fonts.fit("Ann", 24, room) == "Ann"


def test_the_fonts_and_their_licence_are_package_data() -> None:
    """A pip-installed wheel carries every shipped font, its licence and its notes."""
    project = tomllib.loads((fonts.FONT_DIR.parents[2] / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["bot.ui"]
    shipped = sorted(p.name for p in fonts.FONT_DIR.iterdir())
    assert {"OFL.txt", fonts.REGULAR, fonts.BOLD, fonts.CJK, fonts.EMOJI} <= set(shipped)
    assert [n for n in shipped if not any(fnmatch(f"fonts/{n}", pattern) for pattern in patterns)] == []
