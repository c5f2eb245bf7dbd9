"""The PostgreSQL backend (asyncpg): a pool of connections several bot processes can share.

Transactions run at READ COMMITTED, where a guarded `UPDATE … WHERE balance >= :n` re-checks its
condition on the row as the other writer committed it, so a debit never overdraws. What must
not interleave across processes (one table's unit of work, one server's wallets) takes an
advisory lock first (`Tx.lock`). The schema's version is kept in `schema_version`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from .db import Database, Grouped, IntegrityError, Params, Row, Step, Tx, migrations, resolve, statements

log = logging.getLogger(__name__)

COMMITTERS = 2
"""Groups of saves in flight at once: the next group is sent while the server runs the last.
Each has a connection of its own, so a save never waits behind a read."""
POOL_SIZE = 4
"""Connections per process for reads, the wallets' commands and the publishers' message ids
(transactions beyond that wait for one to come free; more connections would only make the
server, on the same cores, switch between them)."""
SAVES = {"plan_cache_mode": "force_generic_plan"}
"""The committers' connections plan their one statement once: left to choose, PostgreSQL plans
it anew for every call (the arrays' sizes change), which costs three times what running it does."""

_NAMED = re.compile(r"'(?:[^']|'')*'|::|:(\w+)")


@lru_cache(maxsize=512)
def _positional(sql: str) -> tuple[str, tuple[str, ...]]:
    """`:name` parameters as PostgreSQL's `$1, $2 …` (a name used twice is one parameter), and the
    names in their order. Quoted text and `::` casts are left alone."""
    names: list[str] = []

    def number(m: re.Match[str]) -> str:
        name = m.group(1)
        if name is None:
            return m.group(0)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _NAMED.sub(number, sql), tuple(names)


def _args(names: tuple[str, ...], params: Params | None) -> list[Any]:
    return [params[n] for n in names] if params else []


def _changed(status: str) -> int:
    """Rows changed, from a command status such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTx(Tx):
    exclusive = False

    def __init__(self, db: PostgresDatabase, conn: Any) -> None:
        super().__init__()
        self.db, self.conn = db, conn

    async def execute(self, sql: str, params: Params | None = None) -> int:
        query, names = _positional(sql)
        self.db.count()
        return _changed(await self.conn.execute(query, *_args(names, params)))

    async def fetch_all(self, sql: str, params: Params | None = None) -> list[Row]:
        query, names = _positional(sql)
        self.db.count()
        return list(await self.conn.fetch(query, *_args(names, params)))

    async def run(self, steps: Sequence[Step]) -> None:
        """One statement after another on this connection (asyncpg sends no pipeline of several
        statements: a hot path's write is one statement instead, `Database.save`)."""
        for step in steps:
            if step.rows is not None:
                query, names = _positional(step.sql)
                self.db.count()
                await self.conn.executemany(query, [_args(names, row) for row in step.rows])
                continue
            result: Any = (await self.fetch_all(step.sql, step.params) if step.query
                           else await self.execute(step.sql, step.params))
            if step.check is not None:
                step.check(result)

    async def _lock(self, scope: str, key: int) -> None:
        await self.execute("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))", {"k": f"{scope}:{key}"})


class PostgresDatabase(Database):
    """A pool of connections. Reads and the wallet's commands take one each; the saves of the
    tables go through the committers, each of which sends all the saves waiting at that moment as
    one statement, in one trip, committed on its own (no BEGIN, no COMMIT: a statement outside a
    transaction is one), prepared once per connection (asyncpg keeps its statements)."""

    shared = True

    def __init__(self, pool: Any, saves: Any) -> None:
        self._pool, self._saves = pool, saves
        self._waiting: list[tuple[Grouped, asyncio.Future[None]]] = []
        self._committers: set[asyncio.Task[None]] = set()

    def count(self, trips: int = 1) -> None:
        self.trips += trips
        self.statements += trips

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        """Connect and migrate. Settings PostgreSQL itself takes (`search_path`…) may follow the
        URL as query parameters."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, reset=_keep_session)
        try:
            saves = await asyncpg.create_pool(url, min_size=0, max_size=COMMITTERS, reset=_keep_session,
                                              server_settings=SAVES)
        except BaseException:
            await pool.close()
            raise
        db = cls(pool, saves)
        try:
            await db.migrate()
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        await asyncio.gather(self._pool.close(), self._saves.close())

    async def schema_version(self) -> int:
        async with self.read() as tx:
            return await _version(tx)

    async def migrate(self) -> None:
        """Apply every migration newer than the database, all in one transaction (PostgreSQL's
        schema changes are transactional), under a lock so processes starting together take
        turns."""
        async with self.transaction() as tx:
            await tx.lock("migrate", 0)
            await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await _version(tx)
            for version, name, sql in migrations():
                if version <= current:
                    continue
                log.info("applying migration %04d_%s", version, name)
                for statement in statements(dialect(sql)):
                    await tx.execute(statement)
                await tx.execute("DELETE FROM schema_version")
                await tx.execute("INSERT INTO schema_version (version) VALUES (:v)", {"v": version})

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn:
            self.count()   # BEGIN
            try:
                async with conn.transaction():
                    yield PostgresTx(self, conn)
            finally:
                self.count()   # COMMIT or ROLLBACK

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """A snapshot: every statement sees the database as the first one did."""
        async with self._pool.acquire() as conn:
            self.count()
            try:
                async with conn.transaction(isolation="repeatable_read", readonly=True):
                    yield PostgresTx(self, conn)
            finally:
                self.count()

    @asynccontextmanager
    async def loading(self) -> AsyncIterator[tuple[Tx, Any]]:
        """A transaction for a bulk load: its `Tx`, and its connection as asyncpg has it (COPY)."""
        async with self.transaction() as tx:
            assert isinstance(tx, PostgresTx)
            yield tx, tx.conn

    async def fetch(self, sql: str, params: Params | None = None) -> list[Row]:
        async with self._pool.acquire() as conn:
            return await PostgresTx(self, conn).fetch_all(sql, params)

    async def commit_alone(self, steps: Sequence[Step]) -> None:
        """A single statement commits on its own; several take a transaction."""
        if len(steps) == 1 and steps[0].rows is None:
            async with self._pool.acquire() as conn:
                await PostgresTx(self, conn).run(steps)
            return
        async with self.transaction() as tx:
            await tx.run(steps)

    async def save(self, write: Grouped) -> None:
        """Waits with the other saves of the moment; the committer sends them as one statement."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((write, done))
        self._committers = {c for c in self._committers if not c.done()}   # a finished one is done at once,
        if len(self._committers) < COMMITTERS:                              # its callbacks only later
            self._committers.add(asyncio.create_task(self._commit_waiting(), name="group-save"))
        await done

    async def _commit_waiting(self) -> None:
        while self._waiting:
            waiting, self._waiting = self._waiting, []
            kinds: dict[type[Grouped], list[tuple[Grouped, asyncio.Future[None]]]] = {}
            for write, done in waiting:
                if not done.done():   # a waiter cancelled before its turn is not written
                    kinds.setdefault(type(write), []).append((write, done))
            for kind, group in kinds.items():
                await self._commit_group(kind, group)

    async def _commit_group(self, kind: type[Grouped], group: list[tuple[Grouped, asyncio.Future[None]]]) -> None:
        """The group as one statement; when it fails as a whole (one write broke a rule), each
        write again on its own, so only that one fails."""
        writes = [write for write, _ in group]
        try:
            try:
                outcomes = await self._together(kind, writes)
            except asyncpg.PostgresError as exc:
                if len(writes) == 1:
                    outcomes = [_why(exc)]
                else:
                    outcomes = []
                    for write in writes:
                        try:
                            outcomes += await self._together(kind, [write])
                        except asyncpg.PostgresError as alone:
                            outcomes.append(_why(alone))
        except BaseException as exc:
            resolve([done for _, done in group], [exc] * len(group))
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        resolve([done for _, done in group], outcomes)

    async def _together(self, kind: type[Grouped], writes: list[Grouped]) -> list[Exception | None]:
        sql, params = kind.together(writes)
        async with self._saves.acquire() as conn:
            rows = await PostgresTx(self, conn).fetch_all(sql, params)
        return kind.outcomes(writes, rows)


def _why(exc: Exception) -> Exception:
    """A broken rule as the storage layer names it; anything else as it came."""
    if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
        return IntegrityError(str(exc))
    return exc


def dialect(sql: str) -> str:
    """A migration in PostgreSQL's words. SQLite's INTEGER holds 64 bits, as Discord's ids and chip
    counts need: BIGINT here. Its `id INTEGER PRIMARY KEY` is an id the database makes up: an
    identity column here."""
    sql = re.sub(r"\bid\s+INTEGER\s+PRIMARY\s+KEY\b", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", sql)
    return re.sub(r"\bINTEGER\b", "BIGINT", sql)


async def _keep_session(conn: Any) -> None:
    """A connection goes back to the pool as it is: our transactions leave nothing in the session
    (their locks end with them), so the reset query's round trip is saved."""


async def _version(tx: Tx) -> int:
    rows = await tx.fetch_all("SELECT MAX(version) AS v FROM schema_version")
    return int(rows[0]["v"] or 0) if rows else 0
