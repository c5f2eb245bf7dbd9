"""Tables in threads of their own, the images switch and /stats, through the real bot and the fake
Discord."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, open_my_hand, read_table
from tests.e2e.fake_discord import (
    DEFAULT_BOT_PERMISSIONS,
    P_CREATE_PUBLIC_THREADS,
    FakeDiscord,
    FakeMessage,
    running_bot,
)
from tests.e2e.test_bot import verb_id


def allow_threads(world: World) -> None:
    """Give the bot's role Create Public Threads (before the bot connects)."""
    role = next(r for r in world.guild.roles.values() if r.get("tags", {}).get("bot_id"))
    role["permissions"] = str(DEFAULT_BOT_PERMISSIONS | P_CREATE_PUBLIC_THREADS)


async def lobby_in(fake: FakeDiscord, channel: int) -> FakeMessage:
    return await fake.wait_for_message(channel, lambda m: any(c.endswith(":join") for c in m.custom_ids()))


async def setting(world: World, channel: int, name: str, value: str) -> str:
    """What /settings set answers Alice (Manage Server)."""
    rec = await world.fake.slash(world.alice, world.guild.id, channel, "settings set", {"name": name, "value": value})
    return (await rec.reply()).text


def scalar(db: Path, sql: str) -> int:
    con = sqlite3.connect(db)
    try:
        value: int = con.execute(sql).fetchone()[0]
        return value
    finally:
        con.close()


