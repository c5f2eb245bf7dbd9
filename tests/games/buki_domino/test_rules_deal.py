"""Buki-Domino rules, the deal and the banker: tests named by rule id."""

from __future__ import annotations

import json

import pytest

from bot.games.buki_domino import BukiDomino, Play

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from .rules_helpers import T, d6_to_second_hand, finish_hand, play_d6, play_d7
from tests.english import english, english_saved
from tests.games.known import known


def test_dom_5_seven_tiles_stamm_of_eight() -> None:
    g = BukiDomino.start([100] * 4, {"tiles_per_player": 7}, seed=3)
    assert [len(g.private_view(s)["hand"]) for s in range(4)] == [7] * 4
    assert len(g.stamm) == 8


def test_dom_5_stamm_hidden_until_the_end() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    text = json.dumps(g.public_view())
    assert "[5|1]" not in text and "[8|4]" not in text  # a Stamm tile, a tile of P1
    assert "[8|4]" not in json.dumps(g.private_view(1))
    g = d6_to_second_hand()
    assert "[5|1]" in known(g.public_view()["last_hand"])["stamm"]


@pytest.mark.parametrize("per", [6, 7])
def test_dom_5_deal_is_uniform_and_every_hand_is_new(per: int) -> None:
    n = 2000
    counts = [[0] * 5 for _ in range(36)]  # tile code -> P1..P4, Stamm
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "tiles_per_player": per,
                                     "max_hands": 3}, seed=0)
    first_hand = [list(h) for h in g.hands]
    finish_hand(g)
    assert [list(h) for h in g.hands] != first_hand  # a fresh shuffle for the next hand
    for seed in range(n):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "tiles_per_player": per}, seed=seed)
        assert len(g.stamm) == 36 - 4 * per
        for s in range(4):
            for c in g.hands[s]:
                counts[c][s] += 1
        for c in g.stamm:
            counts[c][4] += 1
    expected = [n * per / 36] * 4 + [n * (36 - 4 * per) / 36]
    for row in counts:
        for got, exp in zip(row, expected):
            assert abs(got - exp) < 0.25 * exp, (row, expected)


def test_dom_6_first_banker_is_the_heaviest_dealt_tile_also_with_8_7_in_the_stamm() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # [8|7] in the Stamm, [8|6] with P3
    assert g.banker == 2 and g.to_act() == [2]
    # [8|7] dealt to P2: P2 banks even though P1 holds the next heaviest tiles
    g = new_game(["[8|6] [8|5] [7|6]", "[8|7]"])
    assert g.banker == 1


def test_dom_7_the_winner_banks_next_and_a_winning_banker_stays() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    play_d6(g)
    assert known(g.last)["winner"] == 1 and g.banker == 1  # P2 won the block
    # play on with timeouts: after every hand the winner banks, the banker stays after a draw
    for _ in range(8):
        before = g.banker
        [s] = [e for e in finish_hand(g) if e.kind == "summary"]
        if g.is_over():
            break
        expected = before if s.data["winner"] is None else s.data["winner"]
        assert g.banker == expected


def test_dom_7_banker_who_wins_stays_banker() -> None:
    for seed in range(60):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        b = g.banker
        ev = finish_hand(g)
        if known(g.last)["winner"] == b and not g.is_over():
            assert g.banker == b and any("stays banker" in english(e) for e in ev if e.kind == "deal")
            assert g.public_view()["stage"] == "play"  # no DOM-17 early bets
            return
    raise AssertionError("no hand won by the banker in 60 seeds")


def test_dom_7_banker_stays_after_a_draw() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    play_d7(g)
    assert known(g.last)["winner"] is None and g.banker == 2 and g.hands_done == 1


def test_dom_8_bank_passes_to_the_next_who_can_cover() -> None:
    # P4 holds [8|7] but has 10 chips < payout(6) = 15; P1 is next clockwise
    g = new_game(D6_HANDS, D6_STAMM, stacks=[30, 30, 30, 10])
    assert g.banker == 0


def test_dom_8_25_no_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[14, 14, 14, 14])
    assert g.is_over() and "banker" in english_saved(g.end_reason) and g.to_act() == []


def test_dom_8_bank_passes_counterclockwise_with_that_option() -> None:
    # P4 holds [8|7] but cannot cover 15; counterclockwise the next seat is P3
    g = new_game(D6_HANDS, D6_STAMM, stacks=[30, 30, 30, 10], play_direction="counterclockwise")
    assert g.banker == 2
    assert g.stacks == [30, 30, 30, 10]


def test_dom_8_requirement_uses_the_rounding_and_multiplier() -> None:
    # payout(6) = 15 with 2.5 floor; 18 with 3; 12 with 2
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 14]).banker == 0
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 15]).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 17], payout_multiplier=3).banker == 0
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 18], payout_multiplier=3).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], payout_multiplier=2).banker == 3
    # max_bet 5: payout 12 floor, 13 ceil
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], max_bet=5).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], max_bet=5,
                    payout_rounding="ceil").banker == 0


def test_dom_8_new_banker_gets_its_carried_stake_back() -> None:
    g = new_game(D7_HANDS, D7_STAMM, stacks=[100, 100, 100, 100])
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    g.stacks[2] -= 90  # set-up: the banker P3 has lost most of its stack elsewhere (chips leave the check)
    ev = g.apply(1, Play(T("[7|6]"), "L"))  # a draw: P3 would stay banker, but 10 < payout(6) = 15
    assert known(g.last)["winner"] is None
    assert g.banker == 3  # the next seat clockwise that can cover
    assert g.stakes[3] == 0 and g.carried[3] == 0 and g.stacks[3] == 100  # its carried 2 came back
    assert g.carried == [2, 2, 0, 0]
    assert any(e.kind == "refund" and e.seat == 3 for e in ev)
    assert g.public_view()["stage"] == "early_bets"  # DOM-17: the banker changed
