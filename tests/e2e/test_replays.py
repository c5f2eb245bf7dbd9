"""Replays through the real bot and the fake Discord: /history offers the deal, and ◀ ▶ step
through it in one ephemeral message whose picture changes with each step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import CardRoomBot
from bot.i18n import Locale, t

from tests.e2e.conftest import World
from tests.e2e.driver import component, read_table
from tests.e2e.fake_discord import FakeMessage, running_bot
from tests.e2e.test_bot import table_message, verb_id

JA = Locale("ja")


def button(message: FakeMessage, symbol: str) -> dict[str, Any]:
    return next(c for c in message.components[0]["components"] if c["label"] == symbol)


def picture(message: FakeMessage) -> bytes | None:
    """The board picture the message shows now, if any."""
    attached = [a["filename"] for a in message.data.get("attachments") or []]
    return message.files["board.png"] if "board.png" in attached else None


async def press(world: World, message: FakeMessage, symbol: str) -> FakeMessage:
    """Press a replay button; the same message, edited."""
    click = await world.fake.click(world.alice, message, button(message, symbol)["custom_id"])
    edited = await click.edited()
    assert edited.id == message.id
    return edited


async def test_history_replays_a_finished_deal_step_by_step(world: World, tmp_path: Path,
                                                            make_bot: Callable[[], CardRoomBot]) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "bourre"})).reply()
        lobby = await table_message(world)
        for _ in range(2):
            await (await fake.click(world.alice, lobby, verb_id(lobby, "bot"))).reply()
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        # Alice leaves at once (folding), and with no person left the bots play the hand out
        # and the table ends
        await (await fake.slash(world.alice, g, c, "leave")).reply()
        await fake.wait_for(lambda: read_table(db, c)["status"] == "finished", what="the table to finish")
        table = read_table(db, c)["id"]

        history = await (await fake.slash(world.alice, g, c, "history")).reply()
        assert history.ephemeral and "Pick one of your recent deals below" in history.text
        [menu] = history.custom_ids()
        [option] = component(history, menu)["options"]
        assert option["label"] == f"Bourré · table {table} · hand 1"

        shown = await (await fake.select(world.alice, history, menu, [option["value"]])).reply()
        assert shown.ephemeral and shown.id != history.id
        [embed] = shown.embeds
        assert embed["title"] == f"Replay · Bourré · table {table} · hand 1"
        steps = int(embed["footer"]["text"].split(" of ")[1].split(" ")[0])
        assert embed["footer"]["text"].startswith("Step 1 of ") and steps >= 4
        assert embed["description"] == "The game begins: Bourré, 3 players."
        assert button(shown, "◀")["disabled"] and not button(shown, "▶").get("disabled")
        first = picture(shown)
        assert first is not None

        shown = await press(world, shown, "⏭")
        last = shown.embeds[0]
        assert last["footer"]["text"].startswith(f"Step {steps} of {steps} · ") and button(shown, "▶")["disabled"]
        closed = await fake.wait_for_message(c, lambda m: "**Hand 1**" in m.text)   # the hand's closed message
        summary = closed.embeds[0]["description"]
        assert summary in last["description"], "the last step says what the channel said when the hand ended"
        shown = await press(world, shown, "◀")
        assert shown.embeds[0]["footer"]["text"].startswith(f"Step {steps - 1} of {steps}")
        shown = await press(world, shown, "⏮")
        assert shown.embeds[0]["footer"]["text"].startswith(f"Step 1 of {steps}") and picture(shown) == first

        pictures: list[bytes | None] = [first]
        for k in range(2, steps + 1):
            shown = await press(world, shown, "▶")
            assert shown.embeds[0]["footer"]["text"].startswith(f"Step {k} of {steps} · ")   # and whose move
            pictures.append(picture(shown))
        assert len({p for p in pictures if p is not None}) > 1, "the picture follows the steps"

        fake.set_locale(world.alice, "ja")   # the reader's language, whatever the table's was
        history = await (await fake.slash(world.alice, g, c, "history")).reply()
        assert t(JA, "replay.hint") in history.text
        [option] = component(history, history.custom_ids()[0])["options"]
        shown = await (await fake.select(world.alice, history, history.custom_ids()[0], [option["value"]])).reply()
        game = t(JA, "game.bourre")
        assert shown.embeds[0]["title"] == t(JA, "replay.title", game=game, table=str(table),
                                             deal=t(JA, "replay.deal.bourre", n=1))
        assert shown.embeds[0]["footer"]["text"] == t(JA, "replay.step", step=1, steps=steps)
        assert shown.embeds[0]["description"] == t(JA, "table.begins", game=game, n=3)
