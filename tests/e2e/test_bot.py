"""The real bot, end to end, through the fake Discord: commands, lobby, DMs."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import CardRoomBot
from bot.games import GAMES

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, open_my_hand
from tests.e2e.fake_discord import FakeMessage, check_command_limits, running_bot

ACTION = re.compile(r"cr:\d+:v\d+:a:")


def books(path: Path) -> tuple[int, list[tuple[Any, ...]]]:
    con = sqlite3.connect(path)
    try:
        total = con.execute("SELECT COALESCE(SUM(balance), 0) FROM accounts").fetchone()[0]
        bad = con.execute("""SELECT account FROM accounts a WHERE balance !=
            COALESCE((SELECT SUM(amount) FROM ledger WHERE to_account = a.account AND guild_id = a.guild_id), 0)
          - COALESCE((SELECT SUM(amount) FROM ledger WHERE from_account = a.account AND guild_id = a.guild_id), 0)
        """).fetchall()
        return total, bad
    finally:
        con.close()


async def table_message(w: World, table_text: str = "") -> FakeMessage:
    return await w.fake.wait_for_message(w.channel, lambda m: any(cid.startswith("cr:") for cid in m.custom_ids())
                                         and table_text in m.text)


async def playing_table(w: World, table_text: str = "") -> FakeMessage:
    """The table's live message in play: the newest one with a “My hand” control, once it shows
    `table_text`. Looked up afresh until then, since the message that shows a table changes (a
    deal's or the lobby's closing edit takes the controls away and a new message follows)."""
    def live() -> FakeMessage | None:
        for message in reversed(w.fake.channel_messages(w.channel)):
            if any(cid.endswith(":hand") for cid in message.custom_ids()):
                return message if table_text in message.text else None
        return None
    found: FakeMessage = await w.fake.wait_for(live, what=f"the table message showing {table_text!r}")
    return found


def verb_id(message: FakeMessage, verb: str) -> str:
    return next(cid for cid in message.custom_ids() if cid.endswith(f":{verb}"))


async def test_login_syncs_commands_within_discord_limits(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    async with running_bot(world.fake, make_bot()):
        commands = world.fake.global_commands
        names = {c["name"] for c in commands}
        assert {"play", "table", "leave", "topup", "dms", "rules", "balance", "daily", "give", "leaderboard",
                "history", "chips", "settings"} <= names
        table = next(c for c in commands if c["name"] == "table")
        assert {o["name"] for o in table["options"]} == {"view", "stop", "close"}
        assert check_command_limits(commands) == []
        play = next(c for c in commands if c["name"] == "play")
        assert {ch["value"] for ch in play["options"][0]["choices"]} == set(GAMES)


async def test_wallet_commands(world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        reply = await (await fake.slash(world.alice, g, c, "balance")).reply()
        assert reply.ephemeral and "Wallet: **1,000**" in reply.text
        assert "100 chips" in (await (await fake.slash(world.alice, g, c, "daily")).reply()).text
        again = await (await fake.slash(world.alice, g, c, "daily")).reply()
        assert "already claimed" in again.text
        too_much = await (await fake.slash(world.alice, g, c, "give", {"user": world.bob, "amount": 5000})).reply()
        assert "You have 1,100 chips; you cannot give 5,000." in too_much.text
        gave = await (await fake.slash(world.alice, g, c, "give", {"user": world.bob, "amount": 300})).reply()
        assert "Your wallet: **800**" in gave.text
        board = await (await fake.slash(world.carol, g, c, "leaderboard")).reply()
        assert f"**1.** <@{world.bob}> · 1,300" in board.text and "You: #2 with 1,000" in board.text
        grant = await (await fake.slash(world.alice, g, c, "chips grant", {"user": world.carol, "amount": 50})).reply()
        assert "now has 1,050 chips" in grant.text
    assert books(tmp_path / "bot.db") == (0, [])


async def test_lobby_opened_joined_and_cancelled(world: World, make_bot: Callable[[], CardRoomBot],
                                                 tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        opened = await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        assert "table is open and you are seated" in opened.text
        table = await table_message(world)
        assert "Gin Rummy" in table.text and f"<@{world.alice}>" in table.text
        joined = await (await fake.click(world.bob, table, verb_id(table, "join"))).reply()
        assert "You sat down with 250 chips" in joined.text
        await fake.wait_for(lambda: f"<@{world.bob}>" in table.text)
        balance = await (await fake.slash(world.bob, g, c, "balance")).reply()
        assert "Wallet: **750**" in balance.text and "at tables: **250**" in balance.text
        refused = await (await fake.click(world.bob, table, verb_id(table, "cancel"))).reply()
        assert "Only the player who opened this table" in refused.text
        await (await fake.click(world.alice, table, verb_id(table, "cancel"))).edited()
        await fake.wait_for(lambda: "host cancelled" in table.text and "bob (250)" in table.text
                            and not table.custom_ids())
        assert "Wallet: **1,000**" in (await (await fake.slash(world.bob, g, c, "balance")).reply()).text
    assert books(tmp_path / "bot.db") == (0, [])


async def test_started_game_sends_hands_by_dm_and_keeps_them_private(world: World,
                                                                      make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        await (await fake.click(world.bob, table, verb_id(table, "join"))).reply()
        started = await (await fake.click(world.alice, table, verb_id(table, "start"))).edited()
        assert "The game has started" in started.text
        playing = await playing_table(world)
        first = world.alice if f"▶ <@{world.alice}>" in playing.text else world.bob
        dm = await fake.wait_for_dm(first, lambda m: "Your hand" in m.text)   # only the player to act is told
        assert "Card Room · #casino" in dm.text and "Gin Rummy" in dm.text
        other = world.bob if first == world.alice else world.alice
        mine = await (await fake.click(other, playing, verb_id(playing, "hand"))).reply()
        hands = [dm.embeds[0]["description"], mine.embeds[0]["description"]]
        for message in fake.channel_messages(c):
            for hand in hands:
                assert hand not in message.text
        assert " to act · " in playing.text


async def test_closed_dms_fall_back_to_the_my_hand_button(world: World, make_bot: Callable[[], CardRoomBot],
                                                          tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    fake.refuse_dms(world.bob)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        await (await fake.click(world.bob, table, verb_id(table, "join"))).reply()
        await (await fake.click(world.alice, table, verb_id(table, "start"))).edited()
        alice = HumanSeat(fake, c, tmp_path / "bot.db", world.alice)
        while alice.my_turn():   # (taking the upcard, she must also discard)
            await alice.move()   # now Bob must act: the bot tries to DM him
        notice = await fake.wait_for_message(c, lambda m: "can't send you direct messages" in m.text)
        assert f"<@{world.bob}>" in notice.content
        assert fake.dms(world.bob) == []
        playing = await playing_table(world)
        hand = await (await fake.click(world.bob, playing, verb_id(playing, "hand"))).reply()
        assert hand.ephemeral and "Your hand" in hand.text
        # one refusal is remembered: the next hand change does not try again
        tries = len(fake.requests_to("POST", r"/channels/\d+/messages$"))
        await (await fake.slash(world.alice, g, c, "table close")).reply()
        await fake.wait_for_message(c, lambda m: "final result" in m.text)
        assert len([n for n in fake.channel_messages(c) if "can't send you direct messages" in n.text]) == 1
        assert len(fake.requests_to("POST", r"/channels/\d+/messages$")) >= tries
    assert books(tmp_path / "bot.db") == (0, [])


async def test_a_player_acts_through_my_hand_and_stale_buttons_are_refused(world: World,
                                                                           make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        await (await fake.click(world.alice, table, verb_id(table, "bot"))).reply()
        await (await fake.click(world.alice, table, verb_id(table, "start"))).edited()
        await playing_table(world, f"▶ <@{world.alice}>")   # the bot cannot move on before Alice does
        hand = await open_my_hand(fake, world.alice, c)
        old_copy = await open_my_hand(fake, world.alice, c)
        button = next(cid for cid in hand.custom_ids() if ACTION.match(cid) and ":a:resign" not in cid)
        old = hand.text
        await fake.click(world.alice, hand, button)
        await fake.wait_for(lambda: hand.text != old)  # the reply to the click is the redrawn hand
        assert button not in hand.custom_ids()
        stale = await (await fake.click(world.alice, old_copy, button)).reply()
        assert stale.ephemeral and "That button is from an earlier turn" in stale.text
        assert "Your hand" in stale.text


def text_inputs(modal: dict[str, Any]) -> list[str]:
    from tests.e2e.fake_discord import iter_components
    return [c["custom_id"] for c in iter_components(modal.get("components", [])) if c.get("type") == 4]


async def test_free_buy_in_games_ask_how_many_chips(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    free = next(game_id for game_id, cls in GAMES.items()
                if (b := cls.buy_in({s.name: s.default for s in cls.option_specs})).minimum != b.maximum)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": free})).reply()
        table = await table_message(world)

        async def join_with(value: str) -> str:
            modal = await (await fake.click(world.bob, table, verb_id(table, "join"))).wait_modal()
            [field] = text_inputs(modal)
            return (await (await fake.submit_modal(world.bob, c, modal["custom_id"], {field: value})).reply()).text

        assert "whole number" in await join_with("lots")
        assert "wallet holds 1,000" in await join_with("5000")
        assert "You sat down with 321 chips" in await join_with("321")
        await fake.wait_for(lambda: f"<@{world.bob}> (321)" in table.text)


async def test_table_view_leave_rules_and_history(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        none = await (await fake.slash(world.bob, g, c, "table view")).reply()
        assert "no open table in this channel" in none.text
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        view = await (await fake.slash(world.bob, g, c, "table view")).reply()
        assert view.ephemeral and "Gin Rummy" in view.text
        not_seated = await (await fake.slash(world.bob, g, c, "leave")).reply()
        assert "not seated" in not_seated.text
        left = await (await fake.slash(world.alice, g, c, "leave")).reply()
        assert "back in your wallet" in left.text
        rules = await (await fake.slash(world.bob, g, c, "rules", {"game": "gin_rummy"})).reply()
        assert "Gin Rummy" in rules.text and "players" in rules.text
        history = await (await fake.slash(world.bob, g, c, "history")).reply()
        assert "not finished a game" in history.text
        denied = await (await fake.slash(world.alice, g, world.guild.channel("lounge"), "table close")).reply()
        assert "no open table" in denied.text


async def test_dms_command_resumes_direct_messages(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    fake.refuse_dms(world.bob)
    async with running_bot(fake, make_bot()):
        still = await (await fake.slash(world.bob, g, c, "dms")).reply()
        assert "still can't send you direct messages" in still.text
        fake.refused_dm_users.discard(world.bob)
        done = await (await fake.slash(world.bob, g, c, "dms")).reply()
        assert "come by DM again" in done.text
        assert any("Good luck" in m.text for m in fake.dms(world.bob))
