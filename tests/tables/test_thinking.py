"""Seat bots: runs of moves at bot delay 0, and thinking in worker processes. Either way the bots
make the same decisions as one move at a time in place, and the table goes on. Bots paced for
people wait until the table is shown."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import statistics
from typing import Any

import orjson
import pytest

import bot.tables.autoplay as autoplay
from bot.clock import FakeClock
from bot.games import GAMES
from bot.games.base import action_to_dict
from bot.games.bourre.game import Bourre
from bot.games.options import resolve_options
from bot.tables.service import TableService
from bot.tables.thinking import RUN_LIMIT, bot_pause, bot_seed, next_in_run, plan
from bot.wallet import WalletService
from bot.workers import name_of
from storage import saving, tables
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.test_service import ALICE, G, books_ok

Log = list[tuple[int, int | None, dict[str, Any], list[dict[str, Any]]]]


def bourre_service(db: Database, wallets: WalletService, clock: FakeClock, workers: int = 0) -> TableService:
    return TableService(db, wallets, RecordingPresenter(), clock, games={"bourre": GAMES["bourre"]},
                        pacer=unpaced(), bot_workers=workers)


async def log_of(db: Database, table_id: int) -> Log:
    async with db.read() as tx:
        return [(e["version"], e["seat"], e["action"], e["events"]) for e in await tables.actions(tx, table_id)]


async def bots_play_a_deal(db: Database, wallets: WalletService, clock: FakeClock, workers: int,
                           channel: int) -> list[dict[str, Any]]:
    """Alice opens a Bourré table with two bots and leaves: the bots play the deal out."""
    service = bourre_service(db, wallets, clock, workers)
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


async def alice_and_three_bots(db: Database, wallets: WalletService, clock: FakeClock, channel: int,
                               workers: int = 0, until_version: int = 80) -> Log:
    """Alice plays her first legal move at each of her turns at a Bourré table of four; the
    three bots move between her turns. The table's log up to `until_version`."""
    service = bourre_service(db, wallets, clock, workers)
    try:
        t = (await service.open(G, channel, ALICE, "bourre", seed=7)).table_id
        await service.join(t, ALICE, "Alice")
        for _ in range(3):
            await service.add_bot(t, ALICE)
        await service.start(t, ALICE)
        while True:
            await service.settle()
            snap = await service.hand(t, ALICE)
            if snap.status != "playing" or snap.version >= until_version:
                break
            assert snap.to_act == (0,), "the bots moved until it was Alice's turn"
            await service.act(t, ALICE, snap.legal[0][0], snap.version)
        assert await books_ok(db)
        return await log_of(db, t)
    finally:
        await service.stop()


class HeldTable(RecordingPresenter):
    """The table's messages wait until released (Discord slow to take them)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def show_table(self, snap: Any, recent: list[Any], message_id: int | None,
                         picture: bool = True) -> int | None:
        await self.release.wait()
        return await super().show_table(snap, recent, message_id, picture)


async def test_bots_paced_for_people_wait_until_the_table_is_shown(db: Database, wallets: WalletService,
                                                                    clock: FakeClock) -> None:
    """A started table's message is slow to go up: its seat bots do not move until it is, so the
    players' first sight of the deal is not moves already made."""
    presenter = HeldTable()
    service = TableService(db, wallets, presenter, clock, games={"bourre": GAMES["bourre"]}, pacer=unpaced(),
                           bot_delay_s=0.001)
    seen = asyncio.Event()
    asked, moved = [], []
    real_shown, real_move = service.shown, service.autoplay.auto_move

    async def shown(table_id: int) -> None:
        asked.append(table_id)
        seen.set()
        await real_shown(table_id)

    async def auto_move(table_id: int, seat: int, *args: Any, **kwargs: Any) -> int | None:
        moved.append((len(presenter.of("table")), seat))
        seen.set()
        return await real_move(table_id, seat, *args, **kwargs)

    service.shown = shown   # type: ignore[method-assign]
    service.autoplay.auto_move = auto_move   # type: ignore[method-assign]
    try:
        t = (await service.open(G, 700, ALICE, "bourre", seed=3)).table_id
        for _ in range(3):
            await service.add_bot(t, ALICE)
        presenter.release.set()   # the lobby goes up
        await service.settle()
        presenter.release.clear()
        await service.start(t, ALICE)
        await seen.wait()   # the first bot's turn: it asks whether the table is up, or moves
        assert asked == [t] and not moved
        seen.clear()
        presenter.release.set()
        await seen.wait()
        assert moved[0][0] >= 2, "the first bot moved once the table was up"
    finally:
        await service.stop()
    assert await books_ok(db)


