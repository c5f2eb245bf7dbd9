"""Starting, cancelling and closing tables as players see them through the fake Discord: the lobby
closes in the same step as Start or Cancel and never shows the game that replaced it, the table
message keeps its controls from the moment it is up, a notice naming a control comes only once
that control exists, and a table closed mid-deal gives back each stack as the deal began."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import CardRoomBot
from bot.i18n import ENGLISH, t

from tests.e2e.conftest import World
from tests.e2e.driver import HumanSeat, hand_control, read_table
from tests.e2e.fake_discord import FakeMessage, iter_components, running_bot
from tests.e2e.test_bot import books, table_message, text_inputs, verb_id


def versions(message: FakeMessage) -> list[dict[str, Any]]:
    """Every state the message has shown, oldest first."""
    return [*message.history, message.data]


def control_ids(data: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in iter_components(data.get("components") or []) if c.get("custom_id")]


def wallets(db: Path, *users: int) -> list[int]:
    con = sqlite3.connect(db)
    try:
        return [con.execute("SELECT balance FROM accounts WHERE account = ?", (f"user:{u}",)).fetchone()[0]
                for u in users]
    finally:
        con.close()


async def test_start_right_after_a_join_closes_the_lobby_at_once_and_never_draws_the_game_into_it(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    fake.refuse_dms(world.bob)   # so the table tells Bob, in the channel, to press My hand
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "gin_rummy"})).reply()
        lobby = await table_message(world)
        await (await fake.click(world.bob, lobby, verb_id(lobby, "join"))).reply()
        start = await fake.click(world.alice, lobby, verb_id(lobby, "start"))   # the Join's redraw is still queued
        await start.edited()
        # the Start's own response closed the lobby: no controls left, and it says the game is dealt
        assert control_ids(lobby.data) == []
        assert t(ENGLISH, "table.closing.started", players=2) in lobby.text
        table, _ = await hand_control(fake, c)
        assert table.id > lobby.id
        # the lobby never showed the game, not even for a moment
        assert all(not any(":hand" in cid or ":a:" in cid for cid in control_ids(v)) for v in versions(lobby))

        alice = HumanSeat(fake, c, tmp_path / "bot.db", world.alice)
        while alice.my_turn():   # (taking the upcard, she must also discard)
            await alice.move()   # now Bob must act: his hand cannot go by DM
        notice = await fake.wait_for_message(c, lambda m: "can't send you direct messages" in m.text)
        assert notice.id > table.id   # sent once the table message with My hand was up
        label = t(ENGLISH, "ui.btn.hand")
        assert label in notice.text and any(cp.get("label") == label for cp in iter_components(table.components))
        # from the start on, the deal's message kept its controls and no other table message appeared
        assert all(any(cid.endswith(":hand") for cid in control_ids(v)) for v in versions(table))
        tables = [m for m in fake.channel_messages(c) if any(cid.endswith(":hand") for v in versions(m)
                                                             for cid in control_ids(v))]
        assert tables == [table]
        await (await fake.slash(world.alice, g, c, "table close")).reply()
    assert books(tmp_path / "bot.db") == (0, [])


async def test_cancel_takes_the_lobby_controls_away_in_the_same_step_and_a_late_join_is_told_why(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    fake, g, c = world.fake, world.guild.id, world.channel
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "bourre"})).reply()
        lobby = await table_message(world)
        await (await fake.click(world.bob, lobby, verb_id(lobby, "join"))).reply()
        join_id = verb_id(lobby, "join")
        cancel = await fake.click(world.alice, lobby, verb_id(lobby, "cancel"))
        await cancel.edited()
        assert control_ids(lobby.data) == []
        assert t(ENGLISH, "table.closing.cancelled") in lobby.text and "bob (200)" in lobby.text
        # Carol's client had not seen the edit yet: she presses Join on the lobby she still sees
        late = await (await fake.click(world.carol, lobby, join_id, stale=True)).reply()
        assert late.ephemeral and late.text == t(ENGLISH, "err.table.cancelled")
        assert world.carol not in [s["user_id"] for s in read_table(tmp_path / "bot.db", c)["seats"]]
    assert books(tmp_path / "bot.db") == (0, [])


async def test_an_admin_closing_michigan_mid_deal_gives_each_stack_back_as_the_deal_began(
        world: World, make_bot: Callable[[], CardRoomBot], tmp_path: Path) -> None:
    """MICH-3: the dealer antes twice as much as the others; the deal is void, not shared out."""
    fake, g, c = world.fake, world.guild.id, world.channel
    db = tmp_path / "bot.db"
    players = (world.alice, world.bob, world.carol)
    async with running_bot(fake, make_bot()):
        await (await fake.slash(world.alice, g, c, "play", {"game": "michigan_rummy"})).reply()
        lobby = await table_message(world)
        for p, chips in zip(players[1:], ("120", "200"), strict=True):   # unequal stacks too
            modal = await (await fake.click(p, lobby, verb_id(lobby, "join"))).wait_modal()
            [field] = text_inputs(modal)
            await (await fake.submit_modal(p, c, modal["custom_id"], {field: chips})).reply()
        before = wallets(db, *players)
        await (await fake.click(world.alice, lobby, verb_id(lobby, "start"))).edited()
        await hand_control(fake, c)
        seats = {s["user_id"]: s for s in read_table(db, c)["seats"]}
        dealer = read_table(db, c)["state"]["dealer"]
        anted = {u: seats[u]["buy_in"] - seats[u]["stack"] for u in players}
        assert anted[seats_by_number(seats)[dealer]] == 2 * min(anted.values())   # unequal antes
        closed = await (await fake.slash(world.alice, g, c, "table close")).reply()
        assert "void" in closed.text
        await fake.wait_for(lambda: read_table(db, c)["status"] == "finished")
        buy_ins = [seats[u]["buy_in"] for u in players]
        assert wallets(db, *players) == [b + buy for b, buy in zip(before, buy_ins, strict=True)]
    assert books(db) == (0, [])


def seats_by_number(seats: dict[int, dict[str, Any]]) -> dict[int, int]:
    return {s["seat"]: user for user, s in seats.items()}
