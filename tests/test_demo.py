"""`python -m bot demo <game>` plays a whole game through the table service for every game."""

from __future__ import annotations

import pytest

from bot import console
from bot.console import run_demo
from bot.games import GAMES


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_demo_plays_a_whole_game_and_the_books_balance(game_id: str) -> None:
    lines: list[str] = []
    ok = await run_demo(game_id, None, seed=2, out=lines.append, deals=1)
    text = "\n".join(lines)
    assert ok, text[-2000:]
    assert "Stop: 1 deal played." in text and text.count("Stop:") == 1   # `make demo`'s DEALS=1: one deal
    assert "✉ DM to" in text  # what each seat sees
    assert "Game over at table" in text
    assert "took home" in text
    assert "server total 0 (must be 0), mismatched accounts: none" in text


async def test_a_game_without_an_end_stops_at_the_move_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "MAX_MOVES", 40)
    lines: list[str] = []
    assert await run_demo("marriage", None, seed=2, out=lines.append)
    text = "\n".join(lines)
    assert "Stop: the game has not ended after 40 moves." in text
    assert sum(line.startswith("  ▶ ") for line in lines) == 40
