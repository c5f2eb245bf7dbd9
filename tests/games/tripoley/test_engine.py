"""Tripoley and Michigan Rummy: the engine as a whole: registration, options, the codec."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.tripoley.actions import (
    KeepHand,
    Lead,
    Suit,
)

from .positions import ANN, CAL, DEE, MichiganRummyGame, TripoleyGame
from tests.english import english


def test_summary_lists_every_chip_movement() -> None:
    game = TripoleyGame.start([50] * 4, seed=12, dealer=DEE)
    events = []
    while game.phase != "between":
        seat = game.to_act()[0]
        events += game.apply(seat, game.bot_action(seat, __import__("random").Random(1)))
    summary = [e for e in events if e.kind == "summary"]
    assert len(summary) == 1
    text = english(summary[0])
    assert "Antes to the mat" in text and "{p0} (9)" in text and "Mat now" in text
    assert ("Michigan:" in text) == (game.mich_winner is not None)


def test_options_are_validated_by_name() -> None:
    with pytest.raises(ValueError, match="poker_max_bet"):
        TripoleyGame.start([50] * 3, {"poker_min_bet": 4, "poker_max_bet": 2})
    with pytest.raises(ValueError, match="nonsense"):
        TripoleyGame.start([50] * 3, {"nonsense": 1})
    with pytest.raises(ValueError, match="turn_timeout_s"):
        MichiganRummyGame.start([50] * 3, {"turn_timeout_s": 5})
    with pytest.raises(ValueError):
        MichiganRummyGame.start([50] * 2)
    with pytest.raises(ValueError, match="poker_max_bet"):
        MichiganRummyGame.start([50] * 3, {"poker_max_bet": 3})     # no betting in Michigan Rummy (MICH-5)
    assert TripoleyGame.start([50] * 3, {"poker_max_bet": 0}).opts.poker_max_bet == 0


def test_buy_in_is_free_above_the_minimum() -> None:
    assert TripoleyGame.buy_in({}).minimum == 9 and TripoleyGame.buy_in({}).maximum is None
    assert MichiganRummyGame.buy_in({"min_chips_to_join": 40}).minimum == 40
    assert MichiganRummyGame.buy_in({}).default >= 18


def test_out_of_turn_and_wrong_phase_actions_are_refused() -> None:
    game = TripoleyGame.start([50] * 3, seed=1, dealer=CAL)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(ANN, KeepHand())
    with pytest.raises(IllegalAction):
        game.apply(CAL, Lead(Suit.SPADES))
    assert game.to_dict() == before


def test_every_action_type_has_a_kind() -> None:
    for cls in (TripoleyGame, MichiganRummyGame):
        assert all(a.kind for a in cls.action_types)
