"""Wallets and the ledger: conservation, idempotency, concurrency, migrations."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.errors import NotEnoughChips, PlayerError
from bot.inputs import Person
from bot.wallet import WalletService
from storage import ledger
from storage.connect import open_database
from storage.db import Database, fetch_single, migrations
from storage.ledger import HOUSE, Transfer, wallet

pytestmark = pytest.mark.both_backends

G = 1


async def books(db: Database, guild: int = G) -> ledger.Audit:
    async with db.read() as tx:
        return await ledger.audit(tx, guild)


async def test_first_use_grants_starting_chips_once(wallets: WalletService, db: Database) -> None:
    assert (await wallets.balance(G, 10)).wallet == 1000
    assert (await wallets.balance(G, 10)).wallet == 1000
    async with db.read() as tx:
        assert await ledger.balance(tx, G, HOUSE) == -1000
    assert (await books(db)).ok


async def test_daily_once_per_utc_day(wallets: WalletService, clock: FakeClock, db: Database) -> None:
    amount, balance = await wallets.daily(G, 10)
    assert (amount, balance) == (100, 1100)
    with pytest.raises(PlayerError, match="already claimed"):
        await wallets.daily(G, 10)
    assert (await wallets.balance(G, 10)).wallet == 1100
    clock.advance(24 * 3600)
    assert (await wallets.daily(G, 10))[1] == 1200
    assert (await books(db)).ok


async def test_give_moves_chips_and_refuses_overdraft(wallets: WalletService, db: Database) -> None:
    assert await wallets.give(G, 10, Person(11), 300) == 700
    assert (await wallets.balance(G, 11)).wallet == 1300
    with pytest.raises(NotEnoughChips, match="You have 700 chips"):
        await wallets.give(G, 10, Person(11), 701)
    assert (await wallets.balance(G, 10)).wallet == 700
    with pytest.raises(PlayerError):
        await wallets.give(G, 10, Person(10), 5)
    assert (await books(db)).ok


async def test_a_retried_gift_pays_once(wallets: WalletService, db: Database) -> None:
    await wallets.give(G, 10, Person(11), 50, key="abc")
    await wallets.give(G, 10, Person(11), 50, key="abc")
    assert (await wallets.balance(G, 10)).wallet == 950
    assert (await wallets.balance(G, 11)).wallet == 1050


async def test_admin_grant_and_take(wallets: WalletService, db: Database) -> None:
    assert await wallets.grant(G, 1, Person(10), 500) == 1500
    assert await wallets.take(G, 1, Person(10), 1500) == 0
    with pytest.raises(NotEnoughChips):
        await wallets.take(G, 1, Person(10), 1)
    assert (await books(db)).ok


async def test_servers_have_separate_wallets(wallets: WalletService, db: Database) -> None:
    await wallets.give(G, 10, Person(11), 100)
    assert (await wallets.balance(2, 10)).wallet == 1000
    assert (await books(db, 1)).ok and (await books(db, 2)).ok


async def test_100_concurrent_gives_and_dailies_never_overdraw(wallets: WalletService, db: Database) -> None:
    await wallets.balance(G, 10)  # 1000 chips
    gives = [wallets.give(G, 10, Person(11 + i % 3), 30) for i in range(100)]
    dailies = [wallets.daily(G, 10) for _ in range(100)]
    results = await asyncio.gather(*gives, *dailies, return_exceptions=True)
    gave = sum(1 for r in results[:100] if not isinstance(r, Exception))
    claimed = sum(1 for r in results[100:] if not isinstance(r, Exception))
    assert claimed == 1
    assert all(isinstance(r, PlayerError) for r in results if isinstance(r, Exception))
    balance = (await wallets.balance(G, 10)).wallet
    assert balance >= 0
    assert balance == 1000 + 100 - 30 * gave
    # the daily may land at any point: before the gifts run dry (36 fit), after every gift (33), or
    # while the last ones are still being refused (in between)
    assert 1000 // 30 <= gave <= (1000 + 100) // 30
    assert (await books(db)).ok


async def test_the_house_is_the_only_account_that_goes_negative(db: Database) -> None:
    async with db.transaction() as tx:
        await ledger.transfer(tx, G, Transfer(HOUSE, wallet(5), 10, "grant", "", "k1"), "t")
    with pytest.raises(ledger.InsufficientFunds):
        async with db.transaction() as tx:
            await ledger.transfer(tx, G, Transfer(wallet(5), wallet(6), 11, "gift", "", "k2"), "t")
    async with db.read() as tx:
        assert await ledger.balance(tx, G, wallet(5)) == 10
        assert await ledger.balance(tx, G, wallet(6)) == 0


async def test_migrations_upgrade_an_old_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE unrelated (x INTEGER)")
    con.execute("INSERT INTO unrelated VALUES (7)")
    con.commit()
    con.close()
    db = await open_database(path)
    try:
        assert await db.schema_version() == migrations()[-1][0]
        async with db.read() as tx:
            assert (await fetch_single(tx, "SELECT x FROM unrelated"))[0] == 7
            assert (await fetch_single(tx, "PRAGMA journal_mode"))[0] == "wal"
            assert (await fetch_single(tx, "PRAGMA foreign_keys"))[0] == 1
    finally:
        await db.close()
    again = await open_database(path)  # a second start applies nothing twice
    assert await again.schema_version() == migrations()[-1][0]
    await again.close()


async def test_a_failed_transaction_changes_nothing(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await ledger.transfer(tx, G, Transfer(HOUSE, wallet(5), 10, "grant", "", "k1"), "t")
            raise RuntimeError("boom")
    async with db.read() as tx:
        assert await ledger.balance(tx, G, wallet(5)) == 0
    assert (await books(db)).ok


def test_each_migration_has_a_version_of_its_own() -> None:
    """A database records only its version number: two files sharing one would leave the second
    unapplied on any database that had already reached that number."""
    versions = [version for version, _, _ in migrations()]
    assert versions == sorted(set(versions)) == list(range(1, len(versions) + 1))
