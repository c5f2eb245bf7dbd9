"""The docs inside the repository: game pages whose option tables match the code, and links that
stay inside the repository."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.docs import BEGIN, END, WORDINGS, options_block, stale_pages, update_docs, value_text
from bot.games import GAMES
from bot.i18n.catalog import catalog

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
JAPANESE = ROOT / "docs" / "ja"
TRANSLATED = sorted(page.relative_to(JAPANESE) for page in JAPANESE.rglob("*.md"))
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^(#+) ", re.MULTILINE)


def heading_levels(text: str) -> list[str]:
    """The levels of a page's headings in order, leaving out `#` lines inside code blocks."""
    return HEADING.findall(FENCE.sub("", text))


def test_the_committed_option_tables_match_the_code() -> None:
    stale = stale_pages(ROOT / "docs")
    assert not stale, f"out of date, run `python -m bot docs`: {sorted(str(p) for p in stale)}"


@pytest.mark.parametrize("folder", [w.folder for w in WORDINGS])
def test_every_option_of_every_game_is_documented_with_its_default(folder: str) -> None:
    for game_id in GAMES:
        game: Any = GAMES[game_id]
        text = (ROOT / "docs" / folder / f"{game_id}.md").read_text(encoding="utf-8")
        for spec in game.option_specs:
            assert f"| `{spec.name}` | `{value_text(spec.default)}` |" in text, (folder, game_id, spec.name)


def test_the_japanese_tables_speak_japanese() -> None:
    text = (JAPANESE / "games" / "gin_rummy.md").read_text(encoding="utf-8")
    assert "| オプション | 既定値 | 設定できる値 | 内容 | ルール |" in text and "| 0〜10 |" in text
    assert "**人数：**2人。" in text and "option | default" not in text


def test_a_japanese_option_label_in_the_catalog_fills_the_what_it_does_column(monkeypatch: pytest.MonkeyPatch) -> None:
    japanese = WORDINGS[1]
    assert "| `knock_limit` | `10` | 0〜10 | **ノックの上限** | GIN-10 |" in options_block("gin_rummy", japanese)
    monkeypatch.delitem(catalog(japanese.locale).messages, "opt.gin_rummy.knock_limit.label")
    assert "| `knock_limit` | `10` | 0〜10 |  | GIN-10 |" in options_block("gin_rummy", japanese)


def test_every_english_page_for_players_has_its_japanese_page() -> None:
    english = sorted(page.relative_to(ROOT / "docs") for page in (ROOT / "docs").rglob("*.md")
                     if JAPANESE not in page.parents and page.name != "architecture.md")
    assert TRANSLATED == english


@pytest.mark.parametrize("page", TRANSLATED, ids=str)
def test_a_japanese_page_has_the_sections_of_its_english_page_and_they_link_each_other(page: Path) -> None:
    """Same headings at the same levels in the same order, so a section added in English and
    not in Japanese (or the reverse) fails here; and each page's first line links the other."""
    english, japanese = ROOT / "docs" / page, JAPANESE / page
    english_text, japanese_text = english.read_text(encoding="utf-8"), japanese.read_text(encoding="utf-8")
    assert heading_levels(japanese_text) == heading_levels(english_text)
    up = "../" * (len(page.parts) - 1)
    assert english_text.splitlines()[0] == f"[日本語]({up}ja/{page.as_posix()})"
    assert japanese_text.splitlines()[0] == f"[English](../{up}{page.as_posix()})"


def test_check_names_a_stale_page_and_update_rewrites_only_the_generated_block(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "docs", tmp_path, dirs_exist_ok=True)
    page = tmp_path / "games" / "gin_rummy.md"
    original = page.read_text(encoding="utf-8")
    edited = original.replace("| `knock_limit` | `10` |", "| `knock_limit` | `7` |").replace(
        "# Gin Rummy", "# Gin Rummy\n\nA sentence an editor added.")
    page.write_text(edited, encoding="utf-8")

    assert update_docs(check=True, root=tmp_path) == 1
    assert page.read_text(encoding="utf-8") == edited  # --check writes nothing
    assert update_docs(root=tmp_path) == 0
    text = page.read_text(encoding="utf-8")
    assert "| `knock_limit` | `10` |" in text and "A sentence an editor added." in text
    assert update_docs(check=True, root=tmp_path) == 0


def test_a_new_game_gets_a_stub_page_and_a_page_without_markers_is_refused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "docs", tmp_path, dirs_exist_ok=True)
    (tmp_path / "games" / "bourre.md").unlink()
    (tmp_path / "ja" / "games" / "bourre.md").unlink()
    assert update_docs(root=tmp_path) == 0
    assert BEGIN in (tmp_path / "games" / "bourre.md").read_text(encoding="utf-8")
    assert (tmp_path / "ja" / "games" / "bourre.md").read_text(encoding="utf-8").startswith("# ブーレイ\n")
    (tmp_path / "ja" / "games" / "marriage.md").write_text("# マリッジ\n\n表がありません。\n", encoding="utf-8")
    assert update_docs(root=tmp_path) == 2
    assert END not in (tmp_path / "ja" / "games" / "marriage.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_point_inside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if target.startswith(("https://", "http://", "#")):
            continue
        resolved = (page.parent / target.split("#")[0]).resolve()
        assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{page.name}: broken link {target}"
    for outside in ("../shared", "DESIGN.md", "STYLE.md"):
        assert outside not in text, f"{page.name} mentions {outside}, which is not in the repository"


def test_the_readme_links_every_game_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game_id in GAMES:
        assert f"(docs/games/{game_id}.md)" in readme and f"(docs/ja/games/{game_id}.md)" in readme, game_id
    assert "(docs/ja/playing.md)" in readme and "(docs/ja/owner-guide.md)" in readme
    for page in ("docs/architecture.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/privacy.md", "docs/ja/privacy.md"):
        assert f"({page})" in readme, page


def test_no_code_points_at_the_teams_own_documents() -> None:
    """Docstrings and comments speak of what the repository holds: a reader has no ../shared."""
    outside = re.compile(r"\.\./shared|\b(?:DESIGN|STYLE)\.md\b")
    sources = [path for folder in ("bot", "cogs", "storage", "bench", "deploy")
               for path in sorted((ROOT / folder).rglob("*")) if path.suffix in (".py", ".sql", ".service")]
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in sources
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if outside.search(line)]
    assert offenders == [], offenders
