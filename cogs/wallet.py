"""/balance, /daily, /give, /leaderboard, /stats, /history."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ENGLISH, Locale, number, t
from bot.inputs import CHIP_CEILING
from bot.ui.client import CardRoomClient
from bot.ui.errors import reply_locale
from bot.ui.leaderboard import board_message
from bot.ui.replays import send_with_replays
from bot.wallet import GameStats

from .places import guild_id_of, person
from .tables import GAME_CHOICES

BY_CHOICES = [app_commands.Choice(name=kind, value=kind) for kind in ("chips", "net")]


def signed(locale: Locale, n: int) -> str:
    """A gain or a loss, signed: `+1,200`, `-300`, `+0`."""
    return ("+" if n >= 0 else "") + number(locale, n)


def stats_embed(name: str, found: dict[str, GameStats], locale: Locale = ENGLISH) -> discord.Embed:
    """One field per game: what was played and won, and where the chips went."""
    embed = discord.Embed(title=t(locale, "stats.title", name=name), colour=discord.Colour.blurple(),
                          description=None if found else t(locale, "stats.none"))
    for s in found.values():
        embed.add_field(name=t(locale, f"game.{s.game_id}"), inline=True, value=t(
            locale, "stats.field", games=s.games, games_won=s.games_won, deals=s.deals, deals_won=s.deals_won,
            net=signed(locale, s.net), biggest=s.biggest_win))
    embed.set_footer(text=t(locale, "stats.footer"))
    return embed


class Wallet(commands.Cog):
    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="balance", description="Your chips: wallet and at tables")
    @app_commands.guild_only()
    async def balance(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        b = await self.bot.wallets.balance(guild_id_of(interaction), interaction.user.id)
        await interaction.followup.send(t(await reply_locale(interaction), "wallet.balance", wallet=b.wallet,
                                          at_tables=b.at_tables, total=b.wallet + b.at_tables), ephemeral=True)

    @app_commands.command(name="daily", description="Claim today's free chips (once per UTC day)")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        amount, balance = await self.bot.wallets.daily(guild_id_of(interaction), interaction.user.id)
        await interaction.followup.send(t(await reply_locale(interaction), "wallet.daily", chips=amount,
                                          wallet=balance), ephemeral=True)

    @app_commands.command(name="give", description="Give some of your chips to another member")
    @app_commands.describe(user="Who receives the chips", amount="How many chips")
    @app_commands.guild_only()
    async def give(self, interaction: discord.Interaction, user: discord.User,
                   amount: app_commands.Range[int, 1, CHIP_CEILING]) -> None:
        await interaction.response.defer(ephemeral=True)
        left = await self.bot.wallets.give(guild_id_of(interaction), interaction.user.id, person(interaction, user),
                                           amount, key=f"interaction:{interaction.id}")
        await interaction.followup.send(t(await reply_locale(interaction), "wallet.gave", user=user.mention,
                                          chips=amount, wallet=left),
                                        ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="The richest players of this server")
    @app_commands.describe(by="Rank by chips held (default) or by net winnings at tables",
                           game="Rank by net winnings at this game's tables only")
    @app_commands.choices(by=BY_CHOICES, game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: str = "chips", game: str | None = None) -> None:
        await interaction.response.defer()
        board = await self.bot.wallets.leaderboard(guild_id_of(interaction), interaction.user.id, by, game)
        await interaction.followup.send(**board_message(board, by, game, await reply_locale(interaction)))

    @app_commands.command(name="stats", description="Games and deals played and won, net chips, per game")
    @app_commands.describe(game="Only this game (default: every game played)", user="Whose (default: yours)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, game: str | None = None,
                    user: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        who = user or interaction.user
        found = await self.bot.wallets.game_stats(guild_id_of(interaction), person(interaction, who), game)
        await interaction.followup.send(embed=stats_embed(who.display_name, found, await reply_locale(interaction)),
                                        ephemeral=True)

    @app_commands.command(name="history", description="Your last games and results")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        entries = await self.bot.wallets.history(guild_id_of(interaction), interaction.user.id)
        locale = await reply_locale(interaction)
        lines = [t(locale, "history.line", table=str(e.table_id), game=t(locale, f"game.{e.game_id}"), buy_in=e.buy_in,
                   left=e.cashed_out, net=signed(locale, e.net)) for e in entries]
        deals = await self.bot.tables.replays.recent(guild_id_of(interaction), interaction.user.id)
        await send_with_replays(interaction, "\n".join(lines) or t(locale, "history.none"), deals, locale)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Wallet(bot))
