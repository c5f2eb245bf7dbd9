"""Several processes on one PostgreSQL database: each `Database` here is what one bot process
opens (its own pool of connections), so nothing is shared between them but the server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.clock import FakeClock
from bot.config import Settings
from bot.errors import PlayerError
from bot.inputs import Person
from bot.tables.ownership import JOINING_SHARE, Leases, Shards, Shares, shard_of
from bot.tables.pacing import Budget
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import ledger
from storage.connect import open_database
from storage.db import Database, fetch_all
from storage.ledger import HOUSE, Transfer, wallet

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.toy_game import HighCard, Show

G, C = 1, 100
ALICE, BOB = 11, 12


@pytest.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[Database, Database]]:
    first, second = await asyncio.gather(open_database(pg_url), open_database(pg_url))  # both migrate at once
    yield first, second
    await asyncio.gather(first.close(), second.close())


async def test_two_processes_migrating_at_once_apply_each_migration_once(two: tuple[Database, Database]) -> None:
    first, second = two
    assert await first.schema_version() == await second.schema_version() > 0
    async with first.read() as tx:
        assert len(await fetch_all(tx, "SELECT version FROM schema_version")) == 1


async def test_concurrent_gives_and_dailies_over_two_processes_never_overdraw_or_pay_twice(
        two: tuple[Database, Database], settings: Settings, clock: FakeClock) -> None:
    a, b = (WalletService(db, settings, clock) for db in two)
    await a.balance(G, 10)   # 1000 chips
    gives = [(a if i % 2 else b).give(G, 10, Person(11 + i % 3), 30) for i in range(100)]
    dailies = [(b if i % 2 else a).daily(G, 10) for i in range(100)]
    results = await asyncio.gather(*gives, *dailies, return_exceptions=True)
    assert all(isinstance(r, PlayerError) for r in results if isinstance(r, BaseException)), \
        [r for r in results if isinstance(r, BaseException) and not isinstance(r, PlayerError)]
    gave = sum(1 for r in results[:100] if not isinstance(r, BaseException))
    claimed = sum(1 for r in results[100:] if not isinstance(r, BaseException))
    assert claimed == 1
    balance = (await b.balance(G, 10)).wallet
    assert balance == 1000 + 100 - 30 * gave >= 0
    # every gift paid while the wallet held 30: 33 from the grant alone, up to 36 with the daily,
    # as many as were still to come when the daily landed
    assert 1000 // 30 <= gave <= (1000 + 100) // 30
    async with two[0].read() as tx:
        assert (await ledger.audit(tx, G)).ok


async def test_one_idempotency_key_pays_once_across_processes(two: tuple[Database, Database]) -> None:
    async def grant(db: Database) -> bool:
        async with db.transaction() as tx:
            return await ledger.transfer(tx, G, Transfer(HOUSE, wallet(5), 10, "grant", "", "same-key"), "t")

    assert sorted(await asyncio.gather(*(grant(db) for db in two * 5))) == [False] * 9 + [True]
    async with two[1].read() as tx:
        assert await ledger.balance(tx, G, wallet(5)) == 10


async def test_a_deadline_seen_by_two_processes_fires_once(two: tuple[Database, Database], settings: Settings,
                                                           clock: FakeClock) -> None:
    """Buki-Domino's first player acts twice in a row, so a second firing would find the seat
    still to act: only the claim (the table still at the version whose deadline passed) stops it."""
    services = [TableService(db, WalletService(db, settings, clock), RecordingPresenter(), clock,
                             pacer=unpaced()) for db in two]
    first, second = services
    t = (await first.open(G, C, ALICE, "buki_domino", seed=7)).table_id
    for user in (ALICE, BOB, 13, 14):   # four people: every seat has a deadline
        await first.join(t, user, f"P{user}")
    started = await first.start(t, ALICE)
    await second.restore()   # both hold the table in memory, and both see its deadline pass
    clock.advance(3600)
    seat = started.to_act[0]
    moved = await asyncio.gather(*(s.autoplay.auto_move(t, seat, expired=started.version) for s in services))
    assert sorted(moved, key=str) == [started.version + 1, None]
    assert seat in (await first.snapshot(t)).to_act   # the seat was still to act: only the claim held it back
    clock.advance(3600)   # the next deadline passes too; both deadline loops run
    await asyncio.gather(first.fire_due(), second.fire_due())
    for service in services:
        await service.settle()
    async with two[0].read() as tx:
        timeouts = await fetch_all(tx, "SELECT version FROM table_actions WHERE table_id = :t AND version > :v",
                                   {"t": t, "v": started.version})
    assert [r["version"] for r in timeouts] == [started.version + 1, started.version + 2]   # one per deadline


async def test_a_process_drives_only_its_shards_until_a_silent_ones_lease_expires(
        two: tuple[Database, Database], clock: FakeClock) -> None:
    mine, theirs = Shards(2, [0]), Shards(2, [1])
    first, second = Leases(two[0], mine, clock, timeout_s=10), Leases(two[1], theirs, clock, timeout_s=10)
    assert await first.tick() == set() and await second.tick() == set()
    guild_0, guild_1 = 0 << 22, 1 << 22
    assert (shard_of(guild_0, 2), shard_of(guild_1, 2)) == (0, 1)
    assert mine.drives(guild_0) and not mine.drives(guild_1)
    clock.advance(6)
    await first.tick()
    await second.tick()   # its last word: it says nothing from now on
    clock.advance(6)
    assert await first.tick() == set()   # 6 s since its last word: not yet
    clock.advance(5)
    assert await first.tick() == {1}
    assert mine.drives(guild_1)
    assert await second.tick() == set()   # it comes back: its own shard is its own again
    assert theirs.drives(guild_1)
    await first.tick()
    assert not mine.drives(guild_1) and mine.drives(guild_0)


async def test_a_click_another_process_serves_is_picked_up_by_the_process_that_drives_the_table(
        two: tuple[Database, Database], settings: Settings, clock: FakeClock) -> None:
    """Discord may hand a click to a process that does not drive the table (a DM goes to shard 0):
    it serves it, leaves the seat bot alone, and the driving process, seeing the stored version
    move past its live copy, drives on."""
    guild = 1 << 22   # on shard 1 of 2
    owner, other = (TableService(db, WalletService(db, settings, clock), RecordingPresenter(), clock,
                                 games={"high_card": HighCard}, pacer=unpaced(), shards=Shards(2, [shard]))
                    for db, shard in zip(two, (1, 0)))
    t = (await owner.open(guild, C, ALICE, "high_card", seed=7)).table_id
    await owner.join(t, ALICE, "Alice")
    await owner.add_bot(t, ALICE)
    started = await owner.start(t, ALICE)
    await owner.settle()
    assert started.to_act == (0,)
    clicked = await other.act(t, ALICE, Show(), started.version)
    await other.settle()
    assert clicked.to_act == (1,)   # the bot's turn, which the serving process does not play
    assert (await other.snapshot(t)).version == clicked.version
    await owner.autoplay.revalidate()
    await owner.settle()
    after = await owner.snapshot(t)
    assert after.version > clicked.version and 1 not in after.to_act


async def test_two_processes_opening_one_channel_at_once_get_one_table(two: tuple[Database, Database],
                                                                       settings: Settings, clock: FakeClock) -> None:
    """The one-open-table-per-channel index decides; the process that lost says so, as one process would."""
    services = [TableService(db, WalletService(db, settings, clock), RecordingPresenter(), clock,
                             games={"high_card": HighCard}, pacer=unpaced()) for db in two]
    for channel in range(C + 1, C + 6):   # a few rounds, so the two really meet
        opened = await asyncio.gather(services[0].open(G, channel, ALICE, "high_card"),
                                      services[1].open(G, channel, BOB, "high_card"), return_exceptions=True)
        refused = [r for r in opened if isinstance(r, BaseException)]
        assert len(refused) == 1 and isinstance(refused[0], PlayerError), opened
        assert "already has a table" in str(refused[0])
    async with two[0].read() as tx:
        assert len(await fetch_all(tx, "SELECT id FROM game_tables")) == 5


async def test_processes_split_the_request_budget_and_take_up_a_silent_ones_share(
        pg_url: str, clock: FakeClock) -> None:
    """Discord's limit is the bot token's: the processes' shares never add up to more than the
    budget (but for a newcomer's first request a second), and a process gone silent leaves its
    share to the others after the lease timeout."""
    seconds = [0.0]
    dbs = [await open_database(pg_url) for _ in range(3)]
    budgets = [Budget(40, clock=lambda: seconds[0]) for _ in dbs]
    shares = [Shares(db, budget, clock, timeout_s=10, shards=Shards(3, [i]))
              for i, (db, budget) in enumerate(zip(dbs, budgets))]

    def wait(s: float) -> None:
        clock.advance(s)
        seconds[0] += s
        assert sum(b.per_second for b in live) <= 40 + JOINING_SHARE

    async def tick(*which: int) -> None:
        for i in which:
            await shares[i].tick()
            assert sum(b.per_second for b in live) <= 40 + JOINING_SHARE

    try:
        live = budgets[:1]
        budgets[0].set_share(JOINING_SHARE)   # as a process starts on a shared database
        await tick(0)
        wait(1)
        assert budgets[0].per_second == 40   # alone

        live = budgets[:2]
        budgets[1].set_share(JOINING_SHARE)
        await tick(1)
        assert budgets[1].per_second == JOINING_SHARE   # no room yet
        await tick(0)
        assert budgets[0].per_second == 20   # made room at once
        await tick(1)
        assert budgets[1].per_second == JOINING_SHARE   # taken up a second later
        wait(1)
        assert budgets[1].per_second == 20

        live = budgets
        budgets[2].set_share(JOINING_SHARE)
        for _ in range(3):
            await tick(2, 0, 1)
            wait(1)
        assert [round(b.per_second, 2) for b in budgets] == [13.33] * 3

        live = budgets[:2]   # the third goes silent, for longer than the lease timeout (10 s)
        for _ in range(12):
            await tick(0, 1)
            wait(1)
        assert [round(b.per_second, 2) for b in live] == [20, 20]

        await shares[0].withdraw()   # the first stops: its share goes at once, not after the lease
        live = budgets[1:2]
        await tick(1)
        wait(1)
        assert budgets[1].per_second == 40

        # the second dies and starts again at once: it takes its own share back, not the floor
        again = Budget(40, clock=lambda: seconds[0])
        again.set_share(JOINING_SHARE)
        live = [again]
        await Shares(dbs[1], again, clock, timeout_s=10, shards=Shards(3, [1])).tick()
        wait(1)
        assert again.per_second == 40
    finally:
        for db in dbs:
            await db.close()
