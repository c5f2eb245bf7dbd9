"""Discord's bot-wide limit through the real bot and the fake Discord, which counts per bot token
and answers 429 past its limits as Discord does: every route leaves through the gate, many tables
at once see no 429 and no second above the budget, a forced global 429 is followed by the budget's
pace rather than a burst, and a restart with hundreds of open tables refreshes the tables a player
waits on first, within the budget.

The suite's versions are scaled down (a budget of a few requests a second, and the fake's limit
just above it) so that two busy cores run them in well under a minute; `bench/tables.py` runs
the full sizes. The only timings asserted are properties of the fake's own record of when
requests arrived, which the gate guarantees however late the event loop runs.
"""

from __future__ import annotations

import asyncio
import math
import sqlite3
from pathlib import Path

from bot.clock import utc_now
from bot.config import Settings
from bot.games import GAMES
from bot.games.base import Event
from bot.tables.models import HandRef, TableSnapshot
from bot.tables.pacing import AHEAD_S, Pacer
from bot.tables.presenter import NullPresenter
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import tables
from storage.connect import open_database
from storage.db import fetch_all

from tests.e2e.conftest import BotFactory, World, route, ungated
from tests.e2e.driver import HumanSeat, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeGuild, running_bot
from tests.e2e.test_bot import verb_id
from tests.e2e.test_threads_settings_stats import allow_threads, lobby_in


async def open_gin(fake: FakeDiscord, guild: FakeGuild, channel: int, host: int) -> None:
    """The host opens Gin Rummy in `channel` against a seat bot and starts."""
    await (await fake.slash(host, guild.id, channel, "play", {"game": "gin_rummy"})).reply()
    lobby = await lobby_in(fake, channel)
    await (await fake.click(host, lobby, verb_id(lobby, "bot"))).reply()
    await (await fake.click(host, lobby, verb_id(lobby, "start"))).reply()


def message_of(db: Path, channel: int) -> int | None:
    con = sqlite3.connect(db)
    try:
        found: int | None = con.execute("SELECT message_id FROM game_tables WHERE channel_id = ? AND status = "
                                        "'playing'", (channel,)).fetchone()[0]
        return found
    finally:
        con.close()


def shown(fake: FakeDiscord, db: Path, channel: int, host: int) -> bool:
    """Whether the started table's message is up, and the host's hand when they must act."""
    if not any(c.endswith(":hand") for m in fake.channel_messages(channel) for c in m.custom_ids()):
        return False
    t = read_table(db, channel)
    seat = GAMES[t["game_id"]].from_dict(t["state"]).to_act()
    return 0 not in seat or bool(fake.dms(host))


async def test_every_route_the_bot_uses_leaves_through_the_gate(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    """Command sync, a table in a thread (the thread, its name, the pointer in the channel), the
    lobby, DMs opened and sent and edited, a refused DM's notice, an admin's close (the closing
    edit, the result, the thread archived) and a restart's refresh: every request the fake
    counted left through a gate, one for one."""
    allow_threads(world)
    fake, g, casino, lounge, db = world.fake, world.guild.id, world.channel, world.guild.channel("lounge"), \
        tmp_path / "bot.db"
    fake.refuse_dms(world.bob)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, casino, "play", {"game": "gin_rummy", "thread": True})).reply()
        [thread] = fake.threads_of(casino)
        tid = int(thread["id"])
        lobby = await lobby_in(fake, tid)
        await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).reply()
        alice = HumanSeat(fake, tid, db, world.alice)
        for _ in range(3):
            assert await alice.wait_turn_or_end()
            await alice.move()
        await open_gin(fake, world.guild, lounge, world.bob)   # Bob's DMs are closed: a notice
        await fake.wait_for_message(lounge, lambda m: f"<@{world.bob}>" in m.content)   # the notice
        await fake.wait_for(lambda: message_of(db, lounge), what="Bob's table message saved")
        await (await fake.slash(world.alice, g, tid, "table close")).reply()
        await fake.wait_for(lambda: thread["thread_metadata"]["archived"], what="the thread archived")
    async with running_bot(fake, make_bot()):   # a restart refreshes Bob's table: its message, edited
        refreshed = f"/channels/{lounge}/messages/{message_of(db, lounge)}"
        await fake.wait_for(lambda: fake.requests_to("PATCH", refreshed), what="the restored table")
    used = {route(r.method, r.path) for r in fake.counted}
    assert used >= {
        "GET /users/@me", "GET /gateway/bot", "PUT /applications/{id}/commands",   # logging in, syncing
        "POST /channels/{id}/threads", "PATCH /channels/{id}",   # a thread, named and archived
        "POST /channels/{id}/messages", "PATCH /channels/{id}/messages/{id}",   # messages, DMs among them
        "POST /users/@me/channels",   # a player's DM channel
    }, used
    assert [r for r in fake.invalid if r.status != 403] == []   # Bob's refused DM, and nothing else
    assert ungated(fake, make_bot.made) == []
    assert read_table(db, lounge)["status"] == "playing"


