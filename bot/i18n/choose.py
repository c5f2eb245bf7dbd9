"""Which language each reader gets: the one place that decides it.

A player's own text (hands, ephemeral replies, DMs, errors) is in the language they chose with
/language, else their Discord client's (`interaction.locale`). A table's public messages are in
the server's table language, else the server's preferred locale (`guild.preferred_locale`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any, Final, TypeVar

from bot import inputs
from bot.clock import utc_now
from storage import languages
from storage.db import Database

from .locale import ENGLISH, Locale, available, negotiate

log = logging.getLogger(__name__)

KEEP_FOR: Final = timedelta(seconds=60)
"""How long a stored choice is trusted from memory. Several shard processes share the database:
a /language change made through one is seen by the others within this time."""


def reader_locale(choice: str | None, client_locale: object) -> Locale:
    """A player's language: their stored choice if the bot still speaks it, else their client's."""
    return Locale(choice) if choice in available() else negotiate(client_locale)


def table_locale(setting: str | None, preferred_locale: object) -> Locale:
    """A server's table language: its setting if the bot still speaks it, else its preferred locale."""
    return Locale(setting) if setting in available() else negotiate(preferred_locale)


@dataclass(slots=True)
class _User:
    choice: str | None
    client: str | None
    read_at: datetime


V = TypeVar("V")


class Languages:
    """The stored choices, kept in memory for `KEEP_FOR` after each read (the hot path of every
    message must not read the database each time); a choice is written in a short transaction of
    its own.

    Each player's Discord client language is remembered from their last click, and stored when
    it changes, so their DMs, sent with no interaction at hand, follow it, after a restart too.
    It is stored behind the click, several players' together: when hundreds of tables start at
    once every player's first click brings one, and none of them should wait for a write. (A
    client language lost in a crash is stored again on the player's next click.)
    """

    def __init__(self, db: Database, clock: Callable[[], datetime] = utc_now) -> None:
        self._db = db
        self._clock = clock
        self._users: dict[int, _User] = {}
        self._guilds: dict[int, tuple[str | None, datetime]] = {}
        self._reading: dict[tuple[str, int], asyncio.Task[Any]] = {}
        """Reads under way: many clicks that miss the memory at once (every table of a server
        after a restart) wait for one read."""
        self._unsaved: dict[int, str] = {}
        self._saving: asyncio.Task[None] | None = None

    def _fresh(self, read_at: datetime) -> bool:
        return self._clock() - read_at < KEEP_FOR

    async def _once(self, key: tuple[str, int], read: Callable[[], Coroutine[Any, Any, V]]) -> V:
        """`read()`, or the same read already under way for `key`."""
        task = self._reading.get(key)
        if task is None:
            task = self._reading[key] = asyncio.create_task(read())
            task.add_done_callback(lambda _: self._reading.pop(key, None))
        result: V = await asyncio.shield(task)
        return result

    async def _user(self, user_id: int) -> _User:
        known = self._users.get(user_id)
        if known is None or not self._fresh(known.read_at):
            known = await self._once(("user", user_id), partial(self._read_user, user_id))
        return known

    async def _read_user(self, user_id: int) -> _User:
        choice, client = await languages.user_languages(self._db, user_id)
        known = self._users[user_id] = _User(choice, self._unsaved.get(user_id, client), self._clock())
        return known

    async def for_user(self, user_id: int, client_locale: object = None) -> Locale:
        """A player's language; `client_locale` (their click's `interaction.locale`) is
        remembered for the messages sent them later without one."""
        known = await self._user(user_id)
        client = str(getattr(client_locale, "value", client_locale)) if client_locale else None
        if client and client != known.client:
            known.client = self._unsaved[user_id] = client
            if self._saving is None or self._saving.done():
                self._saving = asyncio.create_task(self._save_clients(), name="client-languages")
        return reader_locale(known.choice, known.client)

    async def _save_clients(self) -> None:
        while self._unsaved:
            clients, self._unsaved = self._unsaved, {}
            try:
                await self._db.commit_alone([languages.client_locales(clients)])
            except Exception:
                log.warning("could not store %d players' client languages", len(clients), exc_info=True)

    async def saved(self) -> None:
        """Once the client languages remembered so far are stored (the bot closes)."""
        if self._saving is not None:
            await self._saving

    async def choose_for_user(self, user_id: int, choice: Locale | None) -> None:
        if choice is not None:
            inputs.choice(choice, available())
        async with self._db.transaction() as tx:
            await languages.set_user_language(tx, user_id, choice)
        (await self._user(user_id)).choice = choice

    async def for_guild(self, guild_id: int, preferred_locale: object = ENGLISH) -> Locale:
        known = self._guilds.get(guild_id)
        if known is None or not self._fresh(known[1]):
            known = await self._once(("guild", guild_id), partial(self._read_guild, guild_id))
        return table_locale(known[0], preferred_locale)

    async def _read_guild(self, guild_id: int) -> tuple[str | None, datetime]:
        known = self._guilds[guild_id] = (await languages.guild_language(self._db, guild_id), self._clock())
        return known

    async def choose_for_guild(self, guild_id: int, choice: Locale | None) -> None:
        guild_id = inputs.server(guild_id)
        if choice is not None:
            inputs.choice(choice, available())
        async with self._db.transaction() as tx:
            await languages.set_guild_language(tx, guild_id, choice)
        self._guilds[guild_id] = (choice, self._clock())
