"""A player is pinged when they must act and were not told yet: once a deal while they play
along (later turns edit the message they have), again after a decision of theirs timed out."""

from __future__ import annotations

import random

from bot.clock import FakeClock
from bot.games import GAMES
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.snapshots import public

G, C, ALICE = 1, 100, 11


async def _marriage_with_two_bots(db: Database, wallets: WalletService, presenter: RecordingPresenter,
                                  clock: FakeClock) -> tuple[TableService, int]:
    service = TableService(db, wallets, presenter, clock, games={"marriage": GAMES["marriage"]}, pacer=unpaced(),
                           retry_base_s=0)
    t = (await service.open(G, C, ALICE, "marriage", seed=4)).table_id
    await service.join(t, ALICE, "alice", 100)
    for _ in range(2):
        await service.add_bot(t, ALICE)
    await service.start(t, ALICE)
    await service.settle()
    return service, t


async def _turn(service: TableService, t: int, rng: random.Random) -> None:
    """Alice's decision, as a player who looks at her hand and picks a move."""
    snap = await service.hand(t, ALICE)
    seat = snap.seat_of(ALICE)
    assert seat is not None and seat.seat in snap.to_act
    await service.act(t, ALICE, rng.choice(snap.legal[seat.seat]), snap.version)
    await service.settle()


def _prompts(presenter: RecordingPresenter, deal_of: int) -> int:
    """The new hand messages (each one a notification) sent to Alice during the deal numbered so."""
    return sum(1 for snap, seat, _ in presenter.of("prompt") if snap.seats[seat].user_id == ALICE
               and (snap.public or {}).get("deal_no") == deal_of)


async def test_a_player_who_plays_along_is_pinged_once_a_deal(db: Database, wallets: WalletService,
                                                              clock: FakeClock) -> None:
    presenter = RecordingPresenter()
    service, t = await _marriage_with_two_bots(db, wallets, presenter, clock)
    rng = random.Random(1)
    for _ in range(8):
        await _turn(service, t, rng)
    assert public(await service.snapshot(t))["deal_no"] == 1   # still the first deal
    assert _prompts(presenter, 1) == 1
    edits = [call for call in presenter.of("hand") if call[0].seats[call[1]].user_id == ALICE]
    assert len(edits) >= 7   # each later turn: the same message, edited to ask again


async def test_a_player_whose_turn_timed_out_is_pinged_again(db: Database, wallets: WalletService,
                                                             clock: FakeClock) -> None:
    presenter = RecordingPresenter()
    service, t = await _marriage_with_two_bots(db, wallets, presenter, clock)
    rng = random.Random(2)
    await _turn(service, t, rng)
    before = _prompts(presenter, 1)
    for _ in range(2):   # her draw, then her discard (the turn's two decisions) time out; the bots play on
        clock.advance(3600)
        await service.autoplay.fire_due()
        await service.settle()
    snap = await service.snapshot(t)
    assert public(snap)["deal_no"] == 1 and ALICE in [snap.seats[s].user_id for s in snap.to_act]
    assert _prompts(presenter, 1) == before + 1
