"""The lobby: opening a table, sitting down (people and seat bots), the table's options, starting
and cancelling. Each step changes the table in memory and is saved like a move, in one trip."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot import inputs
from bot.clock import Clock, stamp
from bot.errors import NotEnoughChips, PlayerError, TableError, reason
from bot.games.base import DEAL_STACKS, AnyGame, Event
from bot.games.messages import msg
from bot.games.options import is_turn_timer, resolve_options
from bot.wallet import WalletService
from storage import tables
from storage.db import Database
from storage.ledger import HOUSE, escrow, wallet
from storage.tables import SeatRow, TableRow

from .ending import close_now
from .live import LiveTable, LiveTables
from .models import Closing, TableSnapshot, bot_name
from .reading import Reading
from .settlement import Settlement
from .unit import TableUnit
from .units import Units

log = logging.getLogger(__name__)


class Lobby:
    def __init__(self, db: Database, wallets: WalletService, clock: Clock, games: Mapping[str, type[AnyGame]],
                 live: LiveTables, units: Units, reading: Reading, settlement: Settlement,
                 opened: Callable[[TableRow], None]) -> None:
        self.db, self.wallets, self.clock, self.games = db, wallets, clock, games
        self.live, self.units, self.reading, self.settlement = live, units, reading, settlement
        self._opened = opened

    async def open(self, guild_id: int, channel_id: int, host_id: int, game_id: str,
                   seed: int | None = None) -> TableSnapshot:
        """A new lobby, in one statement; a channel holds one open table (two processes opening
        one at the same instant: the second is told, as in one process)."""
        guild_id, cls = inputs.server(guild_id), self.games[inputs.choice(game_id, self.games)]
        options = resolve_options(cls.option_specs, {})
        server_timer(options, cls, (await self.wallets.guild_config(guild_id)).turn_timeout_s)
        seed = secrets.randbelow(2**62) if seed is None else seed
        row = await tables.create(self.db, guild_id, channel_id, game_id, host_id, options, seed, stamp(self.clock()))
        if row is None:
            raise TableError(msg("err.table.channel_taken"))
        log.info("table %d opened: %s in channel %d", row.id, game_id, channel_id)
        self.live.put(LiveTable(row, None))
        self._opened(row)
        return self.reading.show(row, None)

    async def join(self, table_id: int, user_id: int, name: str, amount: int | None = None,
                   guild_id: int | None = None) -> TableSnapshot:
        """Sit down with a buy-in. `guild_id` is where the click came from (0 from a DM); the
        table's own server only. Internal callers pass None."""
        async with self.units.unit(table_id) as u:
            u.require_guild(guild_id)
            u.require_lobby()
            row = u.row
            if row.seat_of(user_id):
                raise TableError(msg("err.table.already_seated"))
            buy_in = self.reading.buy_in(row)
            chips = buy_in.default if amount is None else inputs.chips(amount)
            buy_in.check(chips)
            u.welcome(await self.wallets.newcomer(row.guild_id, user_id))

            def short(balance: int) -> PlayerError:
                return NotEnoughChips(msg("err.table.buy_in_short", chips=chips, balance=balance))

            self._sit(u, SeatRow(next_seat(row), user_id, name, chips, stack=chips), wallet(user_id), "buy_in",
                      f"buyin:{row.id}:{user_id}:v{row.version}", short)
        return u.committed

    async def add_bot(self, table_id: int, user_id: int, guild_id: int | None = None) -> TableSnapshot:
        async with self.units.unit(table_id) as u:
            u.require_host_in_lobby(user_id, guild_id)
            row = u.row
            chips = self.reading.buy_in(row).default
            seat = SeatRow(next_seat(row), None, bot_name(sum(s.is_bot for s in row.seats) + 1), chips, stack=chips)
            self._sit(u, seat, HOUSE, "bot_buy_in", f"botbuyin:{row.id}:{seat.seat}:v{row.version}")
        return u.committed

    def _sit(self, u: TableUnit, seat: SeatRow, source: str, kind: str, key: str,
             short: Callable[[int], PlayerError] | None = None) -> None:
        """A seat in the lobby, its buy-in moved from `source` (a wallet, or the house for a bot)."""
        if len(u.row.seats) >= self.reading.max_seats(u.row):
            raise TableError(msg("err.table.full"))
        u.pay(source, escrow(u.row.id), seat.buy_in, kind, key, short)
        u.row.seats.append(seat)

    async def set_options(self, table_id: int, user_id: int, values: Mapping[str, Any],
                          guild_id: int | None = None) -> TableSnapshot:
        """Change several options at once (a preset): checked together, so either all change
        or none does."""
        async with self.units.unit(table_id) as u:
            u.require_host_in_lobby(user_id, guild_id)
            row = u.row
            cls = self.games[row.game_id]
            try:
                options = resolve_options(cls.option_specs, {**row.options, **values})
                # a trial deal with the fewest players the options allow (Bourré's is an option)
                fewest = int(options.get("min_players", cls.min_players))
                cls.start([cls.buy_in(options).default] * fewest, options, seed=0)
            except ValueError as exc:
                raise TableError(msg("err.table.setting_unchanged", reason=reason(exc))) from None
            buy_in = cls.buy_in(options)
            for seat in row.seats:
                try:
                    buy_in.check(seat.buy_in)
                except PlayerError:
                    raise TableError(msg("err.table.buy_in_taken", player=seat.name, chips=seat.buy_in)) from None
            row.options = options
        return u.committed

    async def start(self, table_id: int, user_id: int, guild_id: int | None = None, *,
                    reply_closes: bool = False) -> TableSnapshot:
        """Deal the first deal. The lobby's message closes (its `closing` in the snapshot);
        `reply_closes`: the click's own response shows it, in the same step, unpaced."""
        async with self.units.unit(table_id) as u:
            u.require_host_in_lobby(user_id, guild_id)
            row = u.row
            cls = self.games[row.game_id]
            if len(row.seats) < cls.min_players:
                raise TableError(msg("err.table.too_few", game=msg(f"game.{row.game_id}"), n=cls.min_players,
                                     seated=len(row.seats)))
            try:
                game = cls.start([s.buy_in for s in row.seats], row.options, seed=row.seed)
            except ValueError as exc:
                raise TableError(msg("err.table.cannot_start", reason=reason(exc))) from None
            for number, seat in enumerate(row.seats):   # the gaps lobby leavers left close
                seat.seat = number
            u.begin(None)   # nobody was to act before: everyone to act now is told
            u.game, row.status = game, "playing"
            u.closings.append(Closing(msg("table.closing.started", players=len(row.seats)), shown=reply_closes))
            begins = msg("table.begins", game=msg(f"game.{cls.id}"), n=len(row.seats))
            u.record({"kind": "start"}, [Event("start", begins, data={DEAL_STACKS: [s.buy_in for s in row.seats]})])
        log.info("table %d started with %d seats", table_id, len(u.row.seats))
        return replace(u.committed, closing=u.closings[-1])

    async def cancel(self, table_id: int, user_id: int, guild_id: int | None = None, *,
                     reply_closes: bool = False) -> TableSnapshot:
        """The host closes a lobby; every buy-in goes back (`reply_closes` as for `start`)."""
        async with self.units.unit(table_id) as u:
            u.require_guild(guild_id)
            u.require_host(user_id)
            u.require_open()
            if u.row.status != "lobby":
                raise TableError(msg("err.table.started_no_cancel"))
            await close_now(self.settlement, u, "cancelled", msg("table.closing.cancelled"), shown=reply_closes)
        return replace(u.committed, closing=u.closings[-1])


def server_timer(options: dict[str, Any], cls: type[AnyGame], seconds: int) -> None:
    """A new table's turn timer starts at the server's setting, where the game's range allows."""
    for spec in cls.option_specs:
        if is_turn_timer(spec):
            try:
                options[spec.name] = spec.parse(seconds)
            except ValueError:
                log.info("server timer %ss is outside %s's range for %s", seconds, cls.id, spec.name)


def next_seat(row: TableRow) -> int:
    return max((s.seat for s in row.seats), default=-1) + 1
