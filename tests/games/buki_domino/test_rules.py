"""Rule tests for Buki-Domino, by rule id (rules/dominoes.md)."""

from __future__ import annotations

import json

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import action_from_dict, action_to_dict
from bot.games.buki_domino import (Bet, BukiDomino, ChooseDeadline, Play, SetLimits, legal_plays)
from bot.games.tiles import Tile, parse_tiles

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game

T = Tile.parse


def d6_to_second_hand(**options) -> BukiDomino:
    """D6 played out: P2 wins the block and banks the second hand (a change of banker)."""
    g = new_game(D6_HANDS, D6_STAMM, **options)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    assert g.hands_done == 1 and g.banker == 1
    return g


def test_registered_with_class_attributes() -> None:
    assert GAMES["buki_domino"] is BukiDomino
    assert BukiDomino.min_players == BukiDomino.max_players == 4
    assert len(BukiDomino.rules_summary) <= 1800
    names = {s.name for s in BukiDomino.option_specs}
    assert names == {"buy_in", "min_bet", "max_bet", "first_banker_sets_limits", "payout_multiplier",
                     "payout_rounding", "tiles_per_player", "play_direction", "bet_deadline_tile",
                     "late_bet_variant", "early_bets_after_bank_change", "spectator_bets", "spectator_odds",
                     "max_hands", "turn_timeout_s"}
    b = BukiDomino.buy_in({"buy_in": 250})
    assert b.minimum == b.maximum == b.default == 250


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
def test_dom_4_15_bad_options_name_the_option(options: dict, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        BukiDomino.start([100] * 4, options)


def test_dom_2_exactly_four_players() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        BukiDomino.start([100] * 3)


def test_dom_2_counterclockwise_order() -> None:
    g = new_game(D6_HANDS, D6_STAMM, play_direction="counterclockwise")
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.to_act() == [2]  # P4 -> P3


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
    assert "[5|1]" in g.public_view()["last_hand"]["stamm"]


def test_dom_8_bank_passes_to_the_next_who_can_cover() -> None:
    # P4 holds [8|7] but has 10 chips < payout(6) = 15; P1 is next clockwise
    g = new_game(D6_HANDS, D6_STAMM, stacks=[30, 30, 30, 10])
    assert g.banker == 0


def test_dom_8_25_no_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[14, 14, 14, 14])
    assert g.is_over() and "banker" in g.end_reason and g.to_act() == []


def test_dom_25_short_non_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 1, 100, 100])
    assert g.is_over() and "minimum" in g.end_reason


def test_dom_9_banker_leads_any_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    leads = g.legal_actions(3)
    assert sorted(str(a.tile) for a in leads) == sorted(str(t) for t in parse_tiles(D6_HANDS[3]))
    assert [a.label for a in leads][0] == "Lead [8|7]"
    with pytest.raises(IllegalAction, match="first tile"):
        g.apply(3, Play(T("[7|3]"), "R"))


def test_dom_10_moves_and_labels() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    labels = [a.label for a in g.legal_actions(0)]
    assert "Play [7|6] on the left (7)" in labels and "Play [3|2] on the right (3)" in labels
    with pytest.raises(IllegalAction, match="does not match the right end"):
        g.apply(0, Play(T("[7|6]"), "R"))
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(0, Play(T("[6|5]"), "L"))
    with pytest.raises(IllegalAction, match="now shows 7"):
        g.apply(0, Play(T("[7|6]"), "L", 3))


def test_dom_10_equal_ends_use_left() -> None:
    assert legal_plays(parse_tiles("[4|0]"), (4, 4)) == [(T("[4|0]"), "L")]
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    # ends (6, 7); P2 holds [7|6], which fits both ends: two different moves
    moves = [(str(a.tile), a.end) for a in g.legal_actions(1) if isinstance(a, Play)]
    assert ("[7|6]", "L") in moves and ("[7|6]", "R") in moves


def test_dom_11_auto_pass_and_out_of_turn() -> None:
    # D7: after [6|0] P4 plays [4|0] on R; then the ends are (6, 4) and P1 holds [7|4]
    g = new_game(D7_HANDS, D7_STAMM)
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(0, Play(T("[2|0]"), "L"))
    ev = g.apply(2, Play(T("[6|0]"), "L"))
    # ends (6, 0): P4 holds [4|0], so nobody passes and P4 is next
    assert [e.kind for e in ev] == ["play"] and g.to_act() == [3]
    # a waiting non-banker may only bet (DOM-16, off-turn); the banker waiting has nothing
    assert {type(a) for a in g.legal_actions(0)} == {Bet} and g.legal_actions(2) == []


