"""The table service driven without Discord: lobby, buy-ins, actions, deadlines, leaving, restarts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.errors import NotEnoughChips, NotSeated, StaleControl, TableError
from bot.games import IllegalAction
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import ledger, tables
from storage.db import Database
from storage.ledger import escrow

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.snapshots import person_at, person_to_act, public
from tests.tables.toy_game import Fold, HighCard, Show

pytestmark = pytest.mark.both_backends

G, C = 1, 100
ALICE, BOB, CAROL = 11, 12, 13


async def wallet_of(wallets: WalletService, user: int) -> int:
    return (await wallets.balance(G, user)).wallet


async def escrow_of(db: Database, table_id: int) -> int:
    async with db.read() as tx:
        return await ledger.balance(tx, G, escrow(table_id))


async def books_ok(db: Database) -> bool:
    async with db.read() as tx:
        return (await ledger.audit(tx, G)).ok


async def marriage_table(db: Database, wallets: WalletService, clock: FakeClock) -> tuple[TableService, int]:
    """A Marriage game under way between Alice, Bob and Carol, 100 chips each."""
    from bot.games import GAMES
    service = TableService(db, wallets, RecordingPresenter(), clock, games={"marriage": GAMES["marriage"]},
                           pacer=unpaced())
    t = (await service.open(G, C, ALICE, "marriage", seed=2)).table_id
    for p in (ALICE, BOB, CAROL):
        await service.join(t, p, f"P{p}", 100)
    await service.start(t, ALICE)
    return service, t


async def lobby(service: TableService, *players: int, options: dict[str, Any] | None = None) -> int:
    snap = await service.open(G, C, players[0], "high_card", seed=7)
    for name, value in (options or {}).items():
        await service.set_options(snap.table_id, players[0], {name: value})
    for p in players:
        await service.join(snap.table_id, p, f"P{p}")
    return snap.table_id


async def test_lobby_join_start_and_play_to_the_end(service: TableService, wallets: WalletService, db: Database,
                                                    presenter: RecordingPresenter) -> None:
    t = await lobby(service, ALICE, BOB)
    assert await wallet_of(wallets, ALICE) == 980
    assert await escrow_of(db, t) == 40
    snap = await service.start(t, ALICE)
    assert snap.status == "playing"
    while (snap := await service.snapshot(t)).status == "playing":
        seat = snap.to_act[0]
        await service.act(t, person_at(snap, seat), Show(), snap.version)
        escrow, after = await escrow_of(db, t), await service.snapshot(t)
        assert escrow == sum(snap.pots.values()) + sum(s.stack for s in after.seats) or after.status == "finished"
    assert await escrow_of(db, t) == 0
    assert await wallet_of(wallets, ALICE) + await wallet_of(wallets, BOB) == 2000
    assert await books_ok(db)
    await service.settle()
    closed = [closing.text for _, _, closing in presenter.of("close")]
    # each deal's final words are shown once: in its own message, or merged with those of deals
    # that ended before their message could go out (a slow machine)
    assert sum(text.count("wins the pot") for text in closed) == 3
    assert presenter.of("game_over")


async def test_only_one_table_per_channel(service: TableService) -> None:
    await service.open(G, C, ALICE, "high_card")
    with pytest.raises(TableError, match="already has a table"):
        await service.open(G, C, BOB, "high_card")


async def test_buy_in_larger_than_the_wallet_is_refused(service: TableService, wallets: WalletService,
                                                        db: Database) -> None:
    snap = await service.open(G, C, ALICE, "high_card")
    await service.set_options(snap.table_id, ALICE, {"buy_in": "1500"})
    with pytest.raises(NotEnoughChips, match="wallet holds 1,000"):
        await service.join(snap.table_id, ALICE, "Alice")
    assert await wallet_of(wallets, ALICE) == 1000
    assert await escrow_of(db, snap.table_id) == 0


async def test_options_are_validated_with_a_clear_message(service: TableService) -> None:
    snap = await service.open(G, C, ALICE, "high_card")
    with pytest.raises(TableError, match="deals must be 1–50"):
        await service.set_options(snap.table_id, ALICE, {"deals": "0"})
    with pytest.raises(TableError, match="Only the player who opened"):
        await service.set_options(snap.table_id, BOB, {"deals": "5"})
    snap = await service.set_options(snap.table_id, ALICE, {"deals": "5"})
    assert snap.options["deals"] == 5


async def test_buy_in_cannot_change_under_seated_players(service: TableService) -> None:
    t = await lobby(service, ALICE, BOB)
    with pytest.raises(TableError, match="already bought in"):
        await service.set_options(t, ALICE, {"buy_in": "30"})


async def test_double_join_and_full_table(service: TableService) -> None:
    t = await lobby(service, ALICE, BOB)
    with pytest.raises(TableError, match="already seated"):
        await service.join(t, ALICE, "Alice")
    await service.join(t, CAROL, "Carol")
    await service.add_bot(t, ALICE)
    with pytest.raises(TableError, match="full"):
        await service.join(t, 14, "Dan")


async def test_leaving_the_lobby_refunds(service: TableService, wallets: WalletService, db: Database) -> None:
    t = await lobby(service, ALICE, BOB)
    await service.leave(t, BOB)
    assert await wallet_of(wallets, BOB) == 1000
    with pytest.raises(NotSeated):
        await service.leave(t, BOB)
    assert await escrow_of(db, t) == 20


async def test_cancel_refunds_everyone_and_only_the_host_may(service: TableService, wallets: WalletService,
                                                              db: Database) -> None:
    t = await lobby(service, ALICE, BOB)
    await service.add_bot(t, ALICE)
    with pytest.raises(TableError):
        await service.cancel(t, BOB)
    snap = await service.cancel(t, ALICE)
    assert snap.status == "finished"
    assert await wallet_of(wallets, ALICE) == await wallet_of(wallets, BOB) == 1000
    assert await escrow_of(db, t) == 0
    assert await books_ok(db)


async def test_start_needs_enough_players_and_the_host(service: TableService) -> None:
    t = await lobby(service, ALICE)
    with pytest.raises(TableError, match="at least 2 players"):
        await service.start(t, ALICE)
    await service.join(t, BOB, "Bob")
    with pytest.raises(TableError, match="Only the player who opened"):
        await service.start(t, BOB)


async def test_a_lobby_closed_by_the_start_clicks_reply_is_freed_in_the_starts_own_save(
        service: TableService, db: Database, presenter: RecordingPresenter) -> None:
    """The Start click's reply closes the lobby's message: the start's save frees it (a restart
    puts the game in a new message), so the table's first message waits for no write before it."""
    t = await lobby(service, ALICE, BOB)
    await service.settle()
    lobby_message = await message_of(db, t)
    assert lobby_message is not None
    saved: list[int | None] = []
    real_save = service.save_message

    async def save_message(table_id: int, message_id: int | None) -> None:
        saved.append(message_id)
        await real_save(table_id, message_id)

    service.save_message = save_message   # type: ignore[method-assign]
    await service.start(t, ALICE, reply_closes=True)
    assert await message_of(db, t) is None
    await service.settle()
    assert None not in saved
    _, _, edited = presenter.of("table")[-1]
    assert edited is None and await message_of(db, t) not in (None, lobby_message)   # a message of its own


