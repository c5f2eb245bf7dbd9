"""Replays: a finished table's deals, step by step, rebuilt from its action log and checked.

The engines are deterministic, so a table's seed, options and buy-ins and its logged moves give
back every state it went through. The log is the table's, though, not only the engine's: the
table starts the game, lets players leave (when they ask, or after missing turns), tops stacks
up, takes onlookers' bets, pays out leavers and winds a table down when no person is left, and
some of that reaches the game only through what it logged. `_Mirror` makes the same changes,
in the same order, where the log's words say the table made them.

Every step is checked: the events it makes must be the ones logged, and the game at the end
must be the state saved. Where they disagree (a log written under older rules, a bug) only the
deals before are offered, and the log says why once: a replay shows what the table showed and
nothing else. A frame holds public information only: the public view, the public events, the
stacks and whose move it was; never a private view or a private event.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.errors import TableError
from bot.games.base import DEAL_STACKS, Event, GameState, action_from_dict, seat_key, takes_spectator_bets
from bot.games.messages import Msg, msg
from storage import replays, tables
from storage.db import Database
from storage.replays import DealRef
from storage.tables import TableRow

from .models import SeatInfo, TableSnapshot

log = logging.getLogger(__name__)

__all__ = ["DealRef", "DealReplay", "Frame", "Replays", "rebuild"]

TABLE_STEPS = frozenset({"start", "leave", "stop", "top_up", "spectator_bet"})
"""The kinds of the log entries the table writes itself: not engine actions."""

RECENT_DEALS = 25
"""Deals offered to replay at once (a select holds 25 choices)."""

REMEMBERED = 256
"""Tables whose checked replay is remembered (how far it held), so a second deal of one table
replays only up to that deal."""


class Diverged(Exception):
    """The game rebuilt from the log does not say what the table logged."""


class SavedDiffers(Diverged):
    """The game rebuilt from the whole log is not the state the table saved."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a deal as the table showed it."""

    version: int
    mover: int | None
    """Whose move it was (None: the table's own step, such as the deal or an onlooker's bet)."""
    public: dict[str, Any]
    to_act: tuple[int, ...]
    events: tuple[Event, ...]
    """The step's public events that belong to this deal."""
    seats: tuple[SeatInfo, ...]
    ends_deal: bool = False
    """The deal ended here."""
    next_dealt: bool = False
    """The deal ended here and the same move dealt the next one (Gin Rummy, Bourré, Buki-Domino
    deal again at once): the public view already shows the next deal, and keeps of this one
    only what the game keeps of a last hand."""


@dataclass(frozen=True, slots=True)
class DealReplay:
    """One finished deal of a table, checked, frame by frame."""

    table: TableSnapshot
    """The table's unchanging parts (game, options, names); each frame's snapshot is built on it."""
    number: int
    """Which deal of the table (1 is the first)."""
    frames: tuple[Frame, ...]

    def snapshot(self, step: int) -> TableSnapshot:
        """The table as it stood after `step`, with no private view: what its picture is drawn from."""
        frame = self.frames[step]
        return replace(self.table, version=frame.version, public=frame.public, to_act=frame.to_act,
                       seats=frame.seats)


@dataclass
class Rebuilt:
    """What one pass over the log found."""

    deal: tuple[int, tuple[Frame, ...]] | None = None
    """The number and frames of the last deal that ended at or before the version asked for."""
    ended: int = 0
    """The version of the last step of the last deal that ended before anything disagreed."""
    problem: str | None = None
    """What disagreed, if anything."""
    failed: int | None = None
    """The version of the step that disagreed (None: none did, or only the end)."""

    def asked(self, upto: int, limit: int) -> tuple[int, tuple[Frame, ...]] | None:
        """The deal asked for (the last to end by `upto`), if every step up to it agreed and it
        ended by `limit` (the last version of the deals that held)."""
        if self.deal is None or (self.failed is not None and self.failed <= upto):
            return None
        return self.deal if self.deal[1][-1].version <= limit else None


