"""Who chose which language: players for their own text, servers for their tables; and which
language each player's Discord client last reported.

Portable SQL (SQLite and PostgreSQL): an upsert with ON CONFLICT, a delete to forget a choice.
The reads are single statements (one trip each, no transaction): every player's first click
after a start or a restart reads them.
"""

from __future__ import annotations

from collections.abc import Mapping

from .db import Database, Step, Tx


async def user_languages(db: Database, user_id: int) -> tuple[str | None, str | None]:
    """The player's /language choice and their client's last language, each None when unknown."""
    row = (await db.fetch("SELECT (SELECT locale FROM user_languages WHERE user_id = :u) AS chosen, "
                          "(SELECT locale FROM user_client_locales WHERE user_id = :u) AS client", {"u": user_id}))[0]
    return _text(row["chosen"]), _text(row["client"])


def client_locales(clients: Mapping[int, str]) -> Step:
    """Remember each player's Discord client language (`clients`: player -> locale), in one step."""
    return Step(_UPSERT.format(table="user_client_locales", key="user_id"),
                rows=[{"o": user_id, "l": locale} for user_id, locale in clients.items()])


async def set_user_language(tx: Tx, user_id: int, locale: str | None) -> None:
    """Remember the player's choice; None forgets it (their Discord client's language again)."""
    await _remember(tx, "user_languages", "user_id", user_id, locale)


async def guild_language(db: Database, guild_id: int) -> str | None:
    found = await db.fetch("SELECT locale FROM guild_languages WHERE guild_id = :g", {"g": guild_id})
    return _text(found[0]["locale"]) if found else None


async def set_guild_language(tx: Tx, guild_id: int, locale: str | None) -> None:
    """Set the server's table language; None goes back to the server's preferred locale."""
    await _remember(tx, "guild_languages", "guild_id", guild_id, locale)


async def _remember(tx: Tx, table: str, key: str, owner: int, locale: str | None) -> None:
    """Upsert `owner`'s locale in one of the tables above (names from this module only), or
    delete its row when `locale` is None."""
    if locale is None:
        await tx.execute(f"DELETE FROM {table} WHERE {key} = :o", {"o": owner})
        return
    await tx.execute(_UPSERT.format(table=table, key=key), {"o": owner, "l": locale})


_UPSERT = ("INSERT INTO {table} ({key}, locale) VALUES (:o, :l) "
           "ON CONFLICT ({key}) DO UPDATE SET locale = excluded.locale")


def _text(value: object) -> str | None:
    return None if value is None else str(value)
