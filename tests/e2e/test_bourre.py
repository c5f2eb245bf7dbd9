"""Bourré end to end: a card outside the legal set cannot be played, even with a forged button."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot
from bot.games import GAMES
from bot.games.cards import new_deck
from bot.ui import custom_ids

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, read_table
from tests.e2e.fake_discord import running_bot
from tests.e2e.test_bot import table_message, verb_id


async def test_a_card_outside_the_legal_set_is_refused_and_changes_nothing(
        world: World, tmp_path: Path, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "bourre"})).reply()
        lobby = await table_message(world)
        for _ in range(2):
            await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        human = HumanSeat(fake, c, db, world.alice)
        cls = GAMES["bourre"]
        for _ in range(300):  # until our human must play a card to a trick
            assert await human.wait_turn_or_end()
            t = read_table(db)
            game = cls.from_dict(t["state"])
            seat = next(s["seat"] for s in t["seats"] if s["user_id"] == world.alice)
            legal = game.legal_actions(seat)
            if legal and legal[0].kind == "card" and len(legal) < len(game.private_view(seat)["hand"]):
                break
            await human.move()
        else:
            raise AssertionError("never had to follow suit")
        held = {str(a.card) for a in legal}
        illegal = next(card for card in game.private_view(seat)["hand"] if card not in held)
        card = next(x for x in new_deck() if str(x) == illegal)
        illegal_pretty = card.pretty
        forged = custom_ids.action_id(t["id"], t["version"], type(legal[0])(card))
        message = fake.seed_bot_message(c, "forged", components=[
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Play", "custom_id": forged}]}])
        refused = await (await fake.click(world.alice, message, forged)).reply()
        assert refused.ephemeral and f"You may not play {illegal_pretty}" in refused.text
        assert read_table(db)["version"] == t["version"]  # nothing changed
        assert read_table(db)["state"] == t["state"]
