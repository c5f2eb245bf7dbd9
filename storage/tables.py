"""Game tables, their seats and their action log.

A table row carries the game state as JSON and a version; `save` writes only when the
version is still the one that was read, so a stale writer changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import orjson

from .db import Database, Step, Tx, fetch_all, fetch_one, fetch_single


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    buy_in: int
    stack: int = 0
    leaving: bool = False
    cashed_out: int | None = None
    deal_stack: int | None = None
    missed: int = 0

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def present(self) -> bool:
        """Still at the table (not yet paid out)."""
        return self.cashed_out is None


@dataclass(slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game_id: str
    status: str
    host_id: int
    options: dict[str, Any]
    seed: int
    state: str | None
    """The game state as saved (JSON text): decoded only when a table is loaded, and handed as it
    is to a bot worker. Kept as text, not as the objects it was written from, so a live table
    holds one string rather than a tree the garbage collector must walk."""
    version: int
    deadline: str | None
    message_id: int | None
    seats: list[SeatRow] = field(default_factory=list)
    end_reason: str | None = None
    frozen: str | None = None
    broken: str | None = None
    """Why the stored state or options could not be read (corrupt JSON); None when they could."""

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and s.present), None)


class StaleVersion(Exception):
    """The table changed since it was read."""


async def create(tx: Tx, guild_id: int, channel_id: int, game_id: str, host_id: int,
                 options: dict[str, Any], seed: int, now: str) -> int:
    row = await fetch_single(
        tx, "INSERT INTO game_tables (guild_id, channel_id, game_id, status, host_id, options, seed, created_at) "
            "VALUES (:g, :c, :game, 'lobby', :host, :opts, :seed, :now) RETURNING id",
        {"g": guild_id, "c": channel_id, "game": game_id, "host": host_id,
         "opts": _json(options), "seed": seed, "now": now})
    table_id: int = row["id"]
    return table_id


def _row(r: Any) -> TableRow:
    """A table row; options that do not parse leave `broken` set instead of raising, so one
    corrupt row can be quarantined without stopping anything else (the state is read, and
    found unreadable, when the game is decoded)."""
    options: dict[str, Any] = {}
    broken = None
    try:
        options = json.loads(r["options"])
        if not isinstance(options, dict):
            raise ValueError("not a JSON object")
    except ValueError as exc:
        broken = f"stored options unreadable: {exc}"
    return TableRow(r["id"], r["guild_id"], r["channel_id"], r["game_id"], r["status"], r["host_id"],
                    options, r["seed"], r["state"], r["version"], r["deadline"], r["message_id"],
                    end_reason=r["end_reason"], frozen=r["frozen"], broken=broken)


def _seat(s: Any) -> SeatRow:
    return SeatRow(s["seat"], s["user_id"], s["name"], s["buy_in"], s["stack"], bool(s["leaving"]),
                   s["cashed_out"], s["deal_stack"], s["missed"])


async def _with_seats(tx: Tx, row: TableRow) -> TableRow:
    row.seats = [_seat(s) for s in await fetch_all(tx, "SELECT * FROM seats WHERE table_id = :t ORDER BY seat",
                                                  {"t": row.id})]
    return row


async def load(tx: Tx, table_id: int) -> TableRow | None:
    r = await fetch_one(tx, "SELECT * FROM game_tables WHERE id = :t", {"t": table_id})
    return await _with_seats(tx, _row(r)) if r else None


async def load_open(tx: Tx) -> list[TableRow]:
    """Every open table that is not frozen, with its seats, in two statements (restarts)."""
    rows = {r["id"]: _row(r) for r in await fetch_all(
        tx, "SELECT * FROM game_tables WHERE status != 'finished' AND frozen IS NULL ORDER BY id")}
    for s in await fetch_all(tx, "SELECT s.* FROM seats s JOIN game_tables t ON t.id = s.table_id "
                                 "WHERE t.status != 'finished' AND t.frozen IS NULL ORDER BY s.table_id, s.seat"):
        rows[s["table_id"]].seats.append(_seat(s))
    return list(rows.values())


async def lock(tx: Tx, table_id: int) -> int | None:
    """Take the table for this transaction, so a unit of work on it in another process waits until
    this one commits; the version it read doing so (None when it read nothing: a transaction
    that is already exclusive needs no lock, or there is no such table)."""
    if tx.exclusive:
        return None
    r = await fetch_one(tx, "SELECT version FROM game_tables WHERE id = :t FOR UPDATE", {"t": table_id})
    return r["version"] if r else None


async def version(tx: Tx, table_id: int) -> int | None:
    """The stored version alone: enough to tell whether a live game in memory is current."""
    r = await fetch_one(tx, "SELECT version FROM game_tables WHERE id = :t", {"t": table_id})
    return r["version"] if r else None


async def open_in_channel(tx: Tx, channel_id: int) -> TableRow | None:
    r = await fetch_one(tx, "SELECT * FROM game_tables WHERE channel_id = :c AND status != 'finished'",
                        {"c": channel_id})
    return await _with_seats(tx, _row(r)) if r else None


async def open_ids(tx: Tx) -> list[int]:
    return [r["id"] for r in await fetch_all(
        tx, "SELECT id FROM game_tables WHERE status != 'finished' AND frozen IS NULL ORDER BY id")]


async def due(tx: Tx, now: str) -> list[tuple[int, int]]:
    """(table, server) of every table whose deadline has passed, the most overdue first."""
    return [(r["id"], r["guild_id"]) for r in await fetch_all(
        tx, "SELECT id, guild_id FROM game_tables WHERE status = 'playing' AND frozen IS NULL "
            "AND deadline IS NOT NULL AND deadline <= :now ORDER BY deadline", {"now": now})]


async def playing_versions(tx: Tx) -> list[tuple[int, int, int]]:
    """(table, server, version) of every table in play: what tells a process that another one
    moved a table it drives."""
    return [(r["id"], r["guild_id"], r["version"]) for r in await fetch_all(
        tx, "SELECT id, guild_id, version FROM game_tables WHERE status = 'playing' AND frozen IS NULL")]


async def next_deadline(tx: Tx) -> str | None:
    r = await fetch_one(tx, "SELECT MIN(deadline) AS d FROM game_tables WHERE status = 'playing' AND frozen IS NULL")
    return r["d"] if r else None


async def add_seat(tx: Tx, table_id: int, seat: SeatRow) -> None:
    await tx.execute("INSERT INTO seats (table_id, seat, user_id, name, buy_in, stack) "
                     "VALUES (:t, :s, :u, :name, :b, :b)",
                     {"t": table_id, "s": seat.seat, "u": seat.user_id, "name": seat.name, "b": seat.buy_in})


async def remove_seat(tx: Tx, table_id: int, seat: int) -> None:
    """Only in the lobby: later seats keep their numbers until the game starts."""
    await tx.execute("DELETE FROM seats WHERE table_id = :t AND seat = :s", {"t": table_id, "s": seat})


async def renumber_seats(tx: Tx, table_id: int) -> None:
    """Close the gaps left by lobby leavers, so seats are 0..n-1 when the game starts."""
    rows = await fetch_all(tx, "SELECT seat FROM seats WHERE table_id = :t ORDER BY seat", {"t": table_id})
    for new, r in enumerate(rows):
        if r["seat"] != new:
            await tx.execute("UPDATE seats SET seat = :new WHERE table_id = :t AND seat = :old",
                             {"new": new, "t": table_id, "old": r["seat"]})


async def set_leaving(tx: Tx, table_id: int, seat: int) -> None:
    await tx.execute("UPDATE seats SET leaving = 1 WHERE table_id = :t AND seat = :s", {"t": table_id, "s": seat})




async def set_missed(tx: Tx, table_id: int, seat: int, missed: int) -> None:
    await tx.execute("UPDATE seats SET missed = :m WHERE table_id = :t AND seat = :s",
                     {"m": missed, "t": table_id, "s": seat})


async def clear_deadline(tx: Tx, table_id: int) -> None:
    await tx.execute("UPDATE game_tables SET deadline = NULL WHERE id = :t", {"t": table_id})


async def freeze(tx: Tx, table_id: int, why: str) -> None:
    """Set a table aside for an admin: no deadline fires and no restart touches it."""
    await tx.execute("UPDATE game_tables SET frozen = :w, deadline = NULL WHERE id = :t", {"w": why, "t": table_id})


async def cash_out_seat(tx: Tx, table_id: int, seat: int, amount: int, now: str) -> None:
    await tx.execute("UPDATE seats SET cashed_out = :a, stack = 0, left_at = :now WHERE table_id = :t AND seat = :s",
                     {"a": amount, "now": now, "t": table_id, "s": seat})


async def add_buy_in(tx: Tx, table_id: int, seat: int, amount: int) -> None:
    """A top-up counts as chips brought to the table, for net winnings."""
    await tx.execute("UPDATE seats SET buy_in = buy_in + :a, deal_stack = deal_stack + :a "
                     "WHERE table_id = :t AND seat = :s",
                     {"a": amount, "t": table_id, "s": seat})


async def set_options(tx: Tx, table_id: int, options: dict[str, Any]) -> None:
    await tx.execute("UPDATE game_tables SET options = :o WHERE id = :t", {"o": _json(options), "t": table_id})




class EscrowMismatch(Exception):
    """The escrow does not hold what the game says is on the table; nothing was written."""

    def __init__(self, held: int, expected: int) -> None:
        super().__init__(f"escrow holds {held} but the game accounts for {expected}")
        self.held, self.expected = held, expected


@dataclass(frozen=True, slots=True)
class Commit:
    """What one action, or a run of seat bots' moves, writes to its table."""

    state: dict[str, Any]
    """The game after the last move."""
    deadline: str | None
    status: str
    moves: list[tuple[int | None, dict[str, Any], list[dict[str, Any]]]]
    """Each move's seat, action and events, logged a version each."""
    now: str
    stacks: dict[int, int] | None
    """The stacks in play when they changed (None: unchanged)."""
    deal_stacks: dict[int, int] | None
    """Each seat's stack as a deal begun in this save began (None: no deal began)."""
    escrow: tuple[int, str, int]
    """(guild, escrow account, chips it must hold), checked before anything is written."""
    also: tuple[Step, ...] = ()
    """Rows the action writes elsewhere in the same save (a deal's results)."""


