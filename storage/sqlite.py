"""The SQLite backend: one aiosqlite connection, pragmas, `PRAGMA user_version` migrations and
explicit transactions."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

import aiosqlite

from .db import Database, Grouped, IntegrityError, Params, Row, Step, Tx, migrations, resolve, statements

log = logging.getLogger(__name__)

T = TypeVar("T")


class SqliteTx(Tx):
    exclusive = True   # BEGIN IMMEDIATE: no other writer until COMMIT

    def __init__(self, db: SqliteDatabase) -> None:
        super().__init__()
        self.db = db

    async def execute(self, sql: str, params: Params | None = None) -> int:
        cur = await self.db.trip(1, self.db.conn.execute(sql, params or {}))
        return cur.rowcount

    async def fetch_all(self, sql: str, params: Params | None = None) -> list[Row]:
        """Execute and fetch together: one trip to the database thread."""
        return list(await self.db.trip(1, self.db.conn.execute_fetchall(sql, params or {})))

    async def run(self, steps: Sequence[Step]) -> None:
        await self.db.trip(len(steps), in_one_trip(self.db.conn, partial(_run_steps, steps)))


def _run_steps(steps: Sequence[Step], c: sqlite3.Connection) -> None:
    for step in steps:
        if step.rows is not None:
            c.executemany(step.sql, step.rows)
            continue
        cur = c.execute(step.sql, step.params or {})
        result = cur.fetchall() if step.query else cur.rowcount
        if step.check is not None:
            step.check(result)


def _commit_group(group: list[Sequence[Step]], c: sqlite3.Connection) -> list[Exception | None]:
    """One transaction for several callers' steps, each undone alone if it raises."""
    c.execute("BEGIN IMMEDIATE")
    try:
        outcomes: list[Exception | None] = []
        for steps in group:
            c.execute("SAVEPOINT one_write")
            try:
                _run_steps(steps, c)
                outcomes.append(None)
            except sqlite3.IntegrityError as exc:
                c.execute("ROLLBACK TO one_write")
                outcomes.append(IntegrityError(str(exc)))
            except Exception as exc:
                c.execute("ROLLBACK TO one_write")
                outcomes.append(exc)
            c.execute("RELEASE one_write")
        c.execute("COMMIT")
    except BaseException:
        if c.in_transaction:
            c.execute("ROLLBACK")
        raise
    return outcomes


async def in_one_trip(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` on the connection inside the database's own thread.

    Each `await conn.execute(...)` is a round trip between the event loop and that thread, and on
    a busy machine the trip costs more than the statement; a hot path that writes several rows
    does them in one trip instead. (aiosqlite queues callables for its thread with `_execute`,
    which has no public name.)
    """
    result: T = await conn._execute(work, conn._conn)  # type: ignore[no-untyped-call]  # aiosqlite leaves it untyped
    return result


class SqliteDatabase(Database):
    """One aiosqlite connection, serialised by a lock.

    `isolation_level=None` keeps sqlite3 from opening transactions behind our back; every write
    goes through `transaction()`, which takes the write lock first (`BEGIN IMMEDIATE`) so two
    writers never act on one stale balance. One process only: the file is not shared.
    """

    shared = False

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._tx = SqliteTx(self)
        self._lock = asyncio.Lock()
        self._waiting: list[tuple[Sequence[Step], asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    async def trip(self, statements: int, call: Awaitable[T]) -> T:
        """One call into the database's thread, counted."""
        self.trips += 1
        self.statements += statements
        return await call

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
        await self.conn.close()

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
            await self.trip(1, self.conn.execute("ROLLBACK"))
        except sqlite3.OperationalError as exc:
            if "no transaction is active" not in str(exc):
                raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            try:
                await self.trip(1, self.conn.execute("BEGIN IMMEDIATE"))
                yield self._tx
                await self.trip(1, self.conn.execute("COMMIT"))
            except BaseException:
                await self._rollback()
                raise

    async def fetch(self, sql: str, params: Params | None = None) -> list[Row]:
        async with self._lock:
            return await self._tx.fetch_all(sql, params)

    async def save(self, write: Grouped) -> None:
        await self.commit_alone(write.steps())

    async def commit_alone(self, steps: Sequence[Step]) -> None:
        """Writes that need nothing else wait here together and are committed as a group: one
        trip to the database thread and one COMMIT for all that came while the previous group
        was writing, each under its own savepoint, so one that raises (a stale version) is undone
        alone and its caller gets the exception."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((steps, done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_waiting(), name="group-commit")
        await done

    async def _commit_waiting(self) -> None:
        while self._waiting:
            async with self._lock:
                group = [(steps, done) for steps, done in self._waiting if not done.done()]
                self._waiting = []
                if not group:
                    continue
                try:
                    outcomes = await self.trip(sum(len(steps) for steps, _ in group), in_one_trip(
                        self.conn, partial(_commit_group, [steps for steps, _ in group])))
                except BaseException as exc:
                    resolve([done for _, done in group], [exc] * len(group))
                    if isinstance(exc, asyncio.CancelledError):
                        raise
                    continue
            resolve([done for _, done in group], outcomes)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """A consistent snapshot without a transaction: the lock is one, since every write to the
        file goes through this connection under it. (BEGIN and ROLLBACK were two more trips to
        the database's thread for every read.)"""
        async with self._lock:
            yield self._tx
