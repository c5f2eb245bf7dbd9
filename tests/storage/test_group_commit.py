"""Group commit: writes that need nothing else are committed together, each undone alone."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from storage.db import Database, fetch_all


async def _values(db: Database) -> list[int]:
    async with db.read() as tx:
        return [r[0] for r in await fetch_all(tx, "SELECT n FROM scratch ORDER BY n")]


def _insert(seat: int):  # type: ignore[no-untyped-def]
    def write(c: sqlite3.Connection) -> int:
        c.execute("INSERT INTO scratch (n) VALUES (?)", (seat * 10,))
        return seat
    return write


async def _scratch(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute("CREATE TABLE scratch (n INTEGER NOT NULL)")


def _fails_after_writing(c: sqlite3.Connection) -> None:
    c.execute("INSERT INTO scratch (n) VALUES (990)")
    raise LookupError("stale")


async def test_writes_waiting_together_commit_together_and_a_failing_one_alone_is_undone(db: Database) -> None:
    await _scratch(db)
    trips = 0
    real = db._conn._execute

    async def counted(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal trips
        trips += 1
        return await real(fn, *args, **kwargs)

    db._conn._execute = counted  # type: ignore[method-assign]
    async with db.transaction():   # the database is busy while the writes arrive, so they wait together
        waiting = [asyncio.ensure_future(db.commit_alone(_insert(s))) for s in (1, 2)]
        failing = asyncio.ensure_future(db.commit_alone(_fails_after_writing))
        waiting.append(asyncio.ensure_future(db.commit_alone(_insert(3))))
        await asyncio.sleep(0)
        trips_before = trips
    assert await asyncio.gather(*waiting) == [1, 2, 3]
    with pytest.raises(LookupError):
        await failing
    assert trips - trips_before == 2   # COMMIT of the busy transaction, then one trip for the group
    assert await _values(db) == [10, 20, 30]   # the failing write's row was undone, the others kept


async def test_a_write_whose_waiter_was_cancelled_is_not_run(db: Database) -> None:
    await _scratch(db)
    async with db.transaction():
        cancelled = asyncio.ensure_future(db.commit_alone(_insert(1)))
        kept = asyncio.ensure_future(db.commit_alone(_insert(2)))
        await asyncio.sleep(0)
        cancelled.cancel()
    assert await kept == 2
    assert cancelled.cancelled()
    assert await _values(db) == [20]