async def message_of(db: Database, table_id: int) -> int | None:
    async with db.read() as tx:
        row = await tables.load(tx, table_id)
    assert row is not None
    return row.message_id


async def test_out_of_turn_stale_and_unseated_actions_change_nothing(service: TableService, db: Database) -> None:
    t = await lobby(service, ALICE, BOB)
    snap = await service.start(t, ALICE)
    first = person_to_act(snap)
    other = BOB if first == ALICE else ALICE
    with pytest.raises(IllegalAction):
        await service.act(t, other, Show(), snap.version)
    with pytest.raises(NotSeated):
        await service.act(t, CAROL, Show(), snap.version)
    await service.act(t, first, Show(), snap.version)
    with pytest.raises(StaleControl, match="earlier turn"):
        await service.act(t, first, Show(), snap.version)
    after = await service.snapshot(t)
    assert after.version == snap.version + 1


async def test_deadline_plays_the_timeout_action(service: TableService, clock: FakeClock) -> None:
    t = await lobby(service, ALICE, BOB)
    snap = await service.start(t, ALICE)
    assert snap.deadline is not None
    assert await service.fire_due() == 0
    clock.advance(59)  # the server's 60 s timer (the toy game's own default is 30)
    assert await service.fire_due() == 0
    clock.advance(2)
    assert await service.fire_due() == 1
    after = await service.snapshot(t)
    assert after.version == snap.version + 1
    async with service.db.read() as tx:
        log = await tables.actions(tx, t)
    assert log[-1]["action"] == {"kind": "fold"}
    assert any(e["kind"] == "timeout" for e in log[-1]["events"])


