"""Pictures through the real bot and the fake Discord: a deal's closed message keeps the deal's
final picture, in place of the live one."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from bot.app import CardRoomBot
from bot.games import GAMES
from bot.ui.boards import board_for
from bot.ui.images import BOARD_FILE, board_png

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, running_bot
from tests.e2e.test_bot import table_message, verb_id

MOVES = 40
"""More than the human's decisions in two Bourré hands."""


def closed_deals(fake: FakeDiscord, channel: int) -> list[FakeMessage]:
    """The channel's messages of deals that ended: no controls, the hand's summary."""
    return [m for m in fake.channel_messages(channel)
            if not m.custom_ids() and m.embeds and (m.embeds[0].get("description") or "").startswith("**Hand")]


async def test_a_deals_closed_message_keeps_its_final_picture(world: World, make_bot: Callable[[], CardRoomBot],
                                                              tmp_path: Path) -> None:
    """Bourré: every hand ends with a last trick, so every closed hand has a final picture."""
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "bourre"})).reply()
        lobby = await table_message(world)
        await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).reply()
        human = HumanSeat(fake, c, tmp_path / "bot.db", world.alice)
        for _ in range(MOVES):
            if closed_deals(fake, c) or not await human.wait_turn_or_end():
                break
            await human.move()
        await fake.wait_for(lambda: closed_deals(fake, c), what="a hand's closed message")
        closed = closed_deals(fake, c)[0]
        assert [a["filename"] for a in closed.data["attachments"]] == [BOARD_FILE]
        assert closed.embeds[0]["image"]["url"] == f"attachment://{BOARD_FILE}"
        table = read_table(tmp_path / "bot.db", c)
        game = GAMES["bourre"].from_dict(table["state"])
        public = game.public_view()
        names = [s["name"] for s in sorted(table["seats"], key=lambda s: s["seat"])]
        if public["last_hand"]["hand"] == 1:   # the table has not ended a second hand since
            final = board_png("bourre", public, names, board_for("bourre").image_labels(public), final=True)
            assert closed.files[BOARD_FILE] == final
        assert Image.open(io.BytesIO(closed.files[BOARD_FILE])).width <= 780
