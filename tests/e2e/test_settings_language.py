"""/settings set language: the server's table language, through the real bot and the fake Discord."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.fake_discord import running_bot
from tests.e2e.test_threads_settings_stats import setting


async def test_the_table_language_is_set_shown_and_forgotten(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, lounge = world.fake, world.guild.channel("lounge")
    async with running_bot(fake, make_bot()):
        assert await setting(world, lounge, "language", "klingon") == "The table language is one of en, ja, auto."
        assert await setting(world, lounge, "language", "日本語") == "language is now 日本語."
        shown = (await (await fake.slash(world.alice, world.guild.id, lounge, "settings show", {})).reply()).text
        assert "**language**: 日本語 · " in shown and "**threads**: off · " in shown
        assert await setting(world, lounge, "language", "auto") == "language is now English."
