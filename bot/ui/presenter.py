"""The table service's window onto Discord: the public table message, hands by DM, notices.

A DM that Discord refuses (error 50007) is remembered in the database: we stop trying and tell
the player, once, in the channel to use “My hand”.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.clock import stamp, utc_now
from bot.games.base import Event
from bot.tables.models import TableSnapshot
from storage import dms
from storage.db import Database

from .embeds import notice_embed, results_embed
from .text import MESSAGE, clip
from .views import hand_message, public_message

if TYPE_CHECKING:
    from bot.app import CardRoomBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007


class DiscordPresenter:
    def __init__(self, bot: CardRoomBot, db: Database) -> None:
        self.bot, self.db = bot, db
        self.dm_refused: set[int] = set()

    async def load(self) -> None:
        async with self.db.read() as tx:
            self.dm_refused = await dms.refused(tx)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        return channel if channel is not None else await self.bot.fetch_channel(channel_id)

    async def table_changed(self, snap: TableSnapshot, events: list[Event], repost: bool) -> int | None:
        channel = await self._channel(snap.channel_id)
        message = public_message(snap, events)
        if snap.message_id is not None:
            old = channel.get_partial_message(snap.message_id)
            try:
                if not repost:
                    await old.edit(**message)
                    return snap.message_id
                await old.edit(view=None)  # the old deal's message keeps its text, loses its buttons
            except discord.NotFound:
                log.info("table %d: its message is gone; posting a new one", snap.table_id)
        sent = await channel.send(**{k: v for k, v in message.items() if v is not None})
        return sent.id

    async def hand_changed(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        if seat != snap.actor:  # the actor's click is answered with its new hand already
            await self._dm(snap, seat, events)

    async def prompt(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        if seat != snap.actor:
            await self._dm(snap, seat, events)

    async def notice(self, snap: TableSnapshot, text: str) -> None:
        channel = await self._channel(snap.channel_id)
        await channel.send(embed=notice_embed(snap, text))

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        """The result, pinging the players so nobody misses where their chips went."""
        channel = await self._channel(snap.channel_id)
        players = " ".join(f"<@{s.user_id}>" for s in snap.seats if not s.is_bot)
        await channel.send(content=players or None, embed=results_embed(snap, payouts),
                           allowed_mentions=discord.AllowedMentions(users=True))

    async def _dm(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        user_id = snap.seats[seat].user_id
        if user_id is None or user_id in self.dm_refused:
            return
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**hand_message(self.bot, snap, seat, events))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self._dm_refused(snap, user_id)

    async def retry_dms(self, user: discord.abc.User) -> bool:
        """The player opened their DMs again: forget the refusal if a test message gets through."""
        try:
            await user.send("Your hands will come here again. Good luck at the tables!")
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            return False
        self.dm_refused.discard(user.id)
        async with self.db.transaction() as tx:
            await dms.clear(tx, user.id)
        return True

    async def _dm_refused(self, snap: TableSnapshot, user_id: int) -> None:
        log.warning("user %d does not accept DMs; table %d falls back to “My hand”", user_id, snap.table_id)
        self.dm_refused.add(user_id)
        async with self.db.transaction() as tx:
            await dms.mark_refused(tx, user_id, stamp(utc_now()))
        channel = await self._channel(snap.channel_id)
        await channel.send(clip(f"<@{user_id}>, I can't send you direct messages, so I'll stop trying. "
                                "Press **My hand** on the table to see your cards and play.", MESSAGE),
                           allowed_mentions=discord.AllowedMentions(users=True))