def rebuild(cls: type[GameState], row: TableRow, entries: Sequence[Mapping[str, Any]], upto: int,
            to_the_end: bool = True) -> Rebuilt:
    """Replay the log `entries` of `row`, keeping the frames of the last deal that ended by
    version `upto`; `to_the_end` goes on to the last entry and checks the state saved. Never
    raises: what disagreed is in `problem`, and `ended` stops before it (at 0 when only the end
    disagreed: nothing then says where the game went astray)."""
    found = Rebuilt()
    mirror = _Mirror(cls, row, entries)
    cut = _Deals()
    try:
        for entry in entries:
            if entry["version"] > upto and not to_the_end:
                break
            found.failed = entry["version"]
            events = mirror.step(entry)
            ended = cut.step(entry, events, mirror, keep=entry["version"] <= upto)
            if ended is not None:
                found.ended = entry["version"]
                if entry["version"] <= upto:
                    found.deal = ended
            found.failed = None
        if to_the_end:
            mirror.check_saved(row.state)
    except SavedDiffers as exc:
        found.problem, found.ended = str(exc), 0
    except Exception as exc:   # a log this code cannot follow is never worse than no replay
        found.problem = f"{type(exc).__name__}: {exc}"
    return found


def _plain(value: Any) -> Any:
    """As the log holds it: JSON's types (tuples are lists, keys are text)."""
    return json.loads(json.dumps(value))


class _Mirror:
    """The game as the log rebuilds it, with what the table knew of its seats."""

    def __init__(self, cls: type[GameState], row: TableRow, entries: Sequence[Mapping[str, Any]]) -> None:
        self.cls, self.row = cls, row
        self.game: Any = None
        self.buy_ins = [s.buy_in for s in row.seats]
        """What each seat has brought so far: at first the buy-ins saved without the top-ups
        the log holds (for tables started before the start recorded its stacks)."""
        for entry in entries:
            if entry["action"].get("kind") == "top_up" and entry["seat"] is not None:
                self.buy_ins[entry["seat"]] -= entry["action"]["amount"]
        self.leaving: set[int] = set()
        self.gone: dict[int, int] = {}
        """Seats paid out, and what each took."""

    def step(self, entry: Mapping[str, Any]) -> list[Event]:
        """Make the entry's changes; its events, once they are the ones logged."""
        seen = _Log([Event.from_dict(e) for e in entry["events"]], entry["events"])
        seat, action = entry["seat"], entry["action"]
        kind = action.get("kind")
        if kind == "start":
            started = seen.table("start", "table.begins")
            self.game = self.cls.start(self._buy_ins(started), self.row.options, seed=self.row.seed)
        elif self.game is None:
            raise Diverged(f"version {entry['version']}: a move before the start")
        elif kind in TABLE_STEPS:
            self._table_step(kind, seat, action, seen)
        else:
            seen.table_if("timeout", "table.timed_out")
            seen.engine(self.game.apply(seat, action_from_dict(self.cls.action_types, action)))
            if seen.table_if("leave", "table.missed_leaves"):
                self.leaving.add(seat)
                seen.engine(self.game.leave(seat))
        if not seen.done:   # only the last move of a unit carries what settling it said
            self._settle(seen)
        seen.finish(entry["version"])
        if takes_spectator_bets(self.game):
            self.game.take_spectator_payouts()   # moves no chip a player sees; the table pays them out
        return seen.taken

    def _table_step(self, kind: str, seat: int, action: Mapping[str, Any], seen: _Log) -> None:
        game = self.game
        if kind == "leave":
            seen.table("leave", "table.leaving")
            self.leaving.add(seat)
            seen.engine(game.leave(seat))
        elif kind == "stop":
            seen.engine(game.request_stop())
        elif kind == "top_up":
            self.buy_ins[seat] += action["amount"]
            seen.engine(game.top_up(seat, action["amount"]))
        else:
            seen.engine(game.place_spectator_bet(action["user"], action["seat"], action["amount"]))

    def _buy_ins(self, started: Event) -> list[int]:
        """What each seat brought to the start, as the start recorded it."""
        began = started.data.get(DEAL_STACKS)
        if began is not None:
            self.buy_ins = [int(chips) for chips in began]
        return list(self.buy_ins)

    def _settle(self, seen: _Log) -> None:
        """What the table settled after the unit this entry ended, in the same order."""
        game, seats = self.game, self.row.seats
        staying = [s.seat for s in seats if self.present(s.seat) and s.seat not in self.leaving]
        if staying and not game.is_over() and not any(self.human(seat) for seat in staying):
            seen.table("closing", "table.nobody_left")   # nobody human is left: the bots leave too
            for seat in staying:
                self.leaving.add(seat)
                seen.engine(game.leave(seat))
        for s in seats:
            if self.present(s.seat) and s.seat in self.leaving and not game.is_over() \
                    and game.can_cash_out(s.seat):
                stack = game.chips()[seat_key(s.seat)]
                seen.engine(game.cash_out(s.seat))
                if seen.table("left", "table.left_with").seat != s.seat:
                    raise Diverged(f"seat {s.seat} left, by the log someone else")
                self.gone[s.seat] = stack
        if game.is_over() or not any(self.present(s.seat) for s in seats):
            chips = game.chips()
            for s in seats:
                if self.present(s.seat):
                    self.gone[s.seat] = chips.get(seat_key(s.seat), 0)

    def present(self, seat: int) -> bool:
        return seat not in self.gone

    def human(self, seat: int) -> bool:
        """A person still playing at the seat (as `settlement.is_human` says of a row)."""
        return not self.row.seats[seat].is_bot and self.present(seat) and seat not in self.leaving

    def seats(self) -> tuple[SeatInfo, ...]:
        """The seats as the table message showed them after the step."""
        chips = self.game.chips()
        return tuple(SeatInfo(s.seat, s.user_id, s.name, chips.get(seat_key(s.seat), 0) if self.present(s.seat) else 0,
                              self.buy_ins[s.seat], s.seat in self.leaving, self.present(s.seat),
                              self.gone.get(s.seat)) for s in self.row.seats)

    def check_saved(self, state: str | None) -> None:
        """The game rebuilt is the one saved: both read through today's format, and compared on
        the fields the code that saved it wrote (a field added since is filled in on loading,
        where the rebuilt game holds what it would have been)."""
        if self.game is None or state is None:
            raise SavedDiffers("the table saved no game")
        try:
            written = json.loads(state)
            saved = _plain(self.cls.from_dict(written).to_dict())
        except Exception as exc:
            raise SavedDiffers(f"the state saved cannot be read: {exc!r}") from exc
        rebuilt = _plain(self.game.to_dict())
        if any(saved.get(key) != rebuilt.get(key) for key in written.keys() & saved.keys()):
            raise SavedDiffers("the state saved differs from the game rebuilt")


