"""Which backend a database target names."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from .db import Database
from .postgres import PostgresDatabase
from .sqlite import SqliteDatabase


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


async def open_database(target: str | Path) -> Database:
    """Open (and migrate) the database `target` names: a PostgreSQL URL (`postgresql://…`), or the
    path of a SQLite file. Raises DatabaseUnavailable, saying why, when it cannot."""
    try:
        if is_postgres(target):
            return await PostgresDatabase.open(str(target))
        return await SqliteDatabase.open(target)
    except (OSError, sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DatabaseUnavailable(str(exc) or type(exc).__name__) from exc


class DatabaseUnavailable(Exception):
    """The database cannot be opened: not reachable, not a cardroom database, or not writable."""

