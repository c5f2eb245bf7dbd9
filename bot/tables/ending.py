"""Closing a table at once (an admin, an emptied lobby, a table that cannot go on), and setting a
broken table apart: refunded from its saved stacks, or frozen for an admin."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import TableError
from bot.games.messages import Msg, Seat, Text, joined, lines, msg
from bot.i18n import ENGLISH, render
from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .live import LiveTables
from .models import CLOSED_AFTER_PROBLEM, CLOSED_BY_ADMIN, END_REASONS, Change, Closing, TableSnapshot
from .settlement import Settlement
from .unit import ConservationError, TableUnit
from .units import Units

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Closed:
    """A table closed at once: what each seat got back, and the words that say so."""

    snapshot: TableSnapshot
    payouts: dict[int, int]
    message: Text

    @property
    def text(self) -> str:
        """In English, for logs and tests."""
        return render(ENGLISH, self.message, self.snapshot.names)


async def close_now(settlement: Settlement, u: TableUnit, reason: str, headline: Msg, *, counted: bool = False,
                    shown: bool = False) -> dict[int, int]:
    """Close the unit's table and say what each seat got back under `headline` (`shown`: the
    click's own reply shows it)."""
    stacks = await settlement.close(u, reason, counted)
    # who got what, said once: in the words (seats by name, in each reader's language)
    got = joined(msg("table.closing.got", player=Seat(s.seat), chips=stacks[s.seat])
                 for s in u.row.seats if s.seat in stacks)
    u.closings.append(Closing(lines((headline, got)) if got.items else headline,
                              names=tuple(s.name for s in u.row.seats), shown=shown))
    return stacks


class Ending:
    def __init__(self, db: Database, live: LiveTables, units: Units, settlement: Settlement,
                 notice: Callable[[TableRow, Change], None]) -> None:
        self.db, self.live, self.units, self.settlement = db, live, units, settlement
        self._notice = notice

    async def close(self, table_id: int, reason: str = CLOSED_BY_ADMIN, guild_id: int | None = None) -> Closed:
        """Close a table at once (an admin, or a table that cannot go on). Mid-deal the deal is
        void: stacks as it began, earlier pots shared; the text says what each player got. The
        escrow is refunded as the table counts it, or, when that is not what it holds, as the
        ledger does."""
        try:
            return await self._close(table_id, reason, guild_id, counted=False)
        except ConservationError:
            return await self._close(table_id, reason, guild_id, counted=True)

    async def _close(self, table_id: int, reason: str, guild_id: int | None, counted: bool) -> Closed:
        async with self.units.unit(table_id, tolerant=True) as u:
            u.require_guild(guild_id)
            if u.row.status == "finished":
                raise TableError(msg("err.table.closed"))
            mid_deal = u.row.status == "playing"
            why = msg(END_REASONS[reason])
            headline = msg("table.closing.void" if mid_deal else "table.closing.refunded", reason=why)
            stacks = await close_now(self.settlement, u, reason, headline, counted=counted)
        return Closed(u.committed, stacks, u.closings[-1].message)

    async def quarantine(self, table_id: int, fault: BaseException) -> None:
        """Set a broken table apart: refund it from its saved stacks, or when even that cannot
        be worked out, freeze it for an admin. Never raises."""
        log.error("table %d is quarantined: %s", table_id, fault)
        try:
            await self.close(table_id, CLOSED_AFTER_PROBLEM)
            return
        except Exception:
            log.exception("table %d: could not be refunded; freezing it for an admin", table_id)
        try:
            async with self.live.lock(table_id):
                self.live.drop(table_id)
                async with self.db.transaction() as tx:
                    await tables.freeze(tx, table_id, str(fault)[:500])
                    row = await tables.load(tx, table_id)
            if row is not None:
                self._notice(row, Change(notices=[msg("err.table.set_aside")]))
        except Exception:
            log.exception("table %d: could not be frozen either", table_id)
