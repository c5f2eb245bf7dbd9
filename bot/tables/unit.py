"""The unit of work: what one write path sees of its table and changes, in memory.

Every write path (a click, a lobby step, a leave, a timeout, a bot move, a top-up, a spectator
bet, a stop, closing) opens a `TableUnit` through `Units.unit`: the table's lock, the live table
from memory, the path's checks and changes, then settlement and one save. A path changes only the
table as it stands in memory (its row, seats and game) and says which chips move (`pay`) and who
may be new to the server (`welcome`); the save writes what differs from the table as it was
stored (`stored`), so nothing is written by hand and mirrored in memory.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.errors import NotSeated, PlayerError, StaleControl, TableError
from bot.games.base import Event, action_to_dict, is_simultaneous
from bot.games.messages import Text, msg
from storage.ledger import Transfer
from storage.saving import Member
from storage.tables import SeatRow, TableRow

from .models import Change, Closing, TableSnapshot


class TableFault(RuntimeError):
    """The table itself is broken (its state cannot be read, its chips do not add up): it is
    quarantined, never retried."""


class ConservationError(TableFault):
    """The escrow and the game disagree about the chips on the table: a bug, never committed."""


@dataclass(frozen=True, slots=True)
class Move:
    """One logged move of a unit: its events are the unit's from `events_from` to the next move's."""

    seat: int | None
    action: dict[str, Any]
    events_from: int


@dataclass(frozen=True, slots=True)
class Payment:
    """A transfer the save makes, and what to tell the player when their wallet cannot pay it."""

    transfer: Transfer
    short: Callable[[int], PlayerError] | None = None
    """The error for a wallet that holds only the given balance (None: a bug if it happens)."""


@dataclass(frozen=True, slots=True)
class Stored:
    """The table as it was stored when the unit began: what the save compares against."""

    status: str
    options: dict[str, Any]
    seats: tuple[SeatRow, ...]

    @classmethod
    def of(cls, row: TableRow) -> Stored:
        return cls(row.status, dict(row.options), tuple(s.copy() for s in row.seats))


@dataclass(eq=False)
class TableUnit:
    """What one write path sees and changes."""

    row: TableRow
    game: Any | None
    now: datetime
    reload: Callable[[], Awaitable[None]]
    """Replaces `row` and `game` with the table as stored now (the runner's, see `catch_up`)."""
    fresh: bool = False
    """`row` was read from the database by this unit (not taken from memory)."""
    reply: bool = True
    """Whether the caller wants `snapshot`; moves nobody clicked (bots, timeouts) do not."""
    reply_seats: tuple[int, ...] = ()
    stored: Stored = field(init=False)
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    """What the unit logs, a version each: one action, or a run of seat bots' moves."""
    payments: list[Payment] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    results: dict[int, bool | None] = field(default_factory=dict)
    """Each seat dealt into a deal that ended, and whether it won (the statistics)."""
    seat: int | None = None
    """The seat whose move this is."""
    actor: int | None = None
    """The human seat whose own click this is: its reply shows the result, so it needs no DM."""
    via_dm: bool = False
    before: frozenset[int] = frozenset()
    begun: bool = False
    closings: list[Closing] = field(default_factory=list)
    notices: list[Text] = field(default_factory=list)
    payouts: dict[int, int] | None = None
    touch: set[int] = field(default_factory=set)
    snapshot: TableSnapshot | None = None
    """The table after commit, with the private views of `reply_seats` (the caller's reply)."""

    def __post_init__(self) -> None:
        self.stored = Stored.of(self.row)

    @property
    def changed(self) -> bool:
        """Whether anything is to be saved: a move, chips that move, or the row itself."""
        if self.moves or self.payments or self.row.status != self.stored.status \
                or self.row.options != self.stored.options or len(self.row.seats) != len(self.stored.seats):
            return True
        return any(s != old for s, old in zip(self.row.seats, self.stored.seats, strict=True))

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

    async def catch_up(self, version: int | None) -> None:
        """A control drawn for a version newer than the table in memory: another process moved
        the table on (a click it served), so the table is read again before anything is checked."""
        if version is not None and version > self.row.version and not self.fresh:
            await self.reload()

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
        self.moves.append(Move(seat, logged, len(self.events)))
        self.events += events

    def undo(self) -> None:
        """Forget the unit's moves (their game is being decoded again from the saved state)."""
        self.moves.clear()
        self.events.clear()

    def pay(self, src: str, dst: str, amount: int, kind: str, key: str,
            short: Callable[[int], PlayerError] | None = None) -> None:
        """Chips the save moves; `key` names what the movement is, so it is never paid twice, and
        `short` says what the player is told when `src`, their wallet, cannot pay."""
        if amount:
            self.payments.append(Payment(Transfer(src, dst, amount, kind, f"table:{self.row.id}", key), short))

    def welcome(self, member: Member) -> None:
        """A player who may be new to the server: their starting grant comes with the save."""
        self.members.append(member)

    def log(self) -> list[tuple[int | None, dict[str, Any], list[dict[str, Any]]]]:
        """Each move's seat, action and events, as saved; the last move also carries what
        settling it said."""
        ends = [m.events_from for m in self.moves[1:]] + [len(self.events)] if self.moves else []
        return [(m.seat, m.action, [e.to_dict() for e in self.events[m.events_from:end]])
                for m, end in zip(self.moves, ends, strict=True)]

    def change(self) -> Change:
        """What the players must be shown of this unit (built after it committed)."""
        return Change(events=list(self.events), closings=list(self.closings), touch=set(self.touch),
                      notices=list(self.notices), payouts=self.payouts)