def test_dom_11_passes_are_recorded_and_skipped() -> None:
    # P1 holds only 8s and 0s; after P4 leads [7|3], P1 cannot play 7 or 3
    g = new_game(["[8|0] [8|1] [8|2] [2|0] [1|0] [4|0]", None, None, "[8|7] [7|3]"], "",
                 first_banker_sets_limits=False)
    ev = g.apply(3, Play(T("[7|3]"), "L"))
    passes = [e for e in ev if e.kind == "pass"]
    assert passes and passes[0].seat == 0
    assert g.to_act() != [0] and g.public_view()["passes"][0][0] == 0


def test_dom_12_domino_ends_the_hand() -> None:
    # play random hands until one ends in a domino; the winner holds no tile
    for seed in range(40):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        while g.hands_done == 0:
            seat = g.to_act()[0]
            ev = g.apply(seat, g.timeout_action(seat))
        [s] = [e for e in ev if e.kind == "summary"]
        if s.data["how"] == "domino":
            assert s.data["hands"][s.data["winner"]] == [] and "domino" in s.text
            return
    raise AssertionError("no domino in 40 hands")


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


def test_dom_21_ceil_and_even_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only", min_bet=2, max_bet=8)
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == [2, 4, 6, 8]
    with pytest.raises(IllegalAction, match="even"):
        g.apply(0, Bet(3))
    assert g.payout(3) == 7
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="ceil")
    assert g.payout(3) == 8 and g.spayout(1) == 3


def test_dom_22_carried_stake_plus_new_bet() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    g.apply(1, Bet(6))
    g.apply(1, Play(T("[7|6]"), "L"))
    assert g.carried == [2, 6, 0, 2] and g.banker == 2
    assert g.public_view()["stage"] == "play"  # same banker: no early bets
    # P2's max_bet applies to the new bet only: stake up to 12
    assert g.bet_range(1) == (2, 6)
    total = sum(g.chips().values())
    assert total == 400


def test_dom_24_late_bet_variant() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    assert g.to_act() == [3] and g.legal_actions(3) == [ChooseDeadline(3), ChooseDeadline(4)]
    assert g.timeout_action(3) == ChooseDeadline(3)
    g.apply(3, ChooseDeadline(4))
    assert g.deadline == 4 and g.public_view()["bet_deadline_tile"] == 4


def test_dom_25_max_hands_and_carried_stakes_returned() -> None:
    g = new_game(D7_HANDS, D7_STAMM, max_hands=1)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        ev = g.apply(seat, Play(T(tile), end))
    assert g.is_over() and g.stacks == [100] * 4 and g.stakes == [0] * 4
    over = [e for e in ev if e.kind == "game_over"][0]
    assert "carried stake of 2 returns" in over.text


def test_dom_27_timeout_plays_the_heaviest_tile_left_first() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    assert g.timeout_action(3) == Play(T("[8|7]"), "L")
    g.apply(3, Play(T("[7|3]"), "L"))
    # P1 (ends 7, 3): [7|6] 13 pips is the heaviest legal tile
    assert g.timeout_action(0) == Play(T("[7|6]"), "L", 7)
    assert g.turn_timeout_s() == 60


def test_dom_28_views() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    pub = g.public_view()
    assert pub["line"] == ["[7|3]"] and pub["ends"] == [7, 3] and pub["tile_counts"] == [6, 6, 6, 5]
    assert pub["banker"] == 3 and pub["phase"] == "Playing"
    priv = g.private_view(0)
    assert priv["playable"] == ["[7|6]", "[7|1]", "[3|2]"]
    assert priv["may_bet"] and priv["bet_range"] == [2, 6]
    assert "[6|5]" not in json.dumps(pub) + json.dumps(priv)


def test_actions_round_trip_the_codec() -> None:
    for a in (Play(T("[6|3]"), "L", 6), Play(T("[6|3]"), "L"), Bet(4), SetLimits(2, 6), ChooseDeadline(4)):
        assert action_from_dict(BukiDomino.action_types, json.loads(json.dumps(action_to_dict(a)))) == a
        assert len(a.label) <= 80


def test_illegal_actions_change_nothing() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    before = g.to_dict()
    # (P1 may bet while the banker decides on late bets: DOM-16, see test_off_turn_bets.py)
    for seat, action in ((0, Bet(7)), (0, Play(T("[8|4]"), "L")), (3, Bet(2)), (3, Play(T("[8|7]"), "L")), (3, ChooseDeadline(5)),
                         (3, SetLimits(2, 6)), (1, ChooseDeadline(3))):
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
        assert g.to_dict() == before


def test_dom_11_pass_events_name_the_open_ends_once() -> None:
    import random
    seen = set()
    for seed in range(20):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and g.hands_done < 3:
            seat = g.to_act()[0]
            for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
                if e.kind == "pass":
                    words = e.text.split(" cannot play on ")[1].removesuffix(" and passes.").split(" or ")
                    assert len(words) == 1 or words[0] != words[1], e.text
                    seen.add(len(words))
    assert seen == {1, 2}
