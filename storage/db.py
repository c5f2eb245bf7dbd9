"""The database, behind one interface: SQLite (embedded, the default) or PostgreSQL (shared by
several processes), chosen by the URL it is opened with.

Storage modules write their SQL once, with `:name` parameters, `ON CONFLICT` and `RETURNING`,
which both dialects read; each backend (`sqlite.py`, `postgres.py`) runs it, migrates its schema
and opens transactions in its own way, and `connect.open_database` picks one. Nothing above
`storage/` knows which backend runs.
"""

from __future__ import annotations

import asyncio
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol, Self

Params = Mapping[str, Any]
"""Query parameters, by the `:name` they have in the SQL."""


class Row(Protocol):
    """A result row: its columns by name or by position, or all of them in order."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


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


class IntegrityError(Exception):
    """A write broke one of the schema's rules (a wallet below zero, a row it needs missing, a
    key used twice); nothing of it was written."""


class Grouped(ABC):
    """A write that may share its trip, and its commit, with others of its kind waiting at the same
    moment (the saves of many tables).

    SQLite runs each one's `steps` in the database's own thread, one after another, each under a
    savepoint of one shared transaction. PostgreSQL runs `together` the whole group as ONE
    statement: every trip to its server is a round trip over the network, and SQLite has no
    statement that writes several tables at once, hence the two forms of the same write.
    """

    @abstractmethod
    def steps(self) -> list[Step]:
        """Its statements, one after another; a step's check raises to undo the write alone."""

    @classmethod
    @abstractmethod
    def together(cls, group: Sequence[Self]) -> tuple[str, Params]:
        """One statement that makes every write of `group` (or of each the guards let through),
        returning a row per write that `outcomes` reads."""

    @classmethod
    @abstractmethod
    def outcomes(cls, group: Sequence[Self], rows: Sequence[Row]) -> list[Exception | None]:
        """For each write of `group`, None when it was written, else why not (nothing of it was)."""


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
    trips: int = 0
    """Round trips made to the database so far (tests and benchmarks count them)."""
    statements: int = 0
    """Statements sent so far (a trip may carry several on SQLite, where it is a call into the
    database's thread)."""

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

    @abstractmethod
    async def fetch(self, sql: str, params: Params | None = None) -> list[Row]:
        """One query on its own, in one trip: a single statement is consistent by itself, so it
        needs no transaction (loading a table, the deadlines due)."""

    @abstractmethod
    async def commit_alone(self, steps: Sequence[Step]) -> None:
        """`steps` as a write of their own, durable on return (a message id). A backend may commit
        several callers' steps together (SQLite)."""

    @abstractmethod
    async def save(self, write: Grouped) -> None:
        """Commit `write` in one trip, together with the others of its kind waiting at the same
        moment; raises what `outcomes` says (StaleVersion …) or IntegrityError, having written
        nothing of it, and never because of another write of the group."""


def resolve(waiting: Sequence[asyncio.Future[None]], outcomes: Sequence[BaseException | None]) -> None:
    """Tell each writer waiting on a group commit how its write went (one that stopped waiting,
    cancelled, is skipped)."""
    for done, outcome in zip(waiting, outcomes, strict=True):
        if done.done():
            continue
        if outcome is None:
            done.set_result(None)
        else:
            done.set_exception(outcome)


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

