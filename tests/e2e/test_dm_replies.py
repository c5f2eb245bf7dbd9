"""A player who plays in their DM is told of their next turn through their last click's token,
which Discord does not count against the bot-wide limit: their DM edited, or a new deal's first
turn sent as a followup. At hundreds of tables the bot's budget cannot tell every player in time,
and this way a player who plays along never waits for it."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.games import GAMES

from tests.e2e.conftest import BotFactory, World
from tests.e2e.driver import VERSION, HumanSeat, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, running_bot
from tests.e2e.test_request_budget import open_gin

WEBHOOK = r"/webhooks/\d+/[^/]+"
WEBHOOK_EDIT = WEBHOOK + r"/messages/@original"


def live_version(message: FakeMessage) -> int | None:
    """The version the message's action controls were drawn for (None: no controls)."""
    return next((int(m[1]) for c in message.custom_ids() if (m := VERSION.match(c))), None)


async def dm_asking(fake: FakeDiscord, user: int, version: int) -> FakeMessage:
    """The user's DM whose controls are drawn for `version` (once the bot has written it)."""
    found: FakeMessage = await fake.wait_for(
        lambda: next((m for m in reversed(fake.dms(user)) if live_version(m) == version), None),
        what=f"the hand asking to act at version {version}")
    return found


async def test_the_next_turn_is_told_through_the_players_last_click(
        world: World, make_bot: BotFactory, tmp_path: Path) -> None:
    fake, db, alice = world.fake, tmp_path / "bot.db", world.alice
    seat = HumanSeat(fake, world.channel, db, alice)
    async with running_bot(fake, make_bot(bot_delay_s=0.3)):   # the seat bot answers after the click's reply
        await open_gin(fake, world.guild, world.channel, alice)
        checked = new_deals = 0
        while checked < 2 or new_deals < 1:   # Alice's turns after the seat bot's, played in her DM
            assert await seat.wait_turn_or_end()
            t = read_table(db, world.channel)
            dm = await dm_asking(fake, alice, t["version"])
            game = GAMES["gin_rummy"].from_dict(t["state"])
            action = game.bot_action(0, random.Random(t["version"]))
            clicked_at = fake.requests[-1].at
            await (await seat.play(dm, t["id"], t["version"], action)).reply()
            assert await seat.wait_turn_or_end()
            after = read_table(db, world.channel)["version"]
            told = await dm_asking(fake, alice, after)
            since = [r for r in fake.requests if r.at > clicked_at]
            assert [r for r in since if r.counted and r.path.startswith(f"/channels/{dm.channel_id}/")] == [], \
                "her DM was written through the bot's budget"
            if told.id != dm.id:   # a new deal: its first turn is a new DM (a followup of her click), which pings
                assert any(r.method == "POST" and re.fullmatch(WEBHOOK, r.path) for r in since)
                new_deals += 1
            elif after != t["version"] + 1:   # the seat bot played: she was told by an edit through her click
                assert len([r for r in since if r.method == "PATCH" and re.fullmatch(WEBHOOK_EDIT, r.path)]) >= 2
                checked += 1
