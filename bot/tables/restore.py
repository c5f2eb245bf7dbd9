"""Resuming tables after a start-up, or when this process takes another one's shards over."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .autoplay import Autoplay
from .live import LiveTable, LiveTables
from .models import Change
from .routing import Routing
from .settlement import is_human
from .unit import TableFault

log = logging.getLogger(__name__)


async def restore(db: Database, live: LiveTables, routing: Routing, autoplay: Autoplay,
                  quarantine: Callable[[int, BaseException], Awaitable[None]],
                  ids: list[int] | None = None) -> list[int]:
    """Resume the open tables this process drives: load them all at once and arm their drivers,
    so play resumes at once, then refresh their messages in order of need, at the budget's
    pace: the tables where a player must act first, and hands only for the players who must act
    (the others on their next turn or click). A table that cannot be read is quarantined; it
    never stops the others."""
    async with db.read() as tx:
        rows = await tables.load_open(tx)
    wanted = None if ids is None else set(ids)
    resumed: list[tuple[TableRow, set[int]]] = []
    for row in rows:
        if (wanted is not None and row.id not in wanted) or not autoplay.shards.drives(row.guild_id):
            continue
        try:
            game = live.decode(row)
        except TableFault as fault:
            await quarantine(row.id, fault)
            continue
        live.put(LiveTable(row, game))
        waited_on = {s for s in game.to_act() if is_human(row, s)} if game is not None else set()
        resumed.append((row, waited_on))
        if game is not None:
            autoplay.wake(row.id)
    resumed.sort(key=lambda resume: not resume[1])   # stable: the tables a player waits on first
    for row, waited_on in resumed:
        routing.publisher(row).push(Change(notify=waited_on), resume=True, urgent=bool(waited_on))
    log.info("restored %d tables", len(resumed))
    return [row.id for row, _ in resumed]
