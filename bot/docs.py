"""`python -m bot docs`: the generated parts of docs/games/<game>.md, written from the code.

Each game page is prose written by hand around one generated block, between the markers
below: the players, the buy-in with the default options, and a table of every table option
with its default and allowed values, read from the game's option specs. So the option tables
cannot drift from the lobby's Settings control; `tests/test_docs.py` fails when a committed
page is out of date, and `python -m bot docs` rewrites it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from bot.games import GAMES

BEGIN = "<!-- BEGIN GENERATED: table options. Edit the game's option specs, then run `python -m bot docs`. -->"
END = "<!-- END GENERATED: table options -->"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"


def page_path(game_id: str, root: Path = DOCS) -> Path:
    return root / f"{game_id}.md"


def value_text(value: Any) -> str:
    """An option value as a host types it into the Settings control."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def allowed_text(spec: Any) -> str:
    """The allowed values of an option, from its public fields."""
    choices = getattr(spec, "choices", None)
    if choices is not None:
        return ", ".join(f"`{value_text(c)}`" for c in choices)
    low, high = getattr(spec, "minimum", None), getattr(spec, "maximum", None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more"
    if high is not None:
        return f"{high} or less"
    return "any whole number"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def options_block(game: Any) -> str:
    """The generated block of one game's page, markers included."""
    specs: Iterable[Any] = game.option_specs
    defaults: Mapping[str, Any] = {spec.name: spec.default for spec in specs}
    players = (f"{game.min_players}" if game.min_players == game.max_players
               else f"{game.min_players} to {game.max_players}")
    buy_in = game.buy_in(defaults)
    if buy_in.minimum == buy_in.maximum:
        chips = f"exactly {buy_in.minimum:,} chips"
    else:
        top = f", at most {buy_in.maximum:,}" if buy_in.maximum is not None else ""
        chips = f"{buy_in.default:,} chips by default (at least {buy_in.minimum:,}{top}; each player chooses)"
    lines = [
        BEGIN,
        "",
        f"**Players:** {players}. **Buy-in with the default options:** {chips}.",
        "",
        "| option | default | allowed | what it does | rule |",
        "|---|---|---|---|---|",
    ]
    for spec in specs:
        lines.append(f"| `{spec.name}` | `{value_text(spec.default)}` | {allowed_text(spec)} "
                     f"| **{_cell(spec.title)}**: {_cell(getattr(spec, 'description', ''))} "
                     f"| {getattr(spec, 'rule', '') or ''} |")
    lines += ["", END]
    return "\n".join(lines)


def render_page(game_id: str, text: str | None) -> str:
    """The page with its generated block brought up to date (a stub for a game with no page)."""
    game: Any = GAMES[game_id]
    block = options_block(game)
    if text is None:
        return (f"# {game.title}\n\nHow to play {game.title} on this bot: still to be written.\n\n"
                f"## Table options\n\n{block}\n")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{page_path(game_id)} has no generated block; put these two lines where the options "
                         f"table belongs:\n{BEGIN}\n{END}")
    return text[:start] + block + text[end + len(END):]


def stale_pages(root: Path = DOCS) -> dict[Path, str]:
    """Every game page whose text differs from what the code generates, with the right text."""
    stale = {}
    for game_id in sorted(GAMES):
        path = page_path(game_id, root)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        wanted = render_page(game_id, current)
        if wanted != current:
            stale[path] = wanted
    return stale


def update_docs(check: bool = False, root: Path = DOCS) -> int:
    """Rewrite the stale pages (or, with `check`, only name them); the exit status."""
    if not root.is_dir():
        print(f"error: there is no {root} folder: run this in a source checkout of the bot.", file=sys.stderr)
        return 2
    try:
        stale = stale_pages(root)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path, text in stale.items():
        if check:
            print(f"out of date: {path} (run python -m bot docs)", file=sys.stderr)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if check and stale else 0
