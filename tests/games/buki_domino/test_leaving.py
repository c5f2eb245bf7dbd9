"""Leaving a Buki-Domino game (DOM-25 and the contract's `leave(seat)`).

The game needs exactly four players and deals the next hand the moment a hand settles, so a
leave always falls inside a dealt hand: the leaver plays it out (the table makes their moves
with `timeout_action`), then the game ends instead of dealing again; carried stakes go back
(DOM-25), spectators are paid through the payouts protocol, and every seat can cash out.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import AcceptSpectatorBet, Bet, BukiDomino, Play, SetLimits
from bot.games.tiles import Tile

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from tests.english import english, english_saved
from tests.games.invariants import check_state

T = Tile.parse


def round_trip(g: BukiDomino) -> BukiDomino:
    """What the table service does between two actions: save as JSON, load again."""
    data = json.loads(json.dumps(g.to_dict()))
    again = BukiDomino.from_dict(data)
    assert again.to_dict() == data
    return again


def only_seats_hold_chips(g: BukiDomino) -> bool:
    return all(k.startswith("seat:") or v == 0 for k, v in g.chips().items())


def cash_out_everyone(g: BukiDomino) -> list[int]:
    amounts = []
    for seat in range(4):
        assert g.can_cash_out(seat)
        ev = g.cash_out(seat)
        amounts.append(ev[0].data["amount"])
        assert g.chips()[f"seat:{seat}"] == 0 and g.cash_out(seat) == []
    assert sum(g.chips().values()) == 0
    return amounts


def test_leaver_plays_the_hand_out_then_the_game_ends() -> None:
    # D6 / D11: P1 asks to leave after the lead; the hand goes on and blocks; P2 wins
    g = new_game(D6_HANDS, D6_STAMM, stacks=[60] * 4)
    g.apply(3, Play(T("[7|3]"), "L"))
    ev = g.leave(0)
    assert [e.kind for e in ev] == ["leaving"]
    assert "ends after hand 1" in english(ev[0]) and "{p0}'s turns are played automatically" in english(ev[0])
    assert not g.can_cash_out(0) and not g.can_cash_out(1)
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="when this hand ends"):
        g.cash_out(0)
    assert g.to_dict() == before
    view = g.public_view()
    assert view["leaving"] == [True, False, False, False] and view["active"] == [True] * 4
    g = round_trip(g)
    g.apply(0, Play(T("[7|1]"), "L"))
    ev = g.apply(1, Play(T("[3|1]"), "R"))
    kinds = [e.kind for e in ev]
    assert kinds.index("summary") < kinds.index("game_over") and "deal" not in kinds[kinds.index("summary"):]
    over = ev[-1]
    assert "{p0} left the table" in english(over) and "needs four players" in english(over)
    assert g.is_over() and g.hands_done == 1 and g.to_act() == []
    assert g.stacks == [58, 65, 58, 59]  # D11: missing bets become n_min (DOM-18)
    assert only_seats_hold_chips(g)
    assert cash_out_everyone(g) == [58, 65, 58, 59]


def test_leaving_right_after_the_deal_still_plays_that_hand() -> None:
    """The fresh deal is the leaver's current hand; the table moves for them (DOM-27)."""
    g = new_game(D6_HANDS, D6_STAMM)
    g.leave(3)  # the banker, before the lead
    assert not g.is_over() and g.to_act() == [3]
    moves = 0
    while not g.is_over():
        seat = g.to_act()[0]
        action = g.timeout_action(seat) if seat == 3 else g.legal_actions(seat)[0]
        assert action in g.legal_actions(seat)
        g.apply(seat, action)
        moves += 1
    assert g.hands_done == 1 and moves >= 3
    assert sum(g.stacks) == 400 and only_seats_hold_chips(g)
    assert g.legal_actions(3) == []


def test_leaving_after_a_draw_returns_the_carried_stakes() -> None:
    # D7: the hand is drawn; every non-banker's n_min stake would carry over, but the game ends
    g = new_game(D7_HANDS, D7_STAMM)
    g.leave(1)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    assert g.timeout_action(1) == Play(T("[7|6]"), "L", 6)  # the leaver's move is the heaviest tile
    ev = g.apply(1, g.timeout_action(1))
    summary = next(e for e in ev if e.kind == "summary")
    assert "**draw**" in english(summary)
    over = ev[-1]
    assert over.kind == "game_over" and english(over).count("carried stake of 2 returns") == 3
    assert g.stacks == [100] * 4 and g.stakes == [0] * 4 and g.carried == [0] * 4
    assert only_seats_hold_chips(g)


def test_leaving_when_the_first_banker_sets_the_limits() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    g.leave(3)
    assert g.timeout_action(3) == SetLimits(2, 6)  # DOM-27: the table's limits stand
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, g.timeout_action(seat))
    assert g.hands_done == 1 and sum(g.stacks) == 400


def test_several_leavers_end_the_game_once() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    first = g.leave(2)
    again = g.leave(2)
    second = g.leave(0)
    assert again == []
    assert "needs four players" in english(first[0]) and "already ends after hand 1" in english(second[0])
    assert g.public_view()["leaving"] == [True, False, True, False]
    with pytest.raises(IllegalAction):
        g.leave(4)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    ev = g.apply(1, Play(T("[3|1]"), "R"))
    assert [e.kind for e in ev].count("game_over") == 1
    assert "{p0} and {p2} left the table" in english_saved(g.end_reason)
    assert g.leave(1) == [] and g.leave(0) == []


