"""The real bot against the fake Discord: a world (server, channel, members) and a bot factory."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app import CardRoomBot
from bot.config import Settings

from tests.e2e.fake_discord import FakeDiscord, FakeGuild, fake_discord  # noqa: F401  (fixture)


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: int
    alice: int   # Manage Server
    bob: int
    carol: int


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:  # noqa: F811
    guild = fake_discord.create_guild("Card Room", channels=["casino", "lounge"])
    return World(fake_discord, guild, guild.channel("casino"),
                 fake_discord.add_member(guild.id, "alice", manage_guild=True),
                 fake_discord.add_member(guild.id, "bob"), fake_discord.add_member(guild.id, "carol"))


@pytest.fixture
def make_bot(tmp_path: Path) -> Callable[[], CardRoomBot]:
    def make() -> CardRoomBot:
        return CardRoomBot(Settings(token="fake-token", database_path=tmp_path / "bot.db", bot_delay_s=0))
    return make
