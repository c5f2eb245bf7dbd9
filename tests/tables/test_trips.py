"""Every table action is one trip to the database, on both backends: the table is taken from
memory, changed, settled and saved in one statement (PostgreSQL) or one call into the database's
thread (SQLite). A trip the backend makes is counted by the backend itself (`Database.trips`)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable
from typing import Any, TypeVar

import pytest

from bot.clock import FakeClock
from bot.errors import NotEnoughChips, TableError
from bot.games import GAMES
from bot.games.base import Event
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import ledger, saving
from storage.db import Database, fetch_all
from storage.postgres import PostgresDatabase
from storage.sqlite import SqliteDatabase
from storage.tables import SeatRow

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.snapshots import person_to_act
from tests.tables.toy_game import HighCard, Show, say

pytestmark = pytest.mark.both_backends

G = 1
ALICE, BOB, CAROL = 11, 12, 13
T = TypeVar("T")


class ToppedHighCard(HighCard):
    """The toy game, where a player may add chips to their stack at any time."""

    def top_up(self, seat: int, amount: int) -> list[Event]:
        self.d["stacks"][seat] += amount
        return [Event("top_up", say(f"{seat} adds {amount}."), seat)]


async def one(db: Database, service: TableService, call: Awaitable[T]) -> tuple[int, T]:
    """The trips `call` made, with nothing else running (its table's messages are shown first)."""
    await service.settle()
    before = db.trips
    result = await call
    return db.trips - before, result


@pytest.fixture
def service(db: Database, wallets: WalletService, presenter: RecordingPresenter,
            clock: FakeClock) -> TableService:
    return TableService(db, wallets, presenter, clock, games={"high_card": ToppedHighCard}, pacer=unpaced())


async def test_every_action_kind_is_one_trip(db: Database, service: TableService, wallets: WalletService) -> None:
    await service.open(G, 99, ALICE, "high_card")   # the server's settings are read once, then kept
    trips, snap = await one(db, service, service.open(G, 100, ALICE, "high_card", seed=7))
    t = snap.table_id
    assert trips == 1
    for user in (ALICE, BOB, CAROL):   # newcomers: their starting grant comes in the same save
        trips, snap = await one(db, service, service.join(t, user, f"P{user}"))
        assert trips == 1 and snap.seat_of(user) is not None
    trips, snap = await one(db, service, service.add_bot(t, ALICE))
    assert trips == 1 and len(snap.seats) == 4
    trips, _ = await one(db, service, service.leave(t, BOB))
    assert trips == 1 and (await service.snapshot(t)).seat_of(BOB) is None
    trips, snap = await one(db, service, service.set_options(t, ALICE, {"deals": "5"}))
    assert trips == 1 and snap.options["deals"] == 5
    trips, snap = await one(db, service, service.start(t, ALICE))
    assert trips == 1 and snap.status == "playing"
    version = snap.version
    trips, snap = await one(db, service, service.act(t, ALICE, Show(), version))
    assert trips == 1 and snap.version == version + 1
    trips, _ = await one(db, service, service.top_up(t, CAROL, 5))
    carol = (await service.snapshot(t)).seat_of(CAROL)
    assert trips == 1 and carol is not None and carol.buy_in == 25
    trips, _ = await one(db, service, service.leave(t, CAROL))
    carol = (await service.snapshot(t)).seat_of(CAROL)
    assert trips == 1 and carol is not None and carol.leaving
    trips, closed = await one(db, service, service.close(t))
    assert trips == 1 and closed.snapshot.status == "finished"
    lobby = (await service.open(G, 101, BOB, "high_card")).table_id
    trips, snap = await one(db, service, service.cancel(lobby, BOB))
    assert trips == 1 and snap.status == "finished"
    async with db.read() as tx:
        assert (await ledger.audit(tx, G)).ok


async def test_moves_of_many_tables_waiting_together_are_one_trip(db: Database, service: TableService,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    for i in range(10):
        t = (await service.open(G, 200 + i, ALICE, "high_card", seed=i)).table_id
        await service.join(t, ALICE, "Alice")
        await service.join(t, BOB, "Bob")
        made.append(await service.start(t, ALICE))
    await service.settle()
    saved_at: list[int] = []   # the trips made when each save returned (its table's messages follow)
    real = saving.save

    async def save(database: Database, s: saving.TableSave) -> None:
        await real(database, s)
        saved_at.append(db.trips)

    monkeypatch.setattr(saving, "save", save)
    before = db.trips
    after = await asyncio.gather(*(service.act(s.table_id, person_to_act(s), Show(), s.version)
                                   for s in made))
    assert saved_at == [before + 1] * 10
    assert [s.version for s in after] == [s.version + 1 for s in made]


async def test_a_channel_opened_twice_at_once_holds_one_table(db: Database, service: TableService) -> None:
    opened = await asyncio.gather(*(service.open(G, 300, user, "high_card") for user in (ALICE, BOB)),
                                  return_exceptions=True)
    refused = [r for r in opened if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], TableError)
    assert "already has a table" in str(refused[0])


async def test_seat_bots_playing_cost_at_most_two_statements_a_move(db: Database, wallets: WalletService,
                                                                     clock: FakeClock) -> None:
    """Everything the database is sent while a person plays Gin Rummy against a seat bot at bot
    delay 0 (saves, message ids), against the moves logged."""
    service = TableService(db, wallets, RecordingPresenter(), clock, pacer=unpaced(),
                           games={"gin_rummy": GAMES["gin_rummy"]})
    t = (await service.open(G, 400, ALICE, "gin_rummy", seed=3)).table_id
    await service.join(t, ALICE, "Alice")
    await service.add_bot(t, ALICE)
    snap = await service.start(t, ALICE)
    started = snap.version
    await service.settle()
    before = db.statements
    moves = 0
    while snap.status == "playing" and moves < 60:
        await service.settle()
        snap = await service.hand(t, ALICE)
        if 0 not in snap.to_act:
            break
        snap = await service.act(t, ALICE, await service.suggest(t, 0), snap.version)
        moves += 1
    await service.settle()
    statements = db.statements - before
    logged = await _logged(db, t, after=started)
    assert moves >= 20 and logged > moves   # the bot played too
    if isinstance(db, PostgresDatabase):
        assert statements <= 2 * logged
    else:
        assert isinstance(db, SqliteDatabase)   # a trip there runs several statements in its thread


async def _logged(db: Database, t: int, after: int) -> int:
    async with db.read() as tx:
        rows: list[Any] = await fetch_all(tx, "SELECT version FROM table_actions WHERE table_id = :t AND version > :v",
                                          {"t": t, "v": after})
    return len(rows)


async def test_a_save_that_cannot_be_paid_writes_nothing_and_spares_the_others(
        db: Database, service: TableService, wallets: WalletService) -> None:
    """Two saves in one trip: a buy-in the wallet cannot pay, and a move; only the first fails."""
    t = (await service.open(G, 500, ALICE, "high_card", seed=1)).table_id
    await service.join(t, ALICE, "Alice")
    await service.join(t, BOB, "Bob")
    snap = await service.start(t, ALICE)
    lobby = (await service.open(G, 501, CAROL, "high_card")).table_id
    await service.set_options(lobby, CAROL, {"buy_in": "5000"})
    results = await asyncio.gather(service.join(lobby, CAROL, "Carol"),
                                   service.act(t, ALICE, Show(), snap.version), return_exceptions=True)
    assert isinstance(results[0], NotEnoughChips) and "1,000" in str(results[0])   # what her grant would be
    assert not isinstance(results[1], BaseException) and results[1].version == snap.version + 1
    assert (await service.snapshot(lobby)).seats == ()
    async with db.read() as tx:
        assert not await fetch_all(tx, "SELECT 1 FROM members WHERE user_id = :u", {"u": CAROL})   # not even that
        assert (await ledger.audit(tx, G)).ok
    assert (await wallets.balance(G, CAROL)).wallet == 1000


def test_a_seats_copy_keeps_every_field() -> None:
    """A unit saves the seats that differ from their copies taken as it began: a field the copy
    forgot would never be saved."""
    values = {f.name: f"v{i}" for i, f in enumerate(dataclasses.fields(SeatRow))}
    seat = SeatRow(**values)   # type: ignore[arg-type]
    assert dataclasses.asdict(seat.copy()) == values and seat.copy() is not seat
