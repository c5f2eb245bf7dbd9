"""Tables that heal themselves and never stall (broken rows, failed bot moves, double clicks,
clicks from another server, tables nobody plays at), and who is told what, when."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.errors import StaleControl, TableError
from bot.games import GAMES
from bot.games.base import Event
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import ledger, saving, tables
from storage.db import Database, fetch_all
from storage.tables import TableRow

from tests.conftest import RecordingPresenter, unpaced
from tests.english import english
from tests.tables.snapshots import person_at, person_to_act, public
from tests.tables.test_service import ALICE, BOB, CAROL, G, books_ok, escrow_of, lobby, wallet_of
from tests.tables.toy_game import HighCard, Show

DAN = 14


@pytest.fixture
def toy_service(services: list[TableService]) -> Callable[..., TableService]:
    def make(db: Database, wallets: WalletService, clock: FakeClock, presenter: RecordingPresenter | None = None,
             games: dict[str, type] | None = None) -> TableService:
        service = TableService(db, wallets, presenter or RecordingPresenter(), clock,
                               games=games or {"high_card": HighCard}, pacer=unpaced(), retry_base_s=0)
        services.append(service)
        return service
    return make


async def two_tables(service: TableService) -> tuple[int, int]:
    good = await lobby(service, ALICE, BOB)
    await service.start(good, ALICE)
    bad = (await service.open(G, 200, CAROL, "high_card")).table_id
    await service.join(bad, CAROL, "Carol")
    await service.join(bad, DAN, "Dan")
    await service.start(bad, CAROL)
    await service.settle()
    return good, bad


async def saved_row(db: Database, table_id: int) -> TableRow:
    async with db.read() as tx:
        row = await tables.load(tx, table_id)
    assert row is not None
    return row


async def corrupt(db: Database, table_id: int, state: str) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE game_tables SET state = :s WHERE id = :t", {"s": state, "t": table_id})


async def test_a_corrupt_row_is_refunded_and_the_other_tables_deadlines_still_fire(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    good, bad = await two_tables(toy_service(db, wallets, clock))
    await corrupt(db, bad, "{not json")
    presenter = RecordingPresenter()
    second = toy_service(db, wallets, clock, presenter)   # a restart: nothing in memory
    clock.advance(61)
    assert await second.fire_due() == 2   # both were due; neither raised
    assert (await second.snapshot(bad)).status == "finished"
    assert await wallet_of(wallets, CAROL) == 1000 and await wallet_of(wallets, DAN) == 1000
    good_now = await second.snapshot(good)
    assert good_now.status == "playing" and good_now.version > 1   # its timeout was played
    assert await second.fire_due() == 0
    await second.settle()
    assert any("problem" in closing.text for _, _, closing in presenter.of("close"))
    assert await books_ok(db)


async def test_a_table_whose_chips_do_not_add_up_is_closed_and_refunded(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    service = toy_service(db, wallets, clock)
    t = await lobby(service, ALICE, BOB)
    snap = await service.start(t, ALICE)
    state = json.loads(str((await saved_row(db, t)).state))
    state["stacks"][0] += 5   # the game now claims 5 chips the escrow never received
    await corrupt(db, t, json.dumps(state))
    second = toy_service(db, wallets, clock)
    with pytest.raises(TableError, match="ran into a problem and was closed"):
        await second.act(t, person_to_act(snap), Show(), snap.version)
    assert (await second.snapshot(t)).status == "finished"
    assert await escrow_of(db, t) == 0
    assert await wallet_of(wallets, ALICE) + await wallet_of(wallets, BOB) == 2000
    assert await books_ok(db)


async def test_a_table_that_cannot_even_be_refunded_is_frozen_for_an_admin(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    good, bad = await two_tables(toy_service(db, wallets, clock))
    await corrupt(db, bad, "{not json")
    async with db.transaction() as tx:   # and the saved stacks claim more than the escrow holds
        await tx.execute("UPDATE seats SET stack = 999, deal_stack = 999 WHERE table_id = :t", {"t": bad})
    presenter = RecordingPresenter()
    second = toy_service(db, wallets, clock, presenter)
    assert await second.restore() == [good]
    await second.settle()
    row = await saved_row(db, bad)
    assert row.frozen and row.status == "playing" and row.deadline is None
    assert await escrow_of(db, bad) == 40   # untouched, for an admin to sort out
    assert any("set aside" in text for _, text in presenter.of("notice"))
    clock.advance(61)
    assert await second.fire_due() == 1   # only the good table is due
    with pytest.raises(TableError, match="set aside"):
        await second.act(bad, CAROL, Show(), row.version)


async def test_a_failed_bot_write_is_retried_and_the_table_goes_on(
        db: Database, wallets: WalletService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        toy_service: Callable[..., TableService]) -> None:
    service = toy_service(db, wallets, clock)
    t = (await service.open(G, 100, ALICE, "high_card", seed=7)).table_id
    await service.join(t, ALICE, "Alice")
    await service.add_bot(t, ALICE)
    snap = await service.start(t, ALICE)
    assert snap.to_act == (0,)   # Alice first, then the bot
    failures: list[bool] = []

    def fails_once(save: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def save_or_fail(*args: Any, **kwargs: Any) -> Any:
            if not failures:
                failures.append(True)
                raise OSError("disk hiccup")
            return await save(*args, **kwargs)
        return save_or_fail

    await service.act(t, ALICE, Show(), snap.version)   # commits; the bot's driver has not run yet
    monkeypatch.setattr(saving, "save", fails_once(saving.save))
    await service.settle()
    now = await service.snapshot(t)
    assert failures == [True]
    assert now.version > snap.version + 1   # the bot moved after all
    assert now.status == "finished" or now.to_act == (0,) and now.deadline is not None
    assert await books_ok(db)


async def test_a_seat_bot_that_fails_plays_its_timeout_move(
        db: Database, wallets: WalletService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        toy_service: Callable[..., TableService]) -> None:
    def broken(self: HighCard, seat: int, rng: object) -> object:
        raise RuntimeError("bot bug")

    monkeypatch.setattr(HighCard, "bot_action", broken)
    service = toy_service(db, wallets, clock)
    t = (await service.open(G, 100, ALICE, "high_card", seed=7)).table_id
    await service.join(t, ALICE, "Alice")
    await service.add_bot(t, ALICE)
    snap = await service.start(t, ALICE)
    if snap.to_act == (0,):
        await service.act(t, ALICE, Show(), snap.version)
    await service.settle()
    async with db.read() as tx:
        log = await tables.actions(tx, t)
    assert any(entry["seat"] == 1 and entry["action"] == {"kind": "fold"} for entry in log)   # TOY timeout: fold
    assert await books_ok(db)


async def test_a_double_click_plays_once_even_when_the_action_stays_legal(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    """Tripoley's Michigan Lead (TRI-31) stays legal after it is played; the second click of
    the same control (same version) must not play it again."""
    service = toy_service(db, wallets, clock, games={"tripoley": GAMES["tripoley"]})
    players = (ALICE, BOB, CAROL)
    t = (await service.open(G, 100, ALICE, "tripoley", seed=11)).table_id
    for p in players:
        await service.join(t, p, f"P{p}")
    await service.start(t, ALICE)
    for _ in range(500):
        snap = await service.snapshot(t)
        seat = snap.to_act[0]
        action = await service.suggest(t, seat)
        user = person_at(snap, seat)
        if action.kind == "lead":
            after = await service.act(t, user, action, snap.version)
            if seat in after.to_act and action in (await service.hand(t, user)).legal.get(seat, []):
                with pytest.raises(StaleControl, match="earlier turn"):
                    await service.act(t, user, action, snap.version)
                assert (await service.snapshot(t)).version == snap.version + 1
                assert await books_ok(db)
                return
            continue
        await service.act(t, user, action, snap.version)
    raise AssertionError("no lead that stayed legal was found")


async def test_the_same_interaction_is_never_applied_twice(service: TableService) -> None:
    t = await lobby(service, ALICE, BOB)
    snap = await service.start(t, ALICE)
    user = person_to_act(snap)
    await service.act(t, user, Show(), snap.version, interaction_id=555)
    with pytest.raises(StaleControl):
        await service.act(t, user, Show(), None, interaction_id=555)
    assert (await service.snapshot(t)).version == snap.version + 1


async def test_controls_act_only_for_their_tables_server(service: TableService, db: Database) -> None:
    t = await lobby(service, ALICE, BOB)
    stranger = 77
    with pytest.raises(TableError, match="another server"):
        await service.join(t, stranger, "Stranger", guild_id=999)
    with pytest.raises(TableError, match="another server"):
        await service.join(t, stranger, "Stranger", guild_id=0)   # a forged click from a DM
    async with db.read() as tx:
        assert await ledger.balance(tx, G, ledger.wallet(stranger)) == 0   # no starting grant was minted
        assert not await fetch_all(tx, "SELECT 1 FROM members WHERE user_id = :u", {"u": stranger})
    snap = await service.start(t, ALICE)
    user = person_to_act(snap)
    with pytest.raises(TableError, match="another server"):
        await service.act(t, user, Show(), snap.version, guild_id=999)
    assert (await service.snapshot(t)).version == snap.version


async def test_players_who_let_three_turns_run_out_leave_and_the_table_ends(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    service = toy_service(db, wallets, clock)
    t = await lobby(service, ALICE, BOB, options={"deals": "50"})
    await service.start(t, ALICE)
    fired = 0
    while (await service.snapshot(t)).status == "playing":
        clock.advance(31)
        fired += await service.fire_due()
        await service.settle()
        assert fired < 20, "the table kept playing by timeouts"
    assert await escrow_of(db, t) == 0
    assert await wallet_of(wallets, ALICE) + await wallet_of(wallets, BOB) == 2000
    async with db.read() as tx:
        log = await tables.actions(tx, t)
    assert any("turns in a row run out" in english(Event.from_dict(e)) for entry in log for e in entry["events"])
    assert await books_ok(db)


async def test_a_table_with_no_person_left_ends_with_the_deal(
        db: Database, wallets: WalletService, clock: FakeClock, toy_service: Callable[..., TableService]) -> None:
    service = toy_service(db, wallets, clock)
    t = (await service.open(G, 100, ALICE, "high_card", seed=7)).table_id
    await service.set_options(t, ALICE, {"deals": "50"})
    await service.join(t, ALICE, "Alice")
    await service.add_bot(t, ALICE)
    await service.add_bot(t, ALICE)
    await service.start(t, ALICE)
    await service.leave(t, ALICE)
    await service.settle()
    snap = await service.snapshot(t)
    assert snap.status == "finished"
    async with db.read() as tx:
        deals = [e for entry in await tables.actions(tx, t) for e in entry["events"] if e["kind"] == "summary"]
    assert len(deals) <= 1   # the deal under way ended, no new one was dealt
    assert await escrow_of(db, t) == 0
    assert await books_ok(db)


async def test_closing_mid_deal_voids_the_deal(db: Database, wallets: WalletService, clock: FakeClock,
                                               toy_service: Callable[..., TableService]) -> None:
    """Each player gets the stack they had when the deal began; chips earlier
    deals left on the mat are shared equally; the message says what each got back."""
    service = toy_service(db, wallets, clock, games={"tripoley": GAMES["tripoley"]})
    players = (ALICE, BOB, CAROL)
    t = (await service.open(G, 100, ALICE, "tripoley", seed=4)).table_id
    for p in players:
        await service.join(t, p, f"P{p}")
    await service.start(t, ALICE)
    for _ in range(2000):   # into a later deal, until a bet has moved chips out of a stack
        snap = await service.snapshot(t)
        row = await saved_row(db, t)
        begun = {s.seat: s.deal_stack for s in row.seats if s.deal_stack is not None}
        assert len(begun) == len(row.seats)
        if public(snap)["deal"] >= 2 and any(s.stack != begun[s.seat] for s in snap.seats):
            break
        seat = snap.to_act[0]
        await service.act(t, person_at(snap, seat), await service.suggest(t, seat), snap.version)
    else:
        raise AssertionError("no bet in a later deal")
    held = await escrow_of(db, t)
    rest = held - sum(begun.values())
    closed = await service.close(t)
    for i, s in enumerate(row.seats):
        expected = begun[s.seat] + rest // 3 + (1 if i < rest % 3 else 0)
        assert closed.payouts[s.seat] == expected
        assert f"P{s.user_id} ({expected:,})" in closed.text
    assert "void" in closed.text
    assert await escrow_of(db, t) == 0
    assert await books_ok(db)


async def test_a_player_is_told_once_per_decision_and_never_about_others_moves(
        service: TableService, presenter: RecordingPresenter) -> None:
    t = await lobby(service, ALICE, BOB, CAROL, options={"deals": "2"})
    snap = await service.start(t, ALICE)
    decisions: dict[int, int] = {0: 0, 1: 0, 2: 0}
    while snap.status == "playing":
        await service.settle()
        seat = snap.to_act[0]
        decisions[seat] += 1
        snap = await service.act(t, person_at(snap, seat), Show(), snap.version)
    await service.settle()
    prompts: dict[int, int] = {0: 0, 1: 0, 2: 0}
    for _, seat, _ in presenter.of("prompt"):
        prompts[seat] += 1
    for seat in prompts:   # a decision that follows the player's own click is answered by the click
        assert 0 < prompts[seat] <= decisions[seat]
    assert sum(prompts.values()) >= sum(decisions.values()) - 2


async def test_buy_ins_have_idempotency_keys_that_name_what_they_are(service: TableService, db: Database) -> None:
    t = await lobby(service, ALICE, BOB)
    async with db.read() as tx:
        keys = [r["idem_key"] for r in await fetch_all(tx, "SELECT idem_key FROM ledger WHERE kind = 'buy_in'")]
    assert sorted(keys) == sorted([f"buyin:{t}:{ALICE}:v0", f"buyin:{t}:{BOB}:v1"])


async def test_option_and_buy_in_ceilings_keep_sums_inside_64_bits(service: TableService) -> None:
    snap = await service.open(G, 100, ALICE, "high_card")
    with pytest.raises(TableError, match="buy_in must be"):
        await service.set_options(snap.table_id, ALICE, {"buy_in": str(2**63)})


async def test_a_cancelled_begin_leaves_no_transaction_open(db: Database) -> None:
    async def hold() -> None:
        async with db.transaction():
            await asyncio.Event().wait()

    task = asyncio.create_task(hold())
    await asyncio.sleep(0)   # let it reach BEGIN, then cancel it there
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with db.transaction() as tx:   # would fail with "cannot start a transaction within a transaction"
        await tx.execute("SELECT 1")
    assert await escrow_of(db, 1) == 0


async def test_a_move_on_a_table_another_writer_moved_on_writes_nothing(service: TableService, db: Database) -> None:
    """A click takes the game in memory without reading the version first; the save's version
    guard still refuses when the stored table moved on, and the next click reloads it."""
    t = await lobby(service, ALICE, BOB)
    snap = await service.start(t, ALICE)
    user = person_to_act(snap)
    async with db.transaction() as tx:   # another writer (another process, a repair) moved the table on
        await tx.execute("UPDATE game_tables SET version = version + 1 WHERE id = :t", {"t": t})
    with pytest.raises(StaleControl, match="changed meanwhile"):
        await service.act(t, user, Show(), None)
    async with db.read() as tx:
        assert len(await tables.actions(tx, t)) == 1   # only the start: nothing of the refused move
    now = await service.snapshot(t)
    assert now.version == snap.version + 1   # reloaded from the database
    await service.act(t, user, Show(), now.version)
    assert (await service.snapshot(t)).version == snap.version + 2
    assert await books_ok(db)
