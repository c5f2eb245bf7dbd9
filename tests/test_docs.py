"""The docs inside the repository: game pages whose option tables match the code, and links that
stay inside the repository."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.docs import BEGIN, END, stale_pages, update_docs
from bot.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_committed_option_tables_match_the_code() -> None:
    stale = stale_pages(ROOT / "docs" / "games")
    assert not stale, f"out of date, run `python -m bot docs`: {sorted(p.name for p in stale)}"


def test_every_option_of_every_game_is_documented_with_its_default() -> None:
    for game_id in GAMES:
        game: Any = GAMES[game_id]
        text = (ROOT / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
        for spec in game.option_specs:
            assert f"| `{spec.name}` | `" in text, (game_id, spec.name)


def test_check_names_a_stale_page_and_update_rewrites_only_the_generated_block(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(ROOT / "docs" / "games", games)
    page = games / "gin_rummy.md"
    original = page.read_text(encoding="utf-8")
    edited = original.replace("| `knock_limit` | `10` |", "| `knock_limit` | `7` |").replace(
        "# Gin Rummy", "# Gin Rummy\n\nA sentence an editor added.")
    page.write_text(edited, encoding="utf-8")

    assert update_docs(check=True, root=games) == 1
    assert page.read_text(encoding="utf-8") == edited  # --check writes nothing
    assert update_docs(root=games) == 0
    text = page.read_text(encoding="utf-8")
    assert "| `knock_limit` | `10` |" in text and "A sentence an editor added." in text
    assert update_docs(check=True, root=games) == 0


def test_a_new_game_gets_a_stub_page_and_a_page_without_markers_is_refused(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(ROOT / "docs" / "games", games)
    (games / "bourre.md").unlink()
    assert update_docs(root=games) == 0
    assert BEGIN in (games / "bourre.md").read_text(encoding="utf-8")
    (games / "marriage.md").write_text("# Marriage\n\nNo table here.\n", encoding="utf-8")
    assert update_docs(root=games) == 2
    assert END not in (games / "marriage.md").read_text(encoding="utf-8")


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
        assert f"(docs/games/{game_id}.md)" in readme, game_id


def test_no_code_points_at_the_teams_own_documents() -> None:
    """Docstrings and comments speak of what the repository holds: a reader has no ../shared."""
    outside = re.compile(r"\.\./shared|\b(?:DESIGN|STYLE)\.md\b")
    sources = [path for folder in ("bot", "cogs", "storage", "bench", "deploy")
               for path in sorted((ROOT / folder).rglob("*")) if path.suffix in (".py", ".sql", ".service")]
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in sources
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if outside.search(line)]
    assert offenders == [], offenders
