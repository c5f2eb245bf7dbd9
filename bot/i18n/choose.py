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
    """The stored choices, read once per user and server and then kept in memory (the hot path
    of every message must not read the database), and written in their own short transactions.

    Each player's Discord client language is remembered from their last click, so their DMs,
    sent with no interaction at hand, follow it too.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._users: dict[int, str | None] = {}
        self._guilds: dict[int, str | None] = {}
        self._clients: dict[int, str] = {}

    async def for_user(self, user_id: int, client_locale: object = None) -> Locale:
        """A player's language; `client_locale` (their click's `interaction.locale`) is
        remembered for the messages sent them later without one."""
        if client_locale:
            self._clients[user_id] = str(getattr(client_locale, "value", client_locale))
        if user_id not in self._users:
            async with self._db.read() as tx:
                self._users[user_id] = await languages.user_language(tx, user_id)
        return reader_locale(self._users[user_id], self._clients.get(user_id))

    async def choose_for_user(self, user_id: int, choice: Locale | None) -> None:
        async with self._db.transaction() as tx:
            await languages.set_user_language(tx, user_id, choice)
        self._users[user_id] = choice

    async def for_guild(self, guild_id: int, preferred_locale: object = ENGLISH) -> Locale:
        if guild_id not in self._guilds:
            async with self._db.read() as tx:
                self._guilds[guild_id] = await languages.guild_language(tx, guild_id)
        return table_locale(self._guilds[guild_id], preferred_locale)

    async def choose_for_guild(self, guild_id: int, choice: Locale | None) -> None:
        async with self._db.transaction() as tx:
            await languages.set_guild_language(tx, guild_id, choice)
        self._guilds[guild_id] = choice
