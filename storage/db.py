"""The SQLite connection: pragmas, migrations and explicit transactions."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

T = TypeVar("T")

Tx = aiosqlite.Connection
"""A connection inside `Database.transaction()`; storage functions take it first."""


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every migration shipped in storage/migrations, in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Database:
    """One aiosqlite connection, serialised by a lock.

    `isolation_level=None` keeps sqlite3 from opening transactions behind our back; every write
    goes through `transaction()`, which takes the write lock first (`BEGIN IMMEDIATE`) so two
    writers never act on one stale balance.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._waiting: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._committer: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:  # a file that is no database fails here; close, or its thread keeps the process alive
            conn.row_factory = aiosqlite.Row
            # WAL with synchronous=NORMAL: a commit survives a crash of the process (kill -9 leaves
            # the old state or the new one) and costs no fsync; a power cut may lose the last
            # moments of play, never half an action. FULL made every click wait for the disk.
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "busy_timeout=5000", "synchronous=NORMAL"):
                await conn.execute(f"PRAGMA {pragma}")
            db = cls(conn)
            await db.migrate()
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        await self._conn.close()

    async def schema_version(self) -> int:
        version: int = (await fetch_single(self._conn, "PRAGMA user_version"))[0]
        return version

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction."""
        current = await self.schema_version()
        for version, name, sql in migrations():
            if version <= current:
                continue
            log.info("applying migration %04d_%s", version, name)
            async with self._lock:
                try:
                    await self._conn.execute("BEGIN IMMEDIATE")
                    for statement in _statements(sql):
                        await self._conn.execute(statement)
                    await self._conn.execute(f"PRAGMA user_version = {version:d}")
                except BaseException:
                    await self._rollback()
                    raise
                await self._conn.execute("COMMIT")

    async def _rollback(self) -> None:
        """Undo whatever is open, even when the failure (a cancellation) came during BEGIN: the
        BEGIN may still run after we were cancelled, and the connection's queue keeps order, so
        the ROLLBACK always goes in (it is a no-op error when nothing was begun)."""
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            if "no transaction is active" not in str(exc):
                raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A write transaction: committed on exit, rolled back on any exception."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def commit_alone(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` (in the database's thread) as a write of its own, durable on return.

        Writes that need nothing else from the database (a move's save) wait here together and
        are committed as a group: one trip to the database thread and one COMMIT for all that
        came while the previous group was writing. Each runs under its own savepoint, so one
        that raises (a stale version) is undone alone and its caller gets the exception.
        """
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_waiting(), name="group-commit")
        return await done

    async def _commit_waiting(self) -> None:
        while self._waiting:
            async with self._lock:
                group = [(work, done) for work, done in self._waiting if not done.done()]
                self._waiting = []
                if not group:
                    continue
                try:
                    outcomes = await in_one_trip(self._conn, partial(_commit_group, [work for work, _ in group]))
                except BaseException as exc:
                    for _, done in group:
                        if not done.done():
                            done.set_exception(exc)
                    if isinstance(exc, asyncio.CancelledError):
                        raise
                    continue
            for (_, done), (value, error) in zip(group, outcomes, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(value)
                else:
                    done.set_exception(error)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Reads that need a consistent snapshot (a deferred transaction)."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN")
                yield self._conn
            finally:
                await self._rollback()


def _commit_group(works: list[Callable[[sqlite3.Connection], Any]],
                  c: sqlite3.Connection) -> list[tuple[Any, Exception | None]]:
    """One transaction for a group of writes, each undone alone if it raises."""
    c.execute("BEGIN IMMEDIATE")
    try:
        outcomes: list[tuple[Any, Exception | None]] = []
        for work in works:
            c.execute("SAVEPOINT one_write")
            try:
                outcomes.append((work(c), None))
            except Exception as exc:
                c.execute("ROLLBACK TO one_write")
                outcomes.append((None, exc))
            c.execute("RELEASE one_write")
        c.execute("COMMIT")
    except BaseException:
        if c.in_transaction:
            c.execute("ROLLBACK")
        raise
    return outcomes


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations have no semicolons in strings)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


Params = dict[str, Any] | tuple[Any, ...]
"""Named (`:name`) or positional (`?`) query parameters."""


async def in_one_trip(tx: Tx, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` on the connection inside the database's own thread.

    Each `await tx.execute(...)` is a round trip between the event loop and that thread, and on a
    busy machine the trip costs more than the statement; a hot path that writes several rows
    does them in one trip instead. (aiosqlite queues callables for its thread with `_execute`,
    which has no public name.)
    """
    result: T = await tx._execute(work, tx._conn)  # type: ignore[no-untyped-call]  # aiosqlite leaves it untyped
    return result


async def fetch_one(tx: Tx, sql: str, params: Params = ()) -> aiosqlite.Row | None:
    """The first row, or None. One trip to the database thread (execute and fetch together)."""
    rows = await tx.execute_fetchall(sql, params)
    return next(iter(rows), None)


async def fetch_single(tx: Tx, sql: str, params: Params = ()) -> aiosqlite.Row:
    """The row of a query that always returns one (an aggregate, a PRAGMA); none is a bug."""
    row = await fetch_one(tx, sql, params)
    if row is None:
        raise RuntimeError(f"expected a row from {sql!r}")
    return row


async def fetch_all(tx: Tx, sql: str, params: Params = ()) -> list[aiosqlite.Row]:
    """Every row, in one trip to the database thread."""
    return list(await tx.execute_fetchall(sql, params))
