"""Group commit: saves that need nothing else are committed together, each undone alone."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from storage.db import Database, Step, fetch_all
from storage.sqlite import SqliteDatabase


async def _scratch(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute("CREATE TABLE scratch (n INTEGER NOT NULL)")


async def _values(db: Database) -> list[int]:
    async with db.read() as tx:
        return [r[0] for r in await fetch_all(tx, "SELECT n FROM scratch ORDER BY n")]


def _insert(n: int) -> list[Step]:
    return [Step("INSERT INTO scratch (n) VALUES (:n)", {"n": n})]


def _refuse(_: Any) -> None:
    raise LookupError("stale")


def _fails_after_writing() -> list[Step]:
    return [Step("INSERT INTO scratch (n) VALUES (990)"), Step("SELECT 1", query=True, check=_refuse)]


@pytest.mark.both_backends
async def test_a_failing_save_is_undone_alone(db: Database) -> None:
    await _scratch(db)
    async with db.transaction():   # the database is busy while the saves arrive, so they wait together
        saves = [asyncio.ensure_future(db.commit_alone(_insert(n))) for n in (10, 20)]
        failing = asyncio.ensure_future(db.commit_alone(_fails_after_writing()))
        saves.append(asyncio.ensure_future(db.commit_alone(_insert(30))))
        await asyncio.sleep(0)
    await asyncio.gather(*saves)
    with pytest.raises(LookupError):
        await failing
    assert await _values(db) == [10, 20, 30]   # the failing save's row was undone, the others kept


async def test_saves_waiting_together_go_in_one_trip(db: Database) -> None:
    assert isinstance(db, SqliteDatabase)   # PostgreSQL groups table saves only (tests/tables/test_trips.py)
    await _scratch(db)
    trips = 0
    real: Callable[..., Awaitable[Any]] = db.conn._execute

    async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        nonlocal trips
        trips += 1
        return await real(fn, *args, **kwargs)

    db.conn._execute = counted  # type: ignore[method-assign]
    async with db.transaction():
        saves = [asyncio.ensure_future(db.commit_alone(_insert(n))) for n in (10, 20, 30)]
        await asyncio.sleep(0)
        trips_before = trips
    await asyncio.gather(*saves)
    assert trips - trips_before == 2   # COMMIT of the busy transaction, then one trip for the group
    assert await _values(db) == [10, 20, 30]


async def test_a_save_whose_waiter_was_cancelled_is_not_run(db: Database) -> None:
    await _scratch(db)
    async with db.transaction():
        cancelled = asyncio.ensure_future(db.commit_alone(_insert(10)))
        kept = asyncio.ensure_future(db.commit_alone(_insert(20)))
        await asyncio.sleep(0)
        cancelled.cancel()
    await kept
    assert cancelled.cancelled()
    assert await _values(db) == [20]
