"""Replays: a seeded game of every game, played through the table service with seat bots, timeouts,
a player away until they leave, a leave, a top-up (Marriage), an onlooker's bet (Buki-Domino) and
the host's stop (Tripoley), replayed from its log: every deal checked against the log and the state
saved, each frame what the table showed at that version, and nothing private in it."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.errors import PlayerError, TableError
from bot.games import GAMES
from bot.tables.replay import DealReplay, rebuild
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage import tables
from storage.db import Database, fetch_all

from tests.conftest import RecordingPresenter, unpaced

G, C = 1, 100
ALICE, BOB, ONLOOKER = 11, 12, 99
ONLOOKERS = (99, 98, 97)
SHORT = {"marriage": {"max_deals": 3}, "tripoley": {"max_deals": 3}, "michigan_rummy": {"max_deals": 3},
         "bourre": {"max_hands": 4}, "buki_domino": {"max_hands": 3}, "gin_rummy": {"target_score": 40}}
"""Options that keep each game to a few deals."""


async def deals_ended(db: Database, table_id: int) -> int:
    async with db.read() as tx:
        found = await fetch_all(tx, "SELECT DISTINCT version FROM deal_results WHERE table_id = :t", {"t": table_id})
    return len(found)


async def played(db: Database, wallets: WalletService, clock: FakeClock, presenter: RecordingPresenter,
                 game: str) -> tuple[TableService, int]:
    """A finished table of `game`: Alice and Bob and seat bots. Alice lets one turn time out;
    after the first deal Bob lets his turns time out until he is taken to be leaving; then Alice
    leaves, and the bots finish the deal without them."""
    service = TableService(db, wallets, presenter, clock, pacer=unpaced(), afk_limit=2, retry_base_s=0)
    t = (await service.open(G, C, ALICE, game, seed=5)).table_id
    await service.set_options(t, ALICE, SHORT[game])
    for person in (ALICE, BOB):
        await service.join(t, person, f"P{person}")
    while len((await service.snapshot(t)).seats) < {"buki_domino": 4, "gin_rummy": 2}.get(game, 3):
        await service.add_bot(t, ALICE)
    await service.start(t, ALICE)
    done: set[str] = set()
    for _ in range(3000):
        await service.settle()
        snap = await service.snapshot(t)
        if snap.status != "playing":
            return service, t
        ended = await deals_ended(db, t)
        extra = await _extra(service, t, snap, ended, done)
        if extra:
            continue
        seat = snap.to_act[0]
        user = snap.seats[seat].user_id
        assert user is not None and snap.deadline is not None   # bots and leavers moved in settle()
        if (user == ALICE and "alice_late" not in done) or (user == BOB and ended >= 1):
            done.add("alice_late" if user == ALICE else "bob_late")
            clock.advance(3600)
            assert await service.fire_due() == 1
            continue
        await service.act(t, user, await service.suggest(t, seat), snap.version)
    raise AssertionError(f"the {game} table did not finish")


async def _extra(service: TableService, t: int, snap: Any, ended: int, done: set[str]) -> bool:
    """The table's own steps, once each, where the game has them: True when one was taken."""
    seated = snap.seat_of(ALICE)
    if snap.game_id == "marriage" and "top_up" not in done and snap.public.get("phase_id") == "between":
        done.add("top_up")
        await service.top_up(t, ALICE, 25)
        return True
    if snap.game_id == "buki_domino" and "bet" not in done:
        try:
            choices = await service.spectator_choices(t, ONLOOKER)
        except PlayerError:
            return False
        done.add("bet")
        for onlooker, (seat, _, low, _) in zip(ONLOOKERS, choices, strict=False):   # one backs each player
            await service.spectator_bet(t, onlooker, seat, low)
        return True
    if snap.game_id == "tripoley" and "stop" not in done and ended >= 1 and snap.public["phase_id"] != "between":
        done.add("stop")
        await service.request_stop(t, ALICE)
        return True
    bob = snap.seats[1]
    if (bob.leaving or not bob.present) and seated is not None and not seated.leaving and "leave" not in done:
        done.add("leave")
        await service.leave(t, ALICE)
        return True
    return False


