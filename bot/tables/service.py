"""The table service: one face for the cogs, the UI, the console and the tests over the modules
that do the work (lobby, playing, leaving, ending, reading; every write runs as a unit of work,
`units.py`, settled and saved in one trip, `settlement.py`; docs/architecture.md maps them all).

Each method hands its call to the module that holds it. A write's result answers the caller and
goes to the table's publisher, which shows it outside the lock, paced to Discord's limits.
Nothing here awaits Discord.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from functools import cached_property
from typing import Any, TypeVar

from bot.clock import Clock
from bot.games import GAMES
from bot.games.base import AnyGame
from bot.i18n import ENGLISH, Locale
from bot.wallet import WalletService
from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .autoplay import Autoplay
from .ending import Closed, Ending
from .leaving import LeaveQuote, Leaving
from .live import LiveTable, LiveTables
from .lobby import Lobby
from .models import CLOSED_BY_ADMIN, Change, HandRef, TableSnapshot
from .ownership import Shards
from .pacing import Pacer
from .playing import Playing
from .presenter import Presenter
from .reading import Reading
from .replay import Replays
from .restore import restore
from .routing import Routing
from .settlement import Settlement
from .thinking import Thinker
from .unit import TableUnit
from .units import Units

__all__ = ["Closed", "TableService"]

T = TypeVar("T")


class TableService:
    def __init__(self, db: Database, wallets: WalletService, presenter: Presenter, clock: Clock,
                 bot_delay_s: float = 0.0, games: Mapping[str, type[AnyGame]] | None = None,
                 pacer: Pacer | None = None, afk_limit: int = 3, retry_base_s: float = 0.5,
                 bot_workers: int = 0, shards: Shards | None = None) -> None:
        self.db, self.wallets, self.presenter, self.clock = db, wallets, presenter, clock
        self.games: Mapping[str, type[AnyGame]] = GAMES if games is None else games
        self.pacer = pacer if pacer is not None else Pacer()
        self.live = LiveTables(db, self.games)
        self.settlement = Settlement(db, wallets)
        self._reading = Reading(db, self.live, self.games, self.quarantine)
        self._routing = Routing(db, self.live, self, presenter, self.pacer)
        self._units = Units(self.live, self.settlement, clock, self._reading.show, self._committed, self.quarantine)
        self.autoplay = Autoplay(self, bot_delay_s, afk_limit, retry_base_s, thinker=Thinker(bot_workers),
                                 shards=shards)
        self._ending = Ending(db, self.live, self._units, self.settlement, self._notice)
        self._lobby = Lobby(db, wallets, clock, self.games, self.live, self._units, self._reading, self.settlement,
                            self._opened)
        self._playing = Playing(wallets, self.games, self._units, self._reading)
        self._leaving = Leaving(self._units, self._reading, self.settlement)

    # --- the lobby -------------------------------------------------------------------------

    async def open(self, guild_id: int, channel_id: int, host_id: int, game_id: str,
                   seed: int | None = None) -> TableSnapshot:
        return await self._lobby.open(guild_id, channel_id, host_id, game_id, seed)

    async def join(self, table_id: int, user_id: int, name: str, amount: int | None = None,
                   guild_id: int | None = None) -> TableSnapshot:
        return await self._lobby.join(table_id, user_id, name, amount, guild_id)

    async def add_bot(self, table_id: int, user_id: int, guild_id: int | None = None) -> TableSnapshot:
        return await self._lobby.add_bot(table_id, user_id, guild_id)

    async def set_options(self, table_id: int, user_id: int, values: Mapping[str, Any],
                          guild_id: int | None = None) -> TableSnapshot:
        return await self._lobby.set_options(table_id, user_id, values, guild_id)

    async def start(self, table_id: int, user_id: int, guild_id: int | None = None, *,
                    reply_closes: bool = False) -> TableSnapshot:
        return await self._lobby.start(table_id, user_id, guild_id, reply_closes=reply_closes)

    async def cancel(self, table_id: int, user_id: int, guild_id: int | None = None, *,
                     reply_closes: bool = False) -> TableSnapshot:
        return await self._lobby.cancel(table_id, user_id, guild_id, reply_closes=reply_closes)

    # --- leaving and closing ---------------------------------------------------------------

    async def leave(self, table_id: int, user_id: int, guild_id: int | None = None,
                    locale: Locale = ENGLISH) -> str:
        return await self._leaving.leave(table_id, user_id, guild_id, locale)

    async def leave_quote(self, table_id: int, user_id: int, resign: Callable[[Sequence[type]], Any] | None = None,
                          guild_id: int | None = None) -> LeaveQuote | None:
        return await self._leaving.leave_quote(table_id, user_id, resign, guild_id)

    async def close(self, table_id: int, reason: str = CLOSED_BY_ADMIN, guild_id: int | None = None) -> Closed:
        return await self._ending.close(table_id, reason, guild_id)

    async def quarantine(self, table_id: int, fault: BaseException) -> None:
        await self._ending.quarantine(table_id, fault)

    # --- playing ---------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, action: Any, version: int | None = None, *,
                  guild_id: int | None = None, via_dm: bool = False,
                  interaction_id: int | None = None) -> TableSnapshot:
        """A player's action, checked against the version its control was drawn for."""
        return await self._playing.play(table_id, user_id, lambda types: action, version, guild_id=guild_id,
                                        via_dm=via_dm, interaction_id=interaction_id)

    async def play(self, table_id: int, user_id: int, decode: Callable[[Sequence[type]], Any],
                   version: int | None, *, guild_id: int | None = None, via_dm: bool = False,
                   interaction_id: int | None = None) -> TableSnapshot:
        return await self._playing.play(table_id, user_id, decode, version, guild_id=guild_id, via_dm=via_dm,
                                        interaction_id=interaction_id)

    async def request_stop(self, table_id: int, user_id: int, guild_id: int | None = None) -> None:
        await self._playing.request_stop(table_id, user_id, guild_id)

    async def top_up(self, table_id: int, user_id: int, amount: int, guild_id: int | None = None) -> None:
        await self._playing.top_up(table_id, user_id, amount, guild_id)

    async def spectator_choices(self, table_id: int, user_id: int) -> list[tuple[int, str, int, int]]:
        return await self._playing.spectator_choices(table_id, user_id)

    async def spectator_bet(self, table_id: int, user_id: int, seat: int, amount: int,
                            guild_id: int | None = None) -> None:
        await self._playing.spectator_bet(table_id, user_id, seat, amount, guild_id)

    async def suggest(self, table_id: int, seat: int) -> Any:
        return await self._playing.suggest(table_id, seat)

    # --- reading ---------------------------------------------------------------------------

    async def table_in(self, channel_id: int) -> TableSnapshot:
        return await self._reading.table_in(channel_id)

    @cached_property
    def replays(self) -> Replays:
        """Finished deals step by step, for anyone in their table's server (`replay.py`)."""
        return Replays(self.db, self.games)

    async def snapshot(self, table_id: int) -> TableSnapshot:
        return await self._reading.snapshot(table_id)

    async def hand(self, table_id: int, user_id: int, guild_id: int | None = None) -> TableSnapshot:
        return await self._reading.hand(table_id, user_id, guild_id)

    async def view(self, table_id: int, seats: Iterable[int]) -> TableSnapshot | None:
        return await self._reading.view(table_id, seats)

    async def live_table(self, table_id: int) -> LiveTable | None:
        return await self._reading.live_table(table_id)

    async def inspect(self, table_id: int, look: Callable[[LiveTable | None], T]) -> T:
        return await self._reading.inspect(table_id, look)

    def decode(self, row: TableRow) -> Any:
        return self.live.decode(row)

    def unit(self, table_id: int, *, tolerant: bool = False, reply: bool = True,
             reply_seats: Sequence[int] = ()) -> AbstractAsyncContextManager[TableUnit]:
        return self._units.unit(table_id, tolerant=tolerant, reply=reply, reply_seats=reply_seats)

    # --- deadlines, drivers, restarts ------------------------------------------------------

    async def fire_due(self) -> int:
        return await self.autoplay.fire_due()

    async def next_deadline(self) -> str | None:
        return await tables.next_deadline(self.db)

    async def clear_deadline(self, table_id: int) -> None:
        """A deadline with no person left to decide (they left, or became bots' turns)."""
        await self.db.commit_alone([tables.clear_deadline_step(table_id)])
        live = self.live.get(table_id)
        if live is not None:
            live.row.deadline = None

    async def open_table_ids(self) -> list[int]:
        return await tables.open_ids(self.db)

    async def restore(self, ids: list[int] | None = None) -> list[int]:
        return await restore(self.db, self.live, self._routing, self.autoplay, self.quarantine, ids)

    async def settle(self) -> None:
        """Until no bot is about to move and every change is shown (tests, the demo)."""
        while True:
            busy: list[Any] = self.autoplay.busy() + self._routing.busy()
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def stop(self) -> None:
        """Cancel bot moves and messages in flight (shutdown); the database keeps the last commit."""
        await self.autoplay.stop()
        await self._routing.stop()

    # --- publishing ------------------------------------------------------------------------

    def _committed(self, u: TableUnit, saved: bool) -> None:
        if saved:
            self._publish(u)
        if u.row.status == "playing":
            self.autoplay.wake(u.row.id)

    def _publish(self, u: TableUnit) -> None:
        self._routing.publish(u)

    def _opened(self, row: TableRow) -> None:
        self._routing.publisher(row).push(Change())

    def _notice(self, row: TableRow, change: Change) -> None:
        self._routing.publisher(row).push(change, show_table=False)

    async def save_message(self, table_id: int, message_id: int | None) -> None:
        await self._routing.save_message(table_id, message_id)

    async def shown(self, table_id: int) -> None:
        await self._routing.shown(table_id)

    async def save_hand(self, table_id: int, seat: int, ref: HandRef) -> None:
        await self._routing.save_hand(table_id, seat, ref)

    async def hand_refs(self, table_id: int) -> dict[int, HandRef]:
        return await self._routing.hand_refs(table_id)