def test_spectators_are_settled_and_paid_back_when_a_player_leaves() -> None:
    """D13-like: an accepted bet is settled by the hand; a pending one lapses at the lead;
    everything owed leaves through `take_spectator_payouts` (DOM-23, DOM-26)."""
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(501, 1, 4)  # on P2, who wins D6
    g.place_spectator_bet(502, 0, 2)  # on P1, left pending
    g.apply(3, AcceptSpectatorBet(1))
    g.leave(2)
    assert sum(g.chips().values()) == 406
    ev = g.apply(3, Play(T("[7|3]"), "L"))
    assert any(e.kind == "spectator_lapse" for e in ev)
    g.apply(0, Bet(3))
    g.apply(0, Play(T("[7|1]"), "L"))
    ev = g.apply(1, Play(T("[3|1]"), "R"))
    assert g.is_over()
    paid = g.take_spectator_payouts()
    assert paid == [(501, 4 + 10), (502, 2)]
    # banker P4: + P1's 3 + P3's 2 − payout(2) 5 to P2 − spayout(4) 10 to the spectator
    assert g.stacks == [97, 105, 98, 90]
    assert sum(g.stacks) == 400 + 6 - sum(a for _, a in paid)
    assert only_seats_hold_chips(g)
    assert "<@501>" in english(next(e for e in ev if e.kind == "summary"))


def test_a_drawn_last_hand_refunds_spectators_and_stakes() -> None:
    """D7 drawn while P1 is leaving: the accepted spectator bet is refunded (DOM-22) and the
    carried stakes go back (DOM-25); no chip stays in escrow."""
    g = new_game(D7_HANDS, D7_STAMM)
    g.place_spectator_bet(7, 0, 2)
    g.apply(2, AcceptSpectatorBet(1))
    g.leave(0)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        g.apply(seat, Play(T(tile), end))
    assert g.is_over() and g.take_spectator_payouts() == [(7, 2)]  # refunded after the draw (DOM-22)
    assert sum(g.stacks) == 400 and only_seats_hold_chips(g)


def test_old_saves_without_the_leaving_field_load() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    data = g.to_dict()
    del data["leaving"]
    again = BukiDomino.from_dict(data)
    assert again.leaving == [False] * 4 and again.public_view()["leaving"] == [False] * 4


def play_with_leavers(seed: int, options: dict[str, Any] | None) -> set[str]:
    """A random game with spectators where, at a random moment, one or two seats leave; the
    state goes through JSON after every step, as in the table service. Checks DOM-26 after
    every step, that the game ends when the leave's hand settles, and that the cash-outs plus
    the spectators' payouts account for every chip."""
    rng = random.Random(seed)
    g = BukiDomino.start([100] * 4, options, seed=seed)
    money_in = money_out = 0
    after_a_draw = seed % 4 == 0  # then leave in the first hand with carried stakes, if any
    leave_at = -1 if after_a_draw else rng.randrange(0, 40)
    leavers: list[int] = []
    hand_of_leave = None
    log: list[tuple[Any, ...]] = []
    step = 0
    seen: set[str] = set()
    while not g.is_over():
        if not leavers and (step == leave_at or after_a_draw and any(g.carried)):
            leavers = rng.sample(range(4), rng.choice([1, 1, 2]))
            hand_of_leave = g.hands_done
            for seat in leavers:
                assert g.leave(seat) and not g.can_cash_out(seat)
                log.append(("leave", seat))
            seen |= {"spectator bet at stake"} if any(x["status"] == "accepted" for x in g.spec) else set()
            seen |= {"carried stake"} if any(g.carried) else set()
            seen |= {"leaver is banker"} if g.banker in leavers else set()
            seen |= {"before the lead"} if g.left < 0 else {"during play"}
        step += 1
        if g.spectator_window_open() and rng.random() < 0.5:
            sid, seat, amount = rng.randrange(900, 905), rng.randrange(4), rng.randrange(1, g.max_bet + 2)
            before = g.to_dict()
            try:
                g.place_spectator_bet(sid, seat, amount)
                money_in += amount
                log.append(("spectator", sid, seat, amount))
            except IllegalAction:
                assert g.to_dict() == before
        else:
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            action = g.timeout_action(seat) if seat in leavers else rng.choice(legal)
            assert action in legal
            g.apply(seat, action)
            log.append(("act", seat, action))
        money_out += sum(a for _, a in g.take_spectator_payouts())
        check_state(BukiDomino, g, 400 + money_in - money_out)
        g = round_trip(g)
    assert only_seats_hold_chips(g)
    if hand_of_leave is not None:
        assert g.hands_done == hand_of_leave + 1 and "left the table" in english_saved(g.end_reason)
    replay = BukiDomino.start([100] * 4, options, seed=seed)
    for entry in log:
        if entry[0] == "leave":
            replay.leave(entry[1])
        elif entry[0] == "spectator":
            replay.place_spectator_bet(*entry[1:])
        else:
            replay.apply(entry[1], entry[2])
        replay.take_spectator_payouts()
    assert replay.to_dict() == g.to_dict()
    assert sum(cash_out_everyone(g)) == 400 + money_in - money_out
    return seen


def test_random_leaves_with_spectators_conserve_chips() -> None:
    seen: set[str] = set()
    for seed in range(40):
        options = [None, {"late_bet_variant": True, "tiles_per_player": 7},
                   {"first_banker_sets_limits": False, "payout_rounding": "ceil", "spectator_odds": 3}][seed % 3]
        seen |= play_with_leavers(seed, options)
    assert seen == {"spectator bet at stake", "carried stake", "leaver is banker", "before the lead",
                    "during play"}
