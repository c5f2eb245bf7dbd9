"""Closing a table mid-deal voids the deal: each player gets their stack as it stood when the
deal began, before its antes, and what earlier deals left in pots or on the mat is shared
equally, the earliest seats taking the odd chips.

Every game is closed at three points: right after its first deal began, after some moves of
it, and right after the action that ended one deal and dealt the next. The stacks a deal began
with are worked out here from the rules' antes (TRI-4, MICH-3, BOU-7; Gin Rummy, Marriage and
Buki-Domino take no antes, DOM-8 and DOM-25 give carried stakes back to their owners), never
from what the table recorded, and every wallet is checked to the chip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.games import GAMES
from bot.games.base import DEAL_STACKS, seat_key
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import tables
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced
from tests.tables.test_service import G, books_ok, escrow_of, wallet_of

PLAYERS = (21, 22, 23, 24)
MOVES_INTO_A_DEAL = 12


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    buy_ins: tuple[int, ...] | None = None
    """Unequal buy-ins where the game allows a range (None: the default for everyone)."""
    seed: int = 5


CASES = [
    Case("tripoley", 3, buy_ins=(150, 200, 250)),
    Case("michigan_rummy", 3, {"mich_dealer_double_ante": True}, buy_ins=(150, 200, 250)),
    Case("bourre", 3, {"ante": 3}),
    Case("gin_rummy", 2, {"settle": "per_hand"}),
    Case("marriage", 3, buy_ins=(100, 120, 140)),
    Case("buki_domino", 4),
]


def antes(case: Case, game: Any, stacks: list[int]) -> list[int]:
    """What each seat put in as the deal under way began, by the rules (stacks after it)."""
    if case.game in ("tripoley", "michigan_rummy"):
        compartments = len(game.variant.codes)
        double = case.game == "michigan_rummy" and case.options["mich_dealer_double_ante"]
        return [compartments * (2 if double and p == game.dealer else 1) if p in game.dealt_in else 0
                for p in range(len(stacks))]
    if case.game == "bourre":
        return [0 if p in game.skipped_ante or p not in game.order else case.options["ante"]
                for p in range(len(stacks))]
    return [0] * len(stacks)


def held_by_seat(case: Case, game: Any) -> list[int]:
    """Each seat's own chips: its stack, and in Buki-Domino its stake (its own, DOM-25)."""
    chips = game.chips()
    seats = range(case.players)
    if case.game == "buki_domino":
        return [chips[seat_key(p)] + chips[f"stake:{p}"] for p in seats]
    return [chips[seat_key(p)] for p in seats]


async def table(db: Database, wallets: WalletService, clock: FakeClock, case: Case,
                services: list[TableService]) -> tuple[TableService, int]:
    service = TableService(db, wallets, RecordingPresenter(), clock, games={case.game: GAMES[case.game]},
                           pacer=unpaced(), retry_base_s=0)
    services.append(service)
    users = PLAYERS[:case.players]
    t = (await service.open(G, 300, users[0], case.game, seed=case.seed)).table_id
    if case.options:
        await service.set_options(t, users[0], case.options)
    for i, user in enumerate(users):
        await service.join(t, user, f"P{user}", None if case.buy_ins is None else case.buy_ins[i])
    await service.start(t, users[0])
    return service, t


async def live_game(service: TableService, t: int) -> Any:
    live = await service.live_table(t)
    assert live is not None and live.game is not None
    return live.game


async def step(service: TableService, t: int, within_the_deal: bool = False) -> list[dict[str, Any]] | None:
    """One move by whoever must act (as a seat bot would play it); the events it logged. With
    `within_the_deal`, a move that would end the deal is not made (None)."""
    snap = await service.snapshot(t)
    seat = snap.to_act[0]
    user = snap.seats[seat].user_id
    assert user is not None
    action = await service.suggest(t, seat)
    if within_the_deal:
        game = await live_game(service, t)
        trial = type(game).from_dict(game.to_dict())
        if any(e.kind == "summary" for e in trial.apply(seat, action)):
            return None
    await service.act(t, user, action, snap.version)
    async with service.db.read() as tx:
        events: list[dict[str, Any]] = (await tables.actions(tx, t))[-1]["events"]
    return events


