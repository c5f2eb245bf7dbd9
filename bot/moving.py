"""Moving a bot's data from SQLite to PostgreSQL (`cardroom migrate-db SOURCE TARGET`).

The books are read before the copy and again from the copy, inside its transaction: every
server's balances sum to zero and match their ledger, every open table's escrow holds its chips
(the buy-ins in a lobby, what the game accounts for in play), a finished table's holds nothing.
A copy whose books differ from the file's is undone. Tables set aside for an admin, and games
that cannot be read, are copied as they are and named (the bot refunds or keeps them aside as it
would have on SQLite).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.games import GAMES
from bot.games.base import AnyGame
from storage import ledger, moving, tables
from storage.connect import is_postgres, open_database
from storage.db import Tx, fetch_all
from storage.postgres import PostgresDatabase
from storage.sqlite import SqliteDatabase


class MoveRefused(Exception):
    """Why nothing was copied; the sentence tells the owner what to do."""


@dataclass(frozen=True)
class Books:
    balances: dict[tuple[int, str], int]
    """Every account's balance, by (server, account)."""
    wrong: tuple[str, ...]
    """What does not add up."""
    aside: tuple[str, ...] = field(default=(), compare=False)
    """Tables copied as they are without their chips being counted."""


async def read_books(tx: Tx, games: Mapping[str, type[AnyGame]] = GAMES) -> Books:
    balances = {(r["guild_id"], r["account"]): r["balance"]
                for r in await fetch_all(tx, "SELECT guild_id, account, balance FROM accounts")}
    wrong, aside = [], []
    for guild in sorted({guild for guild, _ in balances}):
        audit = await ledger.audit(tx, guild)
        if audit.total:
            wrong.append(f"server {guild}: its balances sum to {audit.total}, not 0")
        if audit.mismatched:
            wrong.append(f"server {guild}: {', '.join(audit.mismatched)} differ from their ledger")
    for r in await fetch_all(tx, "SELECT id FROM game_tables ORDER BY id"):
        row = await tables.load(tx, r["id"])
        assert row is not None
        held = balances.get((row.guild_id, ledger.escrow(row.id)), 0)
        if row.frozen:
            aside.append(f"table {row.id} (set aside for an admin: {row.frozen})")
            continue
        if row.status == "finished":
            expected = 0
        elif row.status == "lobby":
            expected = sum(s.buy_in for s in row.seats if s.present)
        else:
            try:
                expected = sum(games[row.game_id].from_dict(json.loads(row.state or "{}")).chips().values())
            except Exception as exc:   # the bot closes it from its saved stacks when it starts
                aside.append(f"table {row.id} (its game cannot be read: {exc!r})")
                continue
        if held != expected:
            wrong.append(f"table {row.id}: its escrow holds {held} chips, its {row.status} table {expected}")
    return Books(balances, tuple(wrong), tuple(aside))


class BooksDiffer(Exception):
    """The copy's books are not the file's."""


async def move_database(source: Path, target: str) -> str:
    """Copy the SQLite database `source` into the empty PostgreSQL database `target`; what was
    done, for the owner. MoveRefused (having copied nothing) when it cannot be done."""
    if not source.is_file():
        raise MoveRefused(f"there is no database at {source}.")
    if not is_postgres(target):
        raise MoveRefused(f"{target} is not a PostgreSQL URL (postgresql://user@host/database).")
    src = await open_database(source)   # brought to the latest migration, as starting the bot would
    try:
        assert isinstance(src, SqliteDatabase)
        async with src.read() as tx:
            before = await read_books(tx)
        if before.wrong:
            raise MoveRefused("the books of the SQLite database do not balance, so nothing was copied:\n  "
                              + "\n  ".join(before.wrong))
        dst = await open_database(target)
        try:
            assert isinstance(dst, PostgresDatabase)
            async def same_books(tx: Tx) -> None:
                after = await read_books(tx)
                if after != before:
                    raise BooksDiffer("the copy's books differ from the file's: " + "; ".join(after.wrong))

            try:
                counts = await moving.copy(src, dst, same_books)
            except (moving.NotEmpty, moving.SchemaMismatch, BooksDiffer) as exc:
                raise MoveRefused(f"{exc}; nothing was copied.") from exc
        finally:
            await dst.close()
    finally:
        await src.close()
    servers = len({guild for guild, _ in before.balances})
    lines = [f"copied {sum(counts.values())} rows of {len(counts)} tables from {source}: "
             + ", ".join(f"{name} {n}" for name, n in counts.items()),
             f"the books balance before and after: {servers} servers, {len(before.balances)} accounts"]
    lines += [f"copied as it was: {note}" for note in before.aside]
    return "\n".join(lines)
