"""Copying a SQLite database into an empty PostgreSQL one (`cardroom migrate-db`).

Every table of the schema is copied, whatever the migrations add: the tables are read from the
SQLite file itself, in an order where a row's foreign keys are copied before it. The copy is one
PostgreSQL transaction (COPY, streamed from a consistent read of the file): a copy that fails,
or whose books `check` finds wrong, leaves the target as empty as it was, so it can be run again.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from .db import Tx
from .postgres import PostgresDatabase
from .sqlite import SqliteDatabase

BATCH = 5000
"""Rows read from the file at a time."""


class NotEmpty(Exception):
    """The target already holds data: a copy goes only into an empty database."""


class SchemaMismatch(Exception):
    """The two databases are not at the same migration."""


async def tables_in_order(src: SqliteDatabase) -> list[str]:
    """Every table of the file, each after the tables its foreign keys point to."""
    names = [r[0] for r in await src.fetch("SELECT name FROM sqlite_master WHERE type = 'table' "
                                           "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    needs = {name: {r["table"] for r in await src.fetch(f"SELECT * FROM pragma_foreign_key_list('{name}')")} - {name}
             for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and needs[n] <= set(ordered)]
        if not ready:
            raise SchemaMismatch(f"foreign keys in a circle among {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


async def columns(src: SqliteDatabase, table: str) -> list[str]:
    return [r["name"] for r in await src.fetch(f"SELECT name FROM pragma_table_info('{table}') ORDER BY cid")]


async def copy(src: SqliteDatabase, dst: PostgresDatabase, check: Callable[[Tx], Awaitable[None]]) -> dict[str, int]:
    """Copy every table of `src` into `dst` (empty, at the same migration): the rows copied per
    table. `check` reads the copy inside its transaction and raises to undo it all."""
    if await src.schema_version() != await dst.schema_version():
        raise SchemaMismatch(f"the file is at migration {await src.schema_version()}, "
                             f"the server at {await dst.schema_version()}")
    names = await tables_in_order(src)
    cols = {name: await columns(src, name) for name in names}
    counts: dict[str, int] = {}
    async with src.read(), dst.loading() as (tx, conn):   # the file as it stands at one moment
        await tx.lock("migrate", 0)   # not while a bot process starting on it migrates its schema
        for name in names:
            if await conn.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{name}")'):
                raise NotEmpty(f"the target database already holds data (table {name})")
        for name in names:
            rows = _rows(src, f"SELECT {', '.join(cols[name])} FROM \"{name}\"")
            await conn.copy_records_to_table(name, records=rows, columns=cols[name])
            counts[name] = await conn.fetchval(f'SELECT COUNT(*) FROM "{name}"')
        for table, column in await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND is_identity = 'YES'"):
            # ids the database makes up continue after the copied ones
            await conn.execute(f'SELECT setval(pg_get_serial_sequence(\'"{table}"\', \'{column}\'), '
                               f'COALESCE(MAX("{column}"), 0) + 1, false) FROM "{table}"')
        await check(tx)
    return counts


async def _rows(src: SqliteDatabase, sql: str) -> AsyncIterator[tuple[Any, ...]]:
    cursor = await src.conn.execute(sql)
    try:
        while batch := await cursor.fetchmany(BATCH):
            for row in batch:
                yield tuple(row)
    finally:
        await cursor.close()
