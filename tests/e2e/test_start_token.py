"""A table's Start click posts the table's messages in its channel as followups, and edits them,
through its own token, which Discord does not count against the bot-wide limit: a table that was
just started is shown at once however long the bot's own requests must wait (at hundreds of busy
tables, or after Discord's global 429), and its first quarter of an hour costs the budget nothing."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.conftest import BotFactory, World
from tests.e2e.driver import HumanSeat, hand_control
from tests.e2e.fake_discord import running_bot
from tests.e2e.test_bot import verb_id
from tests.e2e.test_dm_replies import WEBHOOK
from tests.e2e.test_threads_settings_stats import lobby_in


async def test_a_started_table_is_shown_through_its_start_click_while_the_bots_requests_wait(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    fake, g, c, alice = world.fake, world.guild.id, world.channel, world.alice
    lounge = world.guild.channel("lounge")
    async with running_bot(fake, make_bot()):
        await (await fake.slash(alice, g, c, "play", {"game": "gin_rummy"})).reply()
        lobby = await lobby_in(fake, c)
        await (await fake.click(alice, lobby, verb_id(lobby, "bot"))).reply()
        await fake.wait_for(lambda: fake.requests_to("PATCH", rf"/channels/{c}/messages/{lobby.id}"),
                            what="the lobby showing the seat bot")
        # another table's lobby hits Discord's global limit: nothing of the bot's own may leave for
        # a minute (the gate holds it), far longer than this test
        await (await fake.slash(world.bob, g, lounge, "play", {"game": "gin_rummy"})).reply()
        other = await lobby_in(fake, lounge)
        fake.rate_limit_next("PATCH", rf"/channels/{lounge}/messages/{other.id}", retry_after=60.0, is_global=True)
        await (await fake.click(world.bob, other, verb_id(other, "bot"))).reply()
        hit = await fake.wait_for(lambda: next((r for r in fake.requests if r.status == 429), None),
                                  what="the global 429")
        await (await fake.click(alice, lobby, verb_id(lobby, "start"))).reply()
        table, _ = await hand_control(fake, c)   # the table message, with its controls
        since = [r for r in fake.requests if r.at > hit.at]
        assert [r for r in since if r.counted] == [], "the bot's own requests were held"
        [posted] = [r for r in since if r.method == "POST" and re.fullmatch(WEBHOOK, r.path)]
        assert posted.status == 200 and table.id > lobby.id

        seat = HumanSeat(fake, c, tmp_path / "bot.db", alice)
        if seat.my_turn():   # her hand comes as the bot's own DM, which waits: she plays from "My hand"
            await seat.move()
        # the table message follows the game through the Start click's token too
        edits = rf"{WEBHOOK}/messages/{table.id}"
        await fake.wait_for(lambda: fake.requests_to("PATCH", edits), what="the table message's edit")
        assert [r for r in fake.requests if r.at > hit.at and r.counted] == []
