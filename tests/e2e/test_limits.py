"""Discord's limits through the real bot: several tables at once stay inside them, a throttled
channel holds up no other table, and a player is notified only when they must act. Also the
clicks that must change nothing: from another server, or on a control no longer active."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, running_bot
from tests.e2e.test_bot import books, table_message, verb_id


async def open_gin(fake: FakeDiscord, guild: int, channel: int, user: int) -> None:
    """A gin table in `channel` with `user` against a seat bot, started."""
    await (await fake.slash(user, guild, channel, "play", {"game": "gin_rummy"})).reply()
    lobby = await fake.wait_for_message(channel, lambda m: any(c.endswith(":start") for c in m.custom_ids()))
    await (await fake.click(user, lobby, verb_id(lobby, "bot"))).reply()
    await (await fake.click(user, lobby, verb_id(lobby, "start"))).edited()


def first_version(message: FakeMessage) -> str:
    """The text of a message as it was posted (before any edit)."""
    data = message.history[0] if message.history else message.data
    return " ".join(str(e.get("fields")) + str(e.get("description")) for e in data.get("embeds") or [])


async def test_three_tables_at_once_stay_inside_discords_limits(world: World, tmp_path: Path,
                                                                make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g = world.fake, world.guild.id
    channels = [world.channel, world.guild.channel("lounge"), fake.add_channel(g, "parlour")]
    players = [world.alice, world.bob, world.carol]
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        for channel, user in zip(channels, players):
            await open_gin(fake, g, channel, user)
        humans = [HumanSeat(fake, channel, db, user) for channel, user in zip(channels, players)]

        async def play(human: HumanSeat) -> None:
            for _ in range(12):
                if not await human.wait_turn_or_end():
                    return
                await human.move()

        await asyncio.gather(*(play(h) for h in humans))
    assert fake.rate_limited == [], f"Discord would have throttled: {fake.rate_limited[:3]}"
    assert not fake.requests_to("GET", r"/users/\d+"), "a DM needs no look-up of its player"
    for user in players:
        posted = fake.dms(user)
        assert posted, "the player was told when it was their turn"
        # a new DM (a notification) only when the player must act: every one was posted as "Your turn"
        assert all("Your turn" in first_version(m) for m in posted)
    assert books(db) == (0, [])


async def test_a_throttled_channel_holds_up_no_other_table(world: World, tmp_path: Path,
                                                           make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g = world.fake, world.guild.id
    slow, fast = world.channel, world.guild.channel("lounge")
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await open_gin(fake, g, slow, world.alice)
        await open_gin(fake, g, fast, world.bob)
        alice, bob = HumanSeat(fake, slow, db, world.alice), HumanSeat(fake, fast, db, world.bob)
        slow_message = await alice.table_message()   # both games' messages are up
        fast_message = await bob.table_message()
        # a table message is edited by the bot, or through its Start click's token while it is fresh
        slow_edits = rf".*/messages/{slow_message.id}"
        fake.rate_limit_next("PATCH", slow_edits, retry_after=60.0)   # Discord throttles its edits for a minute
        throttled_at = len(fake.requests_to("PATCH", slow_edits))
        assert await alice.wait_turn_or_end()
        await alice.move()
        await fake.wait_for(lambda: len(fake.requests_to("PATCH", slow_edits)) > throttled_at,
                            what="the throttled edit")
        answered = len(fake.requests_to("PATCH", slow_edits))
        assert await alice.wait_turn_or_end()   # the throttled table itself plays on: nothing waits on Discord
        await alice.move()
        fast_edits = rf".*/messages/{fast_message.id}"
        before = len(fake.requests_to("PATCH", fast_edits))
        for _ in range(3):   # the other table plays on, and its message keeps up
            assert await bob.wait_turn_or_end()
            await bob.move()
        await fake.wait_for(lambda: len(fake.requests_to("PATCH", fast_edits)) >= before + 2,
                            what="the other table's message")
        assert len(fake.requests_to("PATCH", slow_edits)) == answered   # still waiting out its minute
        assert read_table(db)["status"] == "playing"


async def test_a_click_from_another_server_changes_nothing(world: World, tmp_path: Path,
                                                          make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    other = fake.create_guild("Elsewhere", channels=["hall"])
    stranger = fake.add_member(other.id, "mallory")
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        lobby = await table_message(world)
        join = verb_id(lobby, "join")
        forged = fake.seed_bot_message(other.channel("hall"), "forged", components=[
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Join", "custom_id": join}]}])
        refused = await (await fake.click(stranger, forged, join)).reply()
        assert refused.ephemeral and "another server" in refused.text
    con = sqlite3.connect(tmp_path / "bot.db")
    try:
        assert con.execute("SELECT COUNT(*) FROM seats WHERE user_id = ?", (stranger,)).fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM members WHERE user_id = ?", (stranger,)).fetchone()[0] == 0
    finally:
        con.close()
    assert books(tmp_path / "bot.db") == (0, [])


async def test_a_control_no_longer_active_is_answered(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, c = world.fake, world.channel
    async with running_bot(fake, make_bot()):
        for custom_id in ("cr:1:retired", "something-else", "tmp:0123456789abcdef"):
            message = fake.seed_bot_message(c, "old", components=[
                {"type": 1, "components": [{"type": 2, "style": 1, "label": "Old", "custom_id": custom_id}]}])
            reply = await (await fake.click(world.bob, message, custom_id)).reply()
            assert reply.ephemeral and re.search(r"no longer active", reply.text)
