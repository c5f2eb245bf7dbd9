"""Upgrading a database saved before deals were recorded (tests/fixtures/stats/README.md): the
deals already played are counted from the action log, and every statistic comes out of what the
old code saved."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import settings, stats
from storage.db import Database, fetch_all, migrations
from storage.sqlite import SqliteDatabase
from storage.stats import GameStats

FIXTURE = Path(__file__).parents[1] / "fixtures" / "stats" / "before_deal_results.sql"
G, ALICE, BOB, CAROL = 1, 101, 102, 103


@pytest.fixture
async def upgraded(tmp_path: Path) -> AsyncIterator[Database]:
    """A copy of the old database, opened (and so migrated) by today's code."""
    copy = tmp_path / "old.db"
    con = sqlite3.connect(copy)
    con.executescript(FIXTURE.read_text(encoding="utf-8"))   # the saved database, as its SQL dump
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    con.close()
    db = await SqliteDatabase.open(copy)
    yield db
    await db.close()


async def test_the_old_database_upgrades_to_the_newest_schema(upgraded: Database) -> None:
    assert await upgraded.schema_version() == migrations()[-1][0]
    async with upgraded.read() as tx:
        assert await settings.load(tx, G) == settings.GuildOverrides()   # no switch set: the defaults


async def test_deals_already_played_are_counted_from_the_action_log(upgraded: Database) -> None:
    async with upgraded.read() as tx:
        per_table = {r["table_id"]: (r["deals"], r["seats"], r["known"]) for r in await fetch_all(
            tx, "SELECT table_id, COUNT(DISTINCT version) AS deals, COUNT(DISTINCT seat) AS seats, "
                "COUNT(won) AS known FROM deal_results GROUP BY table_id")}
    # Tripoley: 2 deals, 3 seats; gin: 4 hands, 2 seats; Bourré: 3 hands before the admin closed
    # it, 3 seats (one a bot); the cancelled Marriage lobby dealt nothing. Winners unknown.
    assert per_table == {1: (2, 3, 0), 2: (4, 2, 0), 3: (3, 3, 0)}


async def test_per_game_statistics_of_the_old_games(upgraded: Database) -> None:
    async with upgraded.read() as tx:
        alice, bob, carol = [await stats.game_stats(tx, G, u) for u in (ALICE, BOB, CAROL)]
        gin = await stats.leaderboard(tx, G, "net", game="gin_rummy")
        carol_at_gin = await stats.rank_of(tx, G, CAROL, "net", game="gin_rummy")
    assert alice == {"gin_rummy": GameStats("gin_rummy", games=1, games_won=1, net=12, biggest_win=12, deals=4),
                     "tripoley": GameStats("tripoley", games=1, net=-25, deals=2)}
    assert bob["bourre"] == GameStats("bourre", games=1, net=0, deals=3)   # left with what he brought
    assert carol == {"bourre": GameStats("bourre", games=1, games_won=1, net=2, biggest_win=2, deals=3),
                     "tripoley": GameStats("tripoley", games=1, games_won=1, net=33, biggest_win=33, deals=2)}
    assert [(s.user_id, s.value, s.rank) for s in gin] == [(ALICE, 12, 1), (BOB, -12, 2)]
    assert carol_at_gin is None   # never played gin
