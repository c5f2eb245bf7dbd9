"""Server admin: house chips and server settings (Manage Server)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.client import CardRoomClient

from .places import guild_id_of

MANAGE = discord.Permissions(manage_guild=True)
SETTING_LIMITS = {"starting_chips": (0, 1_000_000), "daily_chips": (0, 1_000_000), "turn_timeout_s": (10, 3600)}


class Admin(commands.Cog):
    chips = app_commands.Group(name="chips", description="House chips (admins)", guild_only=True,
                               default_permissions=MANAGE)
    settings = app_commands.Group(name="settings", description="Server settings (admins)", guild_only=True,
                                  default_permissions=MANAGE)

    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @chips.command(name="grant", description="Give a member chips from the house")
    @app_commands.describe(user="Who receives the chips", amount="How many chips")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(self, interaction: discord.Interaction, user: discord.Member,
                    amount: app_commands.Range[int, 1, 1_000_000_000]) -> None:
        await interaction.response.defer(ephemeral=True)
        balance = await self.bot.wallets.grant(guild_id_of(interaction), interaction.user.id, user.id, amount)
        await interaction.followup.send(f"{user.mention} now has {balance:,} chips.", ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @chips.command(name="take", description="Take chips from a member's wallet back to the house")
    @app_commands.describe(user="Whose chips", amount="How many chips")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def take(self, interaction: discord.Interaction, user: discord.Member,
                   amount: app_commands.Range[int, 1, 1_000_000_000]) -> None:
        await interaction.response.defer(ephemeral=True)
        balance = await self.bot.wallets.take(guild_id_of(interaction), interaction.user.id, user.id, amount)
        await interaction.followup.send(f"{user.mention} now has {balance:,} chips.", ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @settings.command(name="show", description="This server's chip and timer settings")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        c = await self.bot.wallets.guild_config(guild_id_of(interaction))
        await interaction.followup.send(f"starting_chips: {c.starting_chips:,}\ndaily_chips: {c.daily_chips:,}\n"
                                        f"turn_timeout_s: {c.turn_timeout_s}", ephemeral=True)

    @settings.command(name="set", description="Change a server setting")
    @app_commands.describe(name="Which setting", value="The new value")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def set_(self, interaction: discord.Interaction,
                   name: Literal["starting_chips", "daily_chips", "turn_timeout_s"], value: int) -> None:
        await interaction.response.defer(ephemeral=True)
        low, high = SETTING_LIMITS[name]
        if not low <= value <= high:
            await interaction.followup.send(f"{name} must be between {low:,} and {high:,}.", ephemeral=True)
            return
        await self.bot.wallets.set_setting(guild_id_of(interaction), name, value)
        await interaction.followup.send(f"{name} is now {value:,}.", ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Admin(bot))