async def test_a_table_in_a_thread_of_its_own_from_open_to_stats(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    allow_threads(world)
    fake, g, casino, db = world.fake, world.guild.id, world.channel, tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        opened = await (await fake.slash(world.alice, g, casino, "play", {"game": "gin_rummy", "thread": True})).reply()
        [thread] = fake.threads_of(casino)
        tid = int(thread["id"])
        assert (thread["type"], thread["parent_id"], thread["name"]) == (11, str(casino), "Gin Rummy · table 1")
        assert f"open in <#{tid}> and you are seated" in opened.text

        lobby = await lobby_in(fake, tid)
        assert "Gin Rummy" in lobby.text
        [pointer] = fake.channel_messages(casino)   # the channel gets one line, not the lobby
        assert pointer.content == f"**Gin Rummy**: table 1 is open in <#{tid}> — join there."
        assert not pointer.custom_ids()

        view = await (await fake.slash(world.bob, g, tid, "table view")).reply()   # commands find it there
        assert view.ephemeral and "Gin Rummy" in view.text

        await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        assert read_table(db, tid)["status"] == "playing"
        human = HumanSeat(fake, tid, db, world.alice)
        while scalar(db, "SELECT COUNT(*) FROM deal_results") == 0:   # until the first hand is over
            assert await human.wait_turn_or_end()
            await human.move()
            assert human.moves < 400, "the first hand never ended"

        closed = await (await fake.slash(world.alice, g, tid, "table close")).reply()
        assert "closed by an admin" in closed.text
        await fake.wait_for(lambda: thread["thread_metadata"]["archived"], what="the thread archived")
        assert not thread["thread_metadata"]["locked"]   # archived, not locked: players may still talk
        assert any(f"<@{world.alice}>" in m.content for m in fake.channel_messages(tid)), "the result is there"
        assert [m.id for m in fake.channel_messages(casino)] == [pointer.id]   # nothing else in the channel

        seat = next(s for s in read_table(db, tid)["seats"] if s["user_id"] == world.alice)
        net = seat["cashed_out"] - seat["buy_in"]
        won = scalar(db, "SELECT COUNT(*) FROM deal_results WHERE seat = 0 AND won = 1")
        stats = await (await fake.slash(world.bob, g, casino, "stats",
                                        {"game": "gin_rummy", "user": world.alice})).reply()
        [field] = stats.embeds[0]["fields"]
        assert field["name"] == "Gin Rummy"
        assert field["value"] == (f"Games **1** · won **{int(net > 0)}**\nDeals **1** · won **{won}**\n"
                                  f"Net **{net:+,}** · biggest win **{max(net, 0):,}**")
        board = await (await fake.slash(world.bob, g, casino, "leaderboard", {"game": "gin_rummy"})).reply()
        assert board.embeds[0]["title"] == "Biggest winners at Gin Rummy"
        assert board.embeds[0]["description"] == f"**1.** <@{world.alice}> · {net:,}"


async def test_without_the_permission_the_table_opens_in_the_channel_and_says_why(
        world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, casino = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        opened = await (await fake.slash(world.alice, g, casino, "play", {"game": "bourre", "thread": True})).reply()
        assert opened.text.startswith("Your Bourré table is open here, not in a thread (I need the Create Public "
                                      "Threads and Send Messages in Threads permissions), and you are seated.")
        assert fake.threads_of(casino) == []
        assert "Bourré" in (await lobby_in(fake, casino)).text


async def test_the_server_setting_makes_threads_the_default_and_a_thread_holds_its_own_table(
        world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    allow_threads(world)
    fake, g, lounge = world.fake, world.guild.id, world.guild.channel("lounge")
    async with running_bot(fake, make_bot()):
        assert await setting(world, lounge, "threads", "maybe") == "threads is on or off."
        assert await setting(world, lounge, "threads", "on") == "threads is now on."
        await (await fake.slash(world.bob, g, lounge, "play", {"game": "marriage"})).reply()
        [thread] = fake.threads_of(lounge)
        assert thread["name"] == "Marriage · table 1"
        tid = int(thread["id"])
        await lobby_in(fake, tid)
        here = await (await fake.slash(world.carol, g, lounge, "play", {"game": "bourre", "thread": False})).reply()
        assert "table is open and you are seated" in here.text and len(fake.threads_of(lounge)) == 1

        await (await fake.slash(world.alice, g, tid, "table close")).reply()
        await fake.wait_for(lambda: thread["thread_metadata"]["archived"], what="the closed table's thread archived")
        again = await (await fake.slash(world.carol, g, tid, "play", {"game": "tripoley"})).reply()
        assert "open here, not in a thread (this is a thread already), and you are seated" in again.text
        assert "Tripoley" in (await lobby_in(fake, tid)).text
        assert not thread["thread_metadata"]["archived"]   # the new lobby reopened it
        assert len(fake.threads_of(lounge)) == 1
        shown = await (await fake.slash(world.alice, g, lounge, "settings show")).reply()
        assert "**threads**: on" in shown.text and "**images**: on" in shown.text


async def test_fake_discord_starts_a_thread_from_a_message_as_discord_does(world: World) -> None:
    allow_threads(world)
    fake, casino = world.fake, world.channel

    class Client(discord.Client):
        pass

    client = Client(intents=discord.Intents.default())
    async with running_bot(fake, client):
        channel = client.get_channel(casino)
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send("starter")
        thread = await message.create_thread(name="from a message")
        assert thread.id == message.id and thread.parent_id == casino
        await thread.send("inside")
        assert [m.content for m in fake.channel_messages(thread.id)] == ["inside"]
        await thread.edit(archived=True)
        await thread.send("reopened")   # posting reopens an archived thread
        assert fake.threads_of(casino)[0]["thread_metadata"]["archived"] is False
        cached = await fake.wait_for(lambda: client.get_channel(thread.id), what="THREAD_CREATE in the cache")
        assert isinstance(cached, discord.Thread) and cached.owner_id == fake.bot_user.id
        nested = await fake_request(client, "POST", f"/channels/{thread.id}/threads", {"name": "x", "type": 11})
        assert nested == 400   # a thread holds no threads


async def fake_request(client: discord.Client, method: str, path: str, body: dict[str, Any]) -> int:
    try:
        await client.http.request(discord.http.Route(method, path), json=body)
    except discord.HTTPException as exc:
        return exc.status
    return 200


async def test_with_images_off_table_and_hand_messages_carry_no_pictures(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    fake, g, casino, db = world.fake, world.guild.id, world.channel, tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        assert await setting(world, casino, "images", "off") == "images is now off."
        await (await fake.slash(world.alice, g, casino, "play", {"game": "gin_rummy"})).reply()
        lobby = await lobby_in(fake, casino)
        await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        human = HumanSeat(fake, casino, db, world.alice)
        for _ in range(3):
            assert await human.wait_turn_or_end()
            await human.move()
        hand = await open_my_hand(fake, world.alice, casino)
        table = await human.table_message()
        assert table.embeds and hand.embeds   # the text stays, and tells the board in words
        assert "Match score" in {f["name"] for f in table.embeds[0]["fields"]}
        shown = [m for m in fake.messages.values() if m.embeds]
        assert shown and all(m.data["attachments"] == [] for m in shown)
        assert all(not rec.files for rec in fake.requests), "no picture was uploaded at all"

        assert await setting(world, casino, "images", "on") == "images is now on."
        assert await human.wait_turn_or_end()
        await human.move()   # the table message shows it (a new one, if the bot went out meanwhile)
        pictured = await fake.wait_for(
            lambda: next((m for m in fake.channel_messages(casino) if m.data["attachments"]), None),
            what="a picture back on the table message")
        assert "Match score" not in {f["name"] for f in pictured.embeds[0].get("fields") or []}   # the picture shows it
