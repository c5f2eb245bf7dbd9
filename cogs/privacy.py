"""/privacy: what the bot keeps about a player, and erasing it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.ui.client import CardRoomClient
from bot.ui.errors import reply_locale
from bot.ui.views import ConfirmView


class Privacy(commands.Cog):
    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="privacy", description="What the bot keeps about you, and erasing it")
    async def privacy(self, interaction: discord.Interaction) -> None:
        locale = await reply_locale(interaction)

        async def erase(click: discord.Interaction) -> str:
            erased = await self.bot.wallets.erase(click.user.id)
            return t(locale, "privacy.erased", chips=erased.chips, servers=erased.servers)

        view = ConfirmView(self.bot, t(locale, "privacy.erase"), erase, locale, keep="privacy.keep",
                           kept="privacy.kept")
        text = t(locale, "privacy.statement", days=self.bot.forget_after_days)
        await interaction.response.send_message(text, view=view, ephemeral=True)
        view.shown_by(interaction)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Privacy(bot))
