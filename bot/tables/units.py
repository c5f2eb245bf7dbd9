"""Where every write path runs: one unit of work per action.

The table's lock; the table from memory (read in one statement when it is not there); the path's
checks and changes, on the table in memory; settlement; one save, in one trip, guarded by the
version the unit started from. After commit, outside the lock, the unit goes to the table's
publisher and its driver. Nothing here awaits Discord.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from bot.clock import Clock
from bot.errors import PlayerError, StaleControl, TableError
from bot.games.messages import msg
from storage.saving import StaleVersion
from storage.tables import TableRow

from .live import LiveTable, LiveTables
from .models import TableSnapshot
from .settlement import Settlement
from .unit import Stored, TableFault, TableUnit


@contextmanager
def noted(table_id: int) -> Iterator[None]:
    """Unexpected errors carry the table id to the one handler that logs them."""
    try:
        yield
    except PlayerError:
        raise
    except Exception as exc:
        exc.add_note(f"table={table_id}")
        raise


class Units:
    def __init__(self, live: LiveTables, settlement: Settlement, clock: Clock,
                 show: Callable[[TableRow, Any, Iterable[int]], TableSnapshot],
                 committed: Callable[[TableUnit, bool], None],
                 quarantine: Callable[[int, BaseException], Awaitable[None]]) -> None:
        self.live, self.settlement, self.clock = live, settlement, clock
        self._show, self._committed, self._quarantine = show, committed, quarantine

    @asynccontextmanager
    async def unit(self, table_id: int, *, tolerant: bool = False, reply: bool = True,
                   reply_seats: Sequence[int] = ()) -> AsyncIterator[TableUnit]:
        """Lock, the live table; the caller checks and changes; settle, save, commit.

        A table that turns out broken (unreadable, chips not adding up) is quarantined and the
        caller gets a TableError. `tolerant` opens even a broken or frozen table, with no game
        when its state cannot be read (closing it). The save is guarded by the version the unit
        began from: should another writer (another process) have moved the table on, nothing is
        written, the table is read again next time, and the player is told it changed. After
        commit, `u.snapshot` holds the table with the private views of `reply_seats`.
        """
        u: TableUnit | None = None
        fault: TableFault | None = None
        changed = False
        async with self.live.lock(table_id):
            try:
                row, game, fresh = await self.live.take(table_id, tolerant)

                async def reload() -> None:
                    assert u is not None
                    self.live.drop(table_id)
                    u.row, u.game, u.fresh = await self.live.take(table_id, tolerant)
                    u.stored = Stored.of(u.row)

                u = TableUnit(row, game, self.clock(), reload, fresh=fresh, reply=reply, reply_seats=tuple(reply_seats))
                yield u
                changed = u.changed
                if changed:
                    if u.moves and u.row.status == "playing":
                        await self.settlement.commit(u)
                    await self.settlement.save(u)
            except TableFault as exc:
                self.live.drop(table_id)
                if tolerant:
                    raise
                fault = exc
            except StaleVersion:
                self.live.drop(table_id)
                raise StaleControl(msg("err.table.changed")) from None
            except BaseException as exc:
                if u is None or u.changed or not isinstance(exc, PlayerError):
                    self.live.drop(table_id)
                raise
            else:
                self.live.put(LiveTable(u.row, u.game if u.row.status == "playing" else None))
                if u.reply:
                    u.snapshot = self._show(u.row, u.game, u.reply_seats)
        if fault is not None:
            await self._quarantine(table_id, fault)
            raise TableError(msg("err.table.broke_closed")) from fault
        assert u is not None
        self._committed(u, changed)
