"""Bourré rules, settlement: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayHand

from .helpers import everyone_plays, play, start
from .rules_helpers import summary_of, timeouts_until_next_hand, with_pot
from .test_examples import FOUR, FOUR_PLAYS


def test_bou_17_and_bou_18_winner_takes_p_and_bourre_pays_p() -> None:
    g = with_pot(start(4, 3, FOUR), 8, 1)
    assert g.pot == 12
    everyone_plays(g)
    events = []
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    text = summary_of(events)
    assert "{p0} took the most tricks and wins 12 chips" in text
    assert "{p2} is bourré and pays 12 chips" in text and "{p3} is bourré and pays 12 chips" in text
    assert "Next pot: 24 chips." in text


def test_bou_17_and_bou_20_two_player_hand_tie_is_impossible_and_bourre_exempt() -> None:
    # With two active players one of them takes at least three tricks: never a tie.
    g = Bourre.start([200] * 2, {"max_hands": 0}, seed=9)
    for _ in range(10):
        hand = g.hand_no
        while g.hand_no == hand:
            seat = g.to_act()[0]
            g.apply(seat, PlayHand() if g.phase == "declare" else g.timeout_action(seat))
        assert "tie" not in g.last_summary


def test_bou_19_bourre_pays_the_limit_even_when_the_winner_took_less_than_p() -> None:
    g = with_pot(start(4, 3, FOUR, options={"pot_limit": 5}), 16, 1)
    assert g.pot == 20
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    text = summary_of(events)
    assert "wins 5 chips" in text and "The pot limit leaves 15 chips in the pot" in text
    assert "{p2} is bourré and pays 5 chips" in text
    assert g.pot == 15 + 5 + 5 + 2  # + the next antes of A and B


@pytest.mark.parametrize("mode, skipped", [("bourre_and_tied", [2, 3]), ("bourre_only", [2, 3]),
                                           ("none", [])])
def test_bou_20_bourre_players_skip_the_next_ante(mode: str, skipped: list[int]) -> None:
    g = start(4, 3, FOUR, options={"ante_exemption": mode})
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.skipped_ante == skipped
    assert g.pot == 4 + 4 + 4 - len(skipped)  # P 4, two bourré pay 4 each, then the antes


def test_bou_20_an_exempt_player_who_folds_still_skipped_the_ante() -> None:
    g = start(4, 3, FOUR)
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.dealer == 0 and g.stacks[2] == 195
    g.apply(1, Fold())
    g.apply(2, Fold())
    assert g.stacks[2] == 195  # the exemption applied whether or not they play


def test_bou_21_a_player_with_no_chips_may_still_play() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200])
    assert g.stacks[1] == 0
    g.apply(0, Fold())
    assert PlayHand() in g.legal_actions(1)
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    events = g.apply(2, Fold())
    assert "{p1} was the only player to play and takes 3 chips" in summary_of(events)
    assert not g.is_over() and g.stacks[1] == 3 - 1


def test_bou_22_dealer_moves_left_skipping_a_player_who_left() -> None:
    g = start(4, 0, {0: "2S 3S 4S 5S 9D"})
    g.apply(1, Fold())
    g.leave(1)
    assert g.can_cash_out(1)
    g.cash_out(1)
    for seat in (2, 3, 0):
        g.apply(seat, Fold())
    assert g.dealer == 2 and g.hand_no == 2
    assert g.public_view()["seats"][1]["state"] == "left" and g.stacks[1] == 0


def test_bou_22_the_button_moves_left_after_every_hand() -> None:
    g = start(3, 1, {1: "2S 3S 4S 5S 9D"})
    dealers = [g.dealer]
    for _ in range(4):
        timeouts_until_next_hand(g)
        dealers.append(g.dealer)
    assert dealers == [1, 2, 0, 1, 2]
