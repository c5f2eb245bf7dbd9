"""Spectator bets (DOM-23) through the table service: wallet -> escrow -> wallet, books balanced."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.clock import FakeClock
from bot.errors import NotEnoughChips, TableError
from bot.games import GAMES, IllegalAction
from bot.inputs import Person
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import ledger
from storage.db import Database, fetch_all
from storage.ledger import escrow

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.snapshots import person_at

G, C = 1, 100
PLAYERS = [11, 12, 13, 14]
ONLOOKER = 99


async def domino_table(db: Database, wallets: WalletService, presenter: RecordingPresenter,
                       clock: FakeClock) -> tuple[TableService, int]:
    service = TableService(db, wallets, presenter, clock, games={"buki_domino": GAMES["buki_domino"]}, pacer=unpaced())
    snap = await service.open(G, C, PLAYERS[0], "buki_domino", seed=3)
    for p in PLAYERS:
        await service.join(snap.table_id, p, f"P{p}")
    await service.start(snap.table_id, PLAYERS[0])
    return service, snap.table_id


async def play_until(service: TableService, table_id: int, done: Callable[[], Awaitable[bool]],
                     limit: int = 200) -> None:
    for _ in range(limit):
        if await done():
            return
        snap = await service.snapshot(table_id)
        assert snap.status == "playing"
        seat = snap.to_act[0]
        await service.act(table_id, person_at(snap, seat), await service.suggest(table_id, seat), snap.version)
    raise AssertionError("condition never reached")


async def window_open(service: TableService, table_id: int) -> bool:
    try:
        return bool(await service.spectator_choices(table_id, ONLOOKER))
    except TableError:
        return False


async def audit(db: Database, table_id: int, service: TableService) -> int:
    async with db.read() as tx:
        books = await ledger.audit(tx, G)
        held = await ledger.balance(tx, G, escrow(table_id))
    assert books.ok
    return held


async def test_an_onlooker_bets_and_is_paid_through_the_ledger(
        db: Database, wallets: WalletService, presenter: RecordingPresenter, clock: FakeClock) -> None:
    service, t = await domino_table(db, wallets, presenter, clock)
    await play_until(service, t, lambda: window_open(service, t))
    choices = await service.spectator_choices(t, ONLOOKER)
    seat, _, low, high = choices[0]
    with pytest.raises(TableError, match="only spectators may back a player"):
        await service.spectator_bet(t, PLAYERS[0], seat, low)
    with pytest.raises(IllegalAction):
        await service.spectator_bet(t, ONLOOKER, seat, high + 1)
    await wallets.give(G, ONLOOKER, Person(PLAYERS[1]), 1000 - low + 1)   # the onlooker keeps less than the bet
    with pytest.raises(NotEnoughChips):
        await service.spectator_bet(t, ONLOOKER, seat, low)
    await wallets.give(G, PLAYERS[1], Person(ONLOOKER), 1000 - low + 1)
    assert (await wallets.balance(G, ONLOOKER)).wallet == 1000
    await service.spectator_bet(t, ONLOOKER, seat, low)
    assert (await wallets.balance(G, ONLOOKER)).wallet == 1000 - low
    snap = await service.snapshot(t)
    assert await audit(db, t, service) == sum(snap.pots.values()) + sum(s.stack for s in snap.seats)
    assert any(str(ONLOOKER) in k for k in snap.pots)
    await play_until(service, t, lambda: _finished(service, t), limit=2000)
    assert await audit(db, t, service) == 0
    wallet = (await wallets.balance(G, ONLOOKER)).wallet
    async with db.read() as tx:
        paid = await fetch_all(tx, "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE to_account = :a "
                                         "AND kind LIKE 'spectator%'", {"a": f"user:{ONLOOKER}"})
    assert wallet == 1000 - low + paid[0][0]


async def _finished(service: TableService, table_id: int) -> bool:
    return (await service.snapshot(table_id)).status == "finished"


async def test_admin_close_refunds_spectator_chips(db: Database, wallets: WalletService,
                                                   presenter: RecordingPresenter, clock: FakeClock) -> None:
    service, t = await domino_table(db, wallets, presenter, clock)
    await play_until(service, t, lambda: window_open(service, t))
    seat, _, low, _ = (await service.spectator_choices(t, ONLOOKER))[0]
    await service.spectator_bet(t, ONLOOKER, seat, low)
    await service.close(t)
    assert (await wallets.balance(G, ONLOOKER)).wallet == 1000
    assert sum([(await wallets.balance(G, p)).wallet for p in PLAYERS]) == 4000
    assert await audit(db, t, service) == 0


async def test_games_without_spectator_bets_say_so(service: TableService) -> None:
    snap = await service.open(G, C, PLAYERS[0], "high_card")
    await service.join(snap.table_id, PLAYERS[0], "A")
    await service.join(snap.table_id, PLAYERS[1], "B")
    await service.start(snap.table_id, PLAYERS[0])
    with pytest.raises(TableError, match="takes no spectator bets"):
        await service.spectator_choices(snap.table_id, ONLOOKER)
