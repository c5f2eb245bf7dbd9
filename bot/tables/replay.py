"""Replays: a finished table's deals, step by step, rebuilt from its action log and checked.

The engines are deterministic, so a table's seed, options and buy-ins and its logged moves give
back every state it went through, once the table's own steps are made again too (`mirror.py`).

Every step is checked: the events it makes must be the ones logged, and the game at the end
must be the state saved. Where they disagree (a log written under older rules, a bug) only the
deals before are offered, and the log says why once: a replay shows what the table showed and
nothing else. A frame holds public information only: the public view, the public events, the
stacks and whose move it was; never a private view or a private event.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.errors import TableError
from bot.games.base import DEAL_STACKS, AnyGame, Event
from bot.games.messages import msg
from bot.i18n import ENGLISH, t
from storage import replays, tables
from storage.db import Database
from storage.replays import DealRef
from storage.tables import TableRow

from .mirror import Mirror, SavedDiffers
from .models import SeatInfo, TableSnapshot

log = logging.getLogger(__name__)

__all__ = ["DealRef", "DealReplay", "Frame", "Replays", "rebuild"]

RECENT_DEALS = 25
"""Deals offered to replay at once (a select holds 25 choices)."""

REMEMBERED = 256
"""Tables whose checked replay is remembered (how far it held), so a second deal of one table
replays only up to that deal."""


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


def rebuild(cls: type[AnyGame], row: TableRow, entries: Sequence[Mapping[str, Any]], upto: int,
            to_the_end: bool = True) -> Rebuilt:
    """Replay the log `entries` of `row`, keeping the frames of the last deal that ended by
    version `upto`; `to_the_end` goes on to the last entry and checks the state saved. Never
    raises: what disagreed is in `problem`, and `ended` stops before it (at 0 when only the end
    disagreed: nothing then says where the game went astray)."""
    found = Rebuilt()
    mirror = Mirror(cls, row, entries)
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


class _Deals:
    """Cuts the steps into deals: one begins at the event that records its stacks (or the start)
    and ends at the step with its public summary."""

    def __init__(self) -> None:
        self.number = 0
        self.frames: list[Frame] | None = None

    def step(self, entry: Mapping[str, Any], events: list[Event], mirror: Mirror,
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

    def _part(self, entry: Mapping[str, Any], events: list[Event], mirror: Mirror, keep: bool,
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
    def _frame(entry: Mapping[str, Any], events: list[Event], mirror: Mirror, ends: bool,
               next_dealt: bool = False) -> Frame:
        game = mirror.game
        return Frame(entry["version"], entry["seat"], game.public_view(), tuple(game.to_act()),
                     tuple(e for e in events if e.private_to is None), mirror.seats(), ends, ends and next_dealt)


class Replays:
    """Finished deals, replayed for anyone in their table's server: what a finished deal showed
    was public in its channel, so no one there learns anything new from it."""

    def __init__(self, db: Database, games: Mapping[str, type[AnyGame]]) -> None:
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

    def _table(self, cls: type[AnyGame], row: TableRow) -> TableSnapshot:
        return TableSnapshot(
            table_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game_id=row.game_id,
            title=t(ENGLISH, f"game.{cls.id}"), status="playing", version=row.version, host_id=row.host_id,
            options=dict(row.options), buy_in=cls.buy_in(row.options), seats=(), min_players=cls.min_players,
            max_players=int(row.options.get("max_players", cls.max_players)))
