"""The host's /table stop at a Marriage table (MAR-28 c), through the table service: the table
says the deal under way is the last, the game ends with it, and every stack goes back."""

from __future__ import annotations

from bot.clock import FakeClock
from bot.games.messages import from_json
from bot.wallet import WalletService
from storage.db import Database

from tests.english import english_msg
from tests.tables.snapshots import person_at, public
from tests.tables.test_service import ALICE, BOB, CAROL, books_ok, escrow_of, marriage_table, wallet_of


async def test_mar_28c_host_stop_ends_a_marriage_game_after_the_deal(db: Database, wallets: WalletService,
                                                                    clock: FakeClock) -> None:
    service, t = await marriage_table(db, wallets, clock)
    await service.request_stop(t, ALICE)
    snap = await service.snapshot(t)
    assert snap.status == "playing" and "The host asked to stop" in english_msg(from_json(public(snap)["ending"]))
    deal = public(snap)["deal_no"]
    for _ in range(3000):
        snap = await service.snapshot(t)
        if snap.status == "finished":
            break
        assert public(snap)["deal_no"] == deal              # no further deal is dealt
        seat = snap.to_act[0]
        await service.act(t, person_at(snap, seat), await service.suggest(t, seat), snap.version)
    assert (await service.snapshot(t)).status == "finished"
    assert await escrow_of(db, t) == 0 and await books_ok(db)
    assert sum([await wallet_of(wallets, p) for p in (ALICE, BOB, CAROL)]) == 3000