def count_saves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many saves each move's unit made (one entry per save: the versions it logged)."""
    saves: list[int] = []
    real = saving.save

    async def counted(db: Any, save: saving.TableSave) -> None:
        if save.log:
            saves.append(len(save.log))
        await real(db, save)

    monkeypatch.setattr(saving, "save", counted)
    return saves


async def test_bots_without_a_delay_move_in_runs_saved_once_with_a_version_each(
        db: Database, wallets: WalletService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = count_saves(monkeypatch)
    in_runs = await alice_and_three_bots(db, wallets, clock, 100)
    runs = list(saves)
    saves.clear()
    monkeypatch.setattr(autoplay, "RUN_LIMIT", 1)
    one_by_one = await alice_and_three_bots(db, wallets, clock, 101)
    assert in_runs == one_by_one   # the same moves, versions, seats and events
    versions = [version for version, *_ in in_runs]
    assert versions == list(range(versions[0], versions[0] + len(in_runs)))   # a version per move
    assert sum(runs) == sum(saves) == len(in_runs)
    assert max(runs) > 1 and max(saves) == 1
    assert len(runs) < len(saves)   # fewer saves for the same moves


async def test_a_run_ends_where_a_deal_ends(db: Database, wallets: WalletService, clock: FakeClock,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """What follows a deal (its results, stacks, who leaves) is settled before anyone moves on."""
    saves = count_saves(monkeypatch)
    log = await alice_and_three_bots(db, wallets, clock, 100, until_version=400)
    ends = [version for version, _, _, events in log if any(e["kind"] == "summary" for e in events)]
    assert ends, "a deal ended"
    before = log[0][0] - 1   # the lobby's versions are not moves
    saved_at = {before + sum(saves[:i + 1]): saves[i] for i in range(len(saves))}   # version after a save: moves
    assert set(ends) <= set(saved_at)
    assert any(saved_at[end] > 1 for end in ends), "a bots' run ended a deal"


async def test_bots_decide_the_same_in_a_worker_process_as_in_place(db: Database, wallets: WalletService,
                                                                    clock: FakeClock) -> None:
    in_place = await bots_play_a_deal(db, wallets, clock, 0, 100)
    in_worker = await bots_play_a_deal(db, wallets, clock, 1, 101)
    assert in_place and in_worker == in_place
    assert await books_ok(db)


async def test_a_worker_plans_the_whole_run(db: Database, wallets: WalletService, clock: FakeClock,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """With a worker, the event loop decides nothing itself: the run comes planned."""
    in_place = await alice_and_three_bots(db, wallets, clock, 100)

    def not_here(self: Bourre, seat: int, rng: object) -> object:
        raise AssertionError("decided on the event loop")

    monkeypatch.setattr(Bourre, "bot_action", not_here)   # the worker process has its own, unpatched
    assert await alice_and_three_bots(db, wallets, clock, 101, workers=1) == in_place


async def test_a_worker_that_dies_is_replaced_and_the_table_goes_on(db: Database, wallets: WalletService,
                                                                    clock: FakeClock) -> None:
    service = bourre_service(db, wallets, clock, workers=1)
    try:
        t = (await service.open(G, 100, ALICE, "bourre", seed=7)).table_id
        await service.join(t, ALICE, "Alice")
        for _ in range(3):
            await service.add_bot(t, ALICE)
        await service.start(t, ALICE)
        first: list[int] = []
        while (snap := await service.hand(t, ALICE)).status == "playing" and snap.version < 60:
            await service.settle()
            snap = await service.hand(t, ALICE)
            pids = service.autoplay.thinker.pids
            if not first and pids:
                first = pids
                os.kill(first[0], signal.SIGKILL)
            if snap.to_act == (0,):
                await service.act(t, ALICE, snap.legal[0][0], snap.version)
        assert first, "a worker was started"
        assert service.autoplay.thinker.pids and service.autoplay.thinker.pids != first
        assert snap.version >= 60 or snap.status == "finished"
        assert await books_ok(db)
    finally:
        await service.stop()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_plan_from_the_saved_state_is_what_the_bots_play_in_place(game_id: str) -> None:
    """A worker decodes the state as saved and plays the run on its copy: every game's bots
    must choose there what they choose on the live game, or a worker's plans would be refused
    (and the seat's timeout move played instead)."""
    cls = GAMES[game_id]
    players = min(4, cls.max_players)
    stack = cls.buy_in(resolve_options(cls.option_specs, {})).default
    game = cls.start([stack] * players, {}, seed=5)
    bots = list(range(players))
    version = 0
    planned = 0
    while not game.is_over() and version < 300:
        mover: int | None = game.to_act()[0]
        saved = orjson.loads(orjson.dumps(game.to_dict()))
        moves = plan({"engine": name_of(cls), "version": version, "seed": 42, "seat": mover, "bots": bots,
                      "run": RUN_LIMIT, "state": saved})["moves"]
        for seat, data in moves:   # the same moves, one at a time, on the live game
            assert seat == mover
            action = game.bot_action(seat, random.Random(bot_seed(42, version, seat)))
            assert action_to_dict(action) == data, (game_id, version)
            version += 1
            done = game.apply(seat, action)
            mover = next_in_run(game, bots, (e.kind for e in done))
        assert mover is None or len(moves) == RUN_LIMIT   # and the run ends where it would in place
        planned += len(moves)
    assert planned >= 100


def test_a_bots_pause_grows_with_its_choices_within_the_table_delay() -> None:
    """A forced move comes soon, a choice among many takes up to the whole bot delay, with a
    little jitter so the pace does not tick; a decision always waits the same."""
    pauses = {n: [bot_pause(1.5, n, 42, version, 1) for version in range(60)] for n in (1, 3, 12, 40)}
    assert all(0 < p <= 1.5 for waits in pauses.values() for p in waits)
    assert max(pauses[1]) < min(pauses[12])
    assert statistics.fmean(pauses[1]) < statistics.fmean(pauses[3]) < statistics.fmean(pauses[12])
    assert len(set(pauses[3])) > 10
    assert bot_pause(1.5, 3, 42, 7, 1) == bot_pause(1.5, 3, 42, 7, 1)
    assert bot_pause(0.0, 40, 42, 7, 1) == 0.0


@pytest.mark.parametrize("game_id", ["tripoley", "gin_rummy"])
def test_a_plan_asked_for_a_seat_the_saved_state_does_not_wait_for_is_empty(game_id: str) -> None:
    """The driver reads whose turn it is off the live game, which a unit still saving may already
    have moved on from the state it hands the worker: that seat has nothing to do in the state
    (Tripoley's and Gin's bots raised IndexError there), and the plan is empty."""
    cls = GAMES[game_id]
    game = cls.start([cls.buy_in(resolve_options(cls.option_specs, {})).default] * 2, {}, seed=3)
    waiting = next(s for s in range(2) if s not in game.to_act())
    saved = orjson.loads(orjson.dumps(game.to_dict()))
    assert plan({"engine": name_of(cls), "version": 0, "seed": 1, "seat": waiting, "bots": [0, 1],
                 "run": RUN_LIMIT, "state": saved}) == {"moves": []}
