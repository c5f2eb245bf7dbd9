"""The table service: lobbies, seats, buy-ins, the action path, deadlines and restarts.

Every change is one transaction under the table's lock: load, check, apply, check that the
escrow still equals the chips the game holds, save with the version guard, log, move chips;
commit; only then render, still under the lock, from the committed snapshot (STYLE.md §3).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import secrets
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Awaitable, Callable, Iterator

from bot.clock import Clock, parse_stamp, stamp
from bot.errors import NotEnoughChips, NotSeated, PlayerError, StaleControl, TableError
from bot.games import GAMES
from bot.games.base import Event, action_to_dict, seat_key, spectator_holdings, takes_spectator_bets
from bot.games.options import resolve_options
from bot.wallet import WalletService
from storage import ledger, tables
from storage.db import Database, Tx
from storage.ledger import HOUSE, Transfer, escrow, wallet
from storage.tables import SeatRow, TableRow

from .models import SeatInfo, TableSnapshot
from .presenter import Presenter

log = logging.getLogger(__name__)


class ConservationError(RuntimeError):
    """The escrow and the game disagree about the chips on the table: a bug, never committed."""


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


class TableService:
    def __init__(self, db: Database, wallets: WalletService, presenter: Presenter, clock: Clock,
                 bot_delay_s: float = 0.0, games: dict[str, type] | None = None) -> None:
        self.db, self.wallets, self.presenter, self.clock = db, wallets, presenter, clock
        self.bot_delay_s = bot_delay_s
        self.games = GAMES if games is None else games
        self._locks: dict[int, asyncio.Lock] = {}
        self._drivers: set[asyncio.Task[None]] = set()

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    # --- reading ---------------------------------------------------------------------------

    async def table_in(self, channel_id: int) -> TableSnapshot:
        async with self.db.read() as tx:
            row = await tables.open_in_channel(tx, channel_id)
            if row is None:
                raise TableError("There is no open table in this channel. Open one with /play.")
            return self._snapshot(row)

    async def snapshot(self, table_id: int) -> TableSnapshot:
        async with self.db.read() as tx:
            return self._snapshot(await self._load(tx, table_id))

    # --- the lobby -------------------------------------------------------------------------

    async def open(self, guild_id: int, channel_id: int, host_id: int, game_id: str,
                   seed: int | None = None) -> TableSnapshot:
        cls = self.games.get(game_id)
        if cls is None:
            raise TableError(f"There is no game called {game_id!r}. Pick one from the list.")
        async with self.db.transaction() as tx:
            if await tables.open_in_channel(tx, channel_id):
                raise TableError("This channel already has a table: see it with /table view, "
                                 "or open a thread for another game.")
            options = resolve_options(cls.option_specs, {})
            self._server_timer(options, cls, (await self.wallets.config(tx, guild_id)).turn_timeout_s)
            seed = secrets.randbelow(2**62) if seed is None else seed
            table_id = await tables.create(tx, guild_id, channel_id, game_id, host_id, options, seed,
                                           stamp(self.clock()))
            row = await self._load(tx, table_id)
        log.info("table %d opened: %s in channel %d", table_id, game_id, channel_id)
        async with self._lock(table_id):
            return await self._render(row, None, [], repost=True)

    @staticmethod
    def _server_timer(options: dict[str, Any], cls: type, seconds: int) -> None:
        """A new table's turn timer starts at the server's setting, where the game's range allows."""
        for spec in cls.option_specs:
            if spec.name.startswith("turn_timeout"):
                try:
                    options[spec.name] = spec.parse(seconds)
                except ValueError:
                    log.info("server timer %ss is outside %s's range for %s", seconds, cls.id, spec.name)

    async def join(self, table_id: int, user_id: int, name: str, amount: int | None = None) -> TableSnapshot:
        async def change(tx: Tx, row: TableRow) -> None:
            cls = self._lobby_game(row)
            if row.seat_of(user_id):
                raise TableError("You are already seated at this table.")
            if len(row.seats) >= self._max_seats(row):
                raise TableError("This table is full.")
            buy_in = cls.buy_in(row.options)
            chips = buy_in.default if amount is None else amount
            buy_in.check(chips)
            await self.wallets.ensure_member(tx, row.guild_id, user_id)
            seat = SeatRow(self._next_seat(row), user_id, name, chips)
            try:
                await self._move(tx, row, wallet(user_id), escrow(row.id), chips, "buy_in", f"buyin:{row.id}:{user_id}:{secrets.token_hex(6)}")
            except ledger.InsufficientFunds as exc:
                raise NotEnoughChips(f"The buy-in is {chips:,} chips and your wallet holds {exc.balance:,}. "
                                     "Claim /daily or ask a friend to /give you some.") from None
            await tables.add_seat(tx, row.id, seat)
        return await self._lobby_change(table_id, change)

    async def add_bot(self, table_id: int, user_id: int) -> TableSnapshot:
        async def change(tx: Tx, row: TableRow) -> None:
            self._require_host(row, user_id)
            cls = self._lobby_game(row)
            if len(row.seats) >= self._max_seats(row):
                raise TableError("This table is full.")
            chips = cls.buy_in(row.options).default
            seat = SeatRow(self._next_seat(row), None, f"Bot {sum(s.is_bot for s in row.seats) + 1}", chips)
            await self._move(tx, row, HOUSE, escrow(row.id), chips, "bot_buy_in", f"botbuyin:{row.id}:{seat.seat}:{secrets.token_hex(6)}")
            await tables.add_seat(tx, row.id, seat)
        return await self._lobby_change(table_id, change)

    async def set_option(self, table_id: int, user_id: int, name: str, value: Any) -> TableSnapshot:
        async def change(tx: Tx, row: TableRow) -> None:
            self._require_host(row, user_id)
            cls = self._lobby_game(row)
            try:
                options = resolve_options(cls.option_specs, {**row.options, name: value})
                cls.start([cls.buy_in(options).default] * cls.min_players, options, seed=0)
            except ValueError as exc:
                raise TableError(f"That setting was not changed: {exc}") from None
            buy_in = cls.buy_in(options)
            for seat in row.seats:
                try:
                    buy_in.check(seat.buy_in)
                except PlayerError:
                    raise TableError(f"That changes the buy-in, and {seat.name} has already bought in with "
                                     f"{seat.buy_in:,}. Change it before players join, or ask them to leave first.") from None
            await tables.set_options(tx, row.id, options)
        return await self._lobby_change(table_id, change)

    async def leave(self, table_id: int, user_id: int) -> str:
        """A player leaves: at once in the lobby or between deals, else at the end of the deal."""
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                seat = row.seat_of(user_id)
                if seat is None:
                    raise NotSeated("You are not seated at this table.")
                if row.status == "lobby":
                    await self._move(tx, row, escrow(row.id), wallet(user_id), seat.buy_in, "refund",
                                     f"lobbyleave:{row.id}:{seat.seat}:{secrets.token_hex(6)}")
                    await tables.remove_seat(tx, row.id, seat.seat)
                    await tables.bump_version(tx, row.id)
                    reply = f"You left the table; your {seat.buy_in:,} chips are back in your wallet."
                    game, events = None, []
                else:
                    cls = self.games[row.game_id]
                    game = cls.from_dict(row.state)
                    await tables.set_leaving(tx, row.id, seat.seat)
                    seat.leaving = True
                    events = [Event("leave", f"{{p{seat.seat}}} is leaving the table.", seat.seat)]
                    events += game.leave(seat.seat)
                    if game.can_cash_out(seat.seat):
                        reply = "You left the table; your stack is back in your wallet."
                    else:
                        reply = ("You will leave at the end of this deal; until then your turns are "
                                 "played for you. Your stack then goes back to your wallet.")
                    events = await self._commit(tx, row, game, seat.seat, {"kind": "leave"}, events)
                row = await self._load(tx, table_id)
            await self._render(row, game, events, repost=False)
        self._drive_soon(table_id)
        return reply

    async def start(self, table_id: int, user_id: int) -> TableSnapshot:
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                self._require_host(row, user_id)
                cls = self._lobby_game(row)
                if len(row.seats) < cls.min_players:
                    raise TableError(f"{cls.title} needs at least {cls.min_players} players; "
                                     f"{len(row.seats)} seated. Invite friends or add a bot.")
                await tables.renumber_seats(tx, row.id)
                row = await self._load(tx, table_id)
                try:
                    game = cls.start([s.buy_in for s in row.seats], row.options, seed=row.seed)
                except ValueError as exc:
                    raise TableError(f"The game cannot start: {exc}") from None
                events = [Event("start", f"The game begins: {cls.title}, {len(row.seats)} players.")]
                events = await self._commit(tx, row, game, None, {"kind": "start"}, events)
                row = await self._load(tx, table_id)
            log.info("table %d started with %d seats", table_id, len(row.seats))
            snap = await self._render(row, game, events, repost=True, everyone=True)
        self._drive_soon(table_id)
        return snap

    async def cancel(self, table_id: int, user_id: int) -> TableSnapshot:
        """The host closes a lobby; every buy-in goes back."""
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                self._require_host(row, user_id)
                if row.status != "lobby":
                    raise TableError("The game has started; it ends by play, or an admin can /table close it.")
                payouts = await self._refund(tx, row, None, "cancelled")
                row = await self._load(tx, table_id)
            return await self._finish_render(row, payouts, "The host cancelled the table; every buy-in went back.")

    async def close(self, table_id: int, reason: str = "closed by an admin") -> TableSnapshot:
        """Close a table at once and refund everyone (admin, or a table that cannot go on)."""
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                game = None
                if row.status == "playing":
                    try:
                        game = self.games[row.game_id].from_dict(row.state)
                    except Exception:  # a state we cannot read: fall back to the stacks last saved
                        log.warning("table %d: state unreadable, refunding the saved stacks", table_id)
                payouts = await self._refund(tx, row, game, reason)
                row = await self._load(tx, table_id)
            return await self._finish_render(row, payouts, f"The table was {reason}; everyone's chips went back.")

    # --- the action path -------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, action: Any, version: int | None = None) -> None:
        """A player's action. `version` is the one their control was drawn for."""
        with noted(table_id):
            await self._act(table_id, user_id, action, version)
        self._drive_soon(table_id)

    async def _act(self, table_id: int, user_id: int, action: Any, version: int | None) -> None:
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                if row.status != "playing":
                    raise StaleControl("This table is not in play any more.")
                seat = row.seat_of(user_id)
                if seat is None:
                    raise NotSeated("You are not seated at this table.")
                game = self.games[row.game_id].from_dict(row.state)
                if version is not None and version != row.version and action not in game.legal_actions(seat.seat):
                    raise StaleControl("That button is from an earlier turn; here is the table now.")
                before = self._waiting(game)
                events = game.apply(seat.seat, action)
                events = await self._commit(tx, row, game, seat.seat, action_to_dict(action), events)
                row = await self._load(tx, table_id)
            await self._render(row, game, events, repost=False, before=before, actor=seat.seat)

    async def request_stop(self, table_id: int, user_id: int) -> None:
        """The host ends the game where its rules allow it (at the end of the deal)."""
        with noted(table_id):
            async with self._lock(table_id):
                async with self.db.transaction() as tx:
                    row = await self._load(tx, table_id)
                    self._require_host(row, user_id)
                    if row.status != "playing":
                        raise TableError("The game is not being played; the host can cancel a lobby instead.")
                    cls = self.games[row.game_id]
                    game = cls.from_dict(row.state)
                    if not hasattr(game, "request_stop"):
                        raise TableError(f"{cls.title} ends by its own rules; players may leave between deals, "
                                         "and an admin can close the table with a full refund.")
                    before = self._waiting(game)
                    events = await self._commit(tx, row, game, None, {"kind": "stop"}, game.request_stop())
                    row = await self._load(tx, table_id)
                await self._render(row, game, events, repost=False, before=before)
        self._drive_soon(table_id)

    async def top_up(self, table_id: int, user_id: int, amount: int) -> None:
        """A seated player adds chips from their wallet, where the game's rules allow it."""
        with noted(table_id):
            async with self._lock(table_id):
                async with self.db.transaction() as tx:
                    row = await self._load(tx, table_id)
                    seat = row.seat_of(user_id)
                    if seat is None or row.status != "playing":
                        raise NotSeated("You are not playing at this table.")
                    cls = self.games[row.game_id]
                    game = cls.from_dict(row.state)
                    if not hasattr(game, "top_up"):
                        raise TableError(f"At {cls.title} your stack is what you bought in with; "
                                         "leave between deals and join a new table to bring more.")
                    before = self._waiting(game)
                    events = game.top_up(seat.seat, amount)
                    try:
                        await self._move(tx, row, wallet(user_id), escrow(row.id), amount, "top_up",
                                         f"topup:{row.id}:{row.version}:{user_id}")
                    except ledger.InsufficientFunds as exc:
                        raise NotEnoughChips(f"Your wallet holds {exc.balance:,} chips.") from None
                    await tables.add_buy_in(tx, row.id, seat.seat, amount)
                    events = await self._commit(tx, row, game, seat.seat, {"kind": "top_up", "amount": amount},
                                                events)
                    row = await self._load(tx, table_id)
                await self._render(row, game, events, repost=False, before=before)
        self._drive_soon(table_id)

    async def spectator_choices(self, table_id: int, user_id: int) -> list[tuple[int, str, int, int]]:
        """(seat, name, lowest, highest) for each player an onlooker may back now."""
        async with self.db.read() as tx:
            row = await self._load(tx, table_id)
        game = self._spectator_game(row, user_id)
        choices = []
        for s in row.seats:
            if s.present and (limits := game.spectator_bet_range(s.seat)) is not None:
                choices.append((s.seat, s.name, *limits))
        if not choices:
            raise TableError("Spectator bets are closed right now; they open each hand until the first tile.")
        return choices

    async def spectator_bet(self, table_id: int, user_id: int, seat: int, amount: int) -> None:
        """An onlooker backs a player: chips wallet -> escrow, and the request, in one transaction."""
        with noted(table_id):
            async with self._lock(table_id):
                async with self.db.transaction() as tx:
                    row = await self._load(tx, table_id)
                    game = self._spectator_game(row, user_id)
                    before = self._waiting(game)
                    await self.wallets.ensure_member(tx, row.guild_id, user_id)
                    try:
                        await self._move(tx, row, wallet(user_id), escrow(row.id), amount, "spectator_bet",
                                         f"specbet:{row.id}:{row.version}:{user_id}")
                    except ledger.InsufficientFunds as exc:
                        raise NotEnoughChips(f"Your wallet holds {exc.balance:,} chips; you cannot bet {amount:,}.") \
                            from None
                    events = game.place_spectator_bet(user_id, seat, amount)
                    events = await self._commit(tx, row, game, None, {"kind": "spectator_bet", "user": user_id,
                                                                       "seat": seat, "amount": amount}, events)
                    row = await self._load(tx, table_id)
                await self._render(row, game, events, repost=False, before=before)
        self._drive_soon(table_id)

    def _spectator_game(self, row: TableRow, user_id: int) -> Any:
        if row.status != "playing":
            raise TableError("Spectator bets are taken only while the game is on.")
        game = self.games[row.game_id].from_dict(row.state)
        if not takes_spectator_bets(game):
            raise TableError(f"{self.games[row.game_id].title} takes no spectator bets.")
        if row.seat_of(user_id):
            raise TableError("You are playing at this table; spectator bets are for onlookers.")
        return game

    async def fire_due(self) -> int:
        """Play `timeout_action` for every seat whose deadline has passed; how many tables."""
        async with self.db.read() as tx:
            due = await tables.due(tx, stamp(self.clock()))
        for table_id in due:
            await self._expire(table_id)
        return len(due)

    async def next_deadline(self) -> str | None:
        async with self.db.read() as tx:
            return await tables.next_deadline(tx)

    async def _expire(self, table_id: int) -> None:
        async with self._lock(table_id):
            async with self.db.read() as tx:
                row = await self._load(tx, table_id)
            if row.status != "playing" or not row.deadline or parse_stamp(row.deadline) > self.clock():
                return
            game = self.games[row.game_id].from_dict(row.state)
            late = [s for s in game.to_act() if self._human(row, s)]
            for seat in late:
                await self._auto_move(table_id, seat, timed_out=True)
        self._drive_soon(table_id)

    async def _auto_move(self, table_id: int, seat: int, timed_out: bool) -> bool:
        """One move for a seat that does not choose itself (timed out, leaving, or a bot).

        Runs under the table lock. False when the seat is no longer to act.
        """
        async with self.db.transaction() as tx:
            row = await self._load(tx, table_id)
            if row.status != "playing":
                return False
            game = self.games[row.game_id].from_dict(row.state)
            if seat not in game.to_act():
                return False
            before = self._waiting(game)
            action, events = None, []
            if row.seats[seat].is_bot:
                try:
                    action = game.bot_action(seat, random.Random(f"{row.seed}:{row.version}:{seat}"))
                    events = game.apply(seat, action)
                except Exception:  # a bot bug must not stall the table: play the timeout move instead
                    log.exception("seat bot failed at table %d seat %d; playing its timeout move", table_id, seat)
                    game, action = self.games[row.game_id].from_dict(row.state), None
            if action is None:
                action = game.timeout_action(seat)
                if timed_out:
                    events = [Event("timeout", f"{{p{seat}}}'s time ran out; the move was made for them.", seat)]
                events += game.apply(seat, action)
            events = await self._commit(tx, row, game, seat, action_to_dict(action), events)
            row = await self._load(tx, table_id)
        await self._render(row, game, events, repost=False, before=before)
        return True

    def _drive_soon(self, table_id: int) -> None:
        """Let bots and leaving players move: in the background when bots take their time."""
        task = asyncio.get_running_loop().create_task(self.drive(table_id))
        self._drivers.add(task)
        task.add_done_callback(self._drivers.discard)

    async def stop(self) -> None:
        """Cancel bot moves in flight (shutdown); the database keeps the last committed state."""
        tasks = list(self._drivers)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def suggest(self, table_id: int, seat: int) -> Any:
        """What the seat bot would play for this seat now (hints, and the console demo)."""
        async with self.db.read() as tx:
            row = await self._load(tx, table_id)
        game = self.games[row.game_id].from_dict(row.state)
        return game.bot_action(seat, random.Random(f"{row.seed}:{row.version}:{seat}"))

    async def settle(self) -> None:
        """Wait until no bot is about to move (tests and the demo)."""
        while self._drivers:
            await asyncio.gather(*list(self._drivers))

    async def drive(self, table_id: int) -> None:
        """Move for bot seats and leaving players until a human must decide or the game ends.

        Each move re-checks under the lock, so two drivers of one table never move twice.
        """
        try:
            while (seat := await self._auto_seat(table_id)) is not None:
                if self.bot_delay_s:
                    await asyncio.sleep(self.bot_delay_s)
                async with self._lock(table_id):
                    await self._auto_move(table_id, seat, timed_out=False)
        except Exception as exc:
            exc.add_note(f"table={table_id}")
            log.exception("seat bot failed at table %d", table_id)

    async def _auto_seat(self, table_id: int) -> int | None:
        """The first seat to act that nobody is choosing for: a bot or a player who is leaving."""
        async with self.db.read() as tx:
            row = await self._load(tx, table_id)
        if row.status != "playing":
            return None
        game = self.games[row.game_id].from_dict(row.state)
        return next((s for s in game.to_act() if not self._human(row, s)), None)

    # --- restarts --------------------------------------------------------------------------

    async def open_table_ids(self) -> list[int]:
        async with self.db.read() as tx:
            return await tables.open_ids(tx)

    async def restore(self, ids: list[int] | None = None) -> list[int]:
        """Reload open tables after a start-up (all, or those that were open before it);
        refund those that cannot be resumed."""
        ids = await self.open_table_ids() if ids is None else ids
        restored = []
        for table_id in ids:
            try:
                async with self.db.read() as tx:
                    row = await self._load(tx, table_id)
                game = self.games[row.game_id].from_dict(row.state) if row.status == "playing" else None
            except Exception:
                log.exception("table %d cannot be restored; refunding its players", table_id)
                await self.close(table_id, "closed because it could not be restored after a restart")
                continue
            async with self._lock(table_id):
                await self._render(row, game, [], repost=True, everyone=True)
            restored.append(table_id)
            self._drive_soon(table_id)
        log.info("restored %d tables", len(restored))
        return restored

    # --- inside a transaction --------------------------------------------------------------

    async def _commit(self, tx: Tx, row: TableRow, game: Any, seat: int | None, action: dict[str, Any],
                      events: list[Event]) -> list[Event]:
        """Settle leavers and the end of the game, check conservation, save; returns all events."""
        events = list(events)
        for s in row.seats:
            if s.present and s.leaving and not game.is_over() and game.can_cash_out(s.seat):
                stack = game.chips()[seat_key(s.seat)]
                events += game.cash_out(s.seat)
                await self._pay_out(tx, row, s, stack)
                events.append(Event("left", f"{{p{s.seat}}} left the table with {stack:,} chips.", s.seat))
        await self._pay_spectators(tx, row, game)
        await self._check_escrow(tx, row, game)
        status = "playing"
        if game.is_over():
            status = "finished"
            chips = game.chips()
            for s in row.seats:
                if s.present:
                    await self._pay_out(tx, row, s, chips[seat_key(s.seat)])
            if await ledger.balance(tx, row.guild_id, escrow(row.id)):
                raise ConservationError(f"table {row.id} ended with chips left in escrow")
        deadline = None if status == "finished" else await self._deadline(tx, row, game)
        version = await tables.save_state(tx, row, game.to_dict(), deadline, status)
        await tables.log_action(tx, row.id, version, seat, action, [e.to_dict() for e in events], stamp(self.clock()))
        chips = game.chips()
        await tables.set_stacks(tx, row.id, {s.seat: chips.get(seat_key(s.seat), 0) for s in row.seats if s.present})
        if status == "finished":
            await tables.finish(tx, row.id, "finished", stamp(self.clock()))
        return events

    async def _pay_spectators(self, tx: Tx, row: TableRow, game: Any) -> None:
        """Whatever the game owes onlookers goes from escrow to their wallets (DOM-26)."""
        if not takes_spectator_bets(game):
            return
        for i, (user_id, amount) in enumerate(game.take_spectator_payouts()):
            await self._move(tx, row, escrow(row.id), wallet(user_id), amount, "spectator_payout",
                             f"specpay:{row.id}:{row.version}:{i}")

    async def _check_escrow(self, tx: Tx, row: TableRow, game: Any) -> None:
        held = await ledger.balance(tx, row.guild_id, escrow(row.id))
        in_game = sum(game.chips().values())
        if held != in_game:
            raise ConservationError(f"table {row.id}: escrow holds {held} but the game accounts for {in_game}")

    async def _deadline(self, tx: Tx, row: TableRow, game: Any) -> str | None:
        if not any(self._human(row, s) for s in game.to_act()):
            return None
        seconds = game.turn_timeout_s() or (await self.wallets.config(tx, row.guild_id)).turn_timeout_s
        return stamp(self.clock() + timedelta(seconds=seconds))

    async def _pay_out(self, tx: Tx, row: TableRow, seat: SeatRow, amount: int) -> None:
        dst = HOUSE if seat.is_bot else wallet(seat.user_id)
        await self._move(tx, row, escrow(row.id), dst, amount, "cash_out", f"payout:{row.id}:{seat.seat}")
        await tables.cash_out_seat(tx, row.id, seat.seat, amount, stamp(self.clock()))
        seat.cashed_out = amount

    async def _refund(self, tx: Tx, row: TableRow, game: Any, reason: str) -> dict[int, int]:
        """Give everything in escrow back: each stack, and chips in pots shared equally
        (the first seats get the odd chips), since a pot has no owner until its deal ends."""
        present = [s for s in row.seats if s.present]
        if game is not None:
            chips = game.chips()
            stacks = {s.seat: chips.get(seat_key(s.seat), 0) for s in present}
            for i, (user_id, amount) in enumerate(sorted(spectator_holdings(chips).items())):
                await self._move(tx, row, escrow(row.id), wallet(user_id), amount, "spectator_refund",
                                 f"specrefund:{row.id}:{i}")
        else:
            stacks = {s.seat: (s.buy_in if row.status == "lobby" else s.stack) for s in present}
        held = await ledger.balance(tx, row.guild_id, escrow(row.id))
        rest = held - sum(stacks.values())
        if rest < 0 or (rest and not present):
            raise ConservationError(f"table {row.id}: escrow {held} cannot cover stacks {stacks}")
        for i, s in enumerate(present):
            stacks[s.seat] += rest // len(present) + (1 if i < rest % len(present) else 0)
            await self._pay_out(tx, row, s, stacks[s.seat])
        await tables.finish(tx, row.id, reason, stamp(self.clock()))
        return stacks

    async def _move(self, tx: Tx, row: TableRow, src: str, dst: str, amount: int, kind: str, key: str) -> None:
        await ledger.transfer(tx, row.guild_id, Transfer(src, dst, amount, kind, f"table:{row.id}", key),
                              stamp(self.clock()))

    async def _lobby_change(self, table_id: int, change: Callable[[Tx, TableRow], Awaitable[None]]) -> TableSnapshot:
        async with self._lock(table_id):
            async with self.db.transaction() as tx:
                row = await self._load(tx, table_id)
                if row.status != "lobby":
                    raise TableError("The game has already started; this only works in the lobby.")
                await change(tx, row)
                await tables.bump_version(tx, table_id)
                row = await self._load(tx, table_id)
            return await self._render(row, None, [], repost=False)

    async def _load(self, tx: Tx, table_id: int) -> TableRow:
        row = await tables.load(tx, table_id)
        if row is None:
            raise TableError("That table no longer exists.")
        return row

    def _lobby_game(self, row: TableRow) -> type:
        if row.status != "lobby":
            raise TableError("The game has already started; this only works in the lobby.")
        return self.games[row.game_id]

    def _max_seats(self, row: TableRow) -> int:
        return int(row.options.get("max_players", self.games[row.game_id].max_players))

    @staticmethod
    def _next_seat(row: TableRow) -> int:
        return max((s.seat for s in row.seats), default=-1) + 1

    @staticmethod
    def _require_host(row: TableRow, user_id: int) -> None:
        if row.host_id != user_id:
            raise TableError("Only the player who opened this table can do that.")

    @staticmethod
    def _human(row: TableRow, seat: int) -> bool:
        info = row.seats[seat]
        return not info.is_bot and info.present and not info.leaving

    @staticmethod
    def _waiting(game: Any) -> frozenset[int]:
        """Who was to act before an action, to tell who must act anew after it."""
        return frozenset(game.to_act())

    # --- rendering, after commit -----------------------------------------------------------

    def _snapshot(self, row: TableRow, game: Any = None) -> TableSnapshot:
        cls = self.games[row.game_id]
        if game is None and row.status == "playing" and row.state:
            game = cls.from_dict(row.state)
        seats = tuple(SeatInfo(s.seat, s.user_id, s.name, s.stack, s.buy_in, s.leaving, s.present, s.cashed_out)
                      for s in row.seats)
        common = dict(table_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_id=row.game_id,
                      title=cls.title, status=row.status, version=row.version, host_id=row.host_id,
                      options=dict(row.options), buy_in=cls.buy_in(row.options), seats=seats,
                      min_players=cls.min_players, max_players=self._max_seats(row), message_id=row.message_id,
                      deadline=parse_stamp(row.deadline) if row.deadline else None, end_reason=row.end_reason)
        if game is None or row.status == "lobby":
            return TableSnapshot(**common)
        to_act = tuple(game.to_act())
        humans = [s.seat for s in row.seats if not s.is_bot and s.present]
        legal = {s: game.legal_actions(s) for s in humans}  # waiting seats may have optional moves
        return TableSnapshot(**common, public=game.public_view(), to_act=to_act,
                             privates={s: game.private_view(s) for s in humans},
                             legal={s: actions for s, actions in legal.items() if actions},
                             pots={k: v for k, v in game.chips().items() if not k.startswith("seat:")})

    async def _render(self, row: TableRow, game: Any, events: list[Event], repost: bool,
                      before: frozenset[int] | None = None, everyone: bool = False,
                      actor: int | None = None) -> TableSnapshot:
        """Show the committed state. A failed render is logged and mended by the next one."""
        snap = self._snapshot(row, game)
        if actor is not None:
            snap = dataclasses.replace(snap, actor=actor)
        try:
            for event in events:
                if event.kind == "summary" and event.private_to is None:
                    await self.presenter.notice(snap, snap.render(event))
            repost = repost or any(e.kind == "summary" for e in events)
            public = [e for e in events if e.private_to is None]
            message_id = await self.presenter.table_changed(snap, public, repost)
            if message_id != row.message_id:
                async with self.db.transaction() as tx:
                    await tables.set_message(tx, row.id, message_id)
            if snap.status == "finished":
                await self.presenter.game_over(snap, {s.seat: s.cashed_out or 0 for s in snap.seats})
                return snap
            for seat in snap.privates:
                # A seat hears from us when it must act anew, when a deal starts (or we restarted),
                # or when something only it may see happened; not on every move of the others.
                mine = [e for e in events if e.private_to == seat]
                news = everyone or repost or bool(mine)
                if seat in snap.to_act and (news or before is None or seat not in before or seat == actor):
                    await self.presenter.prompt(snap, seat, mine)
                elif news:
                    await self.presenter.hand_changed(snap, seat, mine)
        except Exception:
            log.exception("rendering table %d failed", row.id)
        return snap

    async def _finish_render(self, row: TableRow, payouts: dict[int, int], text: str) -> TableSnapshot:
        snap = self._snapshot(row)
        try:
            await self.presenter.notice(snap, text)
            await self.presenter.table_changed(snap, [], repost=False)
            await self.presenter.game_over(snap, payouts)
        except Exception:
            log.exception("rendering table %d failed", row.id)
        return snap
