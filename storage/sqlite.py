"""The SQLite backend: one aiosqlite connection, pragmas, `PRAGMA user_version` migrations and
explicit transactions."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from .db import Database, Params, Row, Step, Tx, migrations, statements

log = logging.getLogger(__name__)

T = TypeVar("T")


class SqliteTx(Tx):
    exclusive = True   # BEGIN IMMEDIATE: no other writer until COMMIT

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__()
        self.conn = conn

    async def execute(self, sql: str, params: Params | None = None) -> int:
        cur = await self.conn.execute(sql, params or {})
        return cur.rowcount

    async def fetch_all(self, sql: str, params: Params | None = None) -> list[Row]:
        """Execute and fetch together: one trip to the database thread."""
        return list(await self.conn.execute_fetchall(sql, params or {}))

    async def run(self, steps: Sequence[Step]) -> None:
        def work(c: sqlite3.Connection) -> None:
            for step in steps:
                if step.rows is not None:
                    c.executemany(step.sql, step.rows)
                    continue
                cur = c.execute(step.sql, step.params or {})
                result = cur.fetchall() if step.query else cur.rowcount
                if step.check is not None:
                    step.check(result)
        await in_one_trip(self, work)


async def in_one_trip(tx: SqliteTx, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` on the connection inside the database's own thread.

    Each `await conn.execute(...)` is a round trip between the event loop and that thread, and on
    a busy machine the trip costs more than the statement; a hot path that writes several rows
    does them in one trip instead. (aiosqlite queues callables for its thread with `_execute`,
    which has no public name.)
    """
    result: T = await tx.conn._execute(work, tx.conn._conn)  # type: ignore[no-untyped-call]  # aiosqlite leaves it untyped
    return result


class SqliteDatabase(Database):
    """One aiosqlite connection, serialised by a lock.

    `isolation_level=None` keeps sqlite3 from opening transactions behind our back; every write
    goes through `transaction()`, which takes the write lock first (`BEGIN IMMEDIATE`) so two
    writers never act on one stale balance. One process only: the file is not shared.
    """

    shared = False

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._tx = SqliteTx(conn)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
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
        version: int = (await self._tx.fetch_all("PRAGMA user_version"))[0][0]
        return version

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction."""
        current = await self.schema_version()
        for version, name, sql in migrations():
            if version <= current:
                continue
            log.info("applying migration %04d_%s", version, name)
            async with self.transaction() as tx:
                for statement in statements(sql):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {version:d}")

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
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                yield self._tx
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """A deferred transaction: a consistent snapshot."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN")
                yield self._tx
            finally:
                await self._rollback()
