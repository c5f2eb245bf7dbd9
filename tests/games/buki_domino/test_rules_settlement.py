"""Buki-Domino rules, settlement: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import Bet, BukiDomino, ChooseDeadline, Play, SetLimits
from bot.games.buki_domino.actions import AcceptSpectatorBet, RefuseSpectatorBet
from bot.games.buki_domino.money import bet_range, payout, spayout

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, make_deck, new_game
from .rules_helpers import T, finish_hand, play_d6, play_d7
from tests.english import english


@pytest.mark.parametrize("mult, rounding, win", [
    (2, "floor", 6), (2.5, "floor", 7), (2.5, "ceil", 8), (3, "floor", 9), (3, "ceil", 9),
])
def test_dom_20_21_payout_multiplier_and_rounding_in_a_hand(mult: float, rounding: str, win: int) -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_multiplier=mult, payout_rounding=rounding)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Bet(2))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Bet(3))
    ev = g.apply(1, Play(T("[3|1]"), "R"))  # P2 wins the block (D6)
    assert g.hands_done == 1
    assert g.stacks[1] == 100 + win
    assert g.stacks[0] == 98 and g.stacks[2] == 98  # P3 had not bet: n_min = 2 (DOM-18)
    assert g.stacks[3] == 100 - win + 2 + 2
    assert sum(g.chips().values()) == 400
    assert any(f"{win} from the banker" in english(e) for e in ev if e.kind == "summary")


def test_dom_21_ceil_and_even_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only", min_bet=2, max_bet=8)
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == [2, 4, 6, 8]
    with pytest.raises(IllegalAction, match="even"):
        g.apply(0, Bet(3))
    assert payout(g, 3) == 7
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="ceil")
    assert payout(g, 3) == 8 and spayout(g, 1) == 3


def test_dom_21_even_bets_only_spectator_bets_must_be_even() -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only", min_bet=2, max_bet=6)
    with pytest.raises(IllegalAction, match="even"):
        g.place_spectator_bet(9, 0, 3)
    g.place_spectator_bet(9, 0, 4)
    assert g.spectator_bet_range(1) == (2, 6)


def test_dom_22_carried_stake_plus_new_bet() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    g.apply(1, Bet(6))
    g.apply(1, Play(T("[7|6]"), "L"))
    assert g.carried == [2, 6, 0, 2] and g.banker == 2
    assert g.public_view()["stage"] == "play"  # same banker: no early bets
    # P2's max_bet applies to the new bet only: stake up to 12
    assert bet_range(g, 1) == (2, 6)
    total = sum(g.chips().values())
    assert total == 400


def test_dom_22_carried_stake_carries_twice() -> None:
    # D7 (a draw), then seed 26 deals a second hand that is drawn too (timeouts bet n_min = 2)
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=26,
                         deck=make_deck(D7_HANDS, D7_STAMM))
    play_d7(g)
    assert g.carried == [2, 2, 0, 2] and g.banker == 2
    assert bet_range(g, 0) == (2, 6)  # max_bet limits the new bet only
    ev = finish_hand(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["winner"] is None and s.data["stakes"] == [4, 4, 0, 4]
    assert g.carried == [4, 4, 0, 4] and g.stakes == [4, 4, 0, 4] and g.banker == 2
    assert g.stacks == [96, 96, 100, 96] and sum(g.chips().values()) == 400
    assert "stays in escrow" in english(s)


@pytest.mark.parametrize("odds, rounding, win", [(2, "floor", 6), (2.5, "floor", 7), (2.5, "ceil", 8),
                                                 (3, "floor", 9)])
def test_dom_23_spectator_odds_option(odds: float, rounding: str, win: int) -> None:
    g = new_game(D6_HANDS, D6_STAMM, spectator_odds=odds, payout_rounding=rounding)
    g.place_spectator_bet(500, 1, 3)
    g.apply(3, AcceptSpectatorBet(1))
    play_d6(g)
    assert g.take_spectator_payouts() == [(500, 3 + win)]


def test_dom_23_spectator_window_and_rules() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    with pytest.raises(IllegalAction, match="banker cannot be backed"):
        g.place_spectator_bet(1, 3, 2)
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.place_spectator_bet(1, 0, 7)
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.place_spectator_bet(1, 0, 1)
    g.place_spectator_bet(1, 0, 2)
    with pytest.raises(IllegalAction, match="one per hand"):
        g.place_spectator_bet(1, 1, 2)
    g.apply(3, Play(T("[7|3]"), "L"))  # the first tile closes the window; the request lapses
    assert g.take_spectator_payouts() == [(1, 2)]
    with pytest.raises(IllegalAction, match="close"):
        g.place_spectator_bet(2, 0, 2)


def test_dom_23_spectator_bets_off() -> None:
    g = new_game(D6_HANDS, D6_STAMM, spectator_bets=False)
    assert g.spectator_window_open() is False and g.spectator_bet_range(0) is None
    with pytest.raises(IllegalAction, match="does not take spectator bets"):
        g.place_spectator_bet(1, 0, 2)


def test_dom_23_spectator_may_bet_again_next_hand() -> None:
    g = new_game(D6_HANDS, D6_STAMM, early_bets_after_bank_change=False)
    g.place_spectator_bet(1, 0, 2)
    g.apply(3, RefuseSpectatorBet(1))
    play_d6(g)
    assert g.spectator_window_open()
    g.place_spectator_bet(1, 0, 2)  # a new hand: one more bet allowed


def test_dom_23_losing_spectator_stake_goes_to_the_banker() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 4)
    g.apply(3, AcceptSpectatorBet(1))
    play_d6(g)  # P2 wins, P1 was backed
    assert g.take_spectator_payouts() == []
    assert g.stacks[3] == 100 + 2 + 2 - 5 + 4


def test_dom_24_late_bet_variant() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    assert g.to_act() == [3] and g.legal_actions(3) == [ChooseDeadline(3), ChooseDeadline(4)]
    assert g.timeout_action(3) == ChooseDeadline(3)
    g.apply(3, ChooseDeadline(4))
    assert g.deadline == 4 and g.public_view()["bet_deadline_tile"] == 4


def test_dom_24_late_bets_refused_keep_the_third_tile_deadline_even_if_the_table_says_4() -> None:
    g = new_game(D7_HANDS, D7_STAMM, late_bet_variant=True, bet_deadline_tile=4)
    g.apply(2, ChooseDeadline(3))
    assert g.deadline == 3
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert all(isinstance(a, Bet) for a in g.legal_actions(0))


def test_dom_24_deadline_asked_every_hand() -> None:
    g = new_game(D7_HANDS, D7_STAMM, late_bet_variant=True)
    g.apply(2, ChooseDeadline(4))
    play_d7(g)  # a draw: same banker, no DOM-17
    assert g.hands_done == 1 and g.public_view()["stage"] == "deadline" and g.to_act() == [2]
    assert g.deadline == 3  # reset until the banker answers


def test_dom_24_deadline_choice_refused_with_a_reason() -> None:
    g = new_game(D6_HANDS, D6_STAMM)  # late_bet_variant off
    with pytest.raises(IllegalAction, match="no late bets: bets always close before the 3rd tile"):
        g.apply(3, ChooseDeadline(4))
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True, first_banker_sets_limits=True)
    with pytest.raises(IllegalAction, match="setting the bet limits"):
        g.apply(3, ChooseDeadline(4))
    g.apply(3, SetLimits(2, 6))
    g.apply(3, ChooseDeadline(4))
    with pytest.raises(IllegalAction, match="already decided"):
        g.apply(3, ChooseDeadline(3))
