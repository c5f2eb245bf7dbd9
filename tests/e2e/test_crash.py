"""The bot process killed with SIGKILL mid-game resumes the table at its last committed action."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.base import seat_key

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat
from tests.e2e.test_bot import books, playing_table, table_message, verb_id

ROOT = Path(__file__).resolve().parents[2]


async def start_bot(world: World, db: Path) -> asyncio.subprocess.Process:
    env = {**os.environ, "DISCORD_TOKEN": "fake-token", "DATABASE_PATH": str(db), "BOT_DELAY_S": "0",
           "LOG_LEVEL": "WARNING", "DEV_GUILD_ID": ""}
    before = world.fake.identify_count
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.e2e.run_bot", world.fake.api_base,
                                                world.fake.gateway_url, cwd=ROOT, env=env,
                                                stdin=asyncio.subprocess.DEVNULL)
    await world.fake.wait_identified(timeout=30, after=before)
    return proc


def table_row(db: Path) -> tuple[int, dict[str, Any], int, int]:
    """(version, state, escrow balance, last logged version) of the only table, read from disk."""
    con = sqlite3.connect(db)
    try:
        table_id, version, state = con.execute("SELECT id, version, state FROM game_tables").fetchone()
        escrow = con.execute("SELECT balance FROM accounts WHERE account = ?", (f"table:{table_id}",)).fetchone()[0]
        logged = con.execute("SELECT MAX(version) FROM table_actions WHERE table_id = ?", (table_id,)).fetchone()[0]
        return version, json.loads(state), escrow, logged
    finally:
        con.close()


async def play_one(world: World, db: Path) -> None:
    """One decision of Alice's, when the committed table says it is hers, through real clicks."""
    human = HumanSeat(world.fake, world.channel, db, world.alice)
    assert await human.wait_turn_or_end()
    await human.move()


async def test_sigkill_mid_game_resumes_at_the_last_committed_action(world: World, tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    db = tmp_path / "bot.db"
    proc = await start_bot(world, db)
    try:
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        lobby = await table_message(world)
        await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        for _ in range(3):
            await play_one(world, db)
        # killed while the table waits for Alice, so the restarted bot has nothing to move first
        assert await HumanSeat(fake, c, db, world.alice).wait_turn_or_end()
    finally:
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    version, state, escrow, logged = table_row(db)
    assert logged == version  # every committed state has its action in the log
    game = GAMES["gin_rummy"].from_dict(state)
    assert sum(game.chips().values()) == escrow
    messages_before = len(fake.channel_messages(c))
    playing = await playing_table(world)
    edits_before = len(playing.history)

    proc = await start_bot(world, db)
    try:
        # the table's message is edited in place, from the state committed before the kill
        await fake.wait_for(lambda: len(playing.history) > edits_before and "My hand" in playing.text)
        assert len(fake.channel_messages(c)) == messages_before
        assert table_row(db)[0] == version
        await play_one(world, db)
        after, state2, escrow2, _ = table_row(db)
        assert after > version
        assert sum(GAMES["gin_rummy"].from_dict(state2).chips().values()) == escrow2 == 500
        con = sqlite3.connect(db)
        alice_stack = con.execute("SELECT stack FROM seats WHERE seat = 0").fetchone()[0]
        con.close()
        assert alice_stack == GAMES["gin_rummy"].from_dict(state2).chips()[seat_key(0)]
    finally:
        proc.send_signal(signal.SIGTERM)
        await proc.wait()
    assert books(db) == (0, [])
