"""`cardroom migrate-db`: a live SQLite database, with tables of every game under way, moves into
an empty PostgreSQL database; the bot resumes there and the books balance."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.clock import FakeClock, stamp
from bot.config import Settings
from bot.games import GAMES
from bot.inputs import Person
from bot.moving import move_database, read_books
from bot.tables.ownership import Leases, Shards, Shares
from bot.tables.pacing import Budget
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import dms, languages, moving, privacy
from storage.connect import open_database
from storage.db import Database, fetch_all
from storage.postgres import PostgresDatabase
from storage.sqlite import SqliteDatabase

from tests.conftest import RecordingPresenter, pg_schema, unpaced

G, OTHER = 1, 2
ALICE, BOB, CAROL = 11, 12, 13


async def _play(service: TableService, table_id: int, person: int, moves: int) -> None:
    """`person` makes up to `moves` decisions as their seat bot would; the bots answer."""
    for _ in range(moves):
        await service.settle()
        snap = await service.hand(table_id, person)
        mine = snap.seat_of(person)
        if snap.status != "playing" or mine is None or mine.seat not in snap.legal:
            return
        await service.act(table_id, person, await service.suggest(table_id, mine.seat), snap.version)


async def fill(path: Path, settings: Settings, clock: FakeClock) -> list[int]:
    """A SQLite database with something in every table: a table of every game under way, a lobby, a
    finished table, settings, languages, a lease and a share of the request budget, a closed DM, a
    server left; the open tables' ids."""
    db = await open_database(path)
    wallets = WalletService(db, settings, clock)
    service = TableService(db, wallets, RecordingPresenter(), clock, pacer=unpaced())
    try:
        open_ids = []
        for i, game_id in enumerate(sorted(GAMES)):
            person = 1000 + i
            t = (await service.open(G, 100 + i, person, game_id, seed=i)).table_id
            await service.join(t, person, f"P{person}")
            for _ in range(GAMES[game_id].min_players - 1):
                await service.add_bot(t, person)
            await service.start(t, person)
            await _play(service, t, person, 40)   # deals end along the way: their results are recorded
            open_ids.append(t)
        lobby = (await service.open(OTHER, 200, BOB, "gin_rummy")).table_id
        await service.join(lobby, BOB, "Bob")
        open_ids.append(lobby)
        done = (await service.open(OTHER, 201, CAROL, "bourre")).table_id
        await service.join(done, CAROL, "Carol")
        await service.add_bot(done, CAROL)
        await service.start(done, CAROL)
        await service.close(done)
        await service.settle()
        await wallets.set_setting(G, "daily_chips", 50)
        await wallets.daily(OTHER, BOB)
        async with db.transaction() as tx:
            await languages.set_user_language(tx, ALICE, "ja")
            await languages.set_guild_language(tx, G, "ja")
            await tx.run([languages.client_locales({BOB: "en-GB"})])
            await dms.mark_refused(tx, CAROL, stamp(clock()))
            await privacy.departed(tx, 3, stamp(clock()))   # a server the bot has left
        await Leases(db, Shards(), clock, 10).tick()
        await Shares(db, Budget(40), clock, 10, Shards()).tick()
        return [t for t in open_ids if (await service.snapshot(t)).status != "finished"]
    finally:
        await service.stop()
        await db.close()


async def contents(db: Database, names: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    async with db.read() as tx:
        return {name: sorted((tuple(r) for r in await fetch_all(tx, f'SELECT * FROM "{name}"')), key=repr)
                for name in names}


async def test_a_live_database_moves_to_postgresql_and_the_bot_resumes_its_tables(
        tmp_path: Path, pg_url: str, settings: Settings, clock: FakeClock, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bot.db"
    open_ids = await fill(source, settings, clock)
    src = await open_database(source)
    assert isinstance(src, SqliteDatabase)
    names = await moving.tables_in_order(src)
    before = await contents(src, names)
    await src.close()
    empty = sorted(name for name, rows in before.items() if not rows)
    assert not empty, f"add rows of {empty} to fill(), so that the test sees them copied"

    assert await asyncio.to_thread(main, ["migrate-db", str(source), pg_url]) == 0
    assert "the books balance before and after" in capsys.readouterr().out
    pg = await open_database(pg_url)
    try:
        assert await contents(pg, names) == before   # every row of every table
        service = TableService(pg, WalletService(pg, settings, clock), RecordingPresenter(), clock, pacer=unpaced())
        assert sorted(await service.restore()) == sorted(open_ids)
        for t in open_ids:   # each table plays on: its person moves, its bots answer
            snap = await service.snapshot(t)
            person = next(s.user_id for s in snap.seats if s.user_id is not None)
            if snap.status == "playing":
                versions = snap.version
                await _play(service, t, person, 3)
                await service.settle()
                assert (await service.snapshot(t)).version > versions
        new = (await service.open(G, 300, CAROL, "gin_rummy")).table_id   # ids go on after the copied ones
        assert new > max(r[0] for r in before["game_tables"])
        await service.stop()
        async with pg.read() as tx:
            books = await read_books(tx)
        assert books.wrong == ()
    finally:
        await pg.close()

    assert await asyncio.to_thread(main, ["migrate-db", str(source), pg_url]) == 2   # not into a database in use
    assert "already holds data" in capsys.readouterr().err


async def test_a_move_that_fails_leaves_the_target_empty_and_can_be_run_again(
        tmp_path: Path, settings: Settings, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "bot.db"
    db = await open_database(source)
    wallets = WalletService(db, settings, clock)
    await wallets.give(G, ALICE, Person(BOB), 10)
    await db.close()
    real = moving.copy

    async def cut_short(src: SqliteDatabase, dst: PostgresDatabase, check: Any) -> dict[str, int]:
        async def fails(tx: Any) -> None:
            raise ConnectionResetError("the server went away mid-copy")
        return await real(src, dst, fails)

    async with pg_schema() as url:
        monkeypatch.setattr(moving, "copy", cut_short)
        with pytest.raises(ConnectionResetError):
            await move_database(source, url)
        pg = await open_database(url)
        try:
            async with pg.read() as tx:
                assert not await fetch_all(tx, "SELECT * FROM ledger")
                assert not await fetch_all(tx, "SELECT * FROM accounts")
        finally:
            await pg.close()
        monkeypatch.setattr(moving, "copy", real)
        assert "copied" in await move_database(source, url)


async def test_books_that_do_not_balance_are_not_moved(tmp_path: Path, settings: Settings, clock: FakeClock,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bot.db"
    db = await open_database(source)
    await WalletService(db, settings, clock).balance(G, ALICE)
    async with db.transaction() as tx:
        await tx.execute("UPDATE accounts SET balance = balance + 5 WHERE account = 'user:11'")
    await db.close()
    assert await asyncio.to_thread(main, ["migrate-db", str(source), "postgresql://nobody@127.0.0.1:1/none"]) == 2
    assert "server 1: its balances sum to 5" in capsys.readouterr().err
