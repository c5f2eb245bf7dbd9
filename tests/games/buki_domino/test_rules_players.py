"""Buki-Domino rules, players, tiles and chips: tests named by rule id."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import BukiDomino, Play
from bot.games.buki_domino import line as ln
from bot.games.tiles import full_set

from .decks import D6_HANDS, D6_STAMM, new_game
from .rules_helpers import T, finish_hand


def test_dom_1_a_game_is_a_series_of_hands_by_the_same_four_players() -> None:
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "max_hands": 4}, seed=11)
    seen = []
    while not g.is_over():
        [summary] = [e for e in finish_hand(g) if e.kind == "summary"]
        seen.append(summary.data["hand"])
        assert len(summary.data["hands"]) == 4
    assert seen == [1, 2, 3, 4] and g.hands_done == 4
    assert sum(g.stacks) == 400 and all(g.active)


def test_dom_2_exactly_four_players() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        BukiDomino.start([100] * 3)


def test_dom_2_counterclockwise_order() -> None:
    g = new_game(D6_HANDS, D6_STAMM, play_direction="counterclockwise")
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.to_act() == [2]  # P4 -> P3


def test_dom_3_the_36_tile_set() -> None:
    tiles = full_set()
    assert len(tiles) == len(set(tiles)) == 36
    assert all(0 <= t.low < t.high <= 8 for t in tiles)  # no doubles, numbers 0..8
    assert sum(t.pips for t in tiles) == 288
    assert Counter(n for t in tiles for n in (t.high, t.low)) == dict.fromkeys(range(9), 8)
    assert max(tiles) == T("[8|7]") and T("[8|7]").pips == 15
    for bad in ("[4|4]", "[9|1]"):  # a double and a 9 are not Buki tiles
        with pytest.raises(ValueError):
            ln.code_of(T(bad))
    g = new_game(D6_HANDS, D6_STAMM)
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(3, Play(T("[4|4]"), "L"))


def test_dom_3_a_play_must_name_a_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    before = g.to_dict()
    for junk in ("[8|7]", None, 87):
        with pytest.raises(IllegalAction, match="not a domino tile"):
            g.apply(3, Play(junk, "L"))  # type: ignore[arg-type]
    assert g.to_dict() == before


@pytest.mark.parametrize("options, name", [
    ({"max_bet": 1}, "max_bet"),
    ({"buy_in": 10}, "buy_in"),
    ({"max_bet": 20, "buy_in": 40}, "buy_in"),
    ({"payout_rounding": "even_bets_only", "min_bet": 3, "max_bet": 6}, "min_bet"),
    ({"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 7}, "max_bet"),
    ({"tiles_per_player": 8}, "tiles_per_player"),
    ({"turn_timeout_s": 5}, "turn_timeout_s"),
    ({"spectator_odds": 4}, "spectator_odds"),
    ({"nonsense": 1}, "nonsense"),
])
def test_dom_4_15_bad_options_name_the_option(options: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        BukiDomino.start([100] * 4, options)


@pytest.mark.parametrize("options, name", [
    ({"min_bet": 0}, "min_bet"),
    ({"max_bet": 7, "buy_in": 17, "payout_rounding": "ceil"}, "buy_in"),  # ceil(17.5) = 18
    ({"max_bet": 8, "buy_in": 23, "payout_multiplier": 3}, "buy_in"),
    ({"buy_in": 19, "max_bet": 2}, "buy_in"),  # at least 20
    ({"turn_timeout_s": 601}, "turn_timeout_s"),
    ({"max_hands": 0}, "max_hands"),
    ({"payout_multiplier": 4}, "payout_multiplier"),
    ({"play_direction": "left"}, "play_direction"),
    ({"bet_deadline_tile": 2}, "bet_deadline_tile"),
])
def test_dom_4_15_option_bounds(options: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        BukiDomino.start([100] * 4, options)


def test_dom_4_buy_in_just_enough_for_a_bank() -> None:
    g = BukiDomino.start([17] * 4, {"buy_in": 20, "max_bet": 7, "first_banker_sets_limits": False}, seed=1)
    assert not g.is_over()  # payout(7) = 17 with floor
    assert BukiDomino.start([100] * 4, {"max_bet": 9, "buy_in": 23, "payout_rounding": "ceil"}) is not None
    with pytest.raises(ValueError, match="buy_in"):
        BukiDomino.start([100] * 4, {"max_bet": 9, "buy_in": 22, "payout_rounding": "ceil"})
