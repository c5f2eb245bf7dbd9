"""Forgetting and resetting through the ledger: a person's erasure, a server the bot left, an
admin's economy reset, and the leaderboard's pages. The books balance after each."""

from __future__ import annotations

import pytest

from bot.errors import PlayerError
from bot.inputs import Person
from bot.tables.service import TableService
from bot.wallet import PAGE, WalletService
from storage import ledger, privacy
from storage.db import Database, fetch_all, fetch_one

from tests.storage.test_stats import C, G, play_high_card

pytestmark = pytest.mark.both_backends

OTHER = 2
ALICE, BOB, CAROL = (1_100_000_000_000_000_000 + n for n in (1, 2, 3))
"""Discord-sized ids, so that finding one inside a key or a reference finds only it."""


async def books(db: Database, guild: int = G) -> ledger.Audit:
    async with db.read() as tx:
        return await ledger.audit(tx, guild)


async def rows_naming(db: Database, user: int) -> list[str]:
    """Every kept row that still names the user, by table."""
    found = []
    async with db.read() as tx:
        for table, where in (("members", "user_id = :u"), ("seats", "user_id = :u"),
                             ("game_tables", "host_id = :u"), ("user_languages", "user_id = :u"),
                             ("dm_refusals", "user_id = :u"),
                             ("accounts", "account = :a"),
                             ("ledger", "from_account = :a OR to_account = :a OR reference = :s "
                                        "OR idem_key LIKE :k")):
            rows = await fetch_all(tx, f"SELECT * FROM {table} WHERE {where}",
                                   {"u": user, "a": f"user:{user}", "s": str(user), "k": f"%{user}%"})
            found += [f"{table}: {tuple(r)}" for r in rows]
    return found


async def test_an_erased_player_leaves_no_id_and_their_chips_go_to_the_house(
        service: TableService, wallets: WalletService, db: Database) -> None:
    await play_high_card(service, (ALICE, BOB))
    await wallets.give(G, ALICE, Person(CAROL), 30)
    await wallets.give(G, CAROL, Person(ALICE), 5)
    await wallets.balance(OTHER, ALICE)   # a wallet in a second server
    await wallets.daily(OTHER, ALICE)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO user_languages (user_id, locale) VALUES (:u, 'ja')", {"u": ALICE})
        await tx.execute("INSERT INTO dm_refusals (user_id, refused_at) VALUES (:u, 'x')", {"u": ALICE})
    held = (await wallets.balance(G, ALICE)).wallet + (await wallets.balance(OTHER, ALICE)).wallet
    bob_before = (await wallets.game_stats(G, Person(BOB)))["high_card"]
    assert any(row.startswith("seats") for row in await rows_naming(db, ALICE))

    erased = await wallets.erase(ALICE)

    assert (erased.servers, erased.chips) == (2, held)
    assert await rows_naming(db, ALICE) == []
    assert (await books(db)).ok and (await books(db, OTHER)).ok
    assert (await wallets.balance(G, CAROL)).wallet == 1025   # everyone else's chips stay
    assert (await wallets.game_stats(G, Person(BOB)))["high_card"] == bob_before
    async with db.read() as tx:
        seats = await fetch_all(tx, "SELECT name FROM seats WHERE user_id IS NULL")
        house = await ledger.balance(tx, G, ledger.HOUSE)
    assert [s["name"] for s in seats] == [privacy.ERASED_NAME]
    assert house == -(1000 * 2 + 1000) + held - 1100   # the house minted less what came back
    board = await wallets.leaderboard(G, CAROL, "chips")
    assert ALICE not in {s.user_id for s in board.top}


async def test_erasure_waits_until_no_chips_are_at_stake(service: TableService, wallets: WalletService,
                                                         db: Database) -> None:
    snap = await service.open(G, C, ALICE, "high_card", seed=7)
    await service.join(snap.table_id, ALICE, "A")
    with pytest.raises(PlayerError, match="open table"):
        await wallets.erase(ALICE)
    assert (await wallets.balance(G, ALICE)).at_tables > 0
    await service.leave(snap.table_id, ALICE)
    await service.settle()
    assert (await wallets.erase(ALICE)).chips == 1000
    assert (await books(db)).ok


async def test_an_admins_reset_returns_every_wallet_and_grants_anew(service: TableService, wallets: WalletService,
                                                                    db: Database) -> None:
    await play_high_card(service, (ALICE, BOB, CAROL), folder=CAROL)
    await wallets.grant(G, 1, Person(BOB), 500)
    reset = await wallets.reset_economy(G, 1)
    assert (reset.members, reset.starting_chips) == (3, 1000)
    for user in (ALICE, BOB, CAROL):
        assert (await wallets.balance(G, user)).wallet == 1000
    assert (await books(db)).ok
    snap = await service.open(G, C, ALICE, "high_card", seed=7)
    await service.join(snap.table_id, ALICE, "A")
    with pytest.raises(PlayerError, match="open"):
        await wallets.reset_economy(G, 1)
    assert (await wallets.balance(G, BOB)).wallet == 1000


async def test_a_server_the_bot_left_is_forgotten_whole(service: TableService, wallets: WalletService,
                                                        db: Database) -> None:
    await play_high_card(service, (ALICE, BOB))
    await wallets.balance(OTHER, ALICE)
    await wallets.forget_guild(G)
    async with db.read() as tx:
        assert G not in await privacy.known_guilds(tx)
        assert await fetch_one(tx, "SELECT 1 FROM seats") is None
    assert (await books(db, OTHER)).ok and (await wallets.balance(OTHER, ALICE)).wallet == 1000


async def test_departures_are_kept_until_the_bot_returns(db: Database) -> None:
    async with db.transaction() as tx:
        await privacy.departed(tx, 5, "2026-01-01T00:00:00")
        await privacy.departed(tx, 5, "2026-02-01T00:00:00")   # the first departure counts
        await privacy.departed(tx, 6, "2026-01-15T00:00:00")
        await privacy.returned(tx, 6)
        assert await privacy.departed_before(tx, "2026-01-10T00:00:00") == [5]
        assert await privacy.departed_before(tx, "2025-12-31T00:00:00") == []


async def test_the_leaderboard_comes_in_pages(wallets: WalletService) -> None:
    for n in range(PAGE + 3):
        await wallets.grant(G, 1, Person(100 + n), n + 1)
    first = await wallets.leaderboard(G, 100, "chips")
    last = await wallets.leaderboard(G, 100, "chips", page=5)   # past the end: the last page
    assert (first.page, first.pages, last.page) == (0, 2, 1)
    assert len(first.top) == PAGE and len(last.top) == 3
    assert [s.rank for s in first.top + last.top] == list(range(1, PAGE + 4))
    assert first.me is not None and first.me.rank == PAGE + 3
