"""Per-game statistics: each deal's result recorded as it ends, games and chips from the seats,
the per-game leaderboard."""

from __future__ import annotations

import pytest

from bot.games.base import Event
from bot.tables.deal_results import deal_winners
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import stats
from storage.db import Database, fetch_all

from tests.tables.snapshots import person_to_act
from tests.tables.toy_game import Fold, Show, say

G, C = 1, 100
ALICE, BOB, CAROL = 11, 12, 13


async def play_high_card(service: TableService, players: tuple[int, ...], folder: int | None = None,
                         channel: int = C) -> int:
    """A three-deal toy game; `folder` folds every time, the others show."""
    snap = await service.open(G, channel, players[0], "high_card", seed=7)
    t = snap.table_id
    for p in players:
        await service.join(t, p, f"P{p}")
    await service.start(t, players[0])
    while (snap := await service.snapshot(t)).status == "playing":
        user = person_to_act(snap)
        await service.act(t, user, Fold() if user == folder else Show(), snap.version)
    await service.settle()
    return t


def test_the_seat_a_summary_names_wins_the_deal() -> None:
    named = Event("summary", say("{p1} knocks and scores 26."), 1)
    assert deal_winners(named, {0: (100, 100), 1: (100, 90)}) == {0: False, 1: True}
    marriage = Event("summary", say("{p0} goes out."), data={"winner": 0})
    assert deal_winners(marriage, {0: (50, 40), 1: (50, 60)}) == {0: True, 1: False}


def test_without_a_named_winner_whoever_gained_chips_won() -> None:
    mat = Event("summary", say("Deal 3 ends."), data={"deal": 3})
    assert deal_winners(mat, {0: (100, 112), 1: (100, 95), 2: (100, 100), 3: (None, 130)}) == \
        {0: True, 1: False, 2: False, 3: None}


@pytest.mark.both_backends
async def test_each_deal_is_recorded_for_every_seat_dealt_in(service: TableService, db: Database) -> None:
    t = await play_high_card(service, (ALICE, BOB))
    async with db.read() as tx:
        rows = await fetch_all(tx, "SELECT version, seat, won FROM deal_results WHERE table_id = :t "
                                   "ORDER BY version, seat", {"t": t})
        alice = (await stats.game_stats(tx, G, ALICE))["high_card"]
        bob = (await stats.game_stats(tx, G, BOB))["high_card"]
    assert len(rows) == 6 and {r["seat"] for r in rows} == {0, 1}
    for version in {r["version"] for r in rows}:   # exactly one winner per deal of this game
        assert sorted(r["won"] for r in rows if r["version"] == version) == [0, 1]
    assert (alice.deals, bob.deals) == (3, 3)
    assert alice.deals_won + bob.deals_won == 3
    assert (alice.games, bob.games) == (1, 1)
    assert alice.net == -bob.net and alice.net != 0
    winner, loser = (alice, bob) if alice.net > 0 else (bob, alice)
    assert (winner.games_won, winner.biggest_win) == (1, winner.net)
    assert (loser.games_won, loser.biggest_win) == (0, 0)


@pytest.mark.both_backends
async def test_a_cancelled_lobby_is_no_game(service: TableService, db: Database) -> None:
    snap = await service.open(G, C, ALICE, "high_card", seed=7)
    await service.join(snap.table_id, ALICE, "A")
    await service.cancel(snap.table_id, ALICE)
    async with db.read() as tx:
        assert await stats.game_stats(tx, G, ALICE) == {}
        assert await stats.leaderboard(tx, G, "net", game="high_card") == []


@pytest.mark.both_backends
async def test_the_game_leaderboard_ranks_only_that_games_net(service: TableService, wallets: WalletService) -> None:
    await play_high_card(service, (ALICE, BOB, CAROL), folder=CAROL)
    board = await wallets.leaderboard(G, CAROL, "net", game="high_card")
    values = {s.user_id: s.value for s in board.top}
    assert set(values) == {ALICE, BOB, CAROL}
    assert values[CAROL] == -3   # folded every deal: three antes lost
    assert sum(values.values()) == 0
    assert [s.value for s in board.top] == sorted(values.values(), reverse=True)
    assert board.me is not None and board.me.rank == 3
    assert await wallets.leaderboard(G, CAROL, "net", game="gin_rummy") == type(board)([], None)
