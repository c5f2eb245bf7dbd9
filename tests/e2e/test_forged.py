"""Forged interactions through the fake Discord: every value a real client would never send is
refused with a clear reply, changes nothing, and logs no error."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.fake_discord import running_bot
from tests.e2e.forged import forged_click, forged_slash
from tests.e2e.test_bot import books, table_message

WHOLE = "whole number of chips"
ABOVE_ZERO = "above zero"
TOO_MANY = "too many chips"
NOT_OFFERED = "not one of this command's choices"


async def test_forged_amounts_targets_and_places_are_refused_and_change_nothing(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    stranger = fake.create_user("stranger")
    robot = fake.add_member(g, "robot", bot=True)
    caplog.set_level(logging.INFO)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.bob, g, c, "balance")).reply()
        cases: list[tuple[int, int | None, str, dict[str, Any], str]] = [
            (world.alice, g, "give", {"user": world.bob, "amount": 1.5}, WHOLE),
            (world.alice, g, "give", {"user": world.bob, "amount": "300"}, WHOLE),
            (world.alice, g, "give", {"user": world.bob, "amount": "lots"}, WHOLE),
            (world.alice, g, "give", {"user": world.bob, "amount": 2**63}, TOO_MANY),
            (world.alice, g, "give", {"user": world.bob, "amount": 0}, ABOVE_ZERO),
            (world.alice, g, "give", {"user": stranger, "amount": 10}, "not a member of this server"),
            (world.alice, g, "give", {"user": robot, "amount": 10}, "Bots hold no chips"),
            (world.alice, None, "give", {"user": world.bob, "amount": 10}, "only in a server's channel"),
            (world.alice, g, "chips grant", {"user": world.bob, "amount": 1_000_000_001}, TOO_MANY),
            (world.alice, g, "chips grant", {"user": world.bob, "amount": 2**63 - 1}, TOO_MANY),
            (world.alice, g, "chips grant", {"user": world.bob, "amount": 1e30}, WHOLE),
            (world.alice, g, "chips grant", {"user": world.bob, "amount": 0}, ABOVE_ZERO),
            (world.alice, g, "chips grant", {"user": world.bob, "amount": -5}, ABOVE_ZERO),
            (world.alice, g, "chips take", {"user": world.bob, "amount": -5}, ABOVE_ZERO),
            (world.alice, g, "chips grant", {"user": robot, "amount": 10}, "Bots hold no chips"),
            (world.alice, g, "chips grant", {"user": stranger, "amount": 10}, "not a member of this server"),
            (world.bob, g, "chips grant", {"user": world.bob, "amount": 10}, "manage this server"),
            (world.alice, None, "balance", {}, "only in a server's channel"),
        ]
        for user, guild, command, options, expected in cases:
            reply = await (await forged_slash(fake, user, guild, c if guild else None, command, options)).reply()
            assert reply.ephemeral and expected in reply.text, (command, options, reply.text)
        for user in (world.alice, world.bob):
            assert "Wallet: **1,000**" in (await (await fake.slash(user, g, c, "balance")).reply()).text
    total, mismatched = books(tmp_path / "bot.db")
    assert (total, mismatched) == (0, [])
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_forged_choices_are_refused_and_change_nothing(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    caplog.set_level(logging.INFO)
    async with running_bot(fake, make_bot()):
        cases = [
            ("play", {"game": "nosuch"}),
            ("rules", {"game": "nosuch"}),
            ("stats", {"game": "nosuch"}),
            ("leaderboard", {"by": "nosuch"}),
            ("leaderboard", {"game": "nosuch"}),
            ("language", {"language": "xx"}),
            ("settings set", {"name": "nosuch", "value": "1"}),
        ]
        for command, options in cases:
            reply = await (await forged_slash(fake, world.alice, g, c, command, options)).reply()
            assert NOT_OFFERED in reply.text, (command, options, reply.text)
        none = await (await fake.slash(world.alice, g, c, "table view")).reply()
        assert "no open table" in none.text
        english = await (await fake.slash(world.alice, g, c, "rules", {"game": "gin_rummy"})).reply()
        assert "Gin Rummy" in english.text   # /language xx left the reader's language alone
    assert books(tmp_path / "bot.db") == (0, [])
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_click_on_an_id_no_message_carries_is_told_the_control_is_gone(
        world: World, make_bot: Callable[[], CardRoomBot], caplog: pytest.LogCaptureFixture) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    caplog.set_level(logging.INFO)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        for custom_id, kind in (("nonsense", 2), ("cr:1:explode", 3), ("cr:board:chips::x", 2),
                                ("tmp:0123456789abcdef", 3)):
            reply = await (await forged_click(fake, world.bob, table, custom_id, kind)).reply()
            assert reply.ephemeral and "no longer active" in reply.text, (custom_id, reply.text)
        # an id of the bot's own shape that no message carries is answered by what it names
        gone = await (await forged_click(fake, world.bob, table, "cr:999999:v1:a:discard:QH")).reply()
        assert gone.ephemeral and "no longer" in gone.text, gone.text
        board = await (await forged_click(fake, world.bob, table, "cr:board:nosuch::0")).reply()
        assert "not one of this command's choices" in board.text
        joined = await (await fake.click(world.bob, table, next(i for i in table.custom_ids()
                                                                 if i.endswith(":join")))).reply()
        assert "You sat down" in joined.text   # the real control still works
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
