"""What owners, admins and careful players use, through the fake Discord: /help, the leaderboard's
pages, an admin's economy reset, /privacy with erasure, and a server's data removed after the
bot left it. The books balance after each."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot
from bot.config import Settings
from bot.games import GAMES
from bot.i18n import ENGLISH, t
from bot.wallet import PAGE

from tests.e2e.conftest import World
from tests.e2e.driver import labelled
from tests.e2e.fake_discord import iter_components, running_bot
from tests.e2e.test_bot import books, table_message, verb_id


def count(db: Path, sql: str, *args: object) -> int:
    con = sqlite3.connect(db)
    try:
        return int(con.execute(sql, args).fetchone()[0])
    finally:
        con.close()


async def test_help_lists_every_command_and_opens_each_games_rules(world: World,
                                                                    make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    fake.set_locale(world.carol, "ja")
    bot = make_bot()
    async with running_bot(fake, bot):
        shown = await (await fake.slash(world.bob, g, c, "help")).reply()
        assert shown.ephemeral
        for command in bot.tree.walk_commands():
            if not hasattr(command, "walk_commands"):
                assert f"**/{command.qualified_name}** · " in shown.text, command.qualified_name
        assert "For admins" in shown.text and "**/chips reset**" in shown.text
        for game_id in GAMES:
            assert f"**{t(ENGLISH, f'game.{game_id}')}**" in shown.text
        [picker] = shown.custom_ids()
        rules = await (await fake.select(world.bob, shown, picker, ["marriage"])).reply()
        assert rules.ephemeral and "Marriage" in rules.text and "players" in rules.text
        japanese = await (await fake.slash(world.carol, g, c, "help")).reply()
        assert "コマンド一覧" in japanese.text and "**/チップ リセット**" in japanese.text
        in_dm = await (await fake.slash(world.bob, None, None, "help")).reply()
        assert "**/play** · " in in_dm.text


async def test_the_leaderboard_pages_through_every_player(world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    members = [fake.add_member(g, f"player{n}") for n in range(PAGE + 2)]
    async with running_bot(fake, make_bot()):
        for n, member in enumerate(members):
            await (await fake.slash(world.alice, g, c, "chips grant", {"user": member, "amount": n + 1})).reply()
        board = await (await fake.slash(world.bob, g, c, "leaderboard")).reply()
        assert "Page 1 of 2" in board.text and f"<@{members[-1]}>" in board.text
        assert f"<@{members[0]}>" not in board.text
        back = next(comp for comp in iter_components(board.components) if comp.get("label") == "Previous")
        assert back.get("disabled") is True
        await (await fake.click(world.carol, board, labelled(board, "Next"))).response()
        await fake.wait_for(lambda: "Page 2 of 2" in board.text)
        assert f"<@{members[0]}>" in board.text and f"<@{members[-1]}>" not in board.text
        assert "You: #" in board.text   # the clicker's own place


async def test_an_admin_resets_the_economy_through_the_ledger(world: World, make_bot: Callable[[], CardRoomBot],
                                                               tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "give", {"user": world.bob, "amount": 300})).reply()
        await (await fake.slash(world.alice, g, c, "chips grant", {"user": world.carol, "amount": 50})).reply()
        ask = await (await fake.slash(world.alice, g, c, "chips reset")).reply()
        assert "cannot be undone" in ask.text
        kept = await (await fake.click(world.alice, ask, labelled(ask, "Keep it as it is"))).response()
        assert kept and "Wallet: **1,300**" in (await (await fake.slash(world.bob, g, c, "balance")).reply()).text
        ask = await (await fake.slash(world.alice, g, c, "chips reset")).reply()
        await fake.click(world.alice, ask, labelled(ask, "Reset the economy"))
        await fake.wait_for(lambda: "The economy is reset" in ask.text)
        assert "3,050 chips went back to the house, and 3 members start again with 1,000" in ask.text
        for user in (world.alice, world.bob, world.carol):
            assert "Wallet: **1,000**" in (await (await fake.slash(user, g, c, "balance")).reply()).text
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        ask = await (await fake.slash(world.alice, g, c, "chips reset")).reply()
        refused = await fake.click(world.alice, ask, labelled(ask, "Reset the economy"))
        await fake.wait_for(lambda: any("open tables" in m.text for m in refused.followups()))
    assert books(tmp_path / "bot.db") == (0, [])


async def test_privacy_shows_what_is_kept_and_erases_a_player(world: World, make_bot: Callable[[], CardRoomBot],
                                                               tmp_path: Path) -> None:
    fake, g, c, db = world.fake, world.guild.id, world.channel, tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "give", {"user": world.bob, "amount": 100})).reply()
        await (await fake.slash(world.bob, g, c, "language", {"language": "ja"})).reply()
        await (await fake.slash(world.bob, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        statement = await (await fake.slash(world.bob, None, None, "privacy")).reply()   # from a DM too
        assert "30日" in statement.text   # in Bob's language, with the grace period
        refused = await fake.click(world.bob, statement, labelled(statement, "自分のデータを消す"))
        await fake.wait_for(lambda: any("開いているテーブル" in m.text for m in refused.followups()))   # seated
        await (await fake.click(world.bob, table, verb_id(table, "cancel"))).reply()
        statement = await (await fake.slash(world.bob, g, c, "privacy")).reply()
        await fake.click(world.bob, statement, labelled(statement, "自分のデータを消す"))
        await fake.wait_for(lambda: "消しました" in statement.text)
        assert "1,100" in statement.text
    uid = world.bob
    assert count(db, "SELECT COUNT(*) FROM members WHERE user_id = ?", uid) == 0
    assert count(db, "SELECT COUNT(*) FROM seats WHERE user_id = ?", uid) == 0
    assert count(db, "SELECT COUNT(*) FROM game_tables WHERE host_id = ?", uid) == 0
    assert count(db, "SELECT COUNT(*) FROM user_languages WHERE user_id = ?", uid) == 0
    assert count(db, "SELECT COUNT(*) FROM ledger WHERE from_account = ? OR to_account = ? OR reference = ? "
                     "OR idem_key LIKE ?", f"user:{uid}", f"user:{uid}", str(uid), f"%{uid}%") == 0
    assert books(db) == (0, [])


async def test_a_server_the_bot_left_is_forgotten_after_the_grace_period(world: World, tmp_path: Path) -> None:
    fake, g, c, db = world.fake, world.guild.id, world.channel, tmp_path / "bot.db"
    settings = Settings(token="fake-token", database_path=db, bot_delay_s=0, forget_after_days=0)
    bot = CardRoomBot(settings)
    async with running_bot(fake, bot):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        await table_message(world)
        await fake.dispatch("GUILD_DELETE", {"id": str(g)})   # the bot was removed from the server
        await fake.wait_for(lambda: count(db, "SELECT COUNT(*) FROM departed_guilds") == 1)
        assert await bot.departures.sweep() == [g]
    for table in ("game_tables", "seats", "members", "accounts", "ledger", "departed_guilds"):
        assert count(db, f"SELECT COUNT(*) FROM {table}") == 0, table
