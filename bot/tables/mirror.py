"""The table's own steps, mirrored for a replay (`replay.py`): a game rebuilt from the log.

The log is the table's, not only the engine's: the table starts the game, lets players leave
(when they ask, or after missing turns), tops stacks up, takes onlookers' bets, pays out leavers
and winds a table down when no person is left, and some of that reaches the game only through
what it logged. `Mirror` makes the same changes in the same order (those of `lobby.py`,
`playing.py`, `leaving.py`, `autoplay.py` and `settlement.py`), where the log's words say the
table made them, and checks that every event the engine makes is the one logged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import DEAL_STACKS, AnyGame, Event, SpectatorBets, action_from_dict, seat_key
from bot.games.messages import Msg
from storage.tables import TableRow

from .models import SeatInfo
from .settlement import CASHED_OUT, LEAVING_NOTES

TABLE_STEPS = frozenset({"start", "leave", "stop", "top_up", "spectator_bet"})
"""The kinds of the log entries the table writes itself: not engine actions."""


class Diverged(Exception):
    """The game rebuilt from the log does not say what the table logged."""


class SavedDiffers(Diverged):
    """The game rebuilt from the whole log is not the state the table saved."""


def plain(value: Any) -> Any:
    """As the log holds it: JSON's types (tuples are lists, keys are text)."""
    return json.loads(json.dumps(value))


class Mirror:
    """The game as the log rebuilds it, with what the table knew of its seats."""

    def __init__(self, cls: type[AnyGame], row: TableRow, entries: Sequence[Mapping[str, Any]]) -> None:
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
        if isinstance(self.game, SpectatorBets):
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
                made = game.leave(seat)   # each one's note on leaving, logged before that line said it for all
                seen.engine(made if seen.matches(made) else [e for e in made if e.kind not in LEAVING_NOTES])
        for s in seats:
            if self.present(s.seat) and s.seat in self.leaving and not game.is_over() \
                    and game.can_cash_out(s.seat):
                stack = game.chips()[seat_key(s.seat)]
                said = game.cash_out(s.seat)
                seen.engine(said)
                left = seen.table_if("left", "table.left_with")   # where the game did not say it (always, once)
                if left is None and not any(e.kind in CASHED_OUT for e in said):
                    raise Diverged("the log has no 'left' event where the table writes one")
                if left is not None and left.seat != s.seat:
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
            saved = plain(self.cls.from_dict(written).to_dict())
        except Exception as exc:
            raise SavedDiffers(f"the state saved cannot be read: {exc!r}") from exc
        rebuilt = plain(self.game.to_dict())
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

    def matches(self, made: list[Event]) -> bool:
        """Whether the engine's events are the next ones logged (`engine`, without taking them)."""
        try:
            _Log(self.events, self.raw, list(self.taken)).engine(made)
        except Diverged:
            return False
        return True

    def engine(self, made: list[Event]) -> None:
        """The engine's events must be the next ones logged: the same kinds, seats, readers and
        data. Not their words, which a later release may put differently (a deal logged before
        stays replayable); and where a deal began, the stacks it began with were not recorded
        before tables kept them: then they are not asked."""
        start = len(self.taken)
        logged = [_facts(e) for e in self.raw[start:start + len(made)]]
        said = [_facts(e) for e in plain([e.to_dict() for e in made])]
        for ours, theirs in zip(said, logged, strict=False):
            if DEAL_STACKS not in theirs["data"]:
                ours["data"].pop(DEAL_STACKS, None)
        if said != logged:
            raise Diverged(f"the game said {[e.kind for e in made]}, the log "
                           f"{[e.get('kind') for e in logged]}")
        self.taken += made

    def finish(self, version: int) -> None:
        if not self.done:
            raise Diverged(f"version {version}: the log holds events the replay did not make: "
                           f"{[e.kind for e in self.events[len(self.taken):]]}")


def _facts(event: Mapping[str, Any]) -> dict[str, Any]:
    """What an event says happened, apart from its words."""
    return {"kind": event.get("kind"), "seat": event.get("seat"), "private_to": event.get("private_to"),
            "data": dict(event.get("data") or {})}
