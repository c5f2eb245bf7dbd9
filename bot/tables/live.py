"""The tables as last committed, kept in memory between actions, and each table's lock.

A click costs no load and no decode: its unit takes the table from here. The database stays the
truth: every save is guarded by the version it started from, so a table another process moved
on is refused, dropped from here and read again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.errors import TableError
from bot.games.base import AnyGame
from bot.games.messages import msg
from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .unit import TableFault


@dataclass(slots=True)
class LiveTable:
    """A table as last committed: its row and, while it plays, its decoded game."""

    row: TableRow
    game: Any | None


class LiveTables:
    def __init__(self, db: Database, games: Mapping[str, type[AnyGame]]) -> None:
        self.db, self.games = db, games
        self._live: dict[int, LiveTable] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock: one unit at a time per table in this process."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def forget(self, table_id: int) -> None:
        """A closed table's lock goes (unless a unit still waits on it)."""
        lock = self._locks.get(table_id)
        if lock is not None and not lock.locked():
            del self._locks[table_id]

    def get(self, table_id: int, version: int | None = None) -> LiveTable | None:
        live = self._live.get(table_id)
        if live is not None and version is not None and live.row.version != version:
            return None
        return live

    def put(self, live: LiveTable) -> None:
        if live.row.status == "finished":
            self._live.pop(live.row.id, None)
        else:
            self._live[live.row.id] = live

    def drop(self, table_id: int) -> None:
        self._live.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._live)

    async def take(self, table_id: int, tolerant: bool) -> tuple[TableRow, Any, bool]:
        """(row, game, read now) for a unit, under the table's lock: from memory, else read in
        one statement. `tolerant` takes a frozen table too, and a game that cannot be read as
        None (closing it)."""
        live = self._live.get(table_id)
        if live is not None and (live.game is not None or live.row.status != "playing"):
            return live.row, live.game, False
        row = await tables.read(self.db, table_id)
        if row is None:
            raise TableError(msg("err.table.gone"))
        if row.frozen and not tolerant:
            raise TableError(msg("err.table.set_aside"))
        try:
            return row, self.decode(row), True
        except TableFault:
            if tolerant:
                return row, None, True
            raise

    def decode(self, row: TableRow) -> Any:
        """The row's game (None in the lobby or after the end); TableFault when unreadable."""
        if row.broken:
            raise TableFault(f"table {row.id}: {row.broken}")
        cls = self.games.get(row.game_id)
        if cls is None:
            raise TableFault(f"table {row.id}: no game called {row.game_id!r}")
        if row.status != "playing":
            return None
        try:
            return cls.from_dict(json.loads(row.state) if row.state else {})
        except Exception as exc:
            raise TableFault(f"table {row.id}: its game state cannot be read ({exc!r})") from exc