@dataclass
class _Log:
    """One entry's logged events, taken in order as the replay makes them."""

    events: list[Event]
    raw: list[Any]
    taken: list[Event] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return len(self.taken) == len(self.events)

    def _next(self) -> Event | None:
        return self.events[len(self.taken)] if not self.done else None

    def table_if(self, kind: str, key: str) -> Event | None:
        """The table's own event of this kind and catalog key, if it comes next (taken as logged)."""
        event = self._next()
        if event is None or event.kind != kind or not isinstance(event.text, Msg) or event.text.key != key:
            return None
        self.taken.append(event)
        return event

    def table(self, kind: str, key: str) -> Event:
        event = self.table_if(kind, key)
        if event is None:
            raise Diverged(f"the log has no {kind!r} event where the table writes one")
        return event

    def engine(self, made: list[Event]) -> None:
        """The engine's events must be the next ones logged, as saved (where a deal began, the
        stacks it began with were not recorded before tables kept them: then they are not asked)."""
        start = len(self.taken)
        logged = self.raw[start:start + len(made)]
        said = _plain([e.to_dict() for e in made])
        for ours, theirs in zip(said, logged, strict=False):
            if DEAL_STACKS not in (theirs.get("data") or {}):
                ours["data"].pop(DEAL_STACKS, None)
        if said != logged:
            raise Diverged(f"the game said {[e.kind for e in made]}, the log "
                           f"{[e.get('kind') for e in logged]}")
        self.taken += made

    def finish(self, version: int) -> None:
        if not self.done:
            raise Diverged(f"version {version}: the log holds events the replay did not make: "
                           f"{[e.kind for e in self.events[len(self.taken):]]}")


