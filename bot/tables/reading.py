"""Reading tables: snapshots for the channel, the clicker's reply and "My hand", without a
transaction and, for a table in memory, without the database."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.clock import parse_stamp
from bot.errors import TableError
from bot.games.base import AnyGame, BuyIn
from bot.games.messages import msg
from bot.i18n import ENGLISH, t
from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .live import LiveTable, LiveTables
from .models import SeatInfo, TableSnapshot
from .unit import TableFault

T = TypeVar("T")

BUY_IN_MEMO = 4096
"""Tables whose buy-in is remembered with the options it was worked out from."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What every snapshot of one committed version shows of its game (worked out once: the
    publisher, the replies and the drivers all ask for it)."""

    version: int
    game: Any
    public: Any
    to_act: tuple[int, ...]
    pots: dict[str, int]


class Reading:
    def __init__(self, db: Database, live: LiveTables, games: Mapping[str, type[AnyGame]],
                 quarantine: Callable[[int, BaseException], Awaitable[None]]) -> None:
        self.db, self.live, self.games = db, live, games
        self._quarantine = quarantine
        self._buy_ins: dict[int, tuple[dict[str, Any], BuyIn]] = {}
        self._shown: dict[int, Shown] = {}

    async def table_in(self, channel_id: int) -> TableSnapshot:
        table_id = await tables.open_in_channel(self.db, channel_id)
        snap = None if table_id is None else await self.view(table_id, ())
        if snap is None:
            raise TableError(msg("err.table.none_here"))
        return snap

    async def snapshot(self, table_id: int) -> TableSnapshot:
        snap = await self.view(table_id, ())
        if snap is None:
            raise TableError(msg("err.table.gone"))
        return snap

    async def hand(self, table_id: int, user_id: int, guild_id: int | None = None) -> TableSnapshot:
        """The table with one player's private view (“My hand”); no transaction."""
        def theirs(row: TableRow) -> tuple[int, ...]:
            if guild_id is not None and guild_id != row.guild_id:
                raise TableError(msg("err.table.other_server"))
            seat = row.seat_of(user_id)
            return (seat.seat,) if seat is not None and row.status == "playing" else ()
        snap = await self._view(table_id, theirs)
        if snap is None:
            raise TableError(msg("err.table.gone"))
        return snap

    async def view(self, table_id: int, seats: Iterable[int]) -> TableSnapshot | None:
        """The table as committed now, with the private views of `seats` (publishers, replies)."""
        return await self._view(table_id, lambda row: seats)

    async def _view(self, table_id: int, seats: Callable[[TableRow], Iterable[int]]) -> TableSnapshot | None:
        """The table as committed now, with the private views of the seats `seats` picks."""
        async with self.live.lock(table_id):
            live = self.live.get(table_id)
            if live is None:
                row = await tables.read(self.db, table_id)
                if row is None:
                    return None
                try:
                    game = self.live.decode(row)
                except TableFault:
                    game = None
                live = LiveTable(row, game)
                if game is not None or row.status == "lobby":
                    self.live.put(live)
            return self.show(live.row, live.game, seats(live.row))

    async def live_table(self, table_id: int) -> LiveTable | None:
        """The table as committed (from memory, else read), for drivers and deadlines; a table
        that cannot be read is quarantined (None)."""
        async with self.live.lock(table_id):
            live = self.live.get(table_id)
            if live is not None:
                return live
            row = await tables.read(self.db, table_id)
            if row is None or row.frozen:
                return None
            try:
                live = LiveTable(row, self.live.decode(row))
            except TableFault as fault:
                bad: TableFault | None = fault
            else:
                bad = None
                self.live.put(live)
        if bad is not None:
            await self._quarantine(table_id, bad)
            return None
        return live

    async def inspect(self, table_id: int, look: Callable[[LiveTable | None], T]) -> T:
        """Run `look` on the table as committed, under its lock but outside any transaction."""
        live = await self.live_table(table_id)
        async with self.live.lock(table_id):
            return look(self.live.get(table_id) if live is not None else None)

    def show(self, row: TableRow, game: Any, seats: Iterable[int] = ()) -> TableSnapshot:
        """The snapshot of a committed table, with the private views of `seats`."""
        cls = self.games[row.game_id]
        info = tuple(SeatInfo(s.seat, s.user_id, s.name, s.stack, s.buy_in, s.leaving, s.present, s.cashed_out)
                     for s in row.seats)
        common: dict[str, Any] = {
            "table_id": row.id, "guild_id": row.guild_id, "channel_id": row.channel_id, "game_id": row.game_id,
            "title": t(ENGLISH, f"game.{cls.id}"), "status": row.status, "version": row.version, "host_id": row.host_id,
            "options": dict(row.options), "buy_in": self.buy_in(row), "seats": info,
            "min_players": cls.min_players, "max_players": self.max_seats(row), "message_id": row.message_id,
            "deadline": parse_stamp(row.deadline) if row.deadline else None, "end_reason": row.end_reason,
            "missed": {s.seat: s.missed for s in row.seats if s.missed}}
        if game is None or row.status != "playing":
            self._shown.pop(row.id, None)
            return TableSnapshot(**common)
        shown = self._shown.get(row.id)
        if shown is None or shown.version != row.version or shown.game is not game:
            shown = self._shown[row.id] = Shown(row.version, game, game.public_view(), tuple(game.to_act()),
                                                {k: v for k, v in game.chips().items() if not k.startswith("seat:")})
        mine = [s for s in seats if 0 <= s < len(row.seats) and not row.seats[s].is_bot and row.seats[s].present]
        legal = {s: game.legal_actions(s) for s in mine}
        return TableSnapshot(**common, public=shown.public, to_act=shown.to_act,
                             privates={s: game.private_view(s) for s in mine},
                             legal={s: actions for s, actions in legal.items() if actions}, pots=shown.pots)

    def buy_in(self, row: TableRow) -> BuyIn:
        """The table's buy-in; worked out from the options once per table and set of options
        (every snapshot shows it, and the engines resolve all their options to find it)."""
        hit = self._buy_ins.get(row.id)
        if hit is not None and hit[0] == row.options:
            return hit[1]
        buy_in = self.games[row.game_id].buy_in(row.options)
        self._buy_ins[row.id] = (dict(row.options), buy_in)
        if len(self._buy_ins) > BUY_IN_MEMO:
            self._buy_ins.pop(next(iter(self._buy_ins)))
        return buy_in

    def max_seats(self, row: TableRow) -> int:
        return int(row.options.get("max_players", self.games[row.game_id].max_players))
