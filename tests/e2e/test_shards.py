"""Two bot processes, one shard each, against one fake Discord and one PostgreSQL database.

Each process is the real bot started as `python -m tests.e2e.run_bot` (as in production, with
SHARD_COUNT=2 and its own SHARD_IDS); the fake sends each server's events to the process of its
shard. The test reads what the processes committed through the storage layer.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.tables.ownership import JOINING_SHARE
from storage import ledger, tables
from storage.connect import open_database
from storage.db import Database, fetch_all, fetch_one

from tests.e2e.fake_discord import FakeDiscord, FakeGuild, FakeMessage

ROOT = Path(__file__).resolve().parents[2]
LEASE_S = 2
TURN_S = 10   # the shortest turn timer a server may set
T = TypeVar("T")


async def until(check: Callable[[], Awaitable[T]], what: str, timeout: float = 120) -> T:
    """Wait for the database to show something: a safety net against hangs, never a budget."""
    async with asyncio.timeout(timeout):
        while not (found := await check()):
            await asyncio.sleep(0.05)
    return found


class Cluster:
    """The fake Discord, the shared database, and the bot processes on it."""

    def __init__(self, fake: FakeDiscord, url: str, tmp: Path) -> None:
        self.fake, self.url, self.tmp = fake, url, tmp
        self.procs: dict[int, asyncio.subprocess.Process] = {}

    async def start(self, shard: int, **settings: str) -> None:
        env = {**os.environ, **settings, "DISCORD_TOKEN": "fake-token", "DATABASE_URL": self.url,
               "DATABASE_PATH": str(self.tmp / f"shard{shard}" / "bot.db"),   # the command-sync marker's folder
               "SHARD_COUNT": "2", "SHARD_IDS": str(shard), "LEASE_TIMEOUT_S": str(LEASE_S), "BOT_DELAY_S": "0",
               "TURN_TIMEOUT_S": str(TURN_S), "AFK_TURNS": "2", "LOG_LEVEL": "WARNING", "DEV_GUILD_ID": ""}
        before = self.fake.identify_count
        self.procs[shard] = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.run_bot", self.fake.api_base, self.fake.gateway_url, cwd=ROOT, env=env,
            stdin=asyncio.subprocess.DEVNULL)
        await self.fake.wait_identified(timeout=60, after=before)

    async def stop(self, shard: int, sig: int = signal.SIGTERM) -> None:
        proc = self.procs.pop(shard)
        proc.send_signal(sig)
        await proc.wait()


@pytest.fixture
async def cluster(fake_discord: FakeDiscord, pg_url: str, tmp_path: Path) -> AsyncIterator[Cluster]:
    running = Cluster(fake_discord, pg_url, tmp_path)
    try:
        yield running
    finally:
        for shard in list(running.procs):
            await running.stop(shard)


@pytest.fixture
async def db(pg_url: str) -> AsyncIterator[Database]:
    """The shared database, as the test reads it."""
    database = await open_database(pg_url)
    yield database
    await database.close()


def server(fake: FakeDiscord, shard: int) -> tuple[FakeGuild, int, int]:
    """A server on `shard` of 2, with a channel, and Alice and Bob in it."""
    guild = fake.create_guild(f"Shard {shard}", channels=["casino", "lounge"], shard=(shard, 2))
    return guild, fake.add_member(guild.id, f"alice{shard}"), fake.add_member(guild.id, f"bob{shard}")


async def table_message(fake: FakeDiscord, channel: int) -> FakeMessage:
    return await fake.wait_for_message(channel, lambda m: any(cid.startswith("cr:") for cid in m.custom_ids()))


def verb_id(message: FakeMessage, verb: str) -> str:
    return next(cid for cid in message.custom_ids() if cid.endswith(f":{verb}"))


async def open_with_a_bot(fake: FakeDiscord, guild: FakeGuild, host: int, channel: int) -> None:
    """The host opens Gin Rummy in `channel`, sits a seat bot down and starts."""
    await (await fake.slash(host, guild.id, channel, "play", {"game": "gin_rummy"})).reply()
    lobby = await table_message(fake, channel)
    await (await fake.click(host, lobby, verb_id(lobby, "bot"))).reply()
    await (await fake.click(host, lobby, verb_id(lobby, "start"))).edited()


async def table_in(db: Database, channel: int) -> Any:
    async with db.read() as tx:
        return await fetch_one(tx, "SELECT id, status, version FROM game_tables WHERE channel_id = :c "
                                   "ORDER BY id DESC LIMIT 1", {"c": channel})


async def finished(db: Database, channel: int) -> bool:
    row = await table_in(db, channel)
    return row is not None and row["status"] == "finished"


async def timeouts(db: Database, table_id: int) -> list[int]:
    """The versions whose action was a timeout."""
    async with db.read() as tx:
        logged = await tables.actions(tx, table_id)
    return [a["version"] for a in logged if any(e["kind"] == "timeout" for e in a["events"])]


async def books_balance(db: Database, *guilds: FakeGuild) -> bool:
    async with db.read() as tx:
        return all([(await ledger.audit(tx, g.id)).ok for g in guilds])


async def test_two_shard_processes_share_one_postgresql(cluster: Cluster, db: Database) -> None:
    fake = cluster.fake
    (g0, alice0, bob0), (g1, alice1, _) = server(fake, 0), server(fake, 1)
    await cluster.start(0)
    await cluster.start(1)

    # Tables in servers of both shards play to the end: the host leaves, and the process that
    # drives the table plays the leaver's turns and the bot's until the deal, and the game, end.
    for guild, host in ((g0, alice0), (g1, alice1)):
        casino = guild.channel("casino")
        await open_with_a_bot(fake, guild, host, casino)
        await (await fake.slash(host, guild.id, casino, "leave")).reply()
    for casino in (g0.channel("casino"), g1.channel("casino")):
        await until(partial(finished, db, casino), "a table that ended")

    # 100 gifts and daily claims at once, spread over both processes (whichever receives them).
    fake.route = lambda event, data: int(data["id"]) % 2 if event == "INTERACTION_CREATE" else None
    before = (await _wallet(db, g0, alice0))
    sent = await asyncio.gather(*(fake.slash(alice0, g0.id, g0.channel("casino"), "give",
                                             {"user": bob0, "amount": 30}) if i % 2 else
                                  fake.slash(alice0, g0.id, g0.channel("casino"), "daily") for i in range(100)))
    replies = [(await rec.reply()).text for rec in sent]
    fake.route = None
    gave = sum("You gave" in text for text in replies)
    claimed = sum("You claimed" in text for text in replies)
    assert claimed == 1
    assert gave in (before // 30, (before + 100) // 30)   # the daily landed before or after the gifts ran dry
    after = await _wallet(db, g0, alice0)
    assert after == before + 100 - 30 * gave >= 0
    async with db.read() as tx:
        dailies = await fetch_all(tx, "SELECT id FROM ledger WHERE kind = 'grant:daily' AND guild_id = :g",
                                  {"g": g0.id})
    assert len(dailies) == 1

    # A deadline fires once, in the process that drives the table; when that process is killed,
    # the other takes the table over after the lease and plays it to the end.
    lounge = g1.channel("lounge")
    await open_with_a_bot(fake, g1, alice1, lounge)
    table_id = (await table_in(db, lounge))["id"]
    first = await until(lambda: timeouts(db, table_id), "the first deadline", timeout=TURN_S * 6)
    await cluster.stop(1, signal.SIGKILL)
    await until(lambda: finished(db, lounge), "the table taken over to its end", timeout=TURN_S * 12)
    fired = await timeouts(db, table_id)
    assert fired[:1] == first and len(fired) == 2   # one per deadline: Alice then left (AFK_TURNS=2)
    assert await books_balance(db, g0, g1)


async def _wallet(db: Database, guild: FakeGuild, user: int) -> int:
    async with db.read() as tx:
        return await ledger.balance(tx, guild.id, ledger.wallet(user))


async def test_two_shard_processes_stay_together_within_one_budget(cluster: Cluster, db: Database) -> None:
    """Discord's limit is the bot token's: two processes, each opening eight tables at once in its
    own shard's server, together never send more than the budget in a second (a newcomer's
    first request a second apart), and none is refused. When one is killed, the other takes up
    the whole budget once its lease has run out."""
    fake = cluster.fake
    fake.global_per_s = 8
    servers = []
    for shard in (0, 1):
        guild = fake.create_guild(f"Shard {shard}", channels=[f"table-{i}" for i in range(8)], shard=(shard, 2))
        servers.append((guild, [(c, fake.add_member(guild.id, f"host{shard}-{c}")) for c in guild.channel_ids]))
    for shard in (0, 1):
        await cluster.start(shard, DISCORD_REQUESTS_PER_S="6")
    began = len(fake.counted)
    await asyncio.gather(*(open_with_a_bot(fake, guild, host, channel)
                           for guild, tables in servers for channel, host in tables))
    every = [channel for _, tables in servers for channel, _ in tables]
    await until(lambda: shown(fake, every), "every table shown")
    # the tables are shown through their Start clicks; the bot's own requests (lobbies, DMs, hands)
    # far exceed 6 a second, asked for at once
    async def issued() -> bool:
        return len(fake.counted) - began > 50
    await until(issued, "the bot's own requests")
    assert fake.rate_limited == [] and fake.invalid == []
    assert fake.busiest_second() <= 6 + JOINING_SHARE

    await cluster.stop(1, signal.SIGKILL)
    assert await until(lambda: shares(db), "the survivor's whole budget", timeout=60) == [6.0]


async def shown(fake: FakeDiscord, channels: list[int]) -> bool:
    return all(any(cid.endswith(":hand") for m in fake.channel_messages(c) for cid in m.custom_ids()) for c in channels)


async def shares(db: Database) -> list[float] | None:
    """The processes' shares of the budget, once only one process holds the whole of it."""
    async with db.read() as tx:
        found = [float(r["per_s"]) for r in await fetch_all(tx, "SELECT per_s FROM request_shares")]
    return found if found == [6.0] else None
