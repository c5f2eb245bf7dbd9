"""The Discord client as the UI sees it: the services its controls and commands call.

`bot.app.CardRoomBot` builds the services; the UI and the cogs name only this base class, so
the application and its UI never import each other.
"""

from __future__ import annotations

from typing import Protocol

import discord
from discord.ext import commands

from bot.i18n.choose import Languages
from bot.tables.service import TableService
from bot.wallet import WalletService

from .pictures import Painter
from .replies import Replies


class DmRetry(Protocol):
    async def retry_dms(self, user: discord.User | discord.Member) -> bool:
        """Try a DM again after the player opened theirs; True when it got through."""


class CardRoomClient(commands.AutoShardedBot):
    tables: TableService
    wallets: WalletService
    languages: Languages
    presenter: DmRetry
    painter: Painter
    """Draws pictures off the event loop (the presenter's messages and the replies alike)."""
    replies: Replies
    """Recent clicks, whose tokens write for the bot outside its budget."""
    short_lived_ids: set[str]
    """Custom ids of the short-lived replies' controls still alive (`views.ShortLived`)."""
    forget_after_days: int
    """How long after leaving a server the bot keeps its data (/privacy says so)."""
