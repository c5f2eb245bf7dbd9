"""Plays a human seat through real clicks, choosing what the seat bot would choose.

The test reads the committed state from the database only to decide; every move goes through
the table's “My hand” button and the controls the bot drew, exactly as a player's would.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.ui import custom_ids

from tests.e2e.fake_discord import FakeDiscord, FakeMessage, InteractionRecord, iter_components

VERSION = re.compile(r"cr:\d+:v(\d+):")


def read_table(db: Path, channel: int | None = None) -> dict[str, Any]:
    """The newest table (in `channel`, when given), as committed."""
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        row = con.execute("SELECT * FROM game_tables WHERE :c IS NULL OR channel_id = :c ORDER BY id DESC LIMIT 1",
                          {"c": channel}).fetchone()
        seats = con.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (row["id"],)).fetchall()
        return {"id": row["id"], "status": row["status"], "version": row["version"], "game_id": row["game_id"],
                "state": json.loads(row["state"]) if row["state"] else None, "seed": row["seed"],
                "seats": [dict(s) for s in seats]}
    finally:
        con.close()


async def hand_control(fake: FakeDiscord, channel: int) -> tuple[FakeMessage, str]:
    """The live table message and its “My hand” id, read together: the bot may edit the message
    (a deal's close takes its controls away) before the caller's next look."""
    def find() -> tuple[FakeMessage, str] | None:
        for m in reversed(fake.channel_messages(channel)):
            hand = next((cid for cid in m.custom_ids() if cid.endswith(":hand")), None)
            if hand is not None:
                return m, hand
        return None
    found: tuple[FakeMessage, str] = await fake.wait_for(find, what="the table message")
    return found


async def open_my_hand(fake: FakeDiscord, user: int, channel: int) -> FakeMessage:
    """Click the table's “My hand” and return the reply. A deal that closes just then takes the
    message's controls away under the click; the next deal's message then has them."""
    for _ in range(CLICK_TRIES):
        table, hand_id = await hand_control(fake, channel)
        try:
            click = await fake.click(user, table, hand_id)
        except LookupError:
            continue
        return await click.reply()
    raise AssertionError(f"the table message kept losing its controls under {CLICK_TRIES} clicks")


CLICK_TRIES = 20


def component(message: FakeMessage, custom_id: str) -> dict[str, Any]:
    """The control `custom_id` on `message`, which must carry it."""
    found = message.find_component(custom_id)
    assert found is not None, f"no control {custom_id} on {message!r}"
    return found


def labelled(message: FakeMessage, label: str) -> str:
    """The custom id of the control on `message` that reads `label`."""
    found: str = next(c["custom_id"] for c in iter_components(message.components) if c.get("label") == label)
    return found


class HumanSeat:
    def __init__(self, fake: FakeDiscord, channel: int, db: Path, user_id: int) -> None:
        self.fake, self.channel, self.db, self.user = fake, channel, db, user_id
        self.moves = 0

    async def table_message(self) -> FakeMessage:
        """The live table message (a deal's new one may still be on its way, paced)."""
        message, _ = await self.hand_control()
        return message

    async def hand_control(self) -> tuple[FakeMessage, str]:
        return await hand_control(self.fake, self.channel)

    def my_turn(self) -> bool:
        t = read_table(self.db, self.channel)
        if t["status"] != "playing":
            return False
        seat = next(s["seat"] for s in t["seats"] if s["user_id"] == self.user)
        return seat in GAMES[t["game_id"]].from_dict(t["state"]).to_act()

    async def wait_turn_or_end(self, timeout: float = 120) -> bool:
        """True when it is our turn; False when the table has closed."""
        def state() -> str | None:
            if self.my_turn():
                return "turn"
            return "end" if read_table(self.db, self.channel)["status"] != "playing" else None
        reached: str = await self.fake.wait_for(state, timeout, what="our turn or the end")
        return reached == "turn"

    async def move(self) -> None:
        """One decision, through “My hand” and the matching control."""
        hand = await open_my_hand(self.fake, self.user, self.channel)
        ids = hand.custom_ids()
        version = next(int(m[1]) for c in ids if (m := VERSION.match(c)))
        t = read_table(self.db, self.channel)
        assert t["version"] >= version, "the controls were drawn for a committed version"
        if t["version"] != version:
            return   # a bot moved on after our hand was drawn (Buki-Domino's bets overlap): look again
        game = GAMES[t["game_id"]].from_dict(t["state"])
        seat = next(s["seat"] for s in t["seats"] if s["user_id"] == self.user)
        action = game.bot_action(seat, random.Random(f"human:{version}"))
        assert action in game.legal_actions(seat)
        edits = len(hand.history)
        click = await self.play(hand, t["id"], version, action)
        self.moves += 1
        # the hand is edited with the move's result; or, when a bot moved the table on between our
        # read and our click (a banker answering an onlooker's bet), a new hand comes as a followup
        # saying the button was from an earlier turn, and the caller waits for its turn again
        await self.fake.wait_for(lambda: len(hand.history) > edits or bool(click.followups()),
                                 what="the reply to the move")

    async def play(self, hand: FakeMessage, table_id: int, version: int, action: Any) -> InteractionRecord:
        """Click `action`'s control on `hand` (a table's hand reply, or a DM): its button, or its
        choice in a select."""
        ids = hand.custom_ids()
        button = custom_ids.action_id(table_id, version, action)
        if button in ids:
            return await self.fake.click(self.user, hand, button)
        return await self._select(hand, ids, table_id, version, action)

    async def _select(self, hand: FakeMessage, ids: list[str], table_id: int, version: int,
                      action: Any) -> InteractionRecord:
        single = custom_ids.select_id(table_id, version, action.kind)
        multi = custom_ids.select_id(table_id, version, action.kind, multi=True)
        if single in ids:
            value = custom_ids.encode_args(action)
            options = [o["value"] for o in component(hand, single)["options"]]
            if value not in options:  # a long list is thinned to 25 choices; take an offered one
                value = options[len(options) // 2]
            return await self.fake.select(self.user, hand, single, [value])
        assert multi in ids, f"no control for {action} in {ids}"
        items = [str(i) for i in getattr(action, dataclasses.fields(action)[0].name)]
        return await self.fake.select(self.user, hand, multi, items)