async def save_action(tx: Tx, row: TableRow, commit: Commit) -> int:
    """Check the escrow, save the state if the version is still `row.version`, log the action
    and refresh the stacks, in one trip where the backend allows it. Returns the new version;
    EscrowMismatch or StaleVersion (having written nothing) otherwise."""
    state = _json(commit.state)
    await tx.run(_action_steps(row, commit, state))
    return _saved(row, commit, state)


async def save_action_alone(db: Database, row: TableRow, commit: Commit) -> int:
    """`save_action` as a transaction of its own, committed with the others waiting where the
    backend groups commits (a move that wrote nothing else: most of them)."""
    state = _json(commit.state)
    await db.commit_alone(_action_steps(row, commit, state))
    return _saved(row, commit, state)


def _action_steps(row: TableRow, commit: Commit, state: str) -> list[Step]:
    log_rows = [{"t": row.id, "v": row.version + 1 + i, "s": seat, "a": _json(action), "e": _json(events),
                 "now": commit.now} for i, (seat, action, events) in enumerate(commit.moves)]
    began = commit.deal_stacks
    stacks_sql = _STACKS if began is None else _STACKS_AND_DEAL
    stacks = [{"v": v, "t": row.id, "s": s} | ({} if began is None else {"d": began[s]})
              for s, v in (commit.stacks or {}).items()]
    guild, account, expected = commit.escrow
    seen = row.version

    def escrow_holds(rows: list[Any]) -> None:
        if rows[0][0] != expected:
            raise EscrowMismatch(rows[0][0], expected)

    def still_current(changed: int) -> None:
        if changed != 1:
            raise StaleVersion(f"table {row.id} is no longer at version {seen}")

    steps = [
        Step("SELECT COALESCE((SELECT balance FROM accounts WHERE guild_id = :g AND account = :a), 0)",
             {"g": guild, "a": account}, query=True, check=escrow_holds),
        Step("UPDATE game_tables SET state = :s, version = version + :k, deadline = :d, status = :st "
             "WHERE id = :t AND version = :seen",
             {"s": state, "k": len(commit.moves), "d": commit.deadline, "st": commit.status, "t": row.id,
              "seen": seen}, check=still_current),
        Step("INSERT INTO table_actions (table_id, version, seat, action, events, created_at) "
             "VALUES (:t, :v, :s, :a, :e, :now)", rows=log_rows)]
    if stacks:
        steps.append(Step(stacks_sql, rows=stacks))
    return steps + list(commit.also)


