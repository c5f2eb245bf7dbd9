"""Resuming tables after a start-up, or when this process takes another one's shards over."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from storage import tables
from storage.db import Database

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
    """Resume the open tables this process drives: load them all at once, arm their drivers and
    refresh their messages (paced). A table that cannot be read is quarantined; it never stops
    the others."""
    async with db.read() as tx:
        rows = await tables.load_open(tx)
    wanted = None if ids is None else set(ids)
    restored = []
    for row in rows:
        if (wanted is not None and row.id not in wanted) or not autoplay.shards.drives(row.guild_id):
            continue
        try:
            game = live.decode(row)
        except TableFault as fault:
            await quarantine(row.id, fault)
            continue
        live.put(LiveTable(row, game))
        humans = {s.seat for s in row.seats if game is not None and is_human(row, s.seat)}
        routing.publisher(row).push(Change(touch=humans), resume=True)
        if game is not None:
            autoplay.wake(row.id)
        restored.append(row.id)
    log.info("restored %d tables", len(restored))
    return restored