async def every_deal(service: TableService, user: int) -> list[DealReplay]:
    """Each deal /history offers `user`, replayed, the first deal first."""
    refs = await service.replays.recent(G, user)
    assert [r.number for r in refs] == list(range(len(refs), 0, -1))   # newest first, numbered from 1
    return [await service.replays.deal(r.table_id, r.version, G) for r in reversed(refs)]


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_replays_as_the_table_showed_it(game: str, db: Database, wallets: WalletService,
                                                        clock: FakeClock, presenter: RecordingPresenter) -> None:
    service, t = await played(db, wallets, clock, presenter, game)
    async with db.read() as tx:
        row = await tables.load(tx, t)
        log = await tables.actions(tx, t)
    assert row is not None
    kinds = {e["action"]["kind"] for e in log}
    said = {ev["message"].get("key") for e in log for ev in e["events"]}
    assert {"table.timed_out", "table.missed_leaves"} <= said, said
    assert "leave" in kinds or game == "gin_rummy"   # GIN-22: Bob leaving forfeits, the match ends there
    assert {"top_up"} <= kinds if game == "marriage" else True
    if game == "buki_domino":   # onlookers bet, and some were paid (which changes the game's chips unseen)
        async with db.read() as tx:
            paid = await fetch_all(tx, "SELECT amount FROM ledger WHERE kind = 'spectator_payout'")
        assert "spectator_bet" in kinds and paid
    assert {"stop"} <= kinds if game == "tripoley" else True

    whole = rebuild(GAMES[game], row, log, upto=log[-1]["version"])
    assert whole.problem is None and whole.ended > 0   # every step said what was logged; the end is the state saved

    deals = await every_deal(service, ALICE)
    assert len(deals) == await deals_ended(db, t) >= 2
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    frames = {f.version: (d, k) for d in deals for k, f in enumerate(d.frames)}
    shown = [snap for snap, _, _ in presenter.of("table") if snap.status == "playing" and snap.version in frames]
    assert len(shown) >= len(deals)
    for snap in shown:   # the picture and the words come from what the table showed at that version
        deal, k = frames[snap.version]
        again = deal.snapshot(k)
        assert plain(again.public) == plain(snap.public) and again.to_act == snap.to_act
        assert [(s.stack, s.present) for s in again.seats] == [(s.stack, s.present) for s in snap.seats]

    private = [ev for e in log for ev in e["events"] if ev["private_to"] is not None]
    assert private or game == "buki_domino"   # hands are dealt privately (Buki-Domino's tiles are in the views)
    for deal in deals:
        assert deal.frames[-1].ends_deal and not any(f.ends_deal for f in deal.frames[:-1])
        assert any(e.kind == "summary" for e in deal.frames[-1].events)
        for k, frame in enumerate(deal.frames):
            assert all(e.private_to is None for e in frame.events)
            snap = deal.snapshot(k)
            assert snap.privates == {} and snap.legal == {}


async def test_a_log_that_disagrees_keeps_only_the_deals_before(db: Database, wallets: WalletService,
                                                               clock: FakeClock, presenter: RecordingPresenter,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    service, t = await played(db, wallets, clock, presenter, "gin_rummy")
    async with db.read() as tx:
        row = await tables.load(tx, t)
        log = await tables.actions(tx, t)
    assert row is not None
    cls = GAMES["gin_rummy"]
    ends = [e["version"] for e in log if any(ev["kind"] == "summary" for ev in e["events"])]
    assert len(ends) >= 2
    wrong = [dict(e) for e in log]
    second = next(i for i, e in enumerate(log) if ends[0] < e["version"] < ends[1] and e["seat"] is not None)
    wrong[second] = {**log[second], "events": log[second]["events"] + [log[second]["events"][-1]]}
    found = rebuild(cls, row, wrong, upto=ends[1])
    assert found.problem and found.ended == ends[0] and found.deal is not None and found.deal[0] == 1

    saved = json.loads(row.state or "{}")
    other = rebuild(cls, replace(row, state=json.dumps({**saved, "scores": [1, 2]})), log, upto=ends[1])
    assert other.problem and other.ended == 0   # only the end disagrees: nowhere to stop short of it

    # saved by older code: deals' events without the stacks they began with, a state without a
    # field added since (filled in on loading): still the same game
    older = [{**e, "events": [{**ev, "data": {k: v for k, v in ev["data"].items() if k != "deal_stacks"}}
                              for ev in e["events"]]} for e in log]
    assert any(ev["data"] for e in log for ev in e["events"]) and older != log
    state = json.dumps({k: v for k, v in saved.items() if k != "last_hand"})
    assert saved["last_hand"] is not None
    same = rebuild(cls, replace(row, state=state), older, upto=ends[1])
    assert same.problem is None and same.deal is not None and same.deal[0] == 2
    # logged by a release that worded its messages differently: the same game, still replayable
    def reword(event: dict[str, Any]) -> dict[str, Any]:
        # the game's words; the table's own events are found by theirs
        own = event["kind"] in ("start", "timeout", "leave", "left", "closing")
        return event if own else {**event, "message": {"key": "legacy", "params": {"text": "said otherwise"}}}
    reworded = [{**e, "events": [reword(ev) for ev in e["events"]]} for e in log]
    assert reworded != log
    assert rebuild(cls, row, reworded, upto=ends[1]).problem is None

    async with db.transaction() as tx:
        await tx.execute("UPDATE table_actions SET events = :e WHERE table_id = :t AND version = :v",
                         {"e": json.dumps(wrong[second]["events"]), "t": t, "v": log[second]["version"]})
    refs = sorted(await service.replays.recent(G, ALICE), key=lambda r: r.version)
    assert (await service.replays.deal(t, refs[0].version, G)).number == 1
    with pytest.raises(TableError, match="cannot be replayed"):
        await service.replays.deal(t, refs[1].version, G)
    assert sum("its replay stops" in r.message for r in caplog.records) == 1   # said once, in the log


@pytest.mark.both_backends
async def test_anyone_in_the_server_may_replay_a_finished_deal_and_no_one_else(
        db: Database, wallets: WalletService, clock: FakeClock, presenter: RecordingPresenter) -> None:
    service, t = await played(db, wallets, clock, presenter, "bourre")
    [first, *_] = sorted(await service.replays.recent(G, ALICE), key=lambda r: r.version)
    assert await service.replays.recent(G, ONLOOKER) == []   # /history offers a player their own tables
    assert (await service.replays.deal(t, first.version, G)).number == 1   # whoever asks in the server
    with pytest.raises(TableError, match="another server"):
        await service.replays.deal(t, first.version, G + 1)
    with pytest.raises(TableError, match="cannot be replayed"):
        await service.replays.deal(t, 0, G)   # before any deal ended
    live = (await service.open(G, C + 1, ALICE, "bourre", seed=1)).table_id
    with pytest.raises(TableError, match="finished table"):
        await service.replays.deal(live, 10, G)
