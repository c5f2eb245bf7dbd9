"""`python -m bot docs`: the generated parts of the game pages, written from the code.

Each game page is prose written by hand around one generated block, between the markers
below: the players, the buy-in with the default options, and a table of every table option
with its default and allowed values, read from the game's option specs. There is one set of
pages per language (`docs/games/` in English, `docs/ja/games/` in Japanese), each block worded
in its page's language. So the option tables cannot drift from the lobby's Settings control;
`tests/test_docs.py` fails when a committed page is out of date, and `python -m bot docs`
rewrites it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.i18n import ENGLISH, Locale, number, t
from bot.i18n.catalog import catalog

BEGIN = "<!-- BEGIN GENERATED: table options. Edit the game's option specs, then run `python -m bot docs`. -->"
END = "<!-- END GENERATED: table options -->"
DOCS = Path(__file__).resolve().parent.parent / "docs"


@dataclass(frozen=True, slots=True)
class Wording:
    """The words of one language's generated blocks, and where its pages live under docs/."""

    locale: Locale
    folder: str
    players: str
    fixed_chips: str
    chosen_chips: str
    at_most: str
    header: str
    between: str
    at_least: str
    up_to: str
    any_number: str
    stub: str

    def what_it_does(self, game_id: str, spec: Any) -> str:
        """The option's name from the catalog (`<OptionSpec.key>.label`), and in English what it
        does (`.desc`); a language whose catalog lacks the name leaves the cell empty."""
        key = spec.key(game_id)
        if f"{key}.label" not in catalog(self.locale).messages:
            return ""
        name = f"**{_cell(t(self.locale, f'{key}.label'))}**"
        return f"{name}: {_cell(t(ENGLISH, f'{key}.desc'))}" if self.locale == ENGLISH else name


WORDINGS = (
    Wording(
        locale=ENGLISH, folder="games",
        players="**Players:** {players}. **Buy-in with the default options:** {chips}.",
        fixed_chips="exactly {n} chips",
        chosen_chips="{default} chips by default (at least {low}{top}; each player chooses)", at_most=", at most {n}",
        header="| option | default | allowed | what it does | rule |",
        between="{low} to {high}", at_least="{n} or more", up_to="{n} or less", any_number="any whole number",
        stub="# {title}\n\nHow to play {title} on this bot: still to be written.\n\n## Table options\n\n",
    ),
    Wording(
        locale=Locale("ja"), folder="ja/games",
        players="**人数：**{players}人。**既定のオプションでのバイイン：**{chips}。",
        fixed_chips="{n}チップ（固定）",
        chosen_chips="既定は{default}チップ（{low}チップ以上{top}で各自が選びます）", at_most="、{n}チップ以下",
        header="| オプション | 既定値 | 設定できる値 | 内容 | ルール |",
        between="{low}〜{high}", at_least="{n}以上", up_to="{n}以下", any_number="任意の整数",
        stub="# {title}\n\nこのボットでの{title}の遊び方：準備中です。\n\n## テーブルオプション\n\n",
    ),
)


def page_path(game_id: str, root: Path = DOCS, wording: Wording = WORDINGS[0]) -> Path:
    return root / wording.folder / f"{game_id}.md"


def value_text(value: Any) -> str:
    """An option value as a host types it into the Settings control."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def allowed_text(spec: Any, wording: Wording = WORDINGS[0]) -> str:
    """The allowed values of an option, from its public fields."""
    choices = getattr(spec, "choices", None)
    if choices is not None:
        return ", ".join(f"`{value_text(c)}`" for c in choices)
    low, high = getattr(spec, "minimum", None), getattr(spec, "maximum", None)
    if low is not None and high is not None:
        return wording.between.format(low=low, high=high)
    if low is not None:
        return wording.at_least.format(n=low)
    if high is not None:
        return wording.up_to.format(n=high)
    return wording.any_number


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").strip()


def options_block(game_id: str, wording: Wording = WORDINGS[0]) -> str:
    """The generated block of one game's page in one language, markers included."""
    game: Any = GAMES[game_id]
    specs: Iterable[Any] = game.option_specs
    defaults: Mapping[str, Any] = {spec.name: spec.default for spec in specs}
    players = (str(game.min_players) if game.min_players == game.max_players
               else wording.between.format(low=game.min_players, high=game.max_players))
    buy_in = game.buy_in(defaults)

    def chips(n: int) -> str:
        return number(wording.locale, n)

    if buy_in.minimum == buy_in.maximum:
        chips_text = wording.fixed_chips.format(n=chips(buy_in.minimum))
    else:
        top = wording.at_most.format(n=chips(buy_in.maximum)) if buy_in.maximum is not None else ""
        chips_text = wording.chosen_chips.format(default=chips(buy_in.default), low=chips(buy_in.minimum), top=top)
    lines = [BEGIN, "", wording.players.format(players=players, chips=chips_text), "", wording.header,
             "|---|---|---|---|---|"]
    for spec in specs:
        lines.append(f"| `{spec.name}` | `{value_text(spec.default)}` | {allowed_text(spec, wording)} "
                     f"| {wording.what_it_does(game_id, spec)} | {getattr(spec, 'rule', '') or ''} |")
    lines += ["", END]
    return "\n".join(lines)


def render_page(game_id: str, text: str | None, wording: Wording = WORDINGS[0]) -> str:
    """The page with its generated block brought up to date (a stub for a game with no page)."""
    block = options_block(game_id, wording)
    if text is None:
        return wording.stub.format(title=t(wording.locale, f"game.{game_id}")) + block + "\n"
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{page_path(game_id, wording=wording)} has no generated block; put these two lines "
                         f"where the options table belongs:\n{BEGIN}\n{END}")
    return text[:start] + block + text[end + len(END):]


def stale_pages(root: Path = DOCS) -> dict[Path, str]:
    """Every game page, in every language, whose text differs from what the code generates,
    with the right text."""
    stale = {}
    for wording in WORDINGS:
        for game_id in sorted(GAMES):
            path = page_path(game_id, root, wording)
            current = path.read_text(encoding="utf-8") if path.exists() else None
            wanted = render_page(game_id, current, wording)
            if wanted != current:
                stale[path] = wanted
    return stale


def update_docs(check: bool = False, root: Path = DOCS) -> int:
    """Rewrite the stale pages (or, with `check`, only name them); the exit status."""
    if not (root / WORDINGS[0].folder).is_dir():
        print(f"error: there is no {root / WORDINGS[0].folder} folder: run this in a source checkout of the bot.",
              file=sys.stderr)
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
