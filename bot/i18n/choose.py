"""Which language each reader gets: the one place that decides it.

A player's own text (hands, ephemeral replies, DMs, errors) is in the language they chose with
/language, else their Discord client's (`interaction.locale`). A table's public messages are in
the server's table language, else the server's preferred locale (`guild.preferred_locale`).
"""

from __future__ import annotations

from storage import languages
from storage.db import Database

from .locale import ENGLISH, Locale, available, negotiate


def reader_locale(choice: str | None, client_locale: object) -> Locale:
    """A player's language: their stored choice if the bot still speaks it, else their client's."""
    return Locale(choice) if choice in available() else negotiate(client_locale)


def table_locale(setting: str | None, preferred_locale: object) -> Locale:
    """A server's table language: its setting if the bot still speaks it, else its preferred locale."""
    return Locale(setting) if setting in available() else negotiate(preferred_locale)


class Languages:
    """The stored choices, read and written in their own short transactions."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def for_user(self, user_id: int, client_locale: object = None) -> Locale:
        async with self._db.read() as tx:
            return reader_locale(await languages.user_language(tx, user_id), client_locale)

    async def choose_for_user(self, user_id: int, choice: Locale | None) -> None:
        async with self._db.transaction() as tx:
            await languages.set_user_language(tx, user_id, choice)

    async def for_guild(self, guild_id: int, preferred_locale: object = ENGLISH) -> Locale:
        async with self._db.read() as tx:
            return table_locale(await languages.guild_language(tx, guild_id), preferred_locale)

    async def choose_for_guild(self, guild_id: int, choice: Locale | None) -> None:
        async with self._db.transaction() as tx:
            await languages.set_guild_language(tx, guild_id, choice)
