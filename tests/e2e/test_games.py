"""Every game, end to end: a human (playing through real clicks) against seat bots, to the end."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import CardRoomBot
from bot.games import GAMES

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, labelled, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, running_bot
from tests.e2e.test_bot import books, table_message, verb_id

MOVES = 80
"""The human's decisions before leaving a game that has not ended by then."""

BOARD_FIELDS = {"gin_rummy": {"Stock", "Match score"}, "bourre": {"Trump", "Pot"}, "tripoley": {"Mat"},
                "michigan_rummy": {"Mat"}, "marriage": {"Stock", "Discard pile"}, "buki_domino": {"Line"}}
"""The board told in words: only on a server with pictures off, never beside the picture."""


def field_names(fake: FakeDiscord, channel: int) -> set[str]:
    """Every embed field name the channel's messages ever showed, edits included."""
    names: set[str] = set()
    for message in fake.channel_messages(channel):
        for version in [*message.history, message.data]:
            for embed in version.get("embeds") or []:
                names |= {f["name"] for f in embed.get("fields") or []}
    return names


def field_lists(fake: FakeDiscord, channel: int) -> list[list[str]]:
    return [[f["name"] for f in embed.get("fields") or []]
            for message in fake.channel_messages(channel) for version in [*message.history, message.data]
            for embed in version.get("embeds") or []]


async def leave(world: World) -> FakeMessage:
    """Alice's /leave, confirmed when it asks first (a leave that forfeits, GIN-22): the reply."""
    fake = world.fake
    left = await (await fake.slash(world.alice, world.guild.id, world.channel, "leave")).reply()
    if "forfeits" in left.text:
        confirmed = await (await fake.click(world.alice, left, labelled(left, "Leave"))).reply()
        await fake.wait_for(lambda: "You left the table" in confirmed.text)
        return confirmed
    return left


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_human_plays_a_whole_game_against_seat_bots(game_id: str, world: World, tmp_path: Path,
                                                           make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    cls = GAMES[game_id]
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": game_id})).reply()
        lobby = await table_message(world)
        for _ in range(cls.min_players - 1):
            await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        human = HumanSeat(fake, c, tmp_path / "bot.db", world.alice)
        for _ in range(MOVES):
            if not await human.wait_turn_or_end():
                break
            await human.move()
        else:   # a long game: the human leaves, and with nobody left playing the table ends with the deal
            left = await leave(world)
            ended = "no open table" in left.text and read_table(tmp_path / "bot.db")["status"] == "finished"
            assert "You left the table" in left.text or "You will leave" in left.text or ended, left.text
            # (what happened to the chips; or the game ended with the human's last move, just before /leave)
        await fake.wait_for(lambda: read_table(tmp_path / "bot.db")["status"] == "finished")
        shown = field_names(fake, c)
        assert not BOARD_FIELDS[game_id] & shown, shown   # the picture shows the board
        said = [e.get("description") or "" for m in fake.channel_messages(c) for version in [*m.history, m.data]
                for e in version.get("embeds") or []]
        assert any(" to act" in text and f"Chips: <@{world.alice}> (" in text for text in said), \
            "whose turn and the stacks"   # (and until when: test_embeds; a quick game may show only bots' turns)
        assert not any(len(names) != len(set(names)) for names in field_lists(fake, c)), "two fields, one name"
        result = await fake.wait_for_message(c, lambda m: "final result" in m.text)
        assert f"<@{world.alice}>" in result.content
        dms = [m for m in fake.dms(world.alice) if m.embeds]
        assert dms, "the hand came by DM"
        dealt = dms[0].embeds[0]["description"]  # the whole hand as dealt
        for message in fake.channel_messages(c):
            assert dealt not in message.text, "a private hand leaked into the channel"
    total, bad = books(tmp_path / "bot.db")
    assert (total, bad) == (0, [])
    con = sqlite3.connect(tmp_path / "bot.db")
    escrow = con.execute("SELECT balance FROM accounts WHERE account LIKE 'table:%'").fetchone()[0]
    wallet = con.execute("SELECT balance FROM accounts WHERE account = ?", (f"user:{world.alice}",)).fetchone()[0]
    net = con.execute("SELECT cashed_out - buy_in FROM seats WHERE user_id = ?", (world.alice,)).fetchone()[0]
    con.close()
    assert escrow == 0 and wallet == 1000 + net