async def test_bots_play_their_turns(service: TableService, db: Database, wallets: WalletService) -> None:
    t = await lobby(service, ALICE)
    await service.add_bot(t, ALICE)
    await service.add_bot(t, ALICE)
    await service.start(t, ALICE)
    while (snap := await service.snapshot(t)).status == "playing":
        await service.settle()
        snap = await service.snapshot(t)
        if snap.status != "playing":
            break
        assert snap.to_act and snap.seats[snap.to_act[0]].user_id == ALICE
        await service.act(t, ALICE, Fold(), snap.version)
        await service.settle()
    assert await escrow_of(db, t) == 0
    assert await books_ok(db)
    history = await wallets.history(G, ALICE)
    assert await wallet_of(wallets, ALICE) == 1000 + history[0].net
    async with db.read() as tx:
        movers = {entry["seat"] for entry in await tables.actions(tx, t)}
    assert {1, 2} <= movers  # the bots moved on their own


async def test_leaving_mid_deal_plays_timeouts_then_pays_out(service: TableService, wallets: WalletService,
                                                               db: Database) -> None:
    t = await lobby(service, ALICE, BOB, CAROL)
    snap = await service.start(t, ALICE)
    reply = await service.leave(t, CAROL)
    assert "end of this deal" in reply
    await service.settle()
    while (snap := await service.snapshot(t)).status == "playing" and snap.seats[2].present:
        await service.act(t, person_to_act(snap), Show(), snap.version)
        await service.settle()
    assert not snap.seats[2].present
    assert await wallet_of(wallets, CAROL) == 1000 - 1  # her ante, her fold
    assert await escrow_of(db, t) == sum(s.stack for s in snap.seats if s.present) + sum(snap.pots.values())
    assert await books_ok(db)


async def test_restart_restores_tables_and_refunds_unloadable_ones(db: Database, wallets: WalletService,
                                                                  clock: FakeClock) -> None:
    first = TableService(db, wallets, RecordingPresenter(), clock, games={"high_card": HighCard}, pacer=unpaced())
    good = await lobby(first, ALICE, BOB)
    await first.start(good, ALICE)
    bad = (await first.open(G, 200, CAROL, "high_card")).table_id
    await first.join(bad, CAROL, "Carol")
    await first.join(bad, 14, "Dan")
    await first.start(bad, CAROL)
    await first.settle()
    async with db.transaction() as tx:  # corrupt the second table's state
        await tx.execute("UPDATE game_tables SET state = :s WHERE id = :t", {"s": json.dumps({"format": 99}), "t": bad})
    presenter = RecordingPresenter()
    second = TableService(db, wallets, presenter, clock, games={"high_card": HighCard}, pacer=unpaced())
    restored = await second.restore()
    assert restored == [good]
    assert (await second.snapshot(bad)).status == "finished"
    assert await wallet_of(wallets, CAROL) == 1000 and await wallet_of(wallets, 14) == 1000
    await second.settle()
    closed = {snap.table_id: closing.text for snap, _, closing in presenter.of("close")}
    assert "problem" in closed[bad] and "Carol (20)" in closed[bad]  # the bad table says why, and who got what
    edited = [snap.table_id for snap, _, message_id in presenter.of("table") if message_id is not None]
    assert good in edited   # the good table's existing message is edited in place, not posted again
    assert await books_ok(db)


async def test_admin_close_mid_game_refunds_stacks_and_pot(service: TableService, wallets: WalletService,
                                                          db: Database) -> None:
    t = await lobby(service, ALICE, BOB, CAROL)
    await service.start(t, ALICE)
    snap = (await service.close(t)).snapshot
    assert snap.status == "finished"
    assert await escrow_of(db, t) == 0
    assert sum([await wallet_of(wallets, p) for p in (ALICE, BOB, CAROL)]) == 3000
    assert await books_ok(db)


async def test_new_tables_take_the_server_turn_timer(service: TableService, wallets: WalletService,
                                                     clock: FakeClock) -> None:
    await wallets.set_setting(G, "turn_timeout_s", 45)
    t = await lobby(service, ALICE, BOB)
    snap = await service.snapshot(t)
    assert snap.options["turn_timeout_s"] == 45
    started = await service.start(t, ALICE)
    assert started.deadline is not None and (started.deadline - clock()).total_seconds() == 45


