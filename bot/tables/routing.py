"""Routing committed changes to the tables' publishers: who must be told to act, whose hand
message is stale, which messages close; and the message ids the publishers keep."""

from __future__ import annotations

import asyncio
from typing import Any

from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .live import LiveTables
from .models import HandRef
from .pacing import Pacer
from .presenter import Presenter
from .publisher import Publisher, PublisherHost
from .settlement import is_human
from .unit import TableUnit


class Routing:
    def __init__(self, db: Database, live: LiveTables, host: PublisherHost, presenter: Presenter,
                 pacer: Pacer) -> None:
        self.db, self.live, self.host, self.presenter, self.pacer = db, live, host, presenter, pacer
        self._publishers: dict[int, Publisher] = {}

    def publisher(self, row: TableRow) -> Publisher:
        publisher = self._publishers.get(row.id)
        if publisher is None:
            publisher = Publisher(row.id, row.channel_id, row.message_id, self.host, self.presenter, self.pacer)
            self._publishers[row.id] = publisher
        return publisher

    def publish(self, u: TableUnit) -> None:
        """Hand a committed unit to the table's publisher."""
        change = u.change()
        row, game = u.row, u.game
        if game is not None and row.status == "playing":
            humans = {s.seat for s in row.seats if is_human(row, s.seat)}
            after = set(game.to_act())
            change.notify = {s for s in after & humans if s not in u.before and s != u.actor}
            stale = {s for s in u.before - after if s != u.actor or not u.via_dm}
            if u.actor is not None and not u.via_dm:
                stale.add(u.actor)
            news = {e.private_to for e in u.events if e.private_to is not None}
            if any(e.kind in ("start", "summary") for e in u.events):
                news |= humans
            change.touch = (stale | news) & humans - change.notify
        publisher = self.publisher(row)
        publisher.push(change)
        if row.status == "finished":
            asyncio.get_running_loop().create_task(self._retire(row.id, publisher))

    async def _retire(self, table_id: int, publisher: Publisher) -> None:
        """A closed table's publisher and lock go once its last messages are out."""
        await publisher.idle()
        if self._publishers.get(table_id) is publisher:
            del self._publishers[table_id]
        self.live.forget(table_id)
        self.pacer.forget(publisher.channel_id)

    async def shown(self, table_id: int) -> None:
        """Until the table's players can see it as it stands (`Publisher.shown`)."""
        publisher = self._publishers.get(table_id)
        if publisher is not None:
            await publisher.shown()

    async def save_message(self, table_id: int, message_id: int | None) -> None:
        await self.db.commit_alone([tables.message_step(table_id, message_id)])
        live = self.live.get(table_id)
        if live is not None:
            live.row.message_id = message_id

    async def save_hand(self, table_id: int, seat: int, ref: HandRef) -> None:
        await self.db.commit_alone([tables.hand_message_step(table_id, seat, ref.channel_id, ref.message_id)])

    async def hand_refs(self, table_id: int) -> dict[int, HandRef]:
        return {seat: HandRef(*ref) for seat, ref in (await tables.hand_messages(self.db, table_id)).items()}

    def busy(self) -> list[Any]:
        """What the publishers are still sending."""
        return [p.idle() for p in self._publishers.values() if p.busy()]

    async def stop(self) -> None:
        for publisher in self._publishers.values():
            publisher.stop()
        await asyncio.gather(*(p.idle() for p in self._publishers.values()), return_exceptions=True)
