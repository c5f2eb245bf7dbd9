"""The unit of work: one write transaction on one table, and the live games kept between them.

Every write path (a click, a leave, a timeout, a bot move, a top-up, a spectator bet, a stop)
opens a `TableUnit` through `TableService.unit`: the table's lock (in memory, and, on a database
other processes share, in the database), the live game (taken from memory when its version is
the stored one, else loaded and decoded), the path's checks and changes, then settlement and one
save. The path says only what it changes; what follows from a change (leavers paid, the end of a
game, deadlines, the log) is settled in one place (`settlement.py`).

The write transaction begins when something first needs it (`await u.tx()`). On a database of
its own (SQLite), a move that only saves never begins one: its save is committed with the other
tables' saves waiting at the same moment (`Database.commit_alone`), so the database is held for
one trip per group of moves, not for the whole of each move.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.errors import NotSeated, StaleControl, TableError
from bot.games.base import Event, action_to_dict, is_simultaneous
from bot.games.messages import Text, msg
from storage import tables
from storage.db import Database, Tx
from storage.tables import SeatRow, TableRow

from .models import Change, Closing, TableSnapshot


class TableFault(RuntimeError):
    """The table itself is broken (its state cannot be read, its chips do not add up): it is
    quarantined, never retried."""


class ConservationError(TableFault):
    """The escrow and the game disagree about the chips on the table: a bug, never committed."""


@dataclass(slots=True)
class LiveTable:
    """A table as last committed: its row and, while it plays, its decoded game."""

    row: TableRow
    game: Any | None


class LiveTables:
    """Decoded games kept between actions, so a click costs no load and no decode. The database
    stays the truth: an entry is used only when its version is the stored one."""

    def __init__(self) -> None:
        self._live: dict[int, LiveTable] = {}

    def get(self, table_id: int, version: int | None = None) -> LiveTable | None:
        live = self._live.get(table_id)
        if live is not None and version is not None and live.row.version != version:
            return None
        return live

    def put(self, live: LiveTable) -> None:
        if live.row.status == "finished":
            self._live.pop(live.row.id, None)
        else:
            self._live[live.row.id] = live

    def drop(self, table_id: int) -> None:
        self._live.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._live)


class UnitTransaction:
    """A unit's write transaction, begun on first use and ended with the unit."""

    def __init__(self, db: Database, stack: AsyncExitStack) -> None:
        self._db, self._stack = db, stack
        self._tx: Tx | None = None

    async def __call__(self) -> Tx:
        if self._tx is None:
            self._tx = await self._stack.enter_async_context(self._db.transaction())
        return self._tx

    async def save(self, row: TableRow, commit: tables.Commit) -> int:
        """Save the action: inside the transaction when one was begun, else as a write of its
        own, grouped with other tables' (durable either way once the unit ends)."""
        if self._tx is not None:
            return await tables.save_action(self._tx, row, commit)
        return await tables.save_action_alone(self._db, row, commit)


@dataclass(frozen=True, slots=True)
class Move:
    """One logged move of a unit: its events are the unit's from `events_from` to the next move's."""

    seat: int | None
    action: dict[str, Any]
    events_from: int