def _json(value: Any) -> str:
    """Compact JSON text. orjson writes a state ten times faster than the standard library (a
    save on every move); the standard library takes what orjson refuses (integers beyond 64
    bits, which bounded options never reach). Both write the same text, read by `json.loads`."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _saved(row: TableRow, commit: Commit, state: str) -> int:
    row.version += len(commit.moves)
    row.state, row.deadline, row.status = state, commit.deadline, commit.status
    return row.version


_STACKS = "UPDATE seats SET stack = :v WHERE table_id = :t AND seat = :s"
_STACKS_AND_DEAL = "UPDATE seats SET stack = :v, deal_stack = :d WHERE table_id = :t AND seat = :s"




async def actions(tx: Tx, table_id: int) -> list[dict[str, Any]]:
    return [{"version": r["version"], "seat": r["seat"], "action": json.loads(r["action"]),
             "events": json.loads(r["events"])}
            for r in await fetch_all(tx, "SELECT * FROM table_actions WHERE table_id = :t ORDER BY version",
                                     {"t": table_id})]


async def finish(tx: Tx, table_id: int, reason: str, now: str) -> None:
    await tx.execute("UPDATE game_tables SET status = 'finished', deadline = NULL, finished_at = :now, "
                     "end_reason = :r, version = version + 1 WHERE id = :t", {"now": now, "r": reason, "t": table_id})


def message_step(table_id: int, message_id: int | None) -> Step:
    """The table message's id (a write of its own: `Database.commit_alone`)."""
    return Step("UPDATE game_tables SET message_id = :m WHERE id = :t", {"m": message_id, "t": table_id})


async def hand_messages(tx: Tx, table_id: int) -> dict[int, tuple[int, int]]:
    """Each seat's current hand DM: seat -> (DM channel id, message id)."""
    return {r["seat"]: (r["channel_id"], r["message_id"]) for r in await fetch_all(
        tx, "SELECT seat, channel_id, message_id FROM hand_messages WHERE table_id = :t", {"t": table_id})}


def hand_message_step(table_id: int, seat: int, channel_id: int, message_id: int) -> Step:
    """A seat's current hand DM (a write of its own: `Database.commit_alone`)."""
    return Step("INSERT INTO hand_messages (table_id, seat, channel_id, message_id) VALUES (:t, :s, :c, :m) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET channel_id = :c, message_id = :m",
                {"t": table_id, "s": seat, "c": channel_id, "m": message_id})


async def bump_version(tx: Tx, table_id: int) -> None:
    """Lobby changes invalidate old lobby buttons too."""
    await tx.execute("UPDATE game_tables SET version = version + 1 WHERE id = :t", {"t": table_id})
