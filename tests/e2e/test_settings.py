"""The lobby's Settings control, through the real bot and the fake Discord: the host changes an
enumeration with a select, a number in a modal (a bad one refused in words) and applies a
preset; the lobby message lists only what differs from the standard rules."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import CardRoomBot

from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, InteractionRecord, iter_components, running_bot
from tests.e2e.test_bot import table_message, verb_id


def select_with(message: FakeMessage, value: str) -> str:
    """The custom id of the reply's select that offers `value`."""
    found: str = next(c["custom_id"] for c in iter_components(message.components)
                      if c.get("type") == 3 and value in [o["value"] for o in c["options"]])
    return found


def option_labels(message: FakeMessage, custom_id: str) -> dict[str, str]:
    component = message.find_component(custom_id)
    assert component is not None
    return {o["value"]: o["label"] for o in component["options"]}


async def test_host_changes_settings_with_selects_a_modal_and_a_preset(
        world: World, make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        table = await table_message(world)
        assert "Settings: Standard rules" in table.text and "knock_limit" not in table.text
        refused = await (await fake.click(world.bob, table, verb_id(table, "opts"))).reply()
        assert "Only the player who opened this table" in refused.text

        menu = await (await fake.click(world.alice, table, verb_id(table, "opts"))).reply()
        assert menu.ephemeral and "In force: Standard rules" in menu.text
        options = option_labels(menu, select_with(menu, "scoring_system"))
        assert options["scoring_system"] == "Scoring system: 10/20" and options["knock_limit"] == "Knock limit: 10"

        # An enumeration: its choices in a select, the current one marked, then back to the list.
        await fake.select(world.alice, menu, select_with(menu, "scoring_system"), ["scoring_system"])
        await fake.wait_for(lambda: "**Scoring system**\n" in menu.text)
        choices = menu.find_component(select_with(menu, "1"))
        assert choices is not None
        assert [(o["label"], o.get("default", False)) for o in choices["options"]] == [
            ("10/20", True), ("20/25", False), ("25/25", False)]
        await fake.select(world.alice, menu, choices["custom_id"], ["1"])
        await fake.wait_for(lambda: "Scoring system is now 20/25 (was 10/20)." in menu.text)
        await fake.wait_for(lambda: "Settings: Scoring system: 20/25" in table.text)

        # A number: a modal stating the range; a bad value is refused in words and changes nothing.
        async def knock_limit(value: str) -> InteractionRecord:
            rec = await fake.select(world.alice, menu, select_with(menu, "knock_limit"), ["knock_limit"])
            modal = await rec.wait_modal()
            [label] = modal["components"]
            field = label["component"]
            assert modal["title"] == "Knock limit" and label["label"] == "A whole number from 0 to 10"
            assert label["description"] == "Most deadwood a player may knock with"
            assert field["type"] == 4 and field["placeholder"] == "Now 10"
            return await fake.submit_modal(world.alice, c, modal["custom_id"], {field["custom_id"]: value})

        bad = await (await knock_limit("42")).reply()
        assert "That setting was not changed: Knock limit: A whole number from 0 to 10 (got 42)." in bad.text
        assert "Knock limit: 10" in option_labels(menu, select_with(menu, "knock_limit"))["knock_limit"]
        await knock_limit("5")
        await fake.wait_for(lambda: "Knock limit is now 5 (was 10)." in menu.text)
        await fake.wait_for(lambda: "Settings: Scoring system: 20/25 · Knock limit: 5" in table.text)

        # A preset: the standard rules undo both changes at once.
        presets = select_with(menu, "0")
        assert option_labels(menu, presets)["0"] == "Standard rules"
        await fake.select(world.alice, menu, presets, ["0"])
        await fake.wait_for(lambda: "Scoring system: 20/25 → 10/20 · Knock limit: 5 → 10" in menu.text)
        await fake.wait_for(lambda: "Settings: Standard rules" in table.text)
