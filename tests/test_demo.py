"""`python -m bot demo <game>` plays a whole game through the table service for every game."""

from __future__ import annotations

import pytest

from bot.console import run_demo
from bot.games import GAMES


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_demo_plays_a_whole_game_and_the_books_balance(game_id: str) -> None:
    lines: list[str] = []
    ok = await run_demo(game_id, None, seed=2, out=lines.append, deals=2)
    text = "\n".join(lines)
    assert ok, text[-2000:]
    assert "✉ DM to" in text  # what each seat sees
    assert "Game over at table" in text
    assert "took home" in text
    assert "server total 0 (must be 0), mismatched accounts: none" in text
