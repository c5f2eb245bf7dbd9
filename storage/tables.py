"""Game tables, their seats and their action log: how they are read, and the few writes that
are not an action's save (a new table, message ids, a deadline nobody waits for, a table set
aside). Every action's change is one `saving.TableSave`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import orjson

from .db import Database, Row, Step, Tx, fetch_all


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
    left_at: str | None = None

    def copy(self) -> SeatRow:
        """A copy, as the seat stands (`dataclasses.replace` takes several times as long, and
        every action copies its table's seats)."""
        return SeatRow(self.seat, self.user_id, self.name, self.buy_in, self.stack, self.leaving, self.cashed_out,
                       self.deal_stack, self.missed, self.left_at)

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


async def create(db: Database, guild_id: int, channel_id: int, game_id: str, host_id: int,
                 options: dict[str, Any], seed: int, now: str) -> TableRow | None:
    """A new table's lobby, in one statement; None when the channel already has an open table
    (the one-per-channel index decides, so two processes opening at once get one table)."""
    found = await db.fetch(
        "INSERT INTO game_tables (guild_id, channel_id, game_id, status, host_id, options, seed, created_at) "
        "VALUES (:g, :c, :game, 'lobby', :host, :opts, :seed, :now) "
        "ON CONFLICT (channel_id) WHERE status != 'finished' DO NOTHING RETURNING id",
        {"g": guild_id, "c": channel_id, "game": game_id, "host": host_id,
         "opts": to_json(options), "seed": seed, "now": now})
    if not found:
        return None
    return TableRow(found[0]["id"], guild_id, channel_id, game_id, "lobby", host_id, dict(options), seed, None, 0,
                    None, None)


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
                   s["cashed_out"], s["deal_stack"], s["missed"], s["left_at"])


# A table and its seats in one statement (the two tables share no column name).
_WITH_SEATS = "SELECT t.*, s.* FROM game_tables t LEFT JOIN seats s ON s.table_id = t.id WHERE {} ORDER BY s.seat"


def _joined(found: list[Row]) -> TableRow | None:
    if not found:
        return None
    row = _row(found[0])
    row.seats = [_seat(r) for r in found if r["seat"] is not None]
    return row


async def load(tx: Tx, table_id: int) -> TableRow | None:
    return _joined(await fetch_all(tx, _WITH_SEATS.format("t.id = :t"), {"t": table_id}))


async def read(db: Database, table_id: int) -> TableRow | None:
    """`load` in one trip of its own (a table not in memory)."""
    return _joined(await db.fetch(_WITH_SEATS.format("t.id = :t"), {"t": table_id}))


async def load_open(tx: Tx) -> list[TableRow]:
    """Every open table that is not frozen, with its seats, in two statements (restarts)."""
    rows = {r["id"]: _row(r) for r in await fetch_all(
        tx, "SELECT * FROM game_tables WHERE status != 'finished' AND frozen IS NULL ORDER BY id")}
    for s in await fetch_all(tx, "SELECT s.* FROM seats s JOIN game_tables t ON t.id = s.table_id "
                                 "WHERE t.status != 'finished' AND t.frozen IS NULL ORDER BY s.table_id, s.seat"):
        rows[s["table_id"]].seats.append(_seat(s))
    return list(rows.values())


async def open_in_channel(db: Database, channel_id: int) -> int | None:
    """The open table of a channel."""
    found = await db.fetch("SELECT id FROM game_tables WHERE channel_id = :c AND status != 'finished'",
                           {"c": channel_id})
    return found[0]["id"] if found else None


async def open_ids(db: Database) -> list[int]:
    return [r["id"] for r in await db.fetch(
        "SELECT id FROM game_tables WHERE status != 'finished' AND frozen IS NULL ORDER BY id")]


async def due(db: Database, now: str) -> list[tuple[int, int]]:
    """(table, server) of every table whose deadline has passed, the most overdue first."""
    return [(r["id"], r["guild_id"]) for r in await db.fetch(
        "SELECT id, guild_id FROM game_tables WHERE status = 'playing' AND frozen IS NULL "
        "AND deadline IS NOT NULL AND deadline <= :now ORDER BY deadline", {"now": now})]


async def playing_versions(db: Database) -> list[tuple[int, int, int]]:
    """(table, server, version) of every table in play: what tells a process that another one
    moved a table it drives."""
    return [(r["id"], r["guild_id"], r["version"]) for r in await db.fetch(
        "SELECT id, guild_id, version FROM game_tables WHERE status = 'playing' AND frozen IS NULL")]


async def next_deadline(db: Database) -> str | None:
    found = await db.fetch("SELECT MIN(deadline) AS d FROM game_tables WHERE status = 'playing' AND frozen IS NULL")
    return found[0]["d"] if found else None


def clear_deadline_step(table_id: int) -> Step:
    """A deadline nobody waits for any more (a write of its own: `Database.commit_alone`)."""
    return Step("UPDATE game_tables SET deadline = NULL WHERE id = :t", {"t": table_id})


async def freeze(tx: Tx, table_id: int, why: str) -> None:
    """Set a table aside for an admin: no deadline fires and no restart touches it."""
    await tx.execute("UPDATE game_tables SET frozen = :w, deadline = NULL WHERE id = :t", {"w": why, "t": table_id})


def to_json(value: Any) -> str:
    """Compact JSON text. orjson writes a state ten times faster than the standard library (a
    save on every move); the standard library takes what orjson refuses (integers beyond 64
    bits, which bounded options never reach). Both write the same text, read by `json.loads`."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


async def actions(tx: Tx, table_id: int) -> list[dict[str, Any]]:
    return [{"version": r["version"], "seat": r["seat"], "action": json.loads(r["action"]),
             "events": json.loads(r["events"])}
            for r in await fetch_all(tx, "SELECT * FROM table_actions WHERE table_id = :t ORDER BY version",
                                     {"t": table_id})]


def message_step(table_id: int, message_id: int | None) -> Step:
    """The table message's id (a write of its own: `Database.commit_alone`)."""
    return Step("UPDATE game_tables SET message_id = :m WHERE id = :t", {"m": message_id, "t": table_id})


async def hand_messages(db: Database, table_id: int) -> dict[int, tuple[int, int]]:
    """Each seat's current hand DM: seat -> (DM channel id, message id)."""
    return {r["seat"]: (r["channel_id"], r["message_id"]) for r in await db.fetch(
        "SELECT seat, channel_id, message_id FROM hand_messages WHERE table_id = :t", {"t": table_id})}


def hand_message_step(table_id: int, seat: int, channel_id: int, message_id: int) -> Step:
    """A seat's current hand DM (a write of its own: `Database.commit_alone`)."""
    return Step("INSERT INTO hand_messages (table_id, seat, channel_id, message_id) VALUES (:t, :s, :c, :m) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET channel_id = :c, message_id = :m",
                {"t": table_id, "s": seat, "c": channel_id, "m": message_id})
