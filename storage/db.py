"""The database, behind one interface: SQLite (embedded, the default) or PostgreSQL (shared by
several processes), chosen by the URL it is opened with.

Storage modules write their SQL once, with `:name` parameters, `ON CONFLICT` and `RETURNING`,
which both dialects read; each backend (`sqlite.py`, `postgres.py`) runs it, migrates its schema
and opens transactions in its own way, and `connect.open_database` picks one. Nothing above
`storage/` knows which backend runs.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

Params = Mapping[str, Any]
"""Query parameters, by the `:name` they have in the SQL."""


class Row(Protocol):
    """A result row: its columns by name or by position."""

    def __getitem__(self, key: int | str, /) -> Any: ...


@dataclass(frozen=True, slots=True)
class Step:
    """One statement of a batch (`Tx.run`): a write, a write for each of `rows`, or a query.

    `check` sees the result (rows changed, or the rows read) and raises to stop the batch; the
    caller's transaction then rolls everything back.
    """

    sql: str
    params: Params | None = None
    rows: Sequence[Params] | None = None
    query: bool = False
    check: Callable[[Any], None] | None = None


class Tx(ABC):
    """A connection inside `Database.transaction()` or `read()`; storage functions take it first."""

    exclusive: bool
    """True when no other writer can run until this transaction ends (SQLite's write lock), so
    the locks that keep processes apart (`lock`) cost nothing."""

    def __init__(self) -> None:
        self._locked: set[tuple[str, int]] = set()

    @abstractmethod
    async def execute(self, sql: str, params: Params | None = None) -> int:
        """Run a write; the number of rows it changed."""

    @abstractmethod
    async def fetch_all(self, sql: str, params: Params | None = None) -> list[Row]:
        """Every row of a query."""

    @abstractmethod
    async def run(self, steps: Sequence[Step]) -> None:
        """Several statements as one trip where the backend allows it (a hot path's writes)."""

    async def lock(self, scope: str, key: int) -> None:
        """Hold `scope`'s lock on `key` until the transaction ends, against other processes too.
        Taken once per transaction; a no-op where the transaction is already `exclusive`."""
        if self.exclusive or (scope, key) in self._locked:
            return
        self._locked.add((scope, key))
        await self._lock(scope, key)

    async def _lock(self, scope: str, key: int) -> None:
        raise NotImplementedError


class Database(ABC):
    shared: bool
    """Whether several processes may use this database at once (PostgreSQL)."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction: committed on exit, rolled back on any exception."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Tx]:
        """Reads that need a consistent snapshot."""

    async def commit_alone(self, steps: Sequence[Step]) -> None:
        """`steps` as a write transaction of their own, durable on return (a move's save that
        needs nothing else). A backend may commit several callers' steps together (SQLite)."""
        async with self.transaction() as tx:
            await tx.run(steps)


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every migration in storage/migrations, in order. Each is written
    once, in SQLite's words, which PostgreSQL reads with two words changed (`postgres.dialect`)."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    return sorted(found)


def statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations have no semicolons in strings)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


async def fetch_one(tx: Tx, sql: str, params: Params | None = None) -> Row | None:
    """The first row, or None."""
    return next(iter(await tx.fetch_all(sql, params)), None)


async def fetch_single(tx: Tx, sql: str, params: Params | None = None) -> Row:
    """The row of a query that always returns one (an aggregate, a RETURNING); none is a bug."""
    row = await fetch_one(tx, sql, params)
    if row is None:
        raise RuntimeError(f"expected a row from {sql!r}")
    return row


async def fetch_all(tx: Tx, sql: str, params: Params | None = None) -> list[Row]:
    """Every row."""
    return await tx.fetch_all(sql, params)

