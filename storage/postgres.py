"""The PostgreSQL backend (asyncpg): a pool of connections several bot processes can share.

Transactions run at READ COMMITTED, where a guarded `UPDATE … WHERE balance >= :n` re-checks its
condition on the row as the other writer committed it, so a debit never overdraws. What must
not interleave across processes (one table's unit of work, one server's wallets) takes an
advisory lock first (`Tx.lock`). The schema's version is kept in `schema_version`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from .db import Database, Params, Row, Step, Tx, migrations, statements

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections per process: transactions beyond that wait for one to come free."""

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

    def __init__(self, conn: Any) -> None:
        super().__init__()
        self.conn = conn

    async def execute(self, sql: str, params: Params | None = None) -> int:
        query, names = _positional(sql)
        return _changed(await self.conn.execute(query, *_args(names, params)))

    async def fetch_all(self, sql: str, params: Params | None = None) -> list[Row]:
        query, names = _positional(sql)
        return list(await self.conn.fetch(query, *_args(names, params)))

    async def run(self, steps: Sequence[Step]) -> None:
        """One statement after another on this connection (asyncpg has no pipeline)."""
        for step in steps:
            if step.rows is not None:
                query, names = _positional(step.sql)
                await self.conn.executemany(query, [_args(names, row) for row in step.rows])
                continue
            result: Any = (await self.fetch_all(step.sql, step.params) if step.query
                           else await self.execute(step.sql, step.params))
            if step.check is not None:
                step.check(result)

    async def _lock(self, scope: str, key: int) -> None:
        await self.execute("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))", {"k": f"{scope}:{key}"})


class PostgresDatabase(Database):
    shared = True

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        """Connect and migrate. Settings PostgreSQL itself takes (`search_path`…) may follow the
        URL as query parameters."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, reset=_keep_session)
        try:
            db = cls(pool)
            await db.migrate()
        except BaseException:
            await pool.close()
            raise
        return db

    async def close(self) -> None:
        await self._pool.close()

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
        async with self._pool.acquire() as conn, conn.transaction():
            yield PostgresTx(conn)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """A snapshot: every statement sees the database as the first one did."""
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield PostgresTx(conn)


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
