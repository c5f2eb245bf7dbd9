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
from typing import Final

import discord

log = logging.getLogger(__name__)

ARCHIVE_AFTER_MIN: Final = 10080
"""Discord archives an idle thread after this long (a week, the longest): a slow lobby stays open."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a new table goes: its thread, or (with the reason) the channel it was asked in."""

    channel_id: int
    thread: discord.Thread | None = None
    why_not: str | None = None


def thread_name(title: str, table_id: int | None = None) -> str:
    """“Gin Rummy · table 12” (“… · new table” until the table has its number)."""
    return f"{title} · {'new table' if table_id is None else f'table {table_id}'}"[:100]


async def new_thread(interaction: discord.Interaction, title: str) -> Place:
    """A public thread of the channel the command came from, or the channel itself and why."""
    channel = interaction.channel
    here = Place(interaction.channel_id or 0)
    if isinstance(channel, discord.Thread):
        return Place(here.channel_id, why_not="this is a thread already")
    if not isinstance(channel, discord.TextChannel):
        return Place(here.channel_id, why_not="this channel cannot hold threads")
    allowed = interaction.app_permissions
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return Place(here.channel_id, why_not="I need the Create Public Threads and Send Messages in Threads "
                                              "permissions")
    kind = discord.ChannelType.news_thread if channel.is_news() else discord.ChannelType.public_thread
    try:
        thread = await channel.create_thread(name=thread_name(title), type=kind,
                                             auto_archive_duration=ARCHIVE_AFTER_MIN)
    except discord.HTTPException as exc:
        log.info("no thread in channel %d: %s", channel.id, exc)
        return Place(here.channel_id, why_not=f"Discord refused to create a thread ({exc.text or exc.status})")
    return Place(thread.id, thread)


async def name_thread(place: Place, title: str, table_id: int) -> None:
    """Give the thread the table's number, and point to it from the channel."""
    if place.thread is None:
        return
    try:
        await place.thread.edit(name=thread_name(title, table_id))
    except discord.HTTPException as exc:   # the provisional name still says which game
        log.info("thread %d keeps its first name: %s", place.thread.id, exc)
    parent = place.thread.parent
    if not isinstance(parent, discord.TextChannel):
        return
    try:
        await parent.send(f"**{title}**: table {table_id} is open in {place.thread.mention} — join there.")
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
