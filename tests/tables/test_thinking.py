"""Seat bots think in a worker process: the same decisions as in place, and the table goes on."""

from __future__ import annotations

from bot.clock import FakeClock
from bot.games import GAMES
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import tables
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.test_service import ALICE, G, books_ok


async def bots_play_a_deal(db: Database, wallets: WalletService, clock: FakeClock, workers: int,
                           channel: int) -> list[dict]:
    """Alice opens a Bourré table with two bots and leaves: the bots play the deal out."""
    service = TableService(db, wallets, RecordingPresenter(), clock, games={"bourre": GAMES["bourre"]},
                           pacer=unpaced(), bot_workers=workers)
    try:
        t = (await service.open(G, channel, ALICE, "bourre", seed=99)).table_id
        await service.join(t, ALICE, "Alice")
        await service.add_bot(t, ALICE)
        await service.add_bot(t, ALICE)
        await service.start(t, ALICE)
        await service.leave(t, ALICE)
        await service.settle()
        assert (await service.snapshot(t)).status == "finished"
        async with db.read() as tx:
            return [entry["action"] for entry in await tables.actions(tx, t) if entry["seat"] in (1, 2)]
    finally:
        await service.stop()


async def test_bots_decide_the_same_in_a_worker_process_as_in_place(db: Database, wallets: WalletService,
                                                                    clock: FakeClock) -> None:
    in_place = await bots_play_a_deal(db, wallets, clock, 0, 100)
    in_worker = await bots_play_a_deal(db, wallets, clock, 1, 101)
    assert in_place and in_worker == in_place
    assert await books_ok(db)