async def test_deadlines_fire_after_a_restart(db: Database, wallets: WalletService, clock: FakeClock) -> None:
    first = TableService(db, wallets, RecordingPresenter(), clock, games={"high_card": HighCard}, pacer=unpaced())
    t = await lobby(first, ALICE, BOB)
    snap = await first.start(t, ALICE)
    second = TableService(db, wallets, RecordingPresenter(), clock, games={"high_card": HighCard}, pacer=unpaced())
    await second.restore()
    clock.advance(61)
    assert await second.fire_due() == 1
    assert (await second.snapshot(t)).version == snap.version + 1


async def test_a_player_away_for_the_afk_limit_leaves_and_the_gin_table_ends(db: Database, wallets: WalletService,
                                                                            clock: FakeClock) -> None:
    """The last missed turn's move is played before the player is marked leaving (Gin Rummy
    refuses a move from a seat on its way out, which left the table stuck at that deadline)."""
    service = TableService(db, wallets, RecordingPresenter(), clock, pacer=unpaced(), afk_limit=2)
    t = (await service.open(G, C, ALICE, "gin_rummy", seed=7)).table_id
    await service.join(t, ALICE, "Alice")
    await service.add_bot(t, ALICE)
    await service.start(t, ALICE)
    for _ in range(2):
        clock.advance(3600)
        assert await service.fire_due() == 1
        await service.settle()
    snap = await service.snapshot(t)
    assert snap.status == "finished" and snap.seats[0].cashed_out is not None
    assert await escrow_of(db, t) == 0 and await books_ok(db)


async def test_host_stop_ends_a_tripoley_game_after_the_deal(db: Database, wallets: WalletService,
                                                            clock: FakeClock) -> None:
    from bot.games import GAMES
    service = TableService(db, wallets, RecordingPresenter(), clock, games={"tripoley": GAMES["tripoley"]},
                           pacer=unpaced())
    t = (await service.open(G, C, ALICE, "tripoley", seed=5)).table_id
    for p in (ALICE, BOB):
        await service.join(t, p, f"P{p}")
    await service.start(t, ALICE)
    with pytest.raises(TableError, match="Only the player who opened"):
        await service.request_stop(t, BOB)
    await service.request_stop(t, ALICE)
    for _ in range(500):
        snap = await service.snapshot(t)
        if snap.status == "finished":
            break
        seat = snap.to_act[0]
        await service.act(t, person_at(snap, seat), await service.suggest(t, seat), snap.version)
    assert (await service.snapshot(t)).status == "finished"
    assert await escrow_of(db, t) == 0 and await books_ok(db)
    assert await wallet_of(wallets, ALICE) + await wallet_of(wallets, BOB) == 2000


async def test_games_without_a_host_stop_say_how_they_end(service: TableService) -> None:
    t = await lobby(service, ALICE, BOB)
    await service.start(t, ALICE)
    with pytest.raises(TableError, match="ends by its own rules"):
        await service.request_stop(t, ALICE)


async def test_top_up_between_deals_moves_wallet_chips_into_the_game(db: Database, wallets: WalletService,
                                                                     clock: FakeClock) -> None:
    service, t = await marriage_table(db, wallets, clock)
    with pytest.raises(IllegalAction, match="between deals"):
        await service.top_up(t, BOB, 50)
    for _ in range(2000):
        snap = await service.snapshot(t)
        if public(snap)["phase_id"] == "between":
            break
        seat = snap.to_act[0]
        await service.act(t, person_at(snap, seat), await service.suggest(t, seat), snap.version)
    stack = (await service.snapshot(t)).seats[1].stack
    with pytest.raises(NotEnoughChips):
        await service.top_up(t, BOB, 5000)
    await service.top_up(t, BOB, 50)
    snap = await service.snapshot(t)
    assert snap.seats[1].stack == stack + 50 and snap.seats[1].buy_in == 150
    assert await wallet_of(wallets, BOB) == 1000 - 150
    assert await escrow_of(db, t) == sum(s.stack for s in snap.seats) + sum(snap.pots.values())
    assert await books_ok(db)
    with pytest.raises(NotSeated):
        await service.top_up(t, 77, 10)
