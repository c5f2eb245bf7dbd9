"""Servers the bot left: their data is kept for a grace period, in case the bot is invited back,
then removed.

A departure is recorded when Discord says the bot left (or, at start, for a server of this
process's shards that data is kept for but the bot is no longer in: it left while the bot was
down), and forgotten when the bot joins again. Once a departure is older than the grace period,
the server's open tables are closed (each player's stack returns to their wallet through the
ledger, as an admin's close does) and then everything kept for the server is deleted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import timedelta

from bot.clock import Clock, stamp
from bot.errors import PlayerError
from bot.tables.models import CLOSED_BY_ADMIN
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import privacy
from storage.db import Database

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 3600.0
"""How often departures past the grace period are looked for."""


class Departures:
    def __init__(self, db: Database, wallets: WalletService, tables: TableService, clock: Clock,
                 grace_days: int) -> None:
        self.db, self.wallets, self.tables, self.clock = db, wallets, tables, clock
        self.grace = timedelta(days=grace_days)

    async def left(self, guild_id: int) -> None:
        async with self.db.transaction() as tx:
            await privacy.departed(tx, guild_id, stamp(self.clock()))
        log.info("left server %d: its data goes in %s unless the bot returns", guild_id, self.grace)

    async def returned(self, guild_id: int) -> None:
        async with self.db.transaction() as tx:
            await privacy.returned(tx, guild_id)

    async def gone_while_away(self, present: Iterable[int], ours: Callable[[int], bool]) -> list[int]:
        """Record a departure for each server of ours (`ours`: of this process's shards) that
        data is kept for but the bot is not in."""
        async with self.db.read() as tx:
            known = await privacy.known_guilds(tx)
        gone = sorted(g for g in known - set(present) if ours(g))
        for guild_id in gone:
            await self.left(guild_id)
        return gone

    async def sweep(self) -> list[int]:
        """Remove the data of every server left longer ago than the grace period; their ids."""
        async with self.db.read() as tx:
            due = await privacy.departed_before(tx, stamp(self.clock() - self.grace))
        for guild_id in due:
            async with self.db.read() as tx:
                open_tables = await privacy.open_tables(tx, guild_id)
            for table_id in open_tables:
                try:
                    await self.tables.close(table_id, CLOSED_BY_ADMIN)
                except PlayerError:
                    pass   # it closed meanwhile
            await self.wallets.forget_guild(guild_id)
            log.info("removed the data of server %d (%d open tables closed first)", guild_id, len(open_tables))
        return due
