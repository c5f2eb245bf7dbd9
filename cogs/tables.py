"""/play, /table view, /leave, /rules, and the admin's /table close."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import inputs
from bot.errors import NotEnoughChips
from bot.i18n import ENGLISH, render, t
from bot.inputs import CHIP_CEILING
from bot.ui import threads
from bot.ui.client import CardRoomClient
from bot.ui.errors import reply_locale, reply_text
from bot.ui.help import RULES, rules_embed
from bot.ui.threads import Place
from bot.ui.views import leave_or_ask, public_message

from .places import channel_id_of, guild_id_of

GAME_CHOICES = [app_commands.Choice(name=t(ENGLISH, f"game.{game_id}"), value=game_id) for game_id in RULES][:25]


class Tables(commands.Cog):
    table = app_commands.Group(name="table", description="The table in this channel", guild_only=True)

    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game",
                           thread="Open the table in a thread of its own (default: this server's setting)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, game: str, thread: bool | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables, guild_id = self.bot.tables, guild_id_of(interaction)
        if thread is None:
            thread = (await self.bot.wallets.guild_config(guild_id)).threads
        game = inputs.choice(game, RULES)   # before a thread is opened for it
        place = await threads.new_thread(interaction, game) if thread else Place(channel_id_of(interaction))
        try:
            snap = await tables.open(guild_id, place.channel_id, interaction.user.id, game)
        except BaseException:
            if place.thread is not None:   # an empty thread would only puzzle people
                await threads.archive(place.thread)
            raise
        await threads.name_thread(place, snap.game_id, snap.table_id)
        locale = await reply_locale(interaction)
        where = t(locale, "play.where_thread", thread=place.thread.mention) if place.thread else ""
        if place.why_not:
            where = t(locale, "play.where_here", why=render(locale, place.why_not, ()))
        game_name = t(locale, f"game.{snap.game_id}")
        try:
            await tables.join(snap.table_id, interaction.user.id, interaction.user.display_name, guild_id=guild_id)
            text = t(locale, "play.open_seated", game=game_name, where=where)
        except NotEnoughChips as exc:
            text = t(locale, "play.open_unseated", game=game_name, where=where, why=reply_text(exc, locale))
        await interaction.followup.send(text, ephemeral=True)

    @table.command(name="view", description="Show the table in this channel")
    async def view(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        snap = await self.bot.tables.table_in(channel_id_of(interaction))
        locale = await reply_locale(interaction)
        pictures = (await self.bot.wallets.guild_config(snap.guild_id)).images
        png = await self.bot.painter.board(snap, locale) if pictures else None
        message = public_message(snap, png=png, locale=locale)
        await interaction.followup.send(embed=message["embed"], files=message["files"], ephemeral=True)

    @table.command(name="close", description="Close this channel's table and refund everyone (admins)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def close(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        snap = await self.bot.tables.table_in(channel_id_of(interaction))
        closed = await self.bot.tables.close(snap.table_id, guild_id=guild_id_of(interaction))
        locale = await reply_locale(interaction)
        await interaction.followup.send(render(locale, closed.message, closed.snapshot.names_in(locale)),
                                        ephemeral=True)

    @table.command(name="stop", description="End the game after this deal (host, where the rules allow it)")
    async def stop(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        snap = await self.bot.tables.table_in(channel_id_of(interaction))
        await self.bot.tables.request_stop(snap.table_id, interaction.user.id,
                                           guild_id=guild_id_of(interaction))
        await interaction.followup.send(t(await reply_locale(interaction), "play.stop"), ephemeral=True)

    @app_commands.command(name="leave", description="Leave the table in this channel (with your stack)")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        snap = await self.bot.tables.table_in(channel_id_of(interaction))
        await leave_or_ask(interaction, self.bot.tables, snap.table_id)   # a leave that forfeits asks first

    @app_commands.command(name="topup", description="Add chips from your wallet to your stack between deals")
    @app_commands.describe(amount="How many chips to add")
    @app_commands.guild_only()
    async def topup(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, CHIP_CEILING]) -> None:
        await interaction.response.defer(ephemeral=True)
        snap = await self.bot.tables.table_in(channel_id_of(interaction))
        await self.bot.tables.top_up(snap.table_id, interaction.user.id, amount,
                                     guild_id=guild_id_of(interaction))
        await interaction.followup.send(t(await reply_locale(interaction), "play.topped_up", chips=amount),
                                        ephemeral=True)

    @app_commands.command(name="dms", description="Get your hands by direct message again")
    async def dms(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        sent = await self.bot.presenter.retry_dms(interaction.user)
        await interaction.followup.send(t(await reply_locale(interaction), "dms.again" if sent else "dms.blocked"),
                                        ephemeral=True)

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        game = inputs.choice(game, RULES)
        await interaction.response.send_message(embed=rules_embed(game, await reply_locale(interaction)),
                                                ephemeral=True)


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Tables(bot))
