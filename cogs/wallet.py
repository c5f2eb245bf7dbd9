"""/balance, /daily, /give, /leaderboard, /history."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.ui.client import CardRoomClient

from .places import guild_id_of


class Wallet(commands.Cog):
    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="balance", description="Your chips: wallet and at tables")
    @app_commands.guild_only()
    async def balance(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        b = await self.bot.wallets.balance(guild_id_of(interaction), interaction.user.id)
        await interaction.followup.send(f"Wallet: **{b.wallet:,}** chips · at tables: **{b.at_tables:,}** · "
                                        f"total: **{b.wallet + b.at_tables:,}**", ephemeral=True)

    @app_commands.command(name="daily", description="Claim today's free chips (once per UTC day)")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        amount, balance = await self.bot.wallets.daily(guild_id_of(interaction), interaction.user.id)
        await interaction.followup.send(f"You claimed {amount:,} chips. Wallet: **{balance:,}**.", ephemeral=True)

    @app_commands.command(name="give", description="Give some of your chips to another member")
    @app_commands.describe(user="Who receives the chips", amount="How many chips")
    @app_commands.guild_only()
    async def give(self, interaction: discord.Interaction, user: discord.Member,
                   amount: app_commands.Range[int, 1, 1_000_000_000]) -> None:
        await interaction.response.defer(ephemeral=True)
        if user.bot:
            await interaction.followup.send("Bots have no wallets; give chips to a person.", ephemeral=True)
            return
        left = await self.bot.wallets.give(guild_id_of(interaction), interaction.user.id, user.id, amount,
                                           key=f"interaction:{interaction.id}")
        await interaction.followup.send(f"You gave {user.mention} {amount:,} chips. Your wallet: **{left:,}**.",
                                        ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The richest players of this server")
    @app_commands.describe(by="Rank by chips held (default) or by net winnings at tables")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: Literal["chips", "net"] = "chips") -> None:
        await interaction.response.defer()
        board = await self.bot.wallets.leaderboard(guild_id_of(interaction), interaction.user.id, by)
        title = "Richest players" if by == "chips" else "Biggest winners at the tables"
        lines = [f"**{s.rank}.** <@{s.user_id}> · {s.value:,}" for s in board.top]
        embed = discord.Embed(title=title, colour=discord.Colour.gold(), description="\n".join(lines) or "Nobody yet.")
        if board.me:
            embed.set_footer(text=f"You: #{board.me.rank} with {board.me.value:,}")
        await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="history", description="Your last games and results")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        entries = await self.bot.wallets.history(guild_id_of(interaction), interaction.user.id)
        lines = [f"Table {e.table_id} · {getattr(GAMES.get(e.game_id), 'title', e.game_id)} · bought in {e.buy_in:,}, "
                 f"left with {e.cashed_out:,} (**{e.net:+,}**)" for e in entries]
        await interaction.followup.send("\n".join(lines) or "You have not finished a game here yet.", ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Wallet(bot))
