"""Bourré rules, the end of the game: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.bourre import Bourre, scoring
from bot.games.bourre.actions import Exchange, Fold, PlayHand
from bot.games.bourre.state import BourreState
from bot.games.messages import Msg
from bot.games.simulate import play as drive
from bot.games.simulate import random_policy

from .helpers import everyone_plays, play, start
from .rules_helpers import summary_of, timeouts_until_next_hand, with_pot
from .test_examples import FOUR, FOUR_PLAYS
from tests.english import english


def test_bou_23_max_hands() -> None:
    g = Bourre.start([200] * 3, {"max_hands": 2}, seed=1)
    for _ in drive(g, random_policy, seed=1):
        pass
    assert g.is_over() and g.hand_no == 2 and g.pot == 0


def test_bou_23_end_on_double() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"end_on_double": True, "buy_in": 10},
              stacks=[19, 10, 10])
    g.apply(0, PlayHand()); g.apply(0, Exchange(())); g.apply(1, Fold())
    events = g.apply(2, Fold())  # seat 0 alone takes the pot of 3: stack 21 ≥ 20
    assert g.is_over() and g.stacks == [21, 9, 9]
    assert "doubled their buy-in" in english(next(e for e in events if e.kind == "summary"))


def test_bou_23_without_end_on_bust_a_broke_player_leaves() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8], options={"end_on_bust": False})
    everyone_plays(g)
    data = g.to_dict(); data["pot"] += 8; data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert not g.is_over() and g.stacks[3] == 0 and not g.seated[3]
    assert g.can_cash_out(3) and g.hand_no == 2
    assert g.public_view()["seats"][3]["state"] == "left"
    assert 3 not in g.order


def test_bou_23_when_the_broke_leave_too_few_the_game_ends_and_the_others_share_the_pot() -> None:
    # BOU-23: "With end_on_bust = false, a player with stack 0 leaves the table instead";
    # BOU-24: the pot is divided "among the players seated at the end" - the broke player
    # has left, so seat 0 alone takes the pot of 2.
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"}, stacks=[200, 1], options={"end_on_bust": False})
    assert g.stacks == [199, 0] and g.pot == 2
    g.apply(0, Fold())
    events = g.apply(1, Fold())
    summary = english(next(e for e in events if e.kind == "summary"))
    assert g.is_over() and "{p1} went broke, leaving fewer than 2 players" in summary
    assert g.stacks == [201, 0] and g.pot == 0 and not g.seated[1]


def test_bou_23_max_hands_0_means_no_limit() -> None:
    g = Bourre.start([200] * 3, {"max_hands": 0}, seed=2)
    for _ in range(25):
        timeouts_until_next_hand(g)
    assert not g.is_over() and g.hand_no == 26


def test_bou_23_end_on_double_is_off_by_default() -> None:
    for opts, over in [({}, False), ({"end_on_double": True}, True)]:
        g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[399, 200, 200], options=opts)
        g.apply(0, PlayHand()); g.apply(0, Exchange(()))
        g.apply(1, Fold()); g.apply(2, Fold())
        assert g.is_over() is over and g.stacks[0] >= 400 - (0 if over else 1)


def test_bou_23_end_on_bust_false_broke_player_leaves_before_the_final_split() -> None:
    # max_hands reached in the hand where seat 1 went broke (its ante took its last chip):
    # it leaves the table "instead", so the split is among the seated seats 0 and 2.
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200],
              options={"end_on_bust": False, "max_hands": 1})
    for seat in range(3):
        events = g.apply(seat, Fold())
    text = summary_of(events)
    assert g.is_over() and "{p1} has no chips left and leaves the table" in text
    assert g.stacks == [199 + 2, 0, 199 + 1] and not g.seated[1] and g.pot == 0


def test_bou_23_end_on_bust_true_keeps_the_broke_player_for_the_split() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200])
    for seat in range(3):
        events = g.apply(seat, Fold())
    assert g.is_over() and "{p1} went broke" in summary_of(events)
    assert g.stacks == [199 + 1, 0 + 1, 199 + 1]


def test_bou_23_end_on_bust_false_when_everybody_is_broke_they_share_the_pot() -> None:
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"}, stacks=[1, 1], options={"end_on_bust": False})
    assert g.stacks == [0, 0] and g.pot == 2
    g.apply(0, Fold())
    events = g.apply(1, Fold())
    assert g.is_over() and "everybody went broke" in summary_of(events)
    assert g.stacks == [1, 1] and g.pot == 0


def test_bou_24_extra_hands_until_the_pot_is_won() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8], options={"final_pot": "extra_hands"})
    everyone_plays(g)
    data = g.to_dict(); data["pot"] += 8; data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    assert not g.is_over() and g.extra == 1 and g.public_view()["extra_hand"] == 1
    assert "extra hands" in english(next(e for e in events if e.kind == "summary"))
    for _ in drive(g, random_policy, seed=3):
        pass
    assert g.is_over() and g.pot == 0 and 1 <= g.extra <= 5
    assert sum(g.stacks) == 616


def test_bou_24_split_odd_chips_from_the_last_dealers_left() -> None:
    g = with_pot(start(4, 1, {1: "2S 3S 4S 5S 9D"}, options={"max_hands": 1}), 3, 0)
    assert g.pot == 7
    for seat in (2, 3, 0, 1):
        events = g.apply(seat, Fold())
    assert g.is_over() and "one odd chip each to {p2}, {p3}, {p0}" in summary_of(events)
    assert g.stacks == [196 + 2, 199 + 1, 199 + 2, 199 + 2] and sum(g.stacks) == 800


def test_bou_24_at_most_five_extra_hands_then_split() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"},
              options={"max_hands": 1, "final_pot": "extra_hands", "dealer_must_play_on_ace": False})
    for _ in range(6):
        assert not g.is_over()
        timeouts_until_next_hand(g)   # everybody folds: the pot is never won
    assert g.is_over() and g.hand_no == 6 and g.extra == 5
    assert g.pot == 0 and sum(g.stacks) == 600 and g.stacks == [200, 200, 200]


def test_bou_24_extra_hands_do_not_apply_the_other_end_conditions() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 3, 200],
              options={"max_hands": 1, "final_pot": "extra_hands", "dealer_must_play_on_ace": False})
    timeouts_until_next_hand(g)
    assert g.extra == 1 and g.stacks[1] == 1
    timeouts_until_next_hand(g)   # seat 1 antes its last chip in extra hand 2
    assert g.extra == 2 and g.stacks[1] == 0
    timeouts_until_next_hand(g)   # settled with a stack of 0: no end on bust during extra hands
    assert not g.is_over() and g.seated[1] and g.extra == 3


def test_bou_25_a_settlement_that_changes_the_total_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = scoring.settle_draw

    def leaky(game: BourreState, active: list[int]) -> list[Msg]:
        lines = real(game, active)
        game.stacks[0] += 1  # a chip created from nothing
        return lines

    monkeypatch.setattr(scoring, "settle_draw", leaky)
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold()); g.apply(1, Fold())
    with pytest.raises(RuntimeError, match="BOU-25"):
        g.apply(2, Fold())
