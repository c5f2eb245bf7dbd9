"""Moves nobody clicks: seat bots, players on their way out, and turns whose clock ran out.

A playing table always has a deadline (a person must decide) or a driver (a bot or a leaver
must move). A driver is one task per table that moves until a person must decide; a failed
move is retried with backoff, then the seat's timeout move is played instead. Deadlines live in
the table row; `fire_due` plays the timeout move of every late seat, one table at a time, and a
table that fails never stops the others. A person who lets `afk_limit` decisions in a row time
out is treated as leaving.

When several processes share the database, each drives only the tables of the servers on its
shards (`Shards`). A timeout is played in a unit that re-reads the table under its lock and
plays it only if the table is still at the version whose deadline passed, so however many
processes see it due, it fires once.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.clock import Clock, parse_stamp, stamp
from bot.errors import PlayerError, StaleControl
from bot.games.base import Event
from bot.games.messages import Seat, msg
from storage import tables
from storage.db import Database
from storage.tables import TableRow

from .live import LiveTable, LiveTables
from .ownership import Shards
from .settlement import is_human
from .thinking import RUN_LIMIT, Thinker, bot_pause, bot_seed, next_in_run
from .unit import TableUnit


class AutoplayHost(Protocol):
    """What the drivers and deadlines need from the table service."""

    db: Database
    clock: Clock

    def unit(self, table_id: int, *, tolerant: bool = False, reply: bool = True,
             reply_seats: Sequence[int] = ()) -> AbstractAsyncContextManager[TableUnit]: ...

    live: LiveTables

    async def live_table(self, table_id: int) -> LiveTable | None: ...

    async def clear_deadline(self, table_id: int) -> None: ...

    async def shown(self, table_id: int) -> None:
        """Until the table's players can see it as it stands (its message is up)."""

    def decode(self, row: TableRow) -> Any: ...

log = logging.getLogger(__name__)

MAX_BACKOFF_S = 30.0
SHOWN_WAIT_S = 10.0
"""The longest a bot waits for its table to be shown before moving anyway (Discord slow to
take the message): a table nobody can see yet still plays on."""

Plan = tuple[int, list[tuple[int, Any]]]
"""A run of bot moves (seat, action) thought out for a version of the table."""


def bot_rng(row: TableRow, seat: int, version: int | None = None) -> random.Random:
    """The seat bot's randomness for a decision at `version` (by default the row's)."""
    return random.Random(bot_seed(row.seed, row.version if version is None else version, seat))


def bot_seats(row: TableRow) -> frozenset[int]:
    """The seats a seat bot still plays (not on its way out)."""
    return frozenset(s.seat for s in row.seats if s.is_bot and s.present and not s.leaving)