class _Deals:
    """Cuts the steps into deals: one begins at the event that records its stacks (or the start)
    and ends at the step with its public summary."""

    def __init__(self) -> None:
        self.number = 0
        self.frames: list[Frame] | None = None

    def step(self, entry: Mapping[str, Any], events: list[Event], mirror: _Mirror,
             keep: bool) -> tuple[int, tuple[Frame, ...]] | None:
        """Take one checked step (its frames kept when `keep`); the deal it ended, if any."""
        begins = next((i for i, e in enumerate(events) if DEAL_STACKS in e.data), None)
        if begins is None and entry["action"].get("kind") == "start":
            begins = 0   # tables started before the start recorded the stacks
        if begins is None:
            return self._part(entry, events, mirror, keep)
        ended = self._part(entry, events[:begins], mirror, keep, next_dealt=True)
        self.number += 1
        self.frames = []   # a deal that began again before it ended (none does) is dropped
        return self._part(entry, events[begins:], mirror, keep) or ended

    def _part(self, entry: Mapping[str, Any], events: list[Event], mirror: _Mirror, keep: bool,
              next_dealt: bool = False) -> tuple[int, tuple[Frame, ...]] | None:
        """The events of a step that belong to the deal under way, if one is; the deal, if it ended."""
        if self.frames is None:
            return None   # between deals
        ends = any(e.kind == "summary" and e.private_to is None for e in events)
        if keep:
            self.frames.append(self._frame(entry, events, mirror, ends, next_dealt))
        if not ends:
            return None
        ended, self.frames = (self.number, tuple(self.frames)), None
        return ended

    @staticmethod
    def _frame(entry: Mapping[str, Any], events: list[Event], mirror: _Mirror, ends: bool,
               next_dealt: bool = False) -> Frame:
        game = mirror.game
        return Frame(entry["version"], entry["seat"], game.public_view(), tuple(game.to_act()),
                     tuple(e for e in events if e.private_to is None), mirror.seats(), ends, ends and next_dealt)


class Replays:
    """Finished deals, replayed for anyone in their table's server: what a finished deal showed
    was public in its channel, so no one there learns anything new from it."""

    def __init__(self, db: Database, games: Mapping[str, type[GameState]]) -> None:
        self.db, self.games = db, games
        self._ended: OrderedDict[int, int] = OrderedDict()

    async def recent(self, guild_id: int, user_id: int) -> list[DealRef]:
        """The deals of the finished tables the player sat at in this server, newest first."""
        async with self.db.read() as tx:
            return await replays.recent_deals(tx, guild_id, user_id, RECENT_DEALS)

    async def deal(self, table_id: int, version: int, guild_id: int) -> DealReplay:
        """The deal of a finished table that ended by `version` (a deal's result names the
        version that ended it), checked against the log and the state saved."""
        async with self.db.read() as tx:
            row = await tables.load(tx, table_id)
            if row is None or row.guild_id != guild_id:
                raise TableError(msg("err.table.other_server" if row is not None else "err.table.gone"))
            if row.status != "finished":
                raise TableError(msg("err.replay.unfinished"))
            entries = await tables.actions(tx, table_id)
        cls = self.games.get(row.game_id)
        if cls is None:
            raise TableError(msg("err.replay.unavailable"))
        known = self._ended.get(table_id)
        rebuilt = await asyncio.to_thread(rebuild, cls, row, entries, version, known is None)
        if known is None:   # the whole log was checked: remember how far it held
            if rebuilt.problem is not None:
                log.warning("table %d: its replay stops after version %d: %s", row.id, rebuilt.ended, rebuilt.problem)
            self._ended[table_id] = known = rebuilt.ended
            if len(self._ended) > REMEMBERED:
                self._ended.popitem(last=False)
        found = rebuilt.asked(version, known)
        if found is None:
            raise TableError(msg("err.replay.unavailable"))
        return DealReplay(self._table(cls, row), *found)

    def _table(self, cls: type[GameState], row: TableRow) -> TableSnapshot:
        return TableSnapshot(
            table_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_id=row.game_id,
            title=cls.title, status="playing", version=row.version, host_id=row.host_id,
            options=dict(row.options), buy_in=cls.buy_in(row.options), seats=(), min_players=cls.min_players,
            max_players=int(row.options.get("max_players", cls.max_players)))
