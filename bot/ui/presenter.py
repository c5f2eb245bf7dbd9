"""The table service's window onto Discord: each method is one message written.

Publishers (bot/tables/publisher.py) decide when and in what order, paced to Discord's limits;
this only builds the message and sends it: through a fresh click's token where one can write it
(`bot/ui/replies.py`: the table's Start for its channel, a player's last click for their DM),
which Discord does not count against the bot's budget, else as the bot's own request, which
leaves through the HTTP gate (`bot/ui/gate.py`) and spends the budget. Channels and DMs are
addressed by id (`get_partial_messageable`), so no write costs a lookup first; a DM channel is
opened once per player and kept by discord.py.

The table's messages are in its server's language, a player's hand in theirs (`bot.i18n.choose`,
which keeps the choices in memory, so no message costs a database read for its language).

A DM that Discord refuses (error 50007) is remembered (`bot.dms.DmRefusals`, which keeps it in
the database too): we stop trying, and the publisher tells the player, once, in the channel to use
“My hand”.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.dms import DmRefusals
from bot.games.base import Event
from bot.games.messages import Text
from bot.i18n import render, t
from bot.tables.models import Closing, HandRef, TableSnapshot
from bot.tables.presenter import DmClosed

from .client import CardRoomClient
from .embeds import attach_image, closing_embed, results_embed
from .images import BOARD_FILE
from .interactions import table_language
from .pictures import Painter
from .text import MESSAGE, clip
from .threads import archive_table_thread
from .views import as_edit, hand_message, public_message

log = logging.getLogger(__name__)

DM_CLOSED = 50007
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)


class DiscordPresenter:
    def __init__(self, bot: CardRoomClient, refusals: DmRefusals, painter: Painter | None = None) -> None:
        self.bot, self.dm_refused = bot, refusals
        self.painter = painter if painter is not None else Painter()
        self._dm_channels: dict[int, int] = {}
        """Each player's DM channel, opened once."""

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def _pictures(self, snap: TableSnapshot) -> bool:
        """Whether the table's server wants pictures (an admin may turn them off)."""
        return (await self.bot.wallets.guild_config(snap.guild_id)).images

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        locale = await table_language(self.bot, snap.guild_id)
        # drawing takes milliseconds: not on the loop
        png = await self.painter.board(snap, locale) if picture and await self._pictures(snap) else None
        if message_id is not None:
            try:
                await self._edit(snap.channel_id, message_id, as_edit(public_message(snap, recent, png, locale)))
                return message_id
            except discord.NotFound:
                log.info("table %d: its message is gone; posting a new one", snap.table_id)
        return await self._post(snap.channel_id, _without_missing(public_message(snap, recent, png, locale)))

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        """The message's last words and, for a deal that ended, its final picture (the showdown,
        the last trick, the final line), which replaces the live one."""
        locale = await table_language(self.bot, snap.guild_id)
        embed = closing_embed(snap, closing, locale)
        png = await self.painter.final(snap, closing, locale) if await self._pictures(snap) else None
        files = [discord.File(io.BytesIO(png), BOARD_FILE)] if png else []
        if png:
            attach_image(embed, BOARD_FILE)
        if message_id is None:
            await self._post(snap.channel_id, {"embed": embed, "files": files})
            return
        try:
            await self._edit(snap.channel_id, message_id, {"content": None, "embed": embed, "view": None,
                                                           "attachments": files})
        except discord.NotFound:
            log.info("table %d: message %d to close is gone", snap.table_id, message_id)

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        if message is not None:
            return self.bot.replies.can_edit(message)
        if channel_id is not None:
            return self.bot.replies.latest(("channel", channel_id)) is not None
        return user_id is not None and self.bot.replies.latest(("dm", user_id)) is not None

    async def _edit(self, channel_id: int, message_id: int, fields: dict[str, Any]) -> None:
        """Through the token of a fresh click that can edit the message (one made in it, or the one
        that sent it: a player's click in their DM, a table's Start), which Discord does not count
        against the bot's budget (`bot.ui.replies`); else the bot's own edit."""
        if not await self.bot.replies.edit((channel_id, message_id), fields):
            await self._channel(channel_id).get_partial_message(message_id).edit(**fields)

    async def _post(self, channel_id: int, payload: dict[str, Any]) -> int:
        """A new message in a table's channel: a followup of the table's Start while its token is
        fresh (outside the bot's budget), else the bot's own message."""
        ref = await self.bot.replies.send(("channel", channel_id), payload)
        if ref is not None:
            return ref[1]
        return (await self._channel(channel_id).send(**payload)).id

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        user_id = snap.seats[seat].user_id
        if user_id is None or user_id in self.dm_refused:
            return None
        locale = await self.bot.languages.for_user(user_id)
        png = await self.painter.hand(snap, seat, locale) if await self._pictures(snap) else None
        payload = hand_message(self.bot, snap, seat, events, png=png, locale=locale)
        if message is not None:
            try:
                await self._edit(*message, as_edit(payload))
                return message
            except discord.NotFound:
                return None   # deleted by the player: the next decision brings a new one
        try:
            return await self._send_hand(user_id, _without_missing(payload))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self._dm_refused(snap, user_id)
            raise DmClosed(user_id) from exc

    async def strip_controls(self, message: HandRef) -> None:
        try:
            await self._edit(*message, {"view": None})
        except discord.NotFound:
            pass
        self.bot.replies.forget(message)   # superseded: nothing more is written to it

    async def _send_hand(self, user_id: int, payload: dict[str, Any]) -> HandRef:
        """A new hand message in the player's DM: a followup of their last click while its token
        is fresh (outside the bot's budget), else the bot's own message."""
        ref = await self.bot.replies.send(("dm", user_id), payload)
        if ref is not None:
            return HandRef(*ref)
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel_id = self._dm_channels[user_id] = (await self.bot.create_dm(discord.Object(user_id))).id
        sent = await self._channel(channel_id).send(**payload)
        return HandRef(channel_id, sent.id)

    async def notice(self, snap: TableSnapshot, text: Text) -> None:
        """Plain text, so a player it names is pinged."""
        locale = await table_language(self.bot, snap.guild_id)
        words = render(locale, text, snap.names_in(locale))
        await self._post(snap.channel_id, {"content": clip(words, MESSAGE), "allowed_mentions": PINGS})

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        """The result, pinging the players so nobody misses where their chips went; a thread the
        table had to itself is then archived."""
        players = " ".join(f"<@{s.user_id}>" for s in snap.seats if not s.is_bot)
        locale = await table_language(self.bot, snap.guild_id)
        await self._post(snap.channel_id, _without_missing({"content": players or None, "allowed_mentions": PINGS,
                                                            "embed": results_embed(snap, payouts, locale)}))
        await archive_table_thread(self.bot, snap.channel_id)

    async def retry_dms(self, user: discord.User | discord.Member) -> bool:
        """The player opened their DMs again: forget the refusal if a test message gets through."""
        try:
            await user.send(t(await self.bot.languages.for_user(user.id), "ui.dms_again"))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            return False
        await self.dm_refused.allow(user.id)
        return True

    async def _dm_refused(self, snap: TableSnapshot, user_id: int) -> None:
        log.warning("user %d does not accept DMs; table %d falls back to “My hand”", user_id, snap.table_id)
        await self.dm_refused.refuse(user_id)


def _without_missing(message: dict[str, Any]) -> dict[str, Any]:
    """`send` takes no view=None; a message without controls or pictures simply leaves them out."""
    return {k: v for k, v in message.items() if v is not None and v is not discord.utils.MISSING and v != []}
