"""Gin Rummy: the engine as a whole: registration, options, the codec."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES
from bot.games.gin_rummy import GinRummy


def test_registered_with_every_option_of_the_rules_table() -> None:
    assert GAMES["gin_rummy"] is GinRummy
    names = {s.name: s.default for s in GinRummy.option_specs if not s.shared}   # the rules table's
    assert names == {
        "scoring_system": "10/20", "knock_limit": 10, "gin_mandatory": True, "big_gin": False,
        "big_gin_bonus": 31, "first_turn": "source", "allow_discard_of_pickup": False,
        "next_dealer": "alternate", "void_hand_dealer": "same", "target_score": 100,
        "target_rule": "more_than", "game_bonus": 0, "line_bonus": 0, "shutout": "off",
        "knocker_arrangement": "auto_best", "stake_per_point": 1, "escrow_points": 250,
        "settle": "match_end", "turn_timeout_s": 60}


@pytest.mark.parametrize("bad", [{"knock_limit": 11}, {"target_score": 9}, {"turn_timeout_s": 5},
                                 {"line_bonus": 10}, {"scoring_system": "10/25"}, {"colour": 1}])
def test_bad_options_raise_naming_the_option(bad: dict[str, Any]) -> None:
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        GinRummy.start([250, 250], bad)