class Autoplay:
    def __init__(self, service: AutoplayHost, bot_delay_s: float, afk_limit: int = 3,
                 retry_base_s: float = 0.5, bot_tries: int = 3, thinker: Thinker | None = None,
                 shards: Shards | None = None, shown_wait_s: float = SHOWN_WAIT_S) -> None:
        self.service = service
        self.shards = shards if shards is not None else Shards()
        self.thinker = thinker if thinker is not None else Thinker()
        self.bot_delay_s, self.afk_limit = bot_delay_s, afk_limit
        self.retry_base_s, self.bot_tries = retry_base_s, bot_tries
        self.shown_wait_s = shown_wait_s
        self._drivers: dict[int, asyncio.Task[None]] = {}

    # --- drivers ---------------------------------------------------------------------------

    def wake(self, table_id: int) -> None:
        """Make sure the table has a driver if a bot or a leaver may have to move."""
        task = self._drivers.get(table_id)
        if task is None or task.done():
            self._drivers[table_id] = asyncio.get_running_loop().create_task(
                self._drive(table_id), name=f"table-{table_id}-driver")

    async def _drive(self, table_id: int) -> None:
        failures = 0
        while True:
            try:
                seat = await self._next_auto_seat(table_id)
                if seat is None:
                    break
                if self.bot_delay_s:   # a bot paced for people waits until they can see the table
                    await self._until_shown(table_id)
                    await asyncio.sleep(self._pause(table_id, seat))
                fallback = failures >= self.bot_tries
                # with no workers the bot decides inside the move's unit (`_bot_move`): a seat
                # bot's decision costs less than handing it to a thread would (bench/seat_bots.py)
                choice = None if fallback or not self.thinker.workers else await self._think(table_id, seat)
                await self.auto_move(table_id, seat, fallback=fallback, choice=choice)
                failures = 0
            except StaleControl:
                continue   # another process moved the table on: look at it again
            except PlayerError:
                break   # the table closed, or was set aside
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %d: an automatic move failed (%d in a row); retrying", table_id, failures)
                await asyncio.sleep(min(self.retry_base_s * 2 ** failures, MAX_BACKOFF_S))
        if self._drivers.get(table_id) is asyncio.current_task():
            del self._drivers[table_id]

    async def _next_auto_seat(self, table_id: int) -> int | None:
        """The first seat to act that nobody is choosing for: a bot or a player who is leaving."""
        live = await self.service.live_table(table_id)
        if live is None or live.row.status != "playing" or live.game is None \
                or not self.shards.drives(live.row.guild_id):
            return None
        return next((s for s in live.game.to_act() if not is_human(live.row, s)), None)

    async def _until_shown(self, table_id: int) -> None:
        """Until the table is shown (at most `shown_wait_s`): nobody's first sight of a deal is
        moves already made, and while many tables start at once, their bots' moves wait for the
        tables still going up instead of competing with them."""
        try:
            async with asyncio.timeout(self.shown_wait_s):
                await self.service.shown(table_id)
        except TimeoutError:
            log.info("table %d: not shown after %.0f s; its bot moves anyway", table_id, self.shown_wait_s)

    def _pause(self, table_id: int, seat: int) -> float:
        """The wait before the seat's move: longer the more it has to choose from (`bot_pause`)."""
        live = self.service.live.get(table_id)
        if live is None or live.game is None:
            return self.bot_delay_s
        return bot_pause(self.bot_delay_s, len(live.game.legal_actions(seat)), live.row.seed, live.row.version, seat)

    async def _think(self, table_id: int, seat: int) -> Plan | None:
        """The run of bot moves from `seat` and the version it was thought out for, in a worker
        process before the move's unit opens, from the table as last committed. None when the
        seat is no bot's to move or choosing failed (then the bot thinks again in the unit, and
        failing that plays its timeout move)."""
        live = self.service.live.get(table_id)
        if live is None or live.game is None or live.row.state is None or not live.row.seats[seat].is_bot:
            return None
        row, state = live.row, live.row.state
        try:
            return row.version, await self.thinker.decide(type(live.game), state, row.version, row.seed, seat,
                                                          bot_seats(row), self._run_limit)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("seat bot failed at table %d seat %d in its worker; deciding in place", table_id, seat)
            return None

    @property
    def _run_limit(self) -> int:
        """Bots moving without a delay move in runs; with one, each move is shown on its own."""
        return 1 if self.bot_delay_s else RUN_LIMIT

    async def auto_move(self, table_id: int, seat: int, expired: int | None = None, fallback: bool = False,
                        choice: Plan | None = None) -> int | None:
        """One move for a seat that does not choose itself: the table's version after it, or None
        when there was none to make.

        A bot plays its `choice` (made for the version it names) unless `fallback`; when the
        choice is missing, stale or refused, the bot thinks again, and when that fails too the
        timeout move is played. `expired` names the version whose deadline passed: the timeout
        is played only while the table, read under its lock, is still at that version, so a
        deadline fires once however many processes saw it due.
        """
        try:
            async with self.service.unit(table_id, reply=False) as u:
                moved = await self._move(u, seat, expired, fallback, choice)
        except StaleControl:
            if expired is None:
                raise
            return None   # the table moved on (in another process) past the deadline's version
        return u.row.version if moved else None

    async def _move(self, u: TableUnit, seat: int, expired: int | None, fallback: bool,
                    choice: Plan | None) -> bool:
        game = u.require_playing()
        if seat not in game.to_act():
            return False
        u.begin(seat)
        if expired is not None:
            if not is_human(u.row, seat) or u.row.version != expired:
                return False
            # the move first: a player who then leaves is no longer to act (Gin Rummy refuses it)
            u.apply(seat, game.timeout_action(seat),
                    [Event("timeout", msg("table.timed_out", player=Seat(seat)), seat)])
            u.events += self._count_missed(u, seat)
            return True
        if is_human(u.row, seat):
            return False
        if u.row.seats[seat].is_bot and not fallback and self._bot_move(u, seat, choice):
            return True
        u.apply(seat, u.require_playing().timeout_action(seat))   # a failed bot move re-decoded it
        return True

    def _bot_move(self, u: TableUnit, seat: int, choice: Plan | None) -> bool:
        """The bot's own choice, and the run of bot moves after it (`next_in_run`): as planned
        in `choice` when it was made for this version, else decided here. False (the game
        untouched) when choosing or playing failed."""
        game = u.require_playing()
        planned = list(choice[1]) if choice is not None and choice[0] == u.row.version else []
        bots = bot_seats(u.row)
        mover: int | None = seat
        try:
            while mover is not None:
                if planned and planned[0][0] == mover:
                    action = planned.pop(0)[1]
                else:
                    planned = []
                    action = game.bot_action(mover, bot_rng(u.row, mover, u.row.version + len(u.moves)))
                start = len(u.events)
                u.apply(mover, action)
                if len(u.moves) >= self._run_limit:
                    break
                mover = next_in_run(game, bots, (e.kind for e in u.events[start:]))
            return True
        except Exception:
            log.exception("seat bot failed at table %d seat %d; playing its timeout move", u.row.id, mover)
            u.game = self.service.decode(u.row)   # whatever the failed move touched is dropped
            u.undo()
            return False

    def _count_missed(self, u: TableUnit, seat: int) -> list[Event]:
        """Another decision let time out; past the limit the player is treated as leaving."""
        info = u.row.seats[seat]
        info.missed += 1
        if info.missed < self.afk_limit:
            return []
        info.leaving = True
        leaving: list[Event] = u.require_playing().leave(seat)
        return [Event("leave", msg("table.missed_leaves", player=Seat(seat), turns=info.missed), seat)] + leaving

    # --- deadlines -------------------------------------------------------------------------

    async def fire_due(self) -> int:
        """Play the timeout move for every late seat; how many tables were due. Never raises:
        one table's failure is logged with its id and the others go on."""
        try:
            due = [t for t, guild in await tables.due(self.service.db, stamp(self.service.clock()))
                   if self.shards.drives(guild)]
        except Exception:
            log.exception("could not read the due deadlines")
            return 0
        for table_id in due:
            try:
                await self._expire(table_id)
            except PlayerError:
                pass   # closed meanwhile, or set aside and refunded
            except Exception:
                log.exception("table %d: its deadline could not be applied", table_id)
        return len(due)

    async def _expire(self, table_id: int) -> None:
        live = await self.service.live_table(table_id)
        if live is None or live.row.status != "playing" or live.game is None:
            return
        row = live.row
        if not row.deadline or parse_stamp(row.deadline) > self.service.clock():
            return
        late = [s for s in live.game.to_act() if is_human(row, s)]
        if not late:
            await self.service.clear_deadline(table_id)
        version: int | None = row.version
        for seat in late:   # every seat late at that version; each timeout makes the next version
            version = await self.auto_move(table_id, seat, expired=version)
            if version is None:
                break
        self.wake(table_id)

    async def revalidate(self) -> None:
        """Pick up tables another process moved on (a click it served, a table it drove until we
        took it over): their live copies are dropped, and their drivers woken."""
        playing = await tables.playing_versions(self.service.db)
        for table_id, guild_id, version in playing:
            if not self.shards.drives(guild_id) or self.service.live.get(table_id, version) is not None:
                continue
            self.service.live.drop(table_id)
            self.wake(table_id)

    # --- shutdown and tests ----------------------------------------------------------------

    def busy(self) -> list[asyncio.Task[None]]:
        return [t for t in self._drivers.values() if not t.done()]

    async def stop(self) -> None:
        await self.thinker.close()
        tasks = self.busy()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
