"""Steps that cannot be undone ask first, through the real bot and the fake Discord: a gin player's
Resign and a mid-match Leave (both forfeit by GIN-22) say what the player would get back, Cancel
changes nothing, and the reply after confirming says what the table committed."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, labelled, read_table
from tests.e2e.fake_discord import FakeMessage, iter_components, running_bot
from tests.e2e.test_bot import books, playing_table, table_message, verb_id

QUOTE = re.compile(r"(Resigning|Leaving now) forfeits the match: you get back ([\d,]+) of your 250 chips\.")
GREY = 2


def wallet(db: Path, user: int) -> int:
    con = sqlite3.connect(db)
    try:
        balance: int = con.execute("SELECT balance FROM accounts WHERE account = ?", (f"user:{user}",)).fetchone()[0]
        return balance
    finally:
        con.close()


def quoted(text: str) -> tuple[str, str]:
    """The verb and the amount of chips a forfeit's confirmation quotes."""
    quote = QUOTE.search(text)
    assert quote is not None, f"no forfeit quote in {text!r}"
    return quote[1], quote[2]


async def gin_against_a_bot(world: World, db: Path) -> FakeMessage:
    """Alice's gin match against a seat bot, once it is her turn: the table message."""
    fake, g, c = world.fake, world.guild.id, world.channel
    await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
    lobby = await table_message(world)
    await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
    await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
    assert await HumanSeat(fake, c, db, world.alice).wait_turn_or_end()
    return await playing_table(world)


async def test_resign_asks_first_with_the_amount_and_the_reply_says_what_happened(
        world: World, tmp_path: Path, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, db = world.fake, tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        table = await gin_against_a_bot(world, db)
        hand = await (await fake.click(world.alice, table, verb_id(table, "hand"))).reply()
        rows = hand.components
        resign = next(c for c in iter_components(rows[-1:]) if ":a:resign" in c.get("custom_id", ""))
        assert resign["label"] == "Resign the match…" and resign["style"] == GREY   # asks first, last row
        assert not any(":a:resign" in c.get("custom_id", "") for c in iter_components(rows[:-1]))

        # Cancel: nothing changes
        ask = await (await fake.click(world.alice, hand, resign["custom_id"])).reply()
        assert ask.ephemeral and QUOTE.search(ask.text)
        version = read_table(db)["version"]
        kept = await (await fake.click(world.alice, ask, labelled(ask, "Keep playing"))).reply()
        await fake.wait_for(lambda: "Nothing changed" in kept.text)
        assert read_table(db)["status"] == "playing" and read_table(db)["version"] == version

        # Confirm: the quote is what the table then commits
        ask = await (await fake.click(world.alice, hand, resign["custom_id"])).reply()
        verb, amount = quoted(ask.text)
        back = int(amount.replace(",", ""))
        assert verb == "Resigning" and 0 <= back < 250
        done = await (await fake.click(world.alice, ask, labelled(ask, "Resign"))).reply()
        await fake.wait_for(lambda: "You resigned" in done.text)
        assert done.text == (f"You resigned; {back:,} of your 250 chips went back to your wallet. "
                             f"You forfeited the match, which cost you {250 - back:,} chips.")
        await fake.wait_for(lambda: read_table(db)["status"] == "finished")
        assert next(s for s in read_table(db)["seats"] if s["user_id"] == world.alice)["cashed_out"] == back
    assert wallet(db, world.alice) == 1000 - 250 + back
    assert books(db) == (0, [])   # every chip accounted for: the bot's escrow won exactly what Alice lost


async def test_a_mid_match_leave_asks_first_and_then_forfeits(
        world: World, tmp_path: Path, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c, db = world.fake, world.guild.id, world.channel, tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        table = await gin_against_a_bot(world, db)
        ask = await (await fake.click(world.alice, table, verb_id(table, "leave"))).reply()
        verb, amount = quoted(ask.text)
        assert verb == "Leaving now" and ask.ephemeral
        assert read_table(db)["status"] == "playing"            # asking changed nothing
        slash = await (await fake.slash(world.alice, g, c, "leave")).reply()
        assert QUOTE.search(slash.text)                           # /leave asks the same
        done = await (await fake.click(world.alice, ask, labelled(ask, "Leave"))).reply()
        await fake.wait_for(lambda: "You left the table" in done.text)
        back = int(amount.replace(",", ""))
        assert done.text == (f"You left the table; {back:,} of your 250 chips went back to your wallet. "
                             f"You forfeited the match, which cost you {250 - back:,} chips.")
        await fake.wait_for(lambda: read_table(db)["status"] == "finished")
        late = await (await fake.click(world.alice, slash, labelled(slash, "Leave"))).reply()
        await fake.wait_for(lambda: "not seated" in late.text)   # a second confirmation cannot leave twice
    assert wallet(db, world.alice) == 1000 - 250 + back
    assert books(db) == (0, [])
