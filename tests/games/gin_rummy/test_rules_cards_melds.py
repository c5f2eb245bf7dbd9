"""Gin Rummy rules, cards, melds and deadwood: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.cards import parse_cards
from bot.games.gin_rummy import GinRummy, min_deadwood


def dw(text: str) -> int:
    return min_deadwood(parse_cards(text))


def test_gin_1_two_players_only() -> None:
    with pytest.raises(ValueError):
        GinRummy.start([250, 250, 250])


def test_gin_1_fresh_shuffle_for_each_hand() -> None:
    g = GinRummy.start([250, 250], seed=11)
    first = [list(h) for h in g.hands] + [list(g.pile), list(g.stock)]
    assert len({x for part in first for x in part}) == 52
    while g.hand_no == 1:                         # timeouts never knock: the hand ends void
        seat = g.to_act()[0]
        g.apply(seat, g.timeout_action(seat))
    second = [list(h) for h in g.hands] + [list(g.pile), list(g.stock)]
    assert len({x for part in second for x in part}) == 52
    assert second != first


def test_gin_2_ace_low_runs_do_not_wrap() -> None:
    assert dw("AH 2H 3H") == 0
    assert dw("JH QH KH") == 0
    assert dw("QH KH AH") == 21                   # not a run
    assert dw("KH AH 2H") == 13                   # not a run
    assert dw("KS AS 2S 3S") == 10                # A-2-3 is, K is deadwood


@pytest.mark.parametrize("rank,value", [("A", 1), ("2", 2), ("5", 5), ("9", 9), ("10", 10),
                                        ("J", 10), ("Q", 10), ("K", 10)])
def test_gin_3_card_values(rank: str, value: int) -> None:
    assert dw(f"{rank}S") == value
    assert dw(f"{rank}S {rank}H") == 2 * value     # a pair is no meld


def test_gin_4_sets_and_runs() -> None:
    assert dw("7S 7H 7D") == 0 and dw("7S 7H 7D 7C") == 0
    assert dw("7S 7H") == 14                      # two cards are no meld
    assert dw("3H 4H 5H 6H 7H 8H 9H") == 0
    assert dw("3H 4H 5D") == 12                   # a run is of one suit
    assert dw("3H 4H 6H") == 13                   # consecutive only
    assert dw("7S 7H 8D") == 22                   # a set is of one rank
    # A card belongs to one meld only: 7D in the sevens or in 7D 8D 9D, not both.
    assert dw("7S 7H 7D 8D 9D") == 14
    # Any 3 cards of a 4-card set form a set; any stretch of 3+ of a run forms a run.
    assert dw("7S 7H 7D 7C 8C 9C") == 0
    assert dw("4H 5H 6H 7H 8H 8S 8D") == 0


def test_gin_5_greedy_orders_are_wrong() -> None:
    # sets first would keep 7S 7H 7D and leave 8H 9H (17); the run 7H 8H 9H leaves 7S 7D (14)
    assert dw("7S 7H 7D 8H 9H") == 14
    # runs first would take 5H-8H and leave 8S 8D (16); 5H 6H 7H + 8H 8S 8D leaves nothing
    assert dw("5H 6H 7H 8H 8S 8D") == 0
    assert dw("") == 0
