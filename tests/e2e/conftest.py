"""The real bot against the fake Discord: a world (server, channel, members) and a bot factory.

Every bot the factory makes records what leaves through its HTTP gate, and at the end of the
test every request the fake Discord counted against the bot-wide limit must have left through a
gate: no path goes around it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import CardRoomBot
from bot.config import Settings

from tests.e2e.fake_discord import FakeDiscord, FakeGuild, fake_discord  # noqa: F401  (fixture)

SNOWFLAKE = re.compile(r"/\d+")


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


def route(method: str, path: str) -> str:
    """A request's route, ids left out: `PATCH /channels/{id}/messages/{id}`."""
    return f"{method} {SNOWFLAKE.sub('/{id}', path)}"


def ungated(fake: FakeDiscord, bots: Iterable[CardRoomBot]) -> list[str]:
    """The requests the fake counted that no bot's gate let through (one for one)."""
    gated = Counter((method, path) for bot in bots for _, method, path in bot.gate.log or ())
    arrived = Counter((r.method, r.path) for r in fake.counted)
    return [route(method, path) for method, path in (arrived - gated).elements()]


class BotFactory:
    """Makes the real bot on the test's database, keeping every bot it made."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.made: list[CardRoomBot] = []

    def __call__(self, **settings: Any) -> CardRoomBot:
        bot = CardRoomBot(Settings(**{"token": "fake-token", "database_path": self.database, "bot_delay_s": 0,
                                      **settings}))
        bot.gate.log = []
        self.made.append(bot)
        return bot


@pytest.fixture
def make_bot(tmp_path: Path, fake_discord: FakeDiscord) -> Iterator[BotFactory]:  # noqa: F811
    factory = BotFactory(tmp_path / "bot.db")
    yield factory
    assert ungated(fake_discord, factory.made) == [], "requests that went around the gate"
