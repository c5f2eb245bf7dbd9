"""Server admin: house chips and server settings (Manage Server)."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.client import CardRoomClient

from .places import guild_id_of

MANAGE = discord.Permissions(manage_guild=True)
SWITCH = {"on": 1, "yes": 1, "true": 1, "off": 0, "no": 0, "false": 0, "オン": 1, "オフ": 0}


@dataclass(frozen=True, slots=True)
class ServerSetting:
    """One /settings name: a number within a range, or a switch (`low` is None)."""

    name: str
    description: str
    low: int | None = None
    high: int | None = None

    def parse(self, text: str) -> int:
        """The value to store; ValueError says what is allowed."""
        text = text.strip().lower().replace(",", "").replace("_", "")
        if self.low is None or self.high is None:
            if text not in SWITCH:
                raise ValueError(f"{self.name} is on or off.")
            return SWITCH[text]
        if not text.isdigit() or not self.low <= int(text) <= self.high:
            raise ValueError(f"{self.name} must be a whole number between {self.low:,} and {self.high:,}.")
        return int(text)

    def show(self, value: int | bool) -> str:
        if self.low is None:
            return "on" if value else "off"
        return f"{value:,}"


SETTINGS = {s.name: s for s in (
    ServerSetting("starting_chips", "chips a member gets on first use", 0, 1_000_000),
    ServerSetting("daily_chips", "chips /daily gives", 0, 1_000_000),
    ServerSetting("turn_timeout_s", "seconds per decision at new tables", 10, 3600),
    ServerSetting("images", "pictures of the board and hands (off: text only)"),
    ServerSetting("threads", "/play opens each table in a thread of its own"),
)}


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

    @settings.command(name="show", description="This server's settings")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        config = await self.bot.wallets.guild_config(guild_id_of(interaction))
        lines = [f"**{s.name}**: {s.show(getattr(config, s.name))} · {s.description}" for s in SETTINGS.values()]
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @settings.command(name="set", description="Change a server setting")
    @app_commands.describe(name="Which setting", value="The new value: a number, or on/off")
    @app_commands.choices(name=[app_commands.Choice(name=f"{s.name} ({s.description})"[:100], value=s.name)
                                for s in SETTINGS.values()])
    @app_commands.checks.has_permissions(manage_guild=True)
    async def set_(self, interaction: discord.Interaction, name: app_commands.Choice[str], value: str) -> None:
        await interaction.response.defer(ephemeral=True)
        setting = SETTINGS[name.value]
        try:
            stored = setting.parse(value)
        except ValueError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        config = await self.bot.wallets.set_setting(guild_id_of(interaction), setting.name, stored)
        await interaction.followup.send(f"{setting.name} is now {setting.show(getattr(config, setting.name))}.",
                                        ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Admin(bot))
