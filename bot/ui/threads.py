"""Tables in threads of their own: opening one for a new table, and archiving it when the table
closes.

A thread is archived, never deleted: the game's messages (each deal's result, the final one)
stay readable and searchable, and the thread leaves the channel's list of active threads. It is
not locked, so players can still post in it (which reopens it until Discord archives it again).
Only threads the bot created are archived: a table opened in someone's own thread leaves it be.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, cast

import discord

from bot.games.messages import Msg, Value, msg
from bot.i18n import ENGLISH, Locale, t

from .client import CardRoomClient
from .interactions import table_language

log = logging.getLogger(__name__)

ARCHIVE_AFTER_MIN: Final = 10080
"""Discord archives an idle thread after this long (a week, the longest): a slow lobby stays open."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a new table goes: its thread, or (with the reason, a message the reply renders in
    the reader's language) the channel it was asked in. The thread is named in the server's
    table language (`locale`)."""

    channel_id: int
    thread: discord.Thread | None = None
    why_not: Msg | None = None
    locale: Locale = ENGLISH


def thread_name(title: str, table_id: int | None = None, locale: Locale = ENGLISH) -> str:
    """“Gin Rummy · table 12” (“… · new table” until the table has its number)."""
    if table_id is None:
        return t(locale, "ui.thread.new", game=title)[:100]
    return t(locale, "ui.thread.table", game=title, table=str(table_id))[:100]


async def new_thread(interaction: discord.Interaction, game_id: str) -> Place:
    """A public thread of the channel the command came from, or the channel itself and why."""
    channel = interaction.channel
    locale = await table_language(cast(CardRoomClient, interaction.client), interaction.guild_id or 0)

    def not_here(key: str, **params: Value) -> Place:
        return Place(interaction.channel_id or 0, why_not=msg(key, **params), locale=locale)

    if isinstance(channel, discord.Thread):
        return not_here("ui.thread.in_thread")
    if not isinstance(channel, discord.TextChannel):
        return not_here("ui.thread.no_threads")
    allowed = interaction.app_permissions
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return not_here("ui.thread.permissions")
    kind = discord.ChannelType.news_thread if channel.is_news() else discord.ChannelType.public_thread
    try:
        thread = await channel.create_thread(name=thread_name(t(locale, f"game.{game_id}"), locale=locale), type=kind,
                                             auto_archive_duration=ARCHIVE_AFTER_MIN)
    except discord.HTTPException as exc:
        log.info("no thread in channel %d: %s", channel.id, exc)
        return not_here("ui.thread.refused", code=str(exc.code or exc.status))   # Discord's words are English
    return Place(thread.id, thread, locale=locale)


async def name_thread(place: Place, game_id: str, table_id: int) -> None:
    """Give the thread the table's number, and point to it from the channel."""
    if place.thread is None:
        return
    title = t(place.locale, f"game.{game_id}")
    try:
        await place.thread.edit(name=thread_name(title, table_id, place.locale))
    except discord.HTTPException as exc:   # the provisional name still says which game
        log.info("thread %d keeps its first name: %s", place.thread.id, exc)
    parent = place.thread.parent
    if not isinstance(parent, discord.TextChannel):
        return
    try:
        await parent.send(t(place.locale, "ui.thread.pointer", game=title, table=str(table_id),
                            thread=place.thread.mention))
    except discord.HTTPException as exc:
        log.info("no pointer to thread %d in channel %d: %s", place.thread.id, parent.id, exc)


async def archive_table_thread(client: discord.Client, channel_id: int) -> bool:
    """Archive a closed table's thread if the bot created it; True when it did."""
    thread = client.get_channel(channel_id)
    if not isinstance(thread, discord.Thread) or thread.archived or client.user is None \
            or thread.owner_id != client.user.id:
        return False
    return await archive(thread)


async def archive(thread: discord.Thread) -> bool:
    try:
        await thread.edit(archived=True)
    except discord.HTTPException as exc:   # Discord archives it by itself after a week idle
        log.info("thread %d not archived: %s", thread.id, exc)
        return False
    return True
