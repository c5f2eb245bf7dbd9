"""/balance, /daily, /give, /leaderboard, /stats, /history."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.ui.client import CardRoomClient
from storage.stats import GameStats

from .places import guild_id_of
from .tables import GAME_CHOICES


def game_title(game_id: str) -> str:
    return getattr(GAMES.get(game_id), "title", game_id)


def stats_embed(name: str, found: dict[str, GameStats]) -> discord.Embed:
    """One field per game: what was played and won, and where the chips went."""
    embed = discord.Embed(title=f"{name} · statistics", colour=discord.Colour.blurple(),
                          description=None if found else "No games played here yet.")
    for s in found.values():
        embed.add_field(name=game_title(s.game_id), inline=True, value=(
            f"Games **{s.games:,}** · won **{s.games_won:,}**\n"
            f"Deals **{s.deals:,}** · won **{s.deals_won:,}**\n"
            f"Net **{s.net:+,}** · biggest win **{s.biggest_win:,}**"))
    embed.set_footer(text="A game is won by leaving it with more chips than you brought.")
    return embed


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
    @app_commands.describe(by="Rank by chips held (default) or by net winnings at tables",
                           game="Rank by net winnings at this game's tables only")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: Literal["chips", "net"] = "chips",
                          game: app_commands.Choice[str] | None = None) -> None:
        await interaction.response.defer()
        game_id = game.value if game else None
        board = await self.bot.wallets.leaderboard(guild_id_of(interaction), interaction.user.id, by, game_id)
        if game is not None:
            title = f"Biggest winners at {game.name}"
        else:
            title = "Richest players" if by == "chips" else "Biggest winners at the tables"
        lines = [f"**{s.rank}.** <@{s.user_id}> · {s.value:,}" for s in board.top]
        embed = discord.Embed(title=title, colour=discord.Colour.gold(), description="\n".join(lines) or "Nobody yet.")
        if board.me:
            embed.set_footer(text=f"You: #{board.me.rank} with {board.me.value:,}")
        await interaction.followup.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="Games and deals played and won, net chips, per game")
    @app_commands.describe(game="Only this game (default: every game played)", user="Whose (default: yours)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    user: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        who = user or interaction.user
        if who.bot:
            await interaction.followup.send("Bots keep no statistics.", ephemeral=True)
            return
        found = await self.bot.wallets.game_stats(guild_id_of(interaction), who.id)
        if game is not None:
            found = {game.value: found.get(game.value, GameStats(game.value))}
        await interaction.followup.send(embed=stats_embed(who.display_name, found), ephemeral=True)

    @app_commands.command(name="history", description="Your last games and results")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        entries = await self.bot.wallets.history(guild_id_of(interaction), interaction.user.id)
        lines = [f"Table {e.table_id} · {game_title(e.game_id)} · bought in {e.buy_in:,}, "
                 f"left with {e.cashed_out:,} (**{e.net:+,}**)" for e in entries]
        await interaction.followup.send("\n".join(lines) or "You have not finished a game here yet.", ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Wallet(bot))
