"""Proof that the fake Discord server drives a real discord.py 2.7 bot end to end: sync, slash
commands, ephemeral replies, deferrals and followups, buttons, selects, modals, DMs, persistent
components across a restart, gateway reconnects, and the strictness that fails a test on what
Discord would refuse (test_fake_discord_wide.py drives a broader bot, test_fake_discord_limits.py
Discord's limits).

The bot is defined here (not imported from the project) so these tests pin down
the fake's behaviour independently of the card-room bot's own code.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import pytest_asyncio
from aiohttp import web
from discord import app_commands
from discord.ext import commands

from tests.e2e.fake_discord import (
    FakeDiscord,
    FakeGuild,
    check_command_limits,
    fake_discord_server,
    running_bot,
)

# ---------------------------------------------------------------------------------------
# The minimal bot under test
# ---------------------------------------------------------------------------------------


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"join:(?P<table>\d+)"):
    """Persistent button: survives restarts because state lives in the custom_id."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label=f"Join table {table}", custom_id=f"join:{table}",
                                           style=discord.ButtonStyle.success))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined table {self.table}", ephemeral=True)


class SeatSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"seat:(?P<table>\d+)"):
    """Persistent select: the table id lives in the custom_id."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"seat:{table}", options=[
            discord.SelectOption(label=f"Seat {n}", value=str(n)) for n in range(1, 5)]))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SeatSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"<@{interaction.user.id}> took seat {self.item.values[0]} "
                                                f"at table {self.table}",
                                                allowed_mentions=discord.AllowedMentions.none())


class RenameModal(discord.ui.Modal, title="Rename table"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="New name", custom_id="table_name",
                                                                   max_length=30)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table renamed to {self.name.value}")


class TableView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.players: list[str] = []

    @discord.ui.button(label="Sit", custom_id="sit", style=discord.ButtonStyle.primary)
    async def sit(self, interaction: discord.Interaction, button: discord.ui.Button[TableView]) -> None:
        self.players.append(interaction.user.name)
        await interaction.response.edit_message(content=f"Players: {', '.join(self.players)}", view=self)

    @discord.ui.button(label="Rename", custom_id="rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button[TableView]) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.select(custom_id="game", placeholder="Game",
                       options=[discord.SelectOption(label="Gin Rummy", value="gin"),
                                discord.SelectOption(label="Tripoley", value="tripoley")])
    async def game(self, interaction: discord.Interaction, select: discord.ui.Select[TableView]) -> None:
        await interaction.response.send_message(f"Game set to {select.values[0]}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.dm_errors: list[discord.HTTPException] = []
        self.synced: list[app_commands.AppCommand] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, SeatSelect)
        self.tree.add_command(whisper)
        self.tree.add_command(table)
        self.tree.add_command(slow)
        self.tree.add_command(dm)
        self.tree.add_command(chips)
        self.tree.add_command(react)
        self.tree.on_error = on_tree_error  # type: ignore[method-assign]
        self.synced = await self.tree.sync()


@app_commands.command(description="Reply only you can see")
async def whisper(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("psst", ephemeral=True)


@app_commands.command(description="Open a table in this channel")
async def table(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Opening a table...", ephemeral=True)
    assert isinstance(interaction.channel, discord.abc.Messageable)
    await interaction.channel.send("Players: nobody yet", view=TableView(),
                                   embed=discord.Embed(title="Table 1", description="Waiting"))


@app_commands.command(description="Defer, then answer with two followups")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.followup.send("first result")
    await interaction.followup.send("second result")


@app_commands.command(description="DM someone")
@app_commands.describe(user="Who to message")
async def dm(interaction: discord.Interaction, user: discord.User) -> None:
    bot = interaction.client
    assert isinstance(bot, MiniBot)
    try:
        await user.send(f"Hello from {interaction.user.name}")
    except discord.Forbidden as exc:
        bot.dm_errors.append(exc)
        await interaction.response.send_message("Their DMs are closed.", ephemeral=True)
    else:
        await interaction.response.send_message("Sent!", ephemeral=True)


chips = app_commands.Group(name="chips", description="Play-chip administration")


@chips.command(name="grant", description="Give play chips")
@app_commands.checks.has_permissions(manage_guild=True)
async def chips_grant(interaction: discord.Interaction, user: discord.Member, amount: app_commands.Range[int, 1, 1000],
                      note: str = "", loud: bool = False) -> None:
    await interaction.response.send_message(f"Granted {amount} to {user.name} ({user.id}) note={note!r} loud={loud}",
                                            ephemeral=not loud)


@app_commands.command(description="Uses an endpoint the fake does not implement")
async def react(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("reacting")
    msg = await interaction.original_response()
    try:
        await msg.add_reaction("\N{THUMBS UP SIGN}")
    except discord.NotFound:
        pass


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    if isinstance(error, app_commands.MissingPermissions):
        await interaction.response.send_message("You need Manage Server.", ephemeral=True)
    else:  # the default handler logs it; the fake turns that log into a test failure
        assert isinstance(interaction.client, commands.Bot)
        await app_commands.CommandTree.on_error(interaction.client.tree, interaction, error)


# ---------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------


@dataclass
class Env:
    fake: FakeDiscord
    bot: MiniBot
    guild: FakeGuild
    general: int
    alice: int  # Manage Server
    bob: int


@pytest_asyncio.fixture
async def env(fake_discord: FakeDiscord) -> AsyncIterator[Env]:
    fake = fake_discord
    guild = fake.create_guild("Card Room", channels=["general", "tables"])
    alice = fake.add_member(guild.id, "alice", manage_guild=True)
    bob = fake.add_member(guild.id, "bob")
    bot = MiniBot()
    async with running_bot(fake, bot):
        yield Env(fake, bot, guild, guild.channel("general"), alice, bob)


# ---------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------


async def test_login_identify_and_command_sync(env: Env) -> None:
    fake = env.fake
    paths = [(r.method, r.path) for r in fake.requests]
    assert ("GET", "/users/@me") in paths
    assert ("GET", "/oauth2/applications/@me") in paths
    put = fake.requests_to("PUT", rf"/applications/{fake.application_id}/commands")
    assert len(put) == 1
    names = sorted(c["name"] for c in put[0].json)
    assert names == ["chips", "dm", "react", "slow", "table", "whisper"]
    assert check_command_limits(put[0].json) == []
    # discord.py parsed our echo (ids included) into AppCommand objects
    assert sorted(c.name for c in env.bot.synced) == names and all(c.id for c in env.bot.synced)
    assert fake.identify_payload is not None and fake.identify_payload["token"] == "fake-token"
    guild = env.bot.get_guild(env.guild.id)
    assert guild is not None and guild.me is not None
    assert guild.get_channel(env.general) is not None


async def test_slash_ephemeral_reply(env: Env) -> None:
    rec = await env.fake.slash(env.bob, env.guild.id, env.general, "whisper")
    msg = await rec.reply()
    assert msg.content == "psst" and msg.ephemeral
    assert env.fake.ephemerals(env.bob) == [msg]
    assert env.fake.ephemerals(env.alice) == []
    assert env.fake.channel_messages(env.general) == []


async def test_deferred_reply_and_followups(env: Env) -> None:
    rec = await env.fake.slash(env.alice, env.guild.id, env.general, "slow")
    msgs = await rec.wait_messages(2)
    assert rec.callback_type == 5
    # the first followup fills the "thinking" message, the second is a new one
    assert msgs[0].id == rec.original_message_id and msgs[0].content == "first result"
    assert msgs[1].content == "second result"
    assert [m.content for m in env.fake.channel_messages(env.general)] == ["first result", "second result"]


async def test_button_click_updates_message_and_select(env: Env) -> None:
    fake = env.fake
    rec = await fake.slash(env.alice, env.guild.id, env.general, "table")
    assert (await rec.reply()).content == "Opening a table..."
    table_msg = await fake.wait_for_message(env.general, lambda m: "Players" in m.content)
    assert table_msg.embeds[0]["title"] == "Table 1"
    assert set(table_msg.custom_ids()) == {"sit", "rename", "game"}

    click = await fake.click(env.bob, table_msg, "sit")
    updated = await click.reply()
    assert click.callback_type == 7 and updated.id == table_msg.id
    assert fake.channel_messages(env.general)[0].content == "Players: bob"
    click2 = await fake.click(env.alice, table_msg, "sit")
    await click2.reply()
    assert table_msg.content == "Players: bob, alice" and len(table_msg.history) == 2

    sel = await fake.select(env.bob, table_msg, "game", ["tripoley"])
    reply = await sel.reply()
    assert reply.content == "Game set to tripoley" and reply.ephemeral
    with pytest.raises(ValueError):
        await fake.select(env.bob, table_msg, "game", ["poker"])  # not an option


async def test_modal_roundtrip(env: Env) -> None:
    fake = env.fake
    await (await fake.slash(env.alice, env.guild.id, env.general, "table")).reply()
    table_msg = await fake.wait_for_message(env.general, lambda m: "Players" in m.content)
    open_modal = await fake.click(env.alice, table_msg, "rename")
    modal = await open_modal.wait_modal()
    assert modal["title"] == "Rename table"
    submit = await fake.submit_modal(env.alice, env.general, modal["custom_id"],
                                     {"table_name": "High Rollers"})
    reply = await submit.reply()
    assert reply.content == "Table renamed to High Rollers" and not reply.ephemeral


async def test_dm_delivered(env: Env) -> None:
    rec = await env.fake.slash(env.alice, env.guild.id, env.general, "dm", {"user": env.bob})
    assert (await rec.reply()).content == "Sent!"
    dms = env.fake.dms(env.bob)
    assert [m.content for m in dms] == ["Hello from alice"]
    assert env.bot.dm_errors == []


async def test_dm_refused_raises_forbidden_50007(env: Env) -> None:
    env.fake.refuse_dms(env.bob)
    rec = await env.fake.slash(env.alice, env.guild.id, env.general, "dm", {"user": env.bob})
    assert (await rec.reply()).content == "Their DMs are closed."
    assert env.fake.dms(env.bob) == []
    [err] = env.bot.dm_errors
    assert isinstance(err, discord.Forbidden) and err.code == 50007 and err.status == 403


async def test_subcommand_options_and_permissions(env: Env) -> None:
    fake = env.fake
    rec = await fake.slash(env.alice, env.guild.id, env.general, "chips grant",
                           {"user": env.bob, "amount": 250, "note": "welcome", "loud": True})
    reply = await rec.reply()
    assert reply.content == f"Granted 250 to bob ({env.bob}) note='welcome' loud=True" and not reply.ephemeral
    denied = await fake.slash(env.bob, env.guild.id, env.general, "chips grant", {"user": env.bob, "amount": 5})
    assert (await denied.reply()).content == "You need Manage Server."
    with pytest.raises(ValueError):
        await fake.slash(env.alice, env.guild.id, env.general, "chips grant", {"user": env.bob})  # missing amount
    with pytest.raises(LookupError):
        await fake.slash(env.alice, env.guild.id, env.general, "chips")  # a group, not invocable


async def test_persistent_dynamic_item(env: Env) -> None:
    # A message left behind by a previous run of the bot: no View is registered for it.
    old = env.fake.seed_bot_message(env.general, "Table 7 is open", components=[
        {"type": 1, "components": [{"type": 2, "style": 3, "label": "Join table 7", "custom_id": "join:7"}]}])
    rec = await env.fake.click(env.bob, old, "join:7")
    reply = await rec.reply()
    assert reply.content == "bob joined table 7" and reply.ephemeral

    seats = env.fake.seed_bot_message(env.general, "Pick a seat", components=[
        {"type": 1, "components": [{"type": 3, "custom_id": "seat:7", "min_values": 1, "max_values": 1, "options": [
            {"label": f"Seat {n}", "value": str(n)} for n in range(1, 5)]}]}])
    sel = await env.fake.select(env.alice, seats, "seat:7", ["3"])
    msg = await sel.reply()
    assert msg.content == f"<@{env.alice}> took seat 3 at table 7" and not msg.ephemeral
    assert [u["id"] for u in msg.data["mentions"]] == [str(env.alice)] and msg.pinged_user_ids == []


async def test_restart_keeps_persistent_buttons_and_reconnects(fake_discord: FakeDiscord) -> None:
    """A second bot process handles buttons on the first one's messages; gateway
    RECONNECT/RESUME and INVALID_SESSION/re-IDENTIFY both recover."""
    fake = fake_discord
    guild = fake.create_guild("Card Room", channels=["general"])
    bob = fake.add_member(guild.id, "bob")
    general = guild.channel("general")
    async with running_bot(fake, MiniBot()):
        await (await fake.slash(bob, guild.id, general, "table")).reply()
        first_run_msg = await fake.wait_for_message(general, lambda m: "Players" in m.content)
        first_run_msg.data["components"][0]["components"].append(
            {"type": 2, "style": 1, "label": "Join", "custom_id": "join:3"})  # as if sent with a JoinButton

    second = MiniBot()
    async with running_bot(fake, second):
        ready_again = asyncio.Event()

        async def on_ready() -> None:
            ready_again.set()

        second.add_listener(on_ready)
        rec = await fake.click(bob, first_run_msg, "join:3")
        assert (await rec.reply()).content == "bob joined table 3"

        await fake.force_reconnect(resume=True)
        await fake.wait_for(lambda: fake.resume_count == 1 and fake.connected)
        assert (await (await fake.slash(bob, guild.id, general, "whisper")).reply()).content == "psst"

        count = fake.identify_count
        await fake.force_reconnect(resume=False)
        await fake.wait_identified(after=count)
        await fake.wait_for(ready_again.is_set, what="on_ready after the re-IDENTIFY")
        assert (await (await fake.slash(bob, guild.id, general, "whisper")).reply()).content == "psst"


async def test_rate_limit_429_is_retried(env: Env) -> None:
    env.fake.rate_limit_next("POST", r"/channels/\d+/messages", retry_after=0.01)
    rec = await env.fake.slash(env.alice, env.guild.id, env.general, "table")
    await rec.reply()
    msg = await env.fake.wait_for_message(env.general, lambda m: "Players" in m.content)
    assert msg is not None
    statuses = [r.status for r in env.fake.requests_to("POST", rf"/channels/{env.general}/messages")]
    assert statuses == [429, 200]


async def test_unhandled_endpoint_is_detected(env: Env) -> None:
    fake = env.fake
    rec = await fake.slash(env.alice, env.guild.id, env.general, "react")
    await rec.reply()
    await fake.wait_for(lambda: fake.unhandled)
    [bad] = fake.unhandled
    assert bad.method == "PUT" and "/reactions/" in bad.path
    with pytest.raises(AssertionError, match="unhandled"):
        fake.assert_clean()
    fake.unhandled.clear()  # acknowledged: otherwise the fixture would fail this test


async def test_rejected_payload_fails_server_context() -> None:
    """The fake refuses what Discord refuses and the server context reports it."""
    with pytest.raises(AssertionError, match="Cannot send an empty message"):
        async with fake_discord_server() as fake:
            guild = fake.create_guild()
            bot = MiniBot()
            async with running_bot(fake, bot):
                channel = bot.get_channel(guild.channel("general"))
                assert isinstance(channel, discord.TextChannel)
                with pytest.raises(discord.HTTPException):
                    await bot.http.send_message(channel.id, params=discord.http.handle_message_parameters())


async def test_custom_route_and_injected_error(env: Env) -> None:
    """Test authors can add endpoints ad hoc and make any endpoint fail once."""
    from tests.e2e.fake_discord import RequestRecord, json_response, no_content

    pins: list[str] = []

    async def pin(rec: RequestRecord, params: dict[str, str]) -> web.Response:
        pins.append(params["message_id"])
        return no_content()

    env.fake.add_route("PUT", r"/channels/(?P<channel_id>\d+)/messages/pins/(?P<message_id>\d+)", pin)
    msg = env.fake.seed_bot_message(env.general, "pin me")
    channel = env.bot.get_channel(env.general)
    assert isinstance(channel, discord.TextChannel)
    await channel.get_partial_message(msg.id).pin()
    assert pins == [str(msg.id)]

    # (avoid injecting 5xx: discord.py retries those with a >= 1 s backoff)
    env.fake.inject_error("GET", r"/users/\d+", 404, 10013, "Unknown User")
    with pytest.raises(discord.NotFound):
        await env.bot.fetch_user(env.bob)
    assert (await env.bot.fetch_user(env.bob)).name == "bob"
    assert json_response({"a": 1}).content_type == "application/json"


async def test_bot_exception_fails_fast(env: Env) -> None:
    """A handler that crashes makes the waiting test fail at once with the traceback,
    instead of waiting out its timeout."""

    @env.bot.tree.command(description="crashes", guild=discord.Object(env.guild.id))
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    await env.bot.tree.sync(guild=discord.Object(env.guild.id))
    rec = await env.fake.slash(env.bob, env.guild.id, env.general, "boom")
    with pytest.raises(AssertionError, match="(?s)the bot logged an error while waiting.*kaboom"):
        await rec.reply()
    env.fake.bot_errors.clear()  # acknowledged, so teardown stays green
