"""The seat bots' strength: one table option every game shares, `normal` unless the host chose
otherwise, and `normal` for every table saved before the option existed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.options import resolve_options

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "states").glob("*/*.json"))


def strength_of(game: Any) -> str:
    options = game.opts
    return str(options.bot_strength)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_offers_the_same_strength_option(game_id: str) -> None:
    specs = {s.name: s for s in GAMES[game_id].option_specs}
    spec = specs["bot_strength"]
    assert spec == GAMES["gin_rummy"].option_specs[-1]   # one declaration, the same words at every table
    assert spec.shared and spec.default == "normal" and spec.choices == ("easy", "normal", "strong")
    assert spec.key(game_id) == "opt.table.bot_strength"
    assert resolve_options(GAMES[game_id].option_specs, {})["bot_strength"] == "normal"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_table_saved_before_the_option_plays_with_normal_bots(path: Path) -> None:
    fixture = json.loads(path.read_text())
    game = GAMES[fixture["game"]].from_dict(fixture["state"])
    assert strength_of(game) == "normal"
    assert GAMES[fixture["game"]].from_dict(game.to_dict()).to_dict() == game.to_dict()
