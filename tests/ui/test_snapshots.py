"""`python -m bot snapshots` and the pictures of the game pages: deterministic, in both
languages, with names in several scripts, and the committed pictures current with the code."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from bot.games import GAMES
from bot.snapshots import DOCS, NAMES, doc_pictures, update_doc_pictures, write_snapshots
from bot.ui.images.scene import PHONE_WIDTH

ROOT = Path(__file__).resolve().parents[2]


def test_the_game_pages_show_pictures_drawn_by_todays_code() -> None:
    """Regenerated, every picture of the pages is byte for byte the committed one (when this
    fails, `python -m bot docs` writes them anew), and each page shows its game's."""
    made = doc_pictures()
    assert {path.parent.name for path in made} == {"en", "ja"}
    stale = [str(path) for path, png in made.items() if not (DOCS / path).exists() or (DOCS / path).read_bytes() != png]
    assert stale == [], "out of date: run `python -m bot docs`"
    for game_id in GAMES:
        for page, folder in ((DOCS / "games" / f"{game_id}.md", "en"), (DOCS / "ja" / "games" / f"{game_id}.md", "ja")):
            text = page.read_text(encoding="utf-8")
            assert f"pictures/{folder}/{game_id}-table.png" in text and f"pictures/{folder}/{game_id}-hand.png" in text
    assert "docs/pictures/en/bourre-table.png" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_stale_picture_is_found_and_rewritten(tmp_path: Path) -> None:
    assert update_doc_pictures(check=True, root=tmp_path) == 1
    assert update_doc_pictures(root=tmp_path) == 0
    assert update_doc_pictures(check=True, root=tmp_path) == 0


def test_snapshots_come_in_both_languages_with_phone_renders(tmp_path: Path) -> None:
    written = {p.name for p in write_snapshots(tmp_path, games=["buki_domino"])}
    for stage in ("start", "mid", "end"):
        for what in ("table", "hand"):
            for lang in ("en", "ja"):
                assert {f"buki_domino-{stage}-{what}-{lang}{end}" for end in (".json", ".png", "-phone.png")} <= written
    assert {"buki_domino-end-summary-en.png", "buki_domino-end-summary-ja-phone.png"} <= written
    for name in written:
        if name.endswith("-phone.png"):
            assert Image.open(tmp_path / name).width <= PHONE_WIDTH
    table = json.loads((tmp_path / "buki_domino-mid-table-ja.json").read_text(encoding="utf-8"))
    shown = json.dumps(table, ensure_ascii=False)
    assert any(name in shown for name in NAMES[1:4]), "names in several scripts"
    english, japanese = (tmp_path / f"buki_domino-mid-table-{lang}.png" for lang in ("en", "ja"))
    assert english.read_bytes() != japanese.read_bytes(), "the legend in each language"
