"""Closed DMs (Discord error 50007) are remembered across a restart and forgotten once a DM gets
through again; the presenter asks `bot.dms.DmRefusals`, never the database."""

from __future__ import annotations

import pytest

from bot.clock import FakeClock
from bot.dms import DmRefusals
from storage.db import Database, fetch_all

pytestmark = pytest.mark.both_backends

ALICE, BOB = 1_100_000_000_000_000_001, 1_100_000_000_000_000_002


async def stored(db: Database) -> list[int]:
    async with db.read() as tx:
        return sorted(r["user_id"] for r in await fetch_all(tx, "SELECT user_id FROM dm_refusals"))


async def test_a_refusal_is_kept_after_a_restart_and_forgotten_when_a_dm_gets_through(
        db: Database, clock: FakeClock) -> None:
    refusals = DmRefusals(db, clock)
    await refusals.load()
    assert ALICE not in refusals and await stored(db) == []

    await refusals.refuse(ALICE)
    await refusals.refuse(ALICE)   # refused twice (two tables' hands): remembered once
    assert ALICE in refusals and BOB not in refusals
    assert await stored(db) == [ALICE]

    restarted = DmRefusals(db, clock)
    assert ALICE not in restarted   # nothing known before it loads
    await restarted.load()
    assert ALICE in restarted and BOB not in restarted

    await restarted.allow(ALICE)
    assert ALICE not in restarted and await stored(db) == []
    again = DmRefusals(db, clock)
    await again.load()
    assert ALICE not in again
