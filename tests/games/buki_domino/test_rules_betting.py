"""Buki-Domino rules, betting: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import Bet, Play, SetLimits
from bot.games.buki_domino.actions import AcceptSpectatorBet
from bot.games.buki_domino.money import backed, bet_range

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from .rules_helpers import T, d6_to_second_hand, play_d6
from tests.english import english
from tests.games.known import all_of


def test_dom_15_bets_range_once_and_never_by_the_banker() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    bets = [a for a in g.legal_actions(0) if isinstance(a, Bet)]
    assert [b.amount for b in bets] == [2, 3, 4, 5, 6]
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.apply(0, Bet(7))
    g.apply(0, Bet(4))
    assert g.stacks[0] == 96 and g.chips()["stake:0"] == 4
    assert not any(isinstance(a, Bet) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="already bet 4"):
        g.apply(0, Bet(2))


def test_dom_15_first_banker_sets_limits() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    menu = g.legal_actions(3)
    assert menu[0] == SetLimits(2, 6) and len(menu) <= 25 and len(set(menu)) == len(menu)
    assert g.timeout_action(3) == SetLimits(2, 6)
    with pytest.raises(IllegalAction, match="cover"):
        g.apply(3, SetLimits(10, 50))
    with pytest.raises(IllegalAction):
        g.apply(3, SetLimits(5, 4))
    g.apply(3, SetLimits(3, 9))
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == list(range(3, 10))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    assert g.hands_done == 1 and g.phase != "limits" and (g.min_bet, g.max_bet) == (3, 9)  # asked once


def test_dom_15_limits_must_be_even_with_even_bets_only_and_hold_for_every_hand() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True, payout_rounding="even_bets_only",
                 min_bet=2, max_bet=6)
    assert all(a.min_bet % 2 == 0 and a.max_bet % 2 == 0 for a in all_of(SetLimits, g.legal_actions(3)))
    for bad in (SetLimits(3, 6), SetLimits(2, 5), SetLimits(0, 2)):
        with pytest.raises(IllegalAction):
            g.apply(3, bad)
    g.apply(3, SetLimits(4, 8))
    play_d6(g)
    assert (g.min_bet, g.max_bet) == (4, 8) and g.phase != "limits"


def test_dom_15_limits_asked_before_any_spectator_request_and_kept_on_timeout() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    assert g.public_view()["stage"] == "limits" and g.to_act() == [3]
    with pytest.raises(IllegalAction):
        g.place_spectator_bet(77, 0, 2)
    g.apply(3, g.timeout_action(3))
    assert (g.min_bet, g.max_bet) == (2, 6)


def test_dom_15_banker_may_raise_the_maximum_up_to_its_stack() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    g.apply(3, SetLimits(10, 40))  # payout(40) = 100 = the stack
    assert (g.min_bet, g.max_bet) == (10, 40)
    with pytest.raises(IllegalAction, match="cover"):
        new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True).apply(3, SetLimits(10, 41))


def test_dom_15_short_stack_caps_the_bet() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[4, 100, 100, 100])
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == [2, 3, 4]


def test_dom_16_must_bet_before_the_third_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 2  # P1 has placed two tiles this hand (state set up for the rule)
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    legal = g.legal_actions(0)
    assert legal and all(isinstance(a, Bet) for a in legal)
    assert g.private_view(0)["must_bet"] is True
    with pytest.raises(IllegalAction, match="bet before your 3rd tile"):
        g.apply(0, Play(T("[7|4]"), "R"))
    assert g.timeout_action(0) == Bet(2)
    g.apply(0, Bet(5))
    assert all(isinstance(a, Play) for a in g.legal_actions(0))


def test_dom_16_deadline_four_by_option() -> None:
    g = new_game(D7_HANDS, D7_STAMM, bet_deadline_tile=4)
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    kinds = {type(a) for a in g.legal_actions(0)}
    assert kinds == {Play, Bet}


def test_dom_16_passes_do_not_count_as_tiles() -> None:
    # P1 holds nothing with 7 or 3 after P4 leads [7|3]: a pass, then a turn later, no bet forced
    g = new_game(["[8|0] [8|1] [8|2] [2|0] [1|0] [4|0]", None, None, "[8|7] [7|3]"])
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.public_view()["passes"][0][0] == 0 and g.placed[0] == 0


def test_dom_16_bet_not_forced_before_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 1  # one tile placed: the 2nd tile may come without a bet
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    legal = g.legal_actions(0)
    assert {type(a) for a in legal} == {Play, Bet}
    assert g.timeout_action(0) == Play(T("[7|4]"), "R", 4)  # DOM-27: a timeout places a tile
    g.apply(0, Play(T("[7|4]"), "R"))
    assert g.bets[0] is None and g.placed[0] == 2


def test_dom_16_no_bet_after_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 3
    g.bets[0] = None
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert all(isinstance(a, Play) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="Bets close before your 3rd tile"):
        g.apply(0, Bet(2))


def test_dom_17_everyone_bets_before_the_first_tile_after_a_bank_change() -> None:
    g = d6_to_second_hand()
    assert g.public_view()["stage"] == "early_bets"
    assert g.to_act() == [0, 2, 3]
    assert g.legal_actions(1) == []
    for s in (0, 2, 3):
        assert all(isinstance(a, Bet) for a in g.legal_actions(s))
    g.apply(2, Bet(2))
    assert g.to_act() == [0, 3]
    g.apply(0, Bet(6))
    g.apply(3, Bet(3))
    assert g.to_act() == [1] and all(isinstance(a, Play) for a in g.legal_actions(1))
    g3 = d6_to_second_hand(early_bets_after_bank_change=False)
    assert g3.public_view()["stage"] == "play" and g3.to_act() == [1]


def test_dom_18_missing_bets_become_n_min_with_a_short_stack_or_bank() -> None:
    # P1's stack of 3 is below min_bet 4 (set up after the start checks): n_min = min(4, 3) = 3
    g = new_game(D6_HANDS, D6_STAMM, stacks=[5, 100, 100, 100], min_bet=4, max_bet=6)
    g.stacks[0] = 3  # lost chips in the hand's state set-up (n_max = 3 < min_bet)
    ev = play_d6(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["stakes"] == [3, 4, 4, 0]
    assert "minimum of 3 is recorded" in english(s)


def test_dom_18_deadline_timeout_bets_n_min() -> None:
    g = new_game(D7_HANDS, D7_STAMM, min_bet=3, max_bet=9)
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert g.timeout_action(0) == Bet(3)


def test_dom_19_accepted_spectator_bets_lower_the_players_cover_cap() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 30])
    # F = 30; P1 alone: payout(6) = 15 ≤ 30
    assert bet_range(g, 0) == (2, 6)
    g.place_spectator_bet(50, 0, 4)  # R = 6: 15 + spayout(4) = 25 ≤ 30
    g.apply(3, AcceptSpectatorBet(1))
    assert backed(g, 0) == 10
    # payout(n) + 10 ≤ 30 -> n ≤ 8, capped by max_bet 6
    assert bet_range(g, 0) == (2, 6)
    g.place_spectator_bet(51, 0, 2)  # 15 + 10 + 5 = 30 ≤ 30
    g.apply(3, AcceptSpectatorBet(2))
    assert backed(g, 0) == 15 and bet_range(g, 0) == (2, 6)
    # no room left for a third spectator on P1
    assert g.spectator_bet_range(0) is None
    with pytest.raises(IllegalAction, match="cannot cover"):
        g.place_spectator_bet(52, 0, 2)


def test_dom_19_cover_cap_rounds_down_to_even_with_even_bets_only() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 16], payout_rounding="even_bets_only",
                 min_bet=2, max_bet=6)
    g.carried[0] = g.stakes[0] = 2  # carried from a draw (set up)
    g.stacks[0] -= 2
    # payout(2 + n) ≤ 16 -> n ≤ 4.4 -> 4 (even)
    assert bet_range(g, 0) == (2, 4)
