"""Buki-Domino end to end: a human, seat bots and an onlooker's bet through the fake Discord."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot
from bot.games import GAMES
from bot.games.base import SpectatorBets

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, component, read_table
from tests.e2e.fake_discord import running_bot
from tests.e2e.test_bot import books, table_message, text_inputs, verb_id


def window_open(db: Path) -> bool:
    t = read_table(db)
    if t["status"] != "playing":
        return False
    game = GAMES["buki_domino"].from_dict(t["state"])
    assert isinstance(game, SpectatorBets), "onlookers bet at Buki-Domino (DOM-23)"
    return any(game.spectator_bet_range(s) for s in range(4))


async def test_an_onlooker_backs_a_player_during_a_hand(world: World, tmp_path: Path,
                                                         make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "buki_domino"})).reply()
        lobby = await table_message(world)
        for _ in range(3):
            await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        human = HumanSeat(fake, c, db, world.alice)
        for _ in range(200):  # until the window is open while the table waits for our human
            assert await human.wait_turn_or_end()
            if window_open(db):
                break
            await human.move()
        table = await human.table_message()
        seated = await (await fake.click(world.alice, table, verb_id(table, "back"))).reply()
        assert "only spectators may back a player" in seated.text
        table = await human.table_message()
        menu = await (await fake.click(world.carol, table, verb_id(table, "back"))).reply()
        [select] = menu.custom_ids()
        option = component(menu, select)["options"][0]
        modal = await (await fake.select(world.carol, menu, select, [option["value"]])).wait_modal()
        [field] = text_inputs(modal)
        low = int(option["description"].split()[1])
        asked = await (await fake.submit_modal(world.carol, c, modal["custom_id"], {field: str(low)})).reply()
        assert "the banker accepts or refuses" in asked.text
        await fake.wait_for(lambda: any(f"<@{world.carol}>" in m.text for m in fake.channel_messages(c)
                                        if any(cid.endswith(":hand") for cid in m.custom_ids())))
        while await human.wait_turn_or_end():
            await human.move()
        await fake.wait_for_message(c, lambda m: "final result" in m.text)
    assert books(db) == (0, [])
    con = sqlite3.connect(db)
    wallet = con.execute("SELECT balance FROM accounts WHERE account = ?", (f"user:{world.carol}",)).fetchone()[0]
    back = con.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE to_account = ?",
                       (f"user:{world.carol}",)).fetchone()[0]
    con.close()
    assert wallet == back - low  # the starting grant and any payout came in; the bet went out
