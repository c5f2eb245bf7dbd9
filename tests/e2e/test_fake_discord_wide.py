"""The fake Discord drives a bot that uses more of Discord: guild-scoped sync, member chunking
(members intent), autocomplete, files, deferred ephemeral edits, followups with views, default
permissions, DM invocations, prefix commands, auto-sharding, and the acknowledgement deadline.

The bot is defined here (not imported from the project) so these tests pin down the fake's
behaviour independently of the card-room bot's own code.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.fake_discord import FakeDiscord, fake_discord_server, running_bot


class FollowupView(discord.ui.View):
    @discord.ui.button(label="Again", custom_id="again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button[FollowupView]) -> None:
        await interaction.response.defer()  # type 6: deferred update
        await interaction.edit_original_response(content="clicked again", view=None)


class WideBot(commands.AutoShardedBot):
    """Members intent (forces GUILD_MEMBERS chunking), guild-scoped sync, auto-sharding."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = True
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents)
        self.guild_id = guild_id

    async def setup_hook(self) -> None:
        guild = discord.Object(self.guild_id)
        cmds: list[app_commands.Command[Any, Any, Any]] = [pick, upload, later, admin_only, where]
        for cmd in cmds:
            self.tree.add_command(cmd, guild=guild)
        self.tree.add_command(where)  # also global, so it works in DMs
        await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        await self.process_commands(message)


GAMES = ["gin", "tripoley", "michigan", "marriage", "bourre", "buki"]


@app_commands.command(description="Pick a game")
async def pick(interaction: discord.Interaction, game: str) -> None:
    await interaction.response.send_message(f"picked {game}")


@pick.autocomplete("game")
async def pick_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]


@app_commands.command(description="Send a file")
async def upload(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("scores", file=discord.File(io.BytesIO(b"a,b\n1,2\n"), "scores.csv"))


@app_commands.command(description="Deferred ephemeral, edited, then a followup with a view")
async def later(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.edit_original_response(content="working...")
    await interaction.edit_original_response(content="done")
    await interaction.followup.send("more?", view=FollowupView())


@app_commands.command(description="Admins only")
@app_commands.default_permissions(manage_guild=True)
async def admin_only(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("ok admin")


@app_commands.command(description="Where am I")
async def where(interaction: discord.Interaction) -> None:
    place = "dm" if interaction.guild is None else interaction.guild.name
    await interaction.response.send_message(f"in {place}")


@commands.command()
async def hello(ctx: commands.Context[commands.Bot]) -> None:
    await ctx.send(f"hi {ctx.author.name}")


async def test_wide_bot_features(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = fake.create_guild("Wide", channels=["general"])
    general = guild.channel("general")
    alice = fake.add_member(guild.id, "alice", manage_guild=True)
    bob = fake.add_member(guild.id, "bob")
    bot = WideBot(guild.id)
    bot.add_command(hello)
    async with running_bot(fake, bot):
        # chunking answered, guild + global sync recorded, /gateway/bot used by auto-sharding
        assert any(op.get("op") == 8 for op in fake.gateway_log)
        assert bot.get_guild(guild.id).get_member(bob) is not None  # type: ignore[union-attr]
        assert fake.requests_to("GET", "/gateway/bot")
        assert {c["name"] for c in fake.guild_commands[guild.id]} == {"pick", "upload", "later", "admin_only", "where"}

        ac = await fake.autocomplete(bob, guild.id, general, "pick", {"game": "m"}, focused="game")
        assert [c["value"] for c in await ac.wait_choices()] == ["michigan", "marriage"]
        picked = await (await fake.slash(bob, guild.id, general, "pick", {"game": "gin"})).reply()
        assert picked.content == "picked gin"

        up = await (await fake.slash(bob, guild.id, general, "upload")).reply()
        assert up.data["attachments"][0]["filename"] == "scores.csv" and up.files["scores.csv"] == b"a,b\n1,2\n"

        rec = await fake.slash(bob, guild.id, general, "later")
        first, followup = await rec.wait_messages(2)
        assert first.content == "done" and first.ephemeral
        assert [h["content"] for h in first.history] == ["", "working..."]
        assert followup.content == "more?" and not followup.ephemeral
        click = await fake.click(bob, followup, "again")
        await fake.wait_for(lambda: followup.content == "clicked again")
        assert click.callback_type == 6 and followup.components == []

        with pytest.raises(PermissionError):
            await fake.slash(bob, guild.id, general, "admin_only")
        assert (await (await fake.slash(alice, guild.id, general, "admin_only")).reply()).content == "ok admin"

        carol = fake.create_user("carol")
        assert (await (await fake.slash(carol, None, None, "where")).reply()).content == "in dm"

        late = fake.add_member(guild.id, "dave")  # pushed live as GUILD_MEMBER_ADD
        await fake.flush_events()
        assert (await (await fake.slash(late, guild.id, general, "where")).reply()).content == "in Wide"

        await fake.user_message(bob, general, "!hello")
        assert (await fake.wait_for_message(general, lambda m: m.content == "hi bob")).data["author"]["bot"]


async def test_slow_ack_is_flagged() -> None:
    async with fake_discord_server(ack_deadline=0.05) as fake:
        guild = fake.create_guild()
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

        @bot.tree.command(description="too slow")
        async def sleepy(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.2)
            try:
                await interaction.response.send_message("late")
            except discord.NotFound as exc:
                bot.late_error = exc  # type: ignore[attr-defined]

        async def setup_hook() -> None:
            await bot.tree.sync()

        bot.setup_hook = setup_hook  # type: ignore[method-assign]
        member = fake.add_member(guild.id, "zed")
        async with running_bot(fake, bot):
            rec = await fake.slash(member, guild.id, guild.channel("general"), "sleepy")
            await fake.wait_for(lambda: fake.rejected)
            assert "Discord allows 0.05s" in fake.rejected[0][1][0]
            await fake.wait_for(lambda: hasattr(bot, "late_error"))
            assert bot.late_error.code == 10062  # type: ignore[attr-defined]
            assert not rec.acknowledged
            fake.rejected.clear()