@dataclass(eq=False)
class TableUnit:
    """What one write path sees and changes inside its transaction."""

    tx: UnitTransaction
    row: TableRow
    game: Any | None
    now: datetime
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    """What the unit logs, a version each: one action, or a run of seat bots' moves. A unit
    that logs nothing saves no new state."""
    seat: int | None = None
    """The seat whose move this is."""
    actor: int | None = None
    """The human seat whose own click this is: its reply shows the result, so it needs no DM."""
    via_dm: bool = False
    before: frozenset[int] = frozenset()
    dirty: bool = False
    """The game or row in memory changed: on failure the live copy must be dropped."""
    lobby_changed: bool = False
    closings: list[Closing] = field(default_factory=list)
    notices: list[Text] = field(default_factory=list)
    payouts: dict[int, int] | None = None
    touch: set[int] = field(default_factory=set)
    reply_seats: tuple[int, ...] = ()
    reply: bool = True
    """Whether the caller wants `snapshot`; moves nobody clicked (bots, timeouts) do not."""
    snapshot: TableSnapshot | None = None
    """The table after commit, with the private views of `reply_seats` (the caller's reply)."""
    begun: bool = False

    @property
    def logged(self) -> dict[str, Any] | None:
        """The last move's log entry (None: nothing to save)."""
        return self.moves[-1].action if self.moves else None

    @property
    def committed(self) -> TableSnapshot:
        """`snapshot`, for the caller once the unit has committed (reading it earlier is a bug)."""
        if self.snapshot is None:
            raise RuntimeError(f"table {self.row.id}: the unit has not committed")
        return self.snapshot

    # --- checks (before any change) --------------------------------------------------------

    def seat_of(self, user_id: int) -> SeatRow:
        seat = self.row.seat_of(user_id)
        if seat is None:
            raise NotSeated(msg("err.table.not_seated"))
        return seat

    def require_guild(self, guild_id: int | None) -> None:
        """A control acts only for its table's server. Callers pass where the click came from
        (0 for a DM, which only seated players' hand controls accept: they pass None)."""
        if guild_id is None:
            return
        if guild_id != self.row.guild_id:
            raise TableError(msg("err.table.other_server"))

    def require_playing(self) -> Any:
        if self.row.status != "playing" or self.game is None:
            raise StaleControl(msg("err.table.no_longer_in_play"))
        return self.game

    def require_open(self) -> None:
        """A table that has ended says how: a click on a cancelled lobby is told so."""
        if self.row.status == "finished":
            raise TableError(msg("err.table.cancelled" if self.row.end_reason == "cancelled" else "err.table.closed"))

    def require_lobby(self) -> None:
        self.require_open()
        if self.row.status != "lobby":
            raise TableError(msg("err.table.lobby_only"))

    def require_host(self, user_id: int) -> None:
        if self.row.host_id != user_id:
            raise TableError(msg("err.table.host_only"))

    def require_host_in_lobby(self, user_id: int, guild_id: int | None) -> None:
        """The lobby's own controls (bots, settings, start): its server, its host, before the start."""
        self.require_guild(guild_id)
        self.require_host(user_id)
        self.require_lobby()

    def require_version(self, version: int | None, seat: int, action: Any) -> None:
        """A control acts only for the version it was drawn for, so a double click or an old
        button never plays twice; a simultaneous decision (declarations everyone makes at
        once) stays good while it is still open to the seat."""
        if version is None or version == self.row.version:
            return
        if is_simultaneous(action) and action in self.require_playing().legal_actions(seat):
            return
        raise StaleControl(msg("err.table.earlier_turn"))

    # --- changes ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Any, events: list[Event] | None = None) -> None:
        """The engine applies the action (or raises IllegalAction, changing nothing)."""
        game = self.require_playing()
        self.begin(seat)
        done = game.apply(seat, action)
        self.dirty = True
        self.moves.append(Move(seat, action_to_dict(action), len(self.events)))
        self.events += (events or []) + done

    def begin(self, seat: int | None) -> None:
        """Note who was to act before the first change, to tell afterwards who must act anew."""
        if not self.begun:
            self.begun = True
            self.before = frozenset(self.game.to_act()) if self.game is not None else frozenset()
        self.seat = seat

    def record(self, logged: dict[str, Any], events: list[Event], seat: int | None = None) -> None:
        """A change the table made itself (a leave, a stop, a top-up): logged like an action."""
        self.begin(seat)
        self.dirty = True
        self.moves.append(Move(seat, logged, len(self.events)))
        self.events += events

    def undo(self) -> None:
        """Forget the unit's moves (their game is being decoded again from the saved state)."""
        self.moves.clear()
        self.events.clear()

    def log(self) -> list[tuple[int | None, dict[str, Any], list[dict[str, Any]]]]:
        """Each move's seat, action and events, as saved; the last move also carries what
        settling it said."""
        ends = [m.events_from for m in self.moves[1:]] + [len(self.events)]
        return [(m.seat, m.action, [e.to_dict() for e in self.events[m.events_from:end]])
                for m, end in zip(self.moves, ends, strict=True)]

    def change(self) -> Change:
        """What the players must be shown of this unit (built after it committed)."""
        return Change(events=list(self.events), closings=list(self.closings), touch=set(self.touch),
                      notices=list(self.notices), payouts=self.payouts)
