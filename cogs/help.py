"""/help: every command in a line, the games, and a menu to read how each is played."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.client import CardRoomClient
from bot.ui.errors import reply_locale
from bot.ui.help import RulesPicker, help_embed


class Help(commands.Cog):
    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Every command, and how each game is played")
    async def help(self, interaction: discord.Interaction) -> None:
        locale = await reply_locale(interaction)
        view = RulesPicker(self.bot, locale)
        await interaction.response.send_message(embed=help_embed(self.bot.tree, locale), view=view, ephemeral=True)
        view.shown_by(interaction)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Help(bot))
