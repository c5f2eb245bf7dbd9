"""Who chose which language: players for their own text, servers for their tables; and which
language each player's Discord client last reported.

Portable SQL (SQLite and PostgreSQL): an upsert with ON CONFLICT, a delete to forget a choice.
"""

from __future__ import annotations

from .db import Tx, fetch_one


async def user_languages(tx: Tx, user_id: int) -> tuple[str | None, str | None]:
    """The player's /language choice and their client's last language, each None when unknown."""
    chosen = await fetch_one(tx, "SELECT locale FROM user_languages WHERE user_id = :u", {"u": user_id})
    client = await fetch_one(tx, "SELECT locale FROM user_client_locales WHERE user_id = :u", {"u": user_id})
    return (str(chosen["locale"]) if chosen else None), (str(client["locale"]) if client else None)


async def set_client_locale(tx: Tx, user_id: int, locale: str) -> None:
    await _remember(tx, "user_client_locales", "user_id", user_id, locale)


async def set_user_language(tx: Tx, user_id: int, locale: str | None) -> None:
    """Remember the player's choice; None forgets it (their Discord client's language again)."""
    await _remember(tx, "user_languages", "user_id", user_id, locale)


async def guild_language(tx: Tx, guild_id: int) -> str | None:
    row = await fetch_one(tx, "SELECT locale FROM guild_languages WHERE guild_id = :g", {"g": guild_id})
    return str(row["locale"]) if row else None


async def set_guild_language(tx: Tx, guild_id: int, locale: str | None) -> None:
    """Set the server's table language; None goes back to the server's preferred locale."""
    await _remember(tx, "guild_languages", "guild_id", guild_id, locale)


async def _remember(tx: Tx, table: str, key: str, owner: int, locale: str | None) -> None:
    """Upsert `owner`'s locale in one of the tables above (names from this module only), or
    delete its row when `locale` is None."""
    if locale is None:
        await tx.execute(f"DELETE FROM {table} WHERE {key} = :o", {"o": owner})
        return
    await tx.execute(f"INSERT INTO {table} ({key}, locale) VALUES (:o, :l) "
                     f"ON CONFLICT ({key}) DO UPDATE SET locale = excluded.locale", {"o": owner, "l": locale})
