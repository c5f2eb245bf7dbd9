"""/language: the language of a player's own messages (hands, replies, DMs)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Locale, available, t
from bot.i18n.choose import reader_locale
from bot.ui.client import CardRoomClient

AUTO = "auto"
"""The choice that forgets a stored language: the player's Discord client decides again."""
LANGUAGE_CHOICES = [app_commands.Choice(name=t(code, f"choice.{code}"), value=str(code)) for code in available()] + [
    app_commands.Choice(name="Follow my Discord language", value=AUTO)]


class Language(commands.Cog):
    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="The language the bot uses for your own messages")
    @app_commands.describe(language="A language, or follow your Discord app's language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True)
        choice = None if language == AUTO else Locale(language)   # the service checks the rest
        await self.bot.languages.choose_for_user(interaction.user.id, choice)
        now = reader_locale(choice, interaction.locale)
        text = t(now, "lang.follow_client") if choice is None else t(now, "lang.chosen")
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Language(bot))
