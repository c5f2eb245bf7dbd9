"""Leaving the table (MAR-18, MAR-2, contract `leave`): a leaver plays out the current deal on
timeouts, is settled normally, then cashes out and is dealt out of every later deal; the game
ends when fewer than two players remain."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.actions import Action
from bot.games.base import seat_key
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import DeclareDone, Discard, DrawStock, Finish, NextDeal
from bot.games.marriage.deal import end_deal
from bot.games.marriage.table import eligible

from .helpers import cards, game_in_play, set_position
from tests.english import english
from tests.games.invariants import check_illegal_changes_nothing, check_state
from tests.games.known import known

LOSER = "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC AD 6D AH 2H 4H"


def finishing_position(g: Marriage, winner: int) -> None:
    """EX-22: `winner` is to act, has drawn, and goes out with Finish(K♣); the others hold junk."""
    hands = {s: LOSER for s in g.players if s != winner}
    hands[winner] = "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC"
    set_position(g, hands, turn=winner, pile=[("4S", None, False)], tiplu="7D")
    g.declared[winner] = [cards("9S 9S 9S")]
    g.shown[winner] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[winner], g.route[winner], g.drawn = True, "normal", True


def test_leaving_mid_deal_plays_out_the_deal_then_cashes_out_and_is_dealt_out() -> None:
    g = game_in_play(3, stacks=[200, 200, 200])
    leaver = (g.turn + 1) % 3
    events = g.leave(leaver)
    assert [e.kind for e in events] == ["leaving"] and "is then dealt out" in english(events[0])
    assert g.public_view()["seats"][leaver]["leaving"]
    # still dealt in: the table plays MAR-18's timeout move for it
    assert leaver in g.players and not g.can_cash_out(leaver)
    with pytest.raises(IllegalAction):
        g.cash_out(leaver)
    first = g.turn
    g.apply(first, g.timeout_action(first))
    g.apply(first, g.timeout_action(first))
    assert g.turn == leaver
    assert g.timeout_action(leaver) == DrawStock()
    g.apply(leaver, DrawStock())
    drawn = known(g.drawn_card)
    assert g.timeout_action(leaver) == Discard(min(c for c in g.hands[leaver] if c.face == drawn.face))
    g.apply(leaver, g.timeout_action(leaver))
    assert not g.can_cash_out(leaver)
    # the deal ends: the leaver is settled like everyone else (MAR-18), then may cash out
    winner = g.turn
    finishing_position(g, winner)
    events = g.apply(winner, Finish(Card.parse("KC")))
    summary = next(e for e in events if e.kind == "summary")
    assert "{p%d} (unseen)" % leaver in english(summary)
    assert g.phase == "between" and g.can_cash_out(leaver)
    stack = g.stacks[leaver]
    assert stack < 200  # it paid the winner
    total = sum(g.chips().values())
    assert g.cash_out(leaver) == []  # the table announces the payout
    assert g.chips()[seat_key(leaver)] == 0 and sum(g.chips().values()) == total - stack
    assert not g.is_over()
    # the next deal leaves it out: no cards, never asked to deal or play
    dealer = g.to_act()[0]
    assert dealer != leaver
    g.apply(dealer, NextDeal())
    assert leaver not in g.players and g.hands[leaver] == [] and leaver not in g.to_act()
    assert len(g.players) == 2 and all(len(g.hands[s]) == 21 for s in g.players)


def test_leaving_between_deals_works_at_once_and_the_deal_passes_over_the_leaver() -> None:
    g = game_in_play(3, stacks=[200, 200, 200])
    end_deal(g)
    dealer = g.to_act()[0]
    assert g.leave(dealer) == []
    assert g.can_cash_out(dealer)
    g.cash_out(dealer)
    nxt = g.to_act()[0]
    assert nxt != dealer and g.legal_actions(nxt) == [NextDeal()]
    g.apply(nxt, NextDeal())
    assert dealer not in g.players and sorted(g.players) == sorted({0, 1, 2} - {dealer})


def test_two_players_one_leaves_mid_deal_the_game_ends_with_the_deal() -> None:
    g = game_in_play(2, stacks=[300, 300])
    leaver = 1 - g.turn
    g.leave(leaver)
    finishing_position(g, g.turn)
    winner = g.turn
    events = g.apply(winner, Finish(Card.parse("KC")))
    assert g.is_over() and g.to_act() == [] and events[-1].kind == "game_over"
    chips = g.chips()
    assert set(chips) == {"seat:0", "seat:1"} and sum(chips.values()) == 600
    assert chips[seat_key(winner)] > 300
    # every chip sits in a seat stack: the table pays both out
    assert g.can_cash_out(leaver) and g.can_cash_out(winner)


def test_two_players_one_leaves_between_deals_the_game_ends_at_once() -> None:
    g = game_in_play(2, stacks=[300, 350])
    end_deal(g)
    events = g.leave(0)
    assert g.is_over() and g.to_act() == [] and events[-1].kind == "game_over"
    assert "fewer than two players" in english(events[-1])
    assert g.can_cash_out(0) and g.can_cash_out(1)
    assert g.chips() == {"seat:0": 300, "seat:1": 350}  # the table pays both stacks out
    assert g.leave(1) == []


def test_three_players_leave_one_by_one_between_deals() -> None:
    g = game_in_play(3, stacks=[100, 200, 300])
    end_deal(g)
    assert g.leave(0) == [] and g.cash_out(0) == [] and not g.is_over()
    assert g.legal_actions(g.to_act()[0]) == [NextDeal()]
    events = g.leave(2)
    assert g.is_over() and events[-1].kind == "game_over" and g.to_act() == []
    assert g.chips() == {"seat:0": 0, "seat:1": 200, "seat:2": 300}  # the table pays both stacks out


def test_everyone_leaves_mid_deal_the_deal_still_ends() -> None:
    g = game_in_play(3, stacks=[100, 100, 100])
    for s in range(3):
        g.leave(s)
    moves = 0
    while not g.is_over():
        s = g.to_act()[0]
        g.apply(s, g.timeout_action(s))
        moves += 1
    # nobody shows or goes out on timeouts (MAR-18): the stock runs out and the deal is abandoned
    assert known(g.result)["abandoned"] and sum(g.stacks) == 300 and moves < 2000


def test_leaving_during_the_declaration_phase_answers_done() -> None:
    g = Marriage.start([100, 100, 100], seed=4)
    assert g.phase == "declare"
    g.leave(2)
    assert g.timeout_action(2) == DeclareDone() and not g.can_cash_out(2)
    for s in list(g.to_act()):
        g.apply(s, DeclareDone())
    assert g.phase == "play" and 2 in g.players


def test_leave_is_idempotent_and_survives_a_round_trip() -> None:
    g = game_in_play(3)
    assert g.leave(1)
    assert g.leave(1) == []
    data = json.loads(json.dumps(g.to_dict()))
    assert data["leaving"] == [False, True, False]
    again = Marriage.from_dict(data)
    assert again.to_dict() == g.to_dict() and again.leaving[1]
    # a state saved before `leaving` existed loads with nobody leaving
    del data["leaving"]
    assert Marriage.from_dict(data).leaving == [False, False, False]
    end_deal(g)
    g.cash_out(1)
    assert g.leave(1) == [] and g.cash_out(1) == []
    g.leave(0)
    g.leave(2)
    assert g.is_over() and g.leave(0) == []


def test_a_seat_sitting_out_with_no_chips_can_cash_out_mid_deal() -> None:
    g = Marriage.start([100, 0, 100], seed=1)
    assert 1 not in g.players and g.can_cash_out(1) and not g.can_cash_out(0)
    g.leave(1)
    assert g.cash_out(1) == [] and g.left[1] and g.chips()["seat:1"] == 0
    assert not g.is_over() and g.phase == "declare" and g.players == [0, 2]


# --- property: random leaves in random games ----------------------------------------------


def _play_with_leaves(players: int, seed: int, options: dict[str, Any]) -> tuple[Marriage, set[int]]:
    """A whole game where seats ask to leave at random moments and are cashed out as soon as
    `can_cash_out` allows (as the table service does). Every step keeps tests/games/invariants.py's
    checks, with the chips paid out counted; the log (actions, leaves, cash-outs) replays exactly."""
    stacks = [40] * players
    total = sum(stacks)
    game = Marriage.start(stacks, options, seed=seed)
    rng = random.Random(f"leave:{players}:{seed}")
    log: list[tuple[str, int, Action | None]] = []
    paid, leaving = 0, set()
    check_state(Marriage, game, total)
    for step in range(6000):
        if game.is_over():
            break
        if rng.random() < 0.004 * players:
            seat = rng.randrange(players)
            if seat not in leaving:
                leaving.add(seat)
                game.leave(seat)
                log.append(("leave", seat, None))
        for seat in sorted(leaving):
            if not game.is_over() and not game.left[seat] and game.can_cash_out(seat):
                assert seat not in game.players or game.phase == "between"
                paid += game.stacks[seat]
                game.cash_out(seat)
                log.append(("cash_out", seat, None))
        if game.is_over():
            break
        seat = game.to_act()[0]
        if seat in leaving:
            action = game.timeout_action(seat)
        elif rng.random() < 0.2:
            action = rng.choice(game.legal_actions(seat))
        else:
            action = game.bot_action(seat, rng)
        game.apply(seat, action)
        log.append(("act", seat, action))
        check_state(Marriage, game, total - paid)
        if game.phase in ("declare", "play"):
            assert not set(game.players) & {s for s in leaving if game.left[s]}
        waiting = [s for s in range(players) if s not in game.to_act()]
        if waiting and game.to_act() and step % 7 == 0:
            probe = game.legal_actions(game.to_act()[0])[0]
            check_illegal_changes_nothing(game, rng.choice(waiting), probe)
    assert game.is_over()
    assert sum(game.chips().values()) + paid == total
    replay = Marriage.start(stacks, options, seed=seed)
    for kind, seat, move in log:
        if kind == "leave":
            replay.leave(seat)
        elif kind == "cash_out":
            replay.cash_out(seat)
        else:
            assert move is not None
            replay.apply(seat, move)
    assert replay.to_dict() == game.to_dict()
    return game, leaving


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_leaves_keep_the_books_and_end_the_game(players: int) -> None:
    with_leavers = 0
    for seed in range(3):
        options = {"chips_per_point": 2, "max_stock_rebuilds": 1} if seed % 2 else {}
        game, leaving = _play_with_leaves(players, seed, options)
        with_leavers += bool(leaving)
        assert len(eligible(game)) < 2
    assert with_leavers >= 2


def test_mar_25_top_up_between_deals_only() -> None:
    from bot.games.marriage import Marriage
    game = Marriage.start([100, 100, 100], seed=3)
    with pytest.raises(IllegalAction, match="between deals"):
        game.top_up(0, 50)
    while game.public_view()["phase_id"] != "between":
        seat = game.to_act()[0]
        game.apply(seat, game.bot_action(seat, random.Random(seat)))
    before = game.chips()["seat:1"]
    events = game.top_up(1, 50)
    assert game.chips()["seat:1"] == before + 50 and "tops up" in english(events[0])
    with pytest.raises(IllegalAction):
        game.top_up(1, 0)
    assert Marriage.from_dict(game.to_dict()).to_dict() == game.to_dict()
