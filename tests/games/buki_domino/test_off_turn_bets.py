"""Off-turn bets (DOM-16: "at any time from the deal until the deadline").

A non-banker who has not bet finds its Bet actions in `legal_actions` even when it is not in
`to_act()`; `apply` takes such a bet without moving the turn; nothing else may be done off-turn,
and a timeout never makes an optional bet (DOM-27).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.actions import Action
from bot.games.base import action_from_dict, action_to_dict, seat_key
from bot.games.buki_domino import (
    AcceptSpectatorBet,
    Bet,
    BukiDomino,
    ChooseDeadline,
    Play,
    RefuseSpectatorBet,
    SetLimits,
)
from bot.games.tiles import Tile
from bot.i18n import ENGLISH, render

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from tests.games.known import one_of

T = Tile.parse
BETS_2_TO_6 = [Bet(n) for n in range(2, 7)]


def round_trip(g: BukiDomino) -> BukiDomino:
    data = g.to_dict()
    again = BukiDomino.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    return again


def refused(g: BukiDomino, seat: int, action: Action, match: str | None = None) -> None:
    before = g.to_dict()
    with pytest.raises(IllegalAction, match=match):
        g.apply(seat, action)
    assert g.to_dict() == before


# --- DOM-16: accepted, recorded, the turn stays ------------------------------------------------

def test_dom_16_off_turn_bet_is_accepted_and_recorded_without_moving_the_turn() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))  # the banker P4 leads; P1 is to move
    assert g.to_act() == [0] and g.turn == 0
    assert g.legal_actions(2) == BETS_2_TO_6  # P3 waits, but may bet now
    assert g.legal_actions(2) == [a for a in g.legal_actions(0) if isinstance(a, Bet)]  # the on-turn range
    total = sum(g.chips().values())
    events = g.apply(2, Bet(5))
    assert [(e.kind, e.seat, e.data) for e in events] == [("bet", 2, {"amount": 5})]
    assert g.bets[2] == 5 and g.stacks[2] == 95 and g.chips()["stake:2"] == 5  # into escrow (DOM-26)
    assert sum(g.chips().values()) == total
    assert g.to_act() == [0] and g.turn == 0 and g.public_view()["turn"] == 0
    assert g.public_view()["bets"] == [None, None, 5, None]
    assert g.legal_actions(2) == []
    # P1's own turn is untouched: it may still play or bet
    assert {type(a) for a in g.legal_actions(0)} == {Play, Bet}


def test_dom_16_off_turn_bet_from_the_deal_before_the_lead() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    assert g.to_act() == [3] and g.line == []
    for seat in (0, 1, 2):
        assert g.legal_actions(seat) == BETS_2_TO_6
    g.apply(1, Bet(2))
    assert g.to_act() == [3] and g.public_view()["stage"] == "play"
    assert all(isinstance(a, Play) for a in g.legal_actions(3))  # the banker still leads


def test_dom_18_an_off_turn_bet_is_kept_and_only_missing_bets_become_n_min() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(2, Bet(5))
    g.apply(0, Play(T("[7|1]"), "L"))
    events = g.apply(1, Play(T("[3|1]"), "R"))  # block, P2 wins (D6)
    [summary] = [e for e in events if e.kind == "summary"]
    assert summary.data["stakes"] == [2, 2, 5, 0]
    assert "P3 had not bet" not in render(ENGLISH, summary.text, ["P1", "P2", "P3", "P4"])
    assert summary.data["change"][2] == -5


def test_dom_15_cannot_bet_twice_off_turn() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(1, Bet(3))
    refused(g, 1, Bet(4), "already bet 3")
    g.apply(0, Play(T("[7|6]"), "L"))  # P1 plays on; P2 still cannot bet again on its own turn
    if g.turn == 1:
        assert not any(isinstance(a, Bet) for a in g.legal_actions(1))
    refused(g, 1, Bet(2), "already bet 3")


def test_dom_15_off_turn_bet_checks_the_range() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 4, 100, 100])
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.legal_actions(1) == [Bet(2), Bet(3), Bet(4)]  # the short stack caps n_max (DOM-15)
    refused(g, 1, Bet(5), "between 2 and 4")
    refused(g, 2, Bet(1), "between 2 and 6")


def test_dom_16_off_turn_bet_allowed_just_before_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # banker P3 (seat 2) leads
    g.placed[0] = 2  # P1 has placed two tiles this hand (state set up for the rule)
    assert g.legal_actions(0) == BETS_2_TO_6
    assert g.private_view(0)["must_bet"] is False and g.private_view(0)["may_bet_off_turn"] is True
    g.apply(0, Bet(4))
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert g.to_act() == [0]
    assert all(isinstance(a, Play) for a in g.legal_actions(0))  # already bet: it simply plays
    g.apply(0, Play(T("[7|4]"), "R"))
    assert g.placed[0] == 3 and g.bets[0] == 4


def test_dom_16_deadline_still_forces_a_bet_when_none_was_made_off_turn() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert g.legal_actions(0) == BETS_2_TO_6 and g.private_view(0)["must_bet"] is True
    refused(g, 0, Play(T("[7|4]"), "R"), "bet before your 3rd tile")
    assert g.timeout_action(0) == Bet(2)


def test_dom_16_no_off_turn_bet_after_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[1] = 3  # P2 has placed its 3rd tile without a bet (state set up for the rule)
    assert g.legal_actions(1) == []
    assert g.private_view(1)["may_bet"] is False
    refused(g, 1, Bet(2), "Bets close before your 3rd tile")
    g4 = new_game(D7_HANDS, D7_STAMM, bet_deadline_tile=4)
    g4.placed[1] = 3  # with deadline 4 the window is still open
    assert g4.legal_actions(1) == BETS_2_TO_6


# --- when the window is shut --------------------------------------------------------------------

def test_dom_15_no_bet_while_the_banker_sets_the_limits() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    assert g.public_view()["stage"] == "limits" and g.to_act() == [3]
    for seat in (0, 1, 2):
        assert g.legal_actions(seat) == []
        assert g.private_view(seat)["may_bet"] is False
        refused(g, seat, Bet(2), "setting the bet limits")
    g.apply(3, SetLimits(3, 9))
    assert g.legal_actions(0) == [Bet(n) for n in range(3, 10)]  # the new limits, off-turn


def test_dom_24_bets_open_while_the_banker_decides_on_late_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    assert g.public_view()["stage"] == "deadline" and g.to_act() == [3]
    assert g.legal_actions(0) == BETS_2_TO_6
    g.apply(0, Bet(6))
    assert g.to_act() == [3] and g.public_view()["stage"] == "deadline"
    refused(g, 1, ChooseDeadline(4), "Only the banker")
    g.apply(3, ChooseDeadline(4))
    assert g.deadline == 4 and g.bets[0] == 6 and g.to_act() == [3]


def test_dom_17_early_bets_leave_no_optional_move() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))  # P2 wins: new banker, everyone bets first (DOM-17)
    assert g.public_view()["stage"] == "early_bets" and g.to_act() == [0, 2, 3]
    g.apply(2, Bet(2))
    assert g.to_act() == [0, 3]
    assert g.legal_actions(2) == [] and g.legal_actions(1) == []  # bet already; the banker never bets


def test_dom_15_the_banker_never_gets_a_bet() -> None:
    for options in ({}, {"late_bet_variant": True}, {"first_banker_sets_limits": True}):
        g = BukiDomino.start([100] * 4, options, seed=11)
        rng = random.Random(11)
        while not g.is_over() and g.hands_done < 4:
            assert not any(isinstance(a, Bet) for a in g.legal_actions(g.banker))
            assert not g.private_view(g.banker)["may_bet"]
            refused(g, g.banker, Bet(g.min_bet), "banker does not bet")
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))


# --- only bets off-turn ------------------------------------------------------------------------

def test_dom_11_off_turn_play_is_refused_and_changes_nothing() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    refused(g, 2, Play(T("[4|3]"), "R", 3), "not your turn.*You may place your bet now")
    g.apply(2, Bet(2))
    refused(g, 2, Play(T("[4|3]"), "R", 3), "not your turn")
    refused(g, 3, Play(T("[6|3]"), "R", 3), "not your turn")  # the banker waits too
    refused(g, 1, SetLimits(2, 6))
    refused(g, 1, ChooseDeadline(4))


def test_dom_23_only_the_banker_answers_spectators_off_turn_or_not() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(555, 1, 4)
    assert g.legal_actions(1) == BETS_2_TO_6  # P2's optional moves are its bets only
    refused(g, 1, AcceptSpectatorBet(1), "Only the banker")
    refused(g, 0, RefuseSpectatorBet(1), "Only the banker")


def test_dom_27_timeouts_only_for_seats_to_act() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    for seat in (1, 2, 3):
        with pytest.raises(IllegalAction, match="not your turn"):
            g.timeout_action(seat)
    assert g.timeout_action(0) == Play(T("[7|6]"), "L", 7)  # unchanged: the heaviest tile


def test_private_view_flags_the_off_turn_bet() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    waiting = g.private_view(1)
    assert waiting["may_bet"] and waiting["may_bet_off_turn"] and not waiting["must_bet"]
    assert waiting["bet_range"] == [2, 6] and waiting["bet_pays"] == [[2, 5], [6, 15]]
    assert waiting["moves"] == []  # no tile may be placed off-turn
    mover = g.private_view(0)
    assert mover["may_bet"] and not mover["may_bet_off_turn"]
    g.apply(1, Bet(2))
    assert not g.private_view(1)["may_bet"] and g.private_view(1)["bet_range"] is None


def test_off_turn_bet_survives_the_json_round_trip() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    again = round_trip(g)
    assert [again.legal_actions(s) for s in range(4)] == [g.legal_actions(s) for s in range(4)]
    for a in again.legal_actions(2):
        assert action_from_dict(BukiDomino.action_types, json.loads(json.dumps(action_to_dict(a)))) == a
    again.apply(2, Bet(6))
    g.apply(2, Bet(6))
    assert round_trip(again).to_dict() == g.to_dict()
    assert again.legal_actions(2) == [] and again.to_act() == [0]


# --- property: random games where waiting seats sometimes bet -------------------------------------

OPTION_SETS = [
    None,
    {"late_bet_variant": True, "tiles_per_player": 7, "play_direction": "counterclockwise"},
    {"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 8, "first_banker_sets_limits": True},
    {"bet_deadline_tile": 4, "early_bets_after_bank_change": False, "payout_multiplier": 3},
    {"min_bet": 5, "max_bet": 15, "buy_in": 40, "max_hands": 30},
]


def run_with_off_turn_bets(seed: int, options: dict[str, Any] | None, stacks: list[int]) -> tuple[BukiDomino, int]:
    """Random play; before every move each seat takes one of its optional bets now and then.
    Checks after every action: chips conserved (DOM-26), the JSON round trip, an off-turn bet
    moves no turn, a non-banker never places its deadline tile without a bet (DOM-16), and the
    seats to act always have moves and a legal timeout. Replays the log at the end."""
    g = BukiDomino.start(list(stacks), options, seed=seed)
    total = sum(stacks)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    off_turn = 0
    while not g.is_over():
        for seat in range(4):
            to_act = g.to_act()
            if seat in to_act:
                continue
            optional = g.legal_actions(seat)
            if not optional:
                continue
            assert all(isinstance(a, Bet) for a in optional) and seat != g.banker
            assert g.bets[seat] is None and g.placed[seat] < g.deadline and g.phase != "limits"
            if rng.random() < 0.25:
                bet = one_of(Bet, rng.choice(optional))
                turn, phase, stack = g.turn, g.phase, g.stacks[seat]
                g.apply(seat, bet)
                log.append((seat, bet))
                off_turn += 1
                assert (g.to_act(), g.turn, g.phase) == (to_act, turn, phase)
                assert g.bets[seat] == bet.amount and g.stacks[seat] == stack - bet.amount
                assert sum(g.chips().values()) == total
                round_trip(g)
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        assert legal and g.timeout_action(seat) in legal
        action = rng.choice(legal)
        if isinstance(action, Play) and seat != g.banker:
            assert g.bets[seat] is not None or g.placed[seat] < g.deadline - 1
        g.apply(seat, action)
        log.append((seat, action))
        chips = g.chips()
        assert sum(chips.values()) == total and all(v >= 0 for v in chips.values()), chips
        round_trip(g)
    assert all(k.startswith("seat:") or v == 0 for k, v in g.chips().items())
    assert sum(g.chips()[seat_key(i)] for i in range(4)) == total
    replay = BukiDomino.start(list(stacks), options, seed=seed)
    for seat, action in log:
        replay.apply(seat, action)
    assert replay.to_dict() == g.to_dict()
    return g, off_turn


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_off_turn_bets_keep_invariants(seed: int, options: dict[str, Any] | None) -> None:
    stacks = [options["buy_in"]] * 4 if options and "buy_in" in options else [100] * 4
    g, off_turn = run_with_off_turn_bets(seed, options, stacks)
    assert g.is_over() and off_turn > 0


def test_random_games_with_off_turn_bets_and_short_stacks() -> None:
    rng = random.Random(99)
    for seed in range(8):
        run_with_off_turn_bets(seed, {"first_banker_sets_limits": rng.random() < 0.5},
                               [rng.randrange(0, 120) for _ in range(4)])