def hosts(fake: FakeDiscord, guild: FakeGuild, count: int) -> list[tuple[int, int]]:
    """(channel, host) for `count` tables, each in a channel of its own (before the bot connects)."""
    return [(fake.add_channel(guild.id, f"table-{i}"), fake.add_member(guild.id, f"host{i}")) for i in range(count)]


async def test_many_tables_at_once_stay_within_the_budget_in_every_second(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    """Twelve tables opened and started at once ask for far more than a budget of 8 requests a
    second (lobbies, their seat bots, the players' DM channels and hands); every second
    at Discord holds at most 8, and none is refused."""
    fake, db = world.fake, tmp_path / "bot.db"
    fake.global_per_s = 10
    tables = hosts(fake, world.guild, 12)
    async with running_bot(fake, make_bot(requests_per_s=8)):
        began = len(fake.counted)
        await asyncio.gather(*(open_gin(fake, world.guild, channel, host) for channel, host in tables))
        await fake.wait_for(lambda: all(shown(fake, db, *table) for table in tables), what="every table shown")
        # five seconds of the budget at least, asked for at once
        await fake.wait_for(lambda: len(fake.counted) - began >= 5 * 8, what="the bot's own requests")
    assert fake.rate_limited == [] and fake.invalid == []
    assert fake.busiest_second() <= 8


async def test_after_a_global_429_requests_resume_at_the_budgets_pace_not_all_at_once(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    """discord.py holds every request after a global 429 and lets them all go at once; the gate
    holds them until Retry-After has passed and then lets them go at the budget's pace."""
    fake, db = world.fake, tmp_path / "bot.db"
    fake.global_per_s = 6
    tables = hosts(fake, world.guild, 12)
    async with running_bot(fake, make_bot(requests_per_s=5)):
        fake.rate_limit_next("POST", r"/channels/\d+/messages", retry_after=2.0, is_global=True)
        await asyncio.gather(*(open_gin(fake, world.guild, channel, host) for channel, host in tables))
        await fake.wait_for(lambda: all(shown(fake, db, *table) for table in tables), what="every table shown")
        [hit] = [r for r in fake.requests if r.status == 429]
    after = [r.at for r in fake.counted if r.at > hit.at]
    assert len(after) > 20   # a queue to let go
    # the requests already on their way when the 429 came back (fewer than the budget's second),
    # then nothing until Retry-After has passed
    assert sum(at < hit.at + 2.0 for at in after) < 5
    assert fake.busiest_second(after=hit.at) <= 5   # and then the budget's pace
    assert fake.rate_limited == [] and fake.invalid == [hit]


async def test_a_restart_with_hundreds_of_open_tables_refreshes_them_in_order_of_need_within_the_budget(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    """200 open tables, 20 players at 10 tables each. After the restart every table message is
    edited (none posted anew), first those of the tables whose player must act, and only those
    players' hands are refreshed (edited); no second holds more than the budget, nothing is
    refused."""
    fake, guild = world.fake, world.guild
    fake.global_per_s = 25
    channels = [fake.add_channel(guild.id, f"table-{i}") for i in range(200)]
    players = [fake.add_member(guild.id, f"player{i}") for i in range(20)]
    urgent, table_messages, hand_messages = await open_tables_offline(fake, tmp_path / "bot.db", guild.id,
                                                                      channels, players)
    assert 20 < len(urgent) < 180   # both kinds, for the order to mean something
    bot = make_bot(requests_per_s=20, bot_delay_s=3600)
    async with running_bot(fake, bot):
        began = len(fake.requests)
        edits = rf"/channels/\d+/messages/({'|'.join(map(str, table_messages.values()))})"
        await fake.wait_for(lambda: len(fake.requests_to("PATCH", edits)) >= len(table_messages),
                            what="every table message refreshed")
        await fake.wait_for(lambda: {int(r.path.rsplit("/", 1)[1]) for r in fake.requests_to(
            "PATCH", r"/channels/\d+/messages/\d+")} >= {hand_messages[t] for t in urgent},
            what="the hands of the players who must act")
        ahead = max(2, math.ceil(bot.budget.per_second * AHEAD_S))
    refreshed = [table_of[int(r.path.rsplit("/", 1)[1])] for r in fake.requests[began:] if r.method == "PATCH"
                 and int(r.path.rsplit("/", 1)[1]) in (table_of := {m: t for t, m in table_messages.items()})]
    last_urgent = max(i for i, t in enumerate(refreshed) if t in urgent)
    assert sum(t not in urgent for t in refreshed[:last_urgent]) <= ahead   # drawn ahead of the gate at most
    posted = [r for r in fake.requests[began:] if r.method == "POST" and "/messages" in r.path]
    assert posted == []   # every message edited where it was, no hand sent anew
    hands = {int(r.path.rsplit("/", 1)[1]) for r in fake.requests[began:] if r.method == "PATCH"} - \
        set(table_messages.values())
    assert hands == {hand_messages[t] for t in urgent}   # only the hands of players who must act
    assert fake.rate_limited == [] and fake.invalid == []
    assert fake.busiest_second() <= 20


class Seeding(NullPresenter):
    """Shows tables and hands as messages that exist in the fake Discord (an earlier run of the
    bot posted them), without requests."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        return message_id if message_id is not None else self.fake.seed_bot_message(snap.channel_id, "table").id

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        if message is not None:
            return message
        user = snap.seats[seat].user_id
        assert user is not None
        channel = self.fake.dm_channel_id(user)
        return HandRef(channel, self.fake.seed_bot_message(channel, "hand").id)


async def open_tables_offline(fake: FakeDiscord, path: Path, guild: int, channels: list[int],
                              players: list[int]) -> tuple[set[int], dict[int, int], dict[int, int]]:
    """Gin tables in `channels`, the players in turn at seat 0 against a seat bot, opened and
    started with the bot offline (no pictures), every player with a hand message. Returns the
    tables whose player must act, each table's message and each table's hand message."""
    db = await open_database(path)
    settings = Settings(token="fake-token", database_path=path, starting_chips=10_000)
    wallets = WalletService(db, settings, utc_now)
    await wallets.set_setting(guild, "images", 0)
    service = TableService(db, wallets, Seeding(fake), utc_now, bot_delay_s=3600, pacer=Pacer(channel_interval=0))
    urgent = set()
    for i, channel in enumerate(channels):
        player = players[i % len(players)]
        table = (await service.open(guild, channel, player, "gin_rummy", seed=i)).table_id
        await service.join(table, player, f"P{i}")
        await service.add_bot(table, player)
        if 0 in (await service.start(table, player)).to_act:
            urgent.add(table)
    await service.autoplay.stop()   # the seat bots wait for the restart
    await service.settle()
    await service.stop()
    async with db.read() as tx:
        told = {r["table_id"] for r in await fetch_all(tx, "SELECT table_id FROM hand_messages")}
    for i in range(len(channels)):   # the others were told on an earlier turn
        table = i + 1
        if table not in told:
            dm = fake.dm_channel_id(players[i % len(players)])
            await db.commit_alone([tables.hand_message_step(table, 0, dm, fake.seed_bot_message(dm, "hand").id)])
    async with db.read() as tx:
        rows = await fetch_all(tx, "SELECT id, message_id FROM game_tables")
        hands = await fetch_all(tx, "SELECT table_id, message_id FROM hand_messages")
    await db.close()
    return urgent, {r["id"]: r["message_id"] for r in rows}, {r["table_id"]: r["message_id"] for r in hands}
