"""The table service: lobbies, seats, buy-ins, the action path, closing and restarts.

Every write is one `unit` (see `unit.py`): the table's lock, one transaction, the live game,
the path's change, settlement, one save, commit. Its result answers the caller (the clicker's
reply) and goes to the table's publisher, which shows it outside the lock, paced to Discord's
limits. Nothing here awaits Discord.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, TypeVar

from bot import inputs
from bot.clock import Clock, parse_stamp, stamp
from bot.errors import NotEnoughChips, NotSeated, PlayerError, StaleControl, TableError, reason
from bot.games import GAMES
from bot.games.base import DEAL_STACKS, BuyIn, Event, GameState, takes_spectator_bets
from bot.games.messages import Msg, Seat, Text, joined, lines, msg
from bot.games.options import is_turn_timer, resolve_options
from bot.i18n import ENGLISH, Locale, render, t
from bot.wallet import WalletService
from storage import ledger, tables
from storage.db import Database, Tx
from storage.ledger import HOUSE, escrow, wallet
from storage.tables import SeatRow, TableRow

from .autoplay import Autoplay, bot_rng
from .leaving import LeaveQuote, forfeit_terms, left_text, quote_leave
from .models import (
    CLOSED_AFTER_PROBLEM,
    CLOSED_BY_ADMIN,
    END_REASONS,
    Change,
    Closing,
    HandRef,
    SeatInfo,
    TableSnapshot,
    bot_name,
)
from .ownership import Shards
from .pacing import Pacer
from .presenter import Presenter
from .publisher import Publisher
from .replay import Replays
from .settlement import Settlement, is_human
from .thinking import Thinker
from .unit import LiveTable, LiveTables, TableFault, TableUnit, UnitTransaction

log = logging.getLogger(__name__)

T = TypeVar("T")

SEEN_INTERACTIONS = 4096
"""Interaction ids remembered, so one interaction is never applied twice."""
BUY_IN_MEMO = 4096
"""Tables whose buy-in is remembered with the options it was worked out from."""


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


@dataclass(frozen=True, slots=True)
class Shown:
    """What every snapshot of one committed version shows of its game (worked out once: the
    publisher, the replies and the drivers all ask for it)."""

    version: int
    game: Any
    public: Any
    to_act: tuple[int, ...]
    pots: dict[str, int]


class TableService:
    def __init__(self, db: Database, wallets: WalletService, presenter: Presenter, clock: Clock,
                 bot_delay_s: float = 0.0, games: Mapping[str, type[GameState]] | None = None,
                 pacer: Pacer | None = None, afk_limit: int = 3, retry_base_s: float = 0.5,
                 bot_workers: int = 0, shards: Shards | None = None) -> None:
        self.db, self.wallets, self.presenter, self.clock = db, wallets, presenter, clock
        self.games: Mapping[str, type[GameState]] = GAMES if games is None else games
        self.pacer = pacer if pacer is not None else Pacer()
        self.live = LiveTables()
        self.settlement = Settlement(wallets)
        self.autoplay = Autoplay(self, bot_delay_s, afk_limit, retry_base_s, thinker=Thinker(bot_workers),
                                 shards=shards)
        self._locks: dict[int, asyncio.Lock] = {}
        self._publishers: dict[int, Publisher] = {}
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._buy_ins: dict[int, tuple[dict[str, Any], BuyIn]] = {}
        self._shown: dict[int, Shown] = {}

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def _buy_in(self, row: TableRow) -> BuyIn:
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

    # --- the unit of work ------------------------------------------------------------------

    @asynccontextmanager
    async def unit(self, table_id: int, *, tolerant: bool = False, move: bool = False,
                   reply_seats: Sequence[int] = ()) -> AsyncIterator[TableUnit]:
        """Lock, transaction, live game; the caller checks and changes; settle, save, commit.

        A table that turns out broken (unreadable, chips not adding up) is quarantined and the
        caller gets a TableError. `tolerant` opens even a broken or frozen table, with no game
        when its state cannot be read (closing it). A `move` (a click, a bot's or a leaver's
        move) takes the live game without reading the stored version first, unless taking the
        table's lock read it anyway (a database other processes share): the save is guarded by
        that version, and should another writer have moved it on, nothing is written and the
        player is shown the table as it is now. After commit, `u.snapshot` holds the table with
        the private views of `reply_seats`, for the caller's reply.
        """
        u: TableUnit | None = None
        fault: TableFault | None = None
        async with self._lock(table_id):
            try:
                async with AsyncExitStack() as stack:
                    tx = UnitTransaction(self.db, stack)
                    live = self.live.get(table_id) if move and not self.db.shared else None
                    if live is not None and live.row.status == "playing":
                        row, game = live.row, live.game
                    else:   # on a shared database the row lock reads the version anyway
                        row, game = await self._live(await tx(), table_id, tolerant)
                    u = TableUnit(tx, row, game, self.clock(), reply_seats=tuple(reply_seats))
                    yield u
                    if u.logged is not None and u.row.status == "playing":
                        await self.settlement.commit(u)
                    elif u.lobby_changed:
                        await tables.bump_version(await u.tx(), table_id)
                        u.row.version += 1
            except TableFault as exc:
                self.live.drop(table_id)
                if tolerant:
                    raise
                fault = exc
            except tables.StaleVersion:
                self.live.drop(table_id)
                raise StaleControl(msg("err.table.changed")) from None
            except BaseException as exc:
                if u is None or u.dirty or not isinstance(exc, PlayerError):
                    self.live.drop(table_id)
                raise
            else:
                self.live.put(LiveTable(u.row, u.game if u.row.status == "playing" else None))
                if u.reply:
                    u.snapshot = self._snapshot(u.row, u.game, u.reply_seats)
        if fault is not None:
            await self.quarantine(table_id, fault)
            raise TableError(msg("err.table.broke_closed")) from fault
        assert u is not None
        if u.logged is not None or u.lobby_changed or u.payouts is not None:
            self._publish(u)
        if u.row.status == "playing":
            self.autoplay.wake(table_id)

    async def _live(self, tx: Tx, table_id: int, tolerant: bool) -> tuple[TableRow, Any]:
        locked = await tables.lock(tx, table_id)
        version = locked if locked is not None else await tables.version(tx, table_id)
        if version is None:
            raise TableError(msg("err.table.gone"))
        live = self.live.get(table_id, version)
        if live is not None:
            return live.row, live.game
        row = await tables.load(tx, table_id)
        assert row is not None
        if row.frozen and not tolerant:
            raise TableError(msg("err.table.set_aside"))
        try:
            return row, self.decode(row)
        except TableFault:
            if tolerant:
                return row, None
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

    async def live_table(self, table_id: int) -> LiveTable | None:
        """The table as committed (from memory, else loaded), for drivers and deadlines."""
        async with self._lock(table_id):
            live = self.live.get(table_id)
            if live is not None:
                return live
            async with self.db.read() as tx:
                row = await tables.load(tx, table_id)
            if row is None or row.frozen:
                return None
            try:
                live = LiveTable(row, self.decode(row))
            except TableFault as fault:
                bad: TableFault | None = fault
            else:
                bad = None
                self.live.put(live)
        if bad is not None:
            await self.quarantine(table_id, bad)
            return None
        return live

    async def inspect(self, table_id: int, look: Callable[[LiveTable | None], T]) -> T:
        """Run `look` on the table as committed, under its lock but outside any transaction."""
        live = await self.live_table(table_id)
        async with self._lock(table_id):
            return look(self.live.get(table_id) if live is not None else None)

    def _once(self, interaction_id: int | None) -> None:
        """The same interaction is never applied twice."""
        if interaction_id is None:
            return
        if interaction_id in self._seen:
            raise StaleControl(msg("err.table.click_played"))
        self._seen[interaction_id] = None
        if len(self._seen) > SEEN_INTERACTIONS:
            self._seen.popitem(last=False)

    # --- reading ---------------------------------------------------------------------------

    async def table_in(self, channel_id: int) -> TableSnapshot:
        async with self.db.read() as tx:
            row = await tables.open_in_channel(tx, channel_id)
        if row is None:
            raise TableError(msg("err.table.none_here"))
        snap = await self.view(row.id, ())
        if snap is None:
            raise TableError(msg("err.table.none_here"))
        return snap

    @cached_property
    def replays(self) -> Replays:
        """Finished deals step by step, for anyone in their table's server (`replay.py`)."""
        return Replays(self.db, self.games)

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
        async with self._lock(table_id):
            live = self.live.get(table_id)
            if live is None:
                async with self.db.read() as tx:
                    row = await tables.load(tx, table_id)
                if row is None:
                    return None
                try:
                    game = self.decode(row)
                except TableFault:
                    game = None
                live = LiveTable(row, game)
                if game is not None or row.status == "lobby":
                    self.live.put(live)
            return self._snapshot(live.row, live.game, seats(live.row))

    def _snapshot(self, row: TableRow, game: Any, seats: Iterable[int] = ()) -> TableSnapshot:
        cls = self.games[row.game_id]
        info = tuple(SeatInfo(s.seat, s.user_id, s.name, s.stack, s.buy_in, s.leaving, s.present, s.cashed_out)
                     for s in row.seats)
        common: dict[str, Any] = {
            "table_id": row.id, "guild_id": row.guild_id, "channel_id": row.channel_id, "game_id": row.game_id,
            "title": cls.title, "status": row.status, "version": row.version, "host_id": row.host_id,
            "options": dict(row.options), "buy_in": self._buy_in(row), "seats": info,
            "min_players": cls.min_players, "max_players": self._max_seats(row), "message_id": row.message_id,
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

    # --- the lobby -------------------------------------------------------------------------

    async def open(self, guild_id: int, channel_id: int, host_id: int, game_id: str,
                   seed: int | None = None) -> TableSnapshot:
        guild_id, cls = inputs.server(guild_id), self.games[inputs.choice(game_id, self.games)]
        async with self.db.transaction() as tx:
            if await tables.open_in_channel(tx, channel_id):
                raise TableError(msg("err.table.channel_taken"))
            options = resolve_options(cls.option_specs, {})
            self._server_timer(options, cls, (await self.wallets.config(tx, guild_id)).turn_timeout_s)
            seed = secrets.randbelow(2**62) if seed is None else seed
            table_id = await tables.create(tx, guild_id, channel_id, game_id, host_id, options, seed,
                                           stamp(self.clock()))
            row = await tables.load(tx, table_id)
        assert row is not None
        log.info("table %d opened: %s in channel %d", table_id, game_id, channel_id)
        self.live.put(LiveTable(row, None))
        self._publisher(row).push(Change())
        return self._snapshot(row, None)

    @staticmethod
    def _server_timer(options: dict[str, Any], cls: type[GameState], seconds: int) -> None:
        """A new table's turn timer starts at the server's setting, where the game's range allows."""
        for spec in cls.option_specs:
            if is_turn_timer(spec):
                try:
                    options[spec.name] = spec.parse(seconds)
                except ValueError:
                    log.info("server timer %ss is outside %s's range for %s", seconds, cls.id, spec.name)

    async def join(self, table_id: int, user_id: int, name: str, amount: int | None = None,
                   guild_id: int | None = None) -> TableSnapshot:
        """Sit down with a buy-in. `guild_id` is where the click came from (0 from a DM); the
        table's own server only. Internal callers pass None."""
        async with self.unit(table_id) as u:
            u.require_guild(guild_id)
            u.require_lobby()
            row = u.row
            if row.seat_of(user_id):
                raise TableError(msg("err.table.already_seated"))
            buy_in = self._buy_in(row)
            chips = buy_in.default if amount is None else inputs.chips(amount)
            buy_in.check(chips)
            await self.wallets.ensure_member(await u.tx(), row.guild_id, user_id)
            try:
                await self._sit(u, SeatRow(self._next_seat(row), user_id, name, chips, stack=chips), wallet(user_id),
                                "buy_in", f"buyin:{row.id}:{user_id}:v{row.version}")
            except ledger.InsufficientFunds as exc:
                raise NotEnoughChips(msg("err.table.buy_in_short", chips=chips, balance=exc.balance)) from None
        return u.committed

    async def add_bot(self, table_id: int, user_id: int, guild_id: int | None = None) -> TableSnapshot:
        async with self.unit(table_id) as u:
            u.require_host_in_lobby(user_id, guild_id)
            row = u.row
            chips = self._buy_in(row).default
            seat = SeatRow(self._next_seat(row), None, bot_name(sum(s.is_bot for s in row.seats) + 1), chips,
                           stack=chips)
            await self._sit(u, seat, HOUSE, "bot_buy_in", f"botbuyin:{row.id}:{seat.seat}:v{row.version}")
        return u.committed

    async def _sit(self, u: TableUnit, seat: SeatRow, source: str, kind: str, key: str) -> None:
        """A seat in the lobby, its buy-in moved from `source` (a wallet, or the house for a bot)."""
        if len(u.row.seats) >= self._max_seats(u.row):
            raise TableError(msg("err.table.full"))
        await self.settlement.move(u, source, escrow(u.row.id), seat.buy_in, kind, key)
        await tables.add_seat(await u.tx(), u.row.id, seat)
        u.row.seats.append(seat)
        u.dirty = u.lobby_changed = True

    async def set_option(self, table_id: int, user_id: int, name: str, value: Any,
                         guild_id: int | None = None) -> TableSnapshot:
        return await self.set_options(table_id, user_id, {name: value}, guild_id)

    async def set_options(self, table_id: int, user_id: int, values: Mapping[str, Any],
                          guild_id: int | None = None) -> TableSnapshot:
        """Change several options at once (a preset): checked together, so either all change
        or none does."""
        async with self.unit(table_id) as u:
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
            await tables.set_options(await u.tx(), row.id, options)
            row.options = options
            u.dirty = u.lobby_changed = True
        return u.committed

    async def start(self, table_id: int, user_id: int, guild_id: int | None = None, *,
                    reply_closes: bool = False) -> TableSnapshot:
        """Deal the first deal. The lobby's message closes (its `closing` in the snapshot);
        `reply_closes`: the click's own response shows it, in the same step, unpaced."""
        async with self.unit(table_id) as u:
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
            await tables.renumber_seats(await u.tx(), row.id)
            for number, seat in enumerate(row.seats):
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
        async with self.unit(table_id) as u:
            u.require_guild(guild_id)
            u.require_host(user_id)
            u.require_open()
            if u.row.status != "lobby":
                raise TableError(msg("err.table.started_no_cancel"))
            await self._close(u, "cancelled", msg("table.closing.cancelled"), shown=reply_closes)
        return replace(u.committed, closing=u.closings[-1])

    async def leave(self, table_id: int, user_id: int, guild_id: int | None = None,
                    locale: Locale = ENGLISH) -> str:
        """A player leaves: at once in the lobby or between deals, else at the end of the deal.
        The reply says what actually happened to their chips, in their language."""
        async with self.unit(table_id) as u:
            u.require_guild(guild_id)
            seat = u.seat_of(user_id)
            row = u.row
            if row.status == "lobby":
                await self.settlement.move(u, escrow(row.id), wallet(user_id), seat.buy_in, "refund",
                                           f"lobbyleave:{row.id}:{seat.seat}:v{row.version}")
                await tables.remove_seat(await u.tx(), row.id, seat.seat)
                row.seats.remove(seat)
                u.dirty = u.lobby_changed = True
                if not any(not s.is_bot for s in row.seats):
                    await self._close(u, "cancelled", msg("table.closing.lobby_left"))
                return t(locale, "ui.leave.lobby", chips=seat.buy_in)
            game = u.require_playing()
            stack_before, forfeit = seat.stack, forfeit_terms(game, locale)
            await tables.set_leaving(await u.tx(), row.id, seat.seat)
            seat.leaving = True
            u.record({"kind": "leave"}, [Event("leave", msg("table.leaving", player=Seat(seat.seat)), seat.seat)]
                     + game.leave(seat.seat), seat.seat)
        return left_text(stack_before, seat.cashed_out, forfeit, locale=locale)

    async def leave_quote(self, table_id: int, user_id: int, resign: Callable[[Sequence[type]], Any] | None = None,
                          guild_id: int | None = None) -> LeaveQuote | None:
        """What leaving now, or `resign` (decoding the game's forfeit move), would give the player
        back: the move made on a copy of the committed game. None in the lobby (leaving refunds)."""
        def look(live: LiveTable | None) -> LeaveQuote | None:
            if live is None:
                raise TableError(msg("err.table.gone"))
            if guild_id is not None and guild_id != live.row.guild_id:
                raise TableError(msg("err.table.other_server"))
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise NotSeated(msg("err.table.not_seated"))
            if live.row.status != "playing" or live.game is None:
                return None
            try:
                action = None if resign is None else resign(live.game.action_types)
            except (KeyError, ValueError, TypeError):
                raise StaleControl(msg("err.table.control_stale")) from None
            return quote_leave(live.game, seat.seat, action)
        return await self.inspect(table_id, look)

    async def _close(self, u: TableUnit, reason: str, headline: Msg, shown: bool = False) -> dict[int, int]:
        stacks = await self.settlement.close(u, reason)
        # who got what, said once: in the words (seats by name, in each reader's language)
        got = joined(msg("table.closing.got", player=Seat(s.seat), chips=stacks[s.seat])
                     for s in u.row.seats if s.seat in stacks)
        u.closings.append(Closing(lines((headline, got)) if got.items else headline,
                                  names=tuple(s.name for s in u.row.seats), shown=shown))
        u.dirty = True
        return stacks

    async def close(self, table_id: int, reason: str = CLOSED_BY_ADMIN,
                    guild_id: int | None = None) -> Closed:
        """Close a table at once (an admin, or a table that cannot go on). Mid-deal the deal is
        void: stacks as it began, earlier pots shared; the text says what each player got."""
        async with self.unit(table_id, tolerant=True) as u:
            u.require_guild(guild_id)
            if u.row.status == "finished":
                raise TableError(msg("err.table.closed"))
            mid_deal = u.row.status == "playing"
            why = msg(END_REASONS[reason])
            headline = msg("table.closing.void" if mid_deal else "table.closing.refunded", reason=why)
            stacks = await self._close(u, reason, headline)
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
            async with self._lock(table_id):
                self.live.drop(table_id)
                async with self.db.transaction() as tx:
                    await tables.freeze(tx, table_id, str(fault)[:500])
                    row = await tables.load(tx, table_id)
            if row is not None:
                self._publisher(row).push(Change(notices=[msg("err.table.set_aside")]), show_table=False)
        except Exception:
            log.exception("table %d: could not be frozen either", table_id)

    # --- playing ---------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, action: Any, version: int | None = None, *,
                  guild_id: int | None = None, via_dm: bool = False,
                  interaction_id: int | None = None) -> TableSnapshot:
        """A player's action, checked against the version its control was drawn for."""
        return await self.play(table_id, user_id, lambda types: action, version, guild_id=guild_id,
                               via_dm=via_dm, interaction_id=interaction_id)

    async def play(self, table_id: int, user_id: int, decode: Callable[[Sequence[type]], Any],
                   version: int | None, *, guild_id: int | None = None, via_dm: bool = False,
                   interaction_id: int | None = None) -> TableSnapshot:
        """A click: `decode` turns it into an action of the table's game, inside the one
        transaction, so nothing is read before it. Returns the table with the player's hand."""
        with noted(table_id):
            async with self.unit(table_id, move=True) as u:
                u.require_guild(guild_id)
                u.require_playing()
                seat = u.seat_of(user_id)
                try:
                    action = decode(self.games[u.row.game_id].action_types)
                except (KeyError, ValueError, TypeError):
                    raise StaleControl(msg("err.table.control_stale")) from None
                u.require_version(version, seat.seat, action)
                self._once(interaction_id)
                u.apply(seat.seat, action)
                u.actor, u.via_dm = seat.seat, via_dm
                if seat.missed:
                    await tables.set_missed(await u.tx(), u.row.id, seat.seat, 0)
                    seat.missed = 0
                u.reply_seats = (seat.seat,)
            return u.committed

    async def request_stop(self, table_id: int, user_id: int, guild_id: int | None = None) -> None:
        """The host ends the game where its rules allow it (at the end of the deal)."""
        with noted(table_id):
            async with self.unit(table_id) as u:
                u.require_guild(guild_id)
                u.require_host(user_id)
                if u.row.status != "playing":
                    raise TableError(msg("err.table.stop_lobby"))
                game = u.require_playing()
                if not hasattr(game, "request_stop"):
                    raise TableError(msg("err.table.no_stop", game=msg(f"game.{u.row.game_id}")))
                u.record({"kind": "stop"}, game.request_stop())

    async def top_up(self, table_id: int, user_id: int, amount: int, guild_id: int | None = None) -> None:
        """A seated player adds chips from their wallet, where the game's rules allow it."""
        amount = inputs.chips(amount)
        with noted(table_id):
            async with self.unit(table_id) as u:
                u.require_guild(guild_id)
                seat = u.row.seat_of(user_id)
                if seat is None or u.row.status != "playing":
                    raise NotSeated(msg("err.table.not_playing"))
                game = u.require_playing()
                if not hasattr(game, "top_up"):
                    raise TableError(msg("err.table.no_top_up", game=msg(f"game.{u.row.game_id}")))
                u.begin(seat.seat)
                events = game.top_up(seat.seat, amount)
                u.dirty = True
                try:
                    await self.settlement.move(u, wallet(user_id), escrow(u.row.id), amount, "top_up",
                                               f"topup:{u.row.id}:v{u.row.version}:{user_id}")
                except ledger.InsufficientFunds as exc:
                    raise NotEnoughChips(msg("err.wallet.holds", balance=exc.balance)) from None
                await tables.add_buy_in(await u.tx(), u.row.id, seat.seat, amount)
                seat.buy_in += amount
                if seat.deal_stack is not None:
                    seat.deal_stack += amount
                u.record({"kind": "top_up", "amount": amount}, events, seat.seat)

    async def spectator_choices(self, table_id: int, user_id: int) -> list[tuple[int, str, int, int]]:
        """(seat, name, lowest, highest) for each player an onlooker may back now."""
        live = await self.live_table(table_id)
        if live is None:
            raise TableError(msg("err.table.gone"))
        game = self._spectator_game(live.row, live.game, user_id)
        choices = []
        for s in live.row.seats:
            if s.present and (limits := game.spectator_bet_range(s.seat)) is not None:
                choices.append((s.seat, s.name, *limits))
        if not choices:
            raise TableError(msg("err.bets.closed"))
        return choices

    async def spectator_bet(self, table_id: int, user_id: int, seat: int, amount: int,
                            guild_id: int | None = None) -> None:
        """An onlooker backs a player: chips wallet -> escrow, and the request, in one transaction."""
        amount = inputs.chips(amount)
        with noted(table_id):
            async with self.unit(table_id) as u:
                u.require_guild(guild_id)
                game = self._spectator_game(u.row, u.game, user_id)
                u.begin(None)
                await self.wallets.ensure_member(await u.tx(), u.row.guild_id, user_id)
                try:
                    await self.settlement.move(u, wallet(user_id), escrow(u.row.id), amount, "spectator_bet",
                                               f"specbet:{u.row.id}:v{u.row.version}:{user_id}")
                except ledger.InsufficientFunds as exc:
                    raise NotEnoughChips(msg("err.bets.short", balance=exc.balance, amount=amount)) \
                        from None
                events = game.place_spectator_bet(user_id, seat, amount)
                u.dirty = True
                u.record({"kind": "spectator_bet", "user": user_id, "seat": seat, "amount": amount}, events)

    def _spectator_game(self, row: TableRow, game: Any, user_id: int) -> Any:
        if row.status != "playing" or game is None:
            raise TableError(msg("err.bets.not_in_play"))
        if not takes_spectator_bets(game):
            raise TableError(msg("err.bets.none", game=msg(f"game.{row.game_id}")))
        if row.seat_of(user_id):
            raise TableError(msg("err.bets.player"))
        return game

    async def suggest(self, table_id: int, seat: int) -> Any:
        """What the seat bot would play for this seat now (hints, the console demo, tests)."""
        live = await self.live_table(table_id)
        if live is None or live.game is None:
            raise TableError(msg("err.table.not_in_play"))
        return live.game.bot_action(seat, bot_rng(live.row, seat))

    # --- deadlines, drivers, restarts ------------------------------------------------------

    async def fire_due(self) -> int:
        return await self.autoplay.fire_due()

    async def next_deadline(self) -> str | None:
        async with self.db.read() as tx:
            return await tables.next_deadline(tx)

    async def clear_deadline(self, table_id: int) -> None:
        """A deadline with no person left to decide (they left, or became bots' turns)."""
        async with self.db.transaction() as tx:
            await tables.clear_deadline(tx, table_id)
        live = self.live.get(table_id)
        if live is not None:
            live.row.deadline = None

    async def open_table_ids(self) -> list[int]:
        async with self.db.read() as tx:
            return await tables.open_ids(tx)

    async def restore(self, ids: list[int] | None = None) -> list[int]:
        """Resume the open tables this process drives, after a start-up or when it took over
        another process's: load them all at once, arm their drivers and refresh their messages
        (paced). A table that cannot be read is quarantined; it never
        stops the others."""
        async with self.db.read() as tx:
            rows = await tables.load_open(tx)
        wanted = None if ids is None else set(ids)
        restored = []
        for row in rows:
            if (wanted is not None and row.id not in wanted) or not self.autoplay.shards.drives(row.guild_id):
                continue
            try:
                game = self.decode(row)
            except TableFault as fault:
                await self.quarantine(row.id, fault)
                continue
            self.live.put(LiveTable(row, game))
            humans = {s.seat for s in row.seats if game is not None and is_human(row, s.seat)}
            self._publisher(row).push(Change(touch=humans), resume=True)
            if game is not None:
                self.autoplay.wake(row.id)
            restored.append(row.id)
        log.info("restored %d tables", len(restored))
        return restored

    async def settle(self) -> None:
        """Until no bot is about to move and every change is shown (tests, the demo)."""
        while True:
            busy: list[Any] = self.autoplay.busy()
            busy += [p.idle() for p in self._publishers.values() if p.busy()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def stop(self) -> None:
        """Cancel bot moves and messages in flight (shutdown); the database keeps the last commit."""
        await self.autoplay.stop()
        for publisher in self._publishers.values():
            publisher.stop()
        await asyncio.gather(*(p.idle() for p in self._publishers.values()), return_exceptions=True)

    # --- publishing ------------------------------------------------------------------------

    def _publisher(self, row: TableRow) -> Publisher:
        publisher = self._publishers.get(row.id)
        if publisher is None:
            publisher = Publisher(row.id, row.channel_id, row.message_id, self, self.presenter, self.pacer)
            self._publishers[row.id] = publisher
        return publisher

    def _publish(self, u: TableUnit) -> None:
        """Hand a committed unit to the table's publisher: who must be told to act, whose hand
        message is stale, which messages close."""
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
        publisher = self._publisher(row)
        publisher.push(change)
        if row.status == "finished":
            asyncio.get_running_loop().create_task(self._retire(row.id, publisher))

    async def _retire(self, table_id: int, publisher: Publisher) -> None:
        """A closed table's publisher and lock go once its last messages are out."""
        await publisher.idle()
        if self._publishers.get(table_id) is publisher:
            del self._publishers[table_id]
        lock = self._locks.get(table_id)
        if lock is not None and not lock.locked():
            del self._locks[table_id]
        self.pacer.forget(publisher.channel_id)

    async def save_message(self, table_id: int, message_id: int | None) -> None:
        await self.db.commit_alone([tables.message_step(table_id, message_id)])
        live = self.live.get(table_id)
        if live is not None:
            live.row.message_id = message_id

    async def save_hand(self, table_id: int, seat: int, ref: HandRef) -> None:
        await self.db.commit_alone([tables.hand_message_step(table_id, seat, ref.channel_id, ref.message_id)])

    async def hand_refs(self, table_id: int) -> dict[int, HandRef]:
        async with self.db.read() as tx:
            return {seat: HandRef(*ref) for seat, ref in (await tables.hand_messages(tx, table_id)).items()}

    # --- small helpers ---------------------------------------------------------------------

    def _max_seats(self, row: TableRow) -> int:
        return int(row.options.get("max_players", self.games[row.game_id].max_players))

    @staticmethod
    def _next_seat(row: TableRow) -> int:
        return max((s.seat for s in row.seats), default=-1) + 1