async def close_and_check(service: TableService, wallets: WalletService, db: Database, t: int,
                          case: Case, begun: list[int], before: dict[int, int]) -> None:
    """Close now: each wallet gains its stack as the deal began plus an equal share of the rest."""
    held = await escrow_of(db, t)
    rest = held - sum(begun)
    assert rest >= 0
    n = case.players
    expected = [begun[i] + rest // n + (1 if i < rest % n else 0) for i in range(n)]
    closed = await service.close(t)
    await service.settle()
    users = PLAYERS[:n]
    assert [closed.payouts[i] for i in range(n)] == expected
    assert [await wallet_of(wallets, u) - before[u] for u in users] == expected
    assert await escrow_of(db, t) == 0
    assert await books_ok(db)


async def wallets_now(wallets: WalletService, case: Case) -> dict[int, int]:
    return {u: await wallet_of(wallets, u) for u in PLAYERS[:case.players]}


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
async def test_closed_right_after_the_first_deal_began_everyone_gets_their_buy_in_back(
        case: Case, db: Database, wallets: WalletService, clock: FakeClock,
        services: list[TableService]) -> None:
    start = await wallets_now(wallets, case)
    service, t = await table(db, wallets, clock, case, services)
    before = await wallets_now(wallets, case)
    buy_ins = [start[u] - before[u] for u in PLAYERS[:case.players]]
    game = await live_game(service, t)
    assert sum(antes(case, game, held_by_seat(case, game))) > 0 or case.game in ("gin_rummy", "marriage",
                                                                                     "buki_domino")
    await close_and_check(service, wallets, db, t, case, buy_ins, before)
    assert await wallets_now(wallets, case) == start


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
async def test_closed_after_some_moves_of_the_first_deal_everyone_gets_their_buy_in_back(
        case: Case, db: Database, wallets: WalletService, clock: FakeClock,
        services: list[TableService]) -> None:
    start = await wallets_now(wallets, case)
    service, t = await table(db, wallets, clock, case, services)
    before = await wallets_now(wallets, case)
    moved = 0
    while moved < MOVES_INTO_A_DEAL and await step(service, t, within_the_deal=True) is not None:
        moved += 1
    assert moved >= 3
    buy_ins = [start[u] - before[u] for u in PLAYERS[:case.players]]
    await close_and_check(service, wallets, db, t, case, buy_ins, before)
    assert await wallets_now(wallets, case) == start


def began_a_deal(events: list[dict[str, Any]]) -> bool:
    """Whether a deal began among these logged events (the start of a deal is where its void
    refund is taken from; the values themselves come from the rules, in `antes`)."""
    return any(DEAL_STACKS in e["data"] for e in events)


@pytest.mark.parametrize("moves_after", [0, 3], ids=["at_once", "after_moves"])
@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
async def test_closed_after_the_action_that_dealt_the_next_deal_refunds_that_deals_start(
        case: Case, moves_after: int, db: Database, wallets: WalletService, clock: FakeClock,
        services: list[TableService]) -> None:
    """In Gin Rummy, Bourré and Buki-Domino the move that ends a deal deals the next; in
    Tripoley, Michigan Rummy and Marriage the next dealer's move does (TRI-37, MAR-16)."""
    service, t = await table(db, wallets, clock, case, services)
    before = await wallets_now(wallets, case)
    ended = False
    for _ in range(3000):
        events = await step(service, t) or []
        ended = ended or any(e["kind"] == "summary" for e in events)
        if ended and began_a_deal(events):
            break
    else:
        raise AssertionError("the second deal never began")
    game = await live_game(service, t)
    assert not game.is_over()
    held = held_by_seat(case, game)
    began = [h + a for h, a in zip(held, antes(case, game, held), strict=True)]
    for _ in range(moves_after):
        assert await step(service, t, within_the_deal=True) is not None
    await close_and_check(service, wallets, db, t, case, began, before)


BETWEEN_DEALS = [c for c in CASES if c.game in ("tripoley", "michigan_rummy", "marriage")]


@pytest.mark.parametrize("case", BETWEEN_DEALS, ids=[c.game for c in BETWEEN_DEALS])
async def test_closed_between_deals_refunds_the_stacks_as_they_stand(
        case: Case, db: Database, wallets: WalletService, clock: FakeClock, services: list[TableService]) -> None:
    """No deal is under way (TRI-37, MAR-16: the next dealer has not dealt): nothing is void."""
    service, t = await table(db, wallets, clock, case, services)
    before = await wallets_now(wallets, case)
    for _ in range(3000):
        events = await step(service, t) or []
        if any(e["kind"] == "summary" for e in events):
            assert not began_a_deal(events)
            break
    else:
        raise AssertionError("the first deal never ended")
    await close_and_check(service, wallets, db, t, case, held_by_seat(case, await live_game(service, t)), before)


async def test_the_first_deal_refund_is_recorded_before_the_antes_in_the_saved_seats(
        db: Database, wallets: WalletService, clock: FakeClock,
        services: list[TableService]) -> None:
    """MICH-3: the dealer antes double; the seats' saved deal stacks are the buy-ins."""
    case = CASES[1]
    service, t = await table(db, wallets, clock, case, services)
    async with db.read() as tx:
        row = await tables.load(tx, t)
    assert row is not None
    assert [s.deal_stack for s in row.seats] == list(case.buy_ins or ())
    dealer = (await live_game(service, t)).dealer   # the game itself moved the antes already
    assert [s.deal_stack - s.stack for s in row.seats if s.deal_stack is not None] == \
        [18 if s.seat == dealer else 9 for s in row.seats]
