"""Buki-Domino rules, play: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import Bet, BukiDomino, Play, legal_plays
from bot.games.buki_domino.scoring import block_winner
from bot.games.tiles import parse_tiles

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from .rules_helpers import T, play_d6, play_d7
from tests.english import english, label
from tests.games.known import all_of, known


def test_dom_9_banker_leads_any_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    leads = all_of(Play, g.legal_actions(3))
    assert sorted(str(a.tile) for a in leads) == sorted(str(t) for t in parse_tiles(D6_HANDS[3]))
    assert [label(a) for a in leads][0] == "Lead [8|7]"
    with pytest.raises(IllegalAction, match="first tile"):
        g.apply(3, Play(T("[7|3]"), "R"))


def test_dom_10_moves_and_labels() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    labels = [label(a) for a in g.legal_actions(0)]
    assert "Play [7|6] on the left end, which shows 7 (then 6)" in labels
    assert "Play [3|2] on the right end, which shows 3 (then 2)" in labels
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


def test_dom_10_lead_sets_left_to_the_higher_end() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[3|7]"), "L"))  # written either way round
    assert g.public_view()["ends"] == [7, 3]


def test_dom_10_a_lead_names_no_end_number() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(3, Play(T("[7|3]"), "L", 7))
    assert "None" not in str(err.value) and "first tile" in str(err.value)
    assert g.to_dict() == before


def test_dom_10_tile_of_both_ends_gives_different_positions() -> None:
    # D7 up to ends (6, 7); P2's [7|6] on L -> (7, 7), on R -> (6, 6)
    for end, ends in (("L", [7, 7]), ("R", [6, 6])):
        g = new_game(D7_HANDS, D7_STAMM)
        for seat, tile, e in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
            g.apply(seat, Play(T(tile), e))
        g.apply(1, Bet(2))
        if end == "R":
            g.apply(1, Play(T("[7|6]"), "R"))
            assert g.public_view()["ends"] == ends and g.hands_done == 0
        else:
            g.apply(1, Play(T("[7|6]"), "L"))
            assert g.hands_done == 1 and known(g.last)["line"][0] == "[7|6]"  # blocked on (7, 7)


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


def test_dom_11_pass_events_name_the_open_ends_once() -> None:
    seen = set()
    for seed in range(20):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and g.hands_done < 3:
            seat = g.to_act()[0]
            for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
                if e.kind == "pass":
                    words = english(e).split(" cannot play on ")[1].removesuffix(" and passes.").split(" or ")
                    assert len(words) == 1 or words[0] != words[1], english(e)
                    seen.add(len(words))
    assert seen == {1, 2}


def test_dom_11_player_with_a_legal_move_must_place_a_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    legal = g.legal_actions(0)
    assert any(isinstance(a, Play) for a in legal)
    assert all(isinstance(a, (Play, Bet)) for a in legal)  # no pass action exists


def test_dom_12_domino_ends_the_hand() -> None:
    # play random hands until one ends in a domino; the winner holds no tile
    for seed in range(40):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        while g.hands_done == 0:
            seat = g.to_act()[0]
            ev = g.apply(seat, g.timeout_action(seat))
        [s] = [e for e in ev if e.kind == "summary"]
        if s.data["how"] == "domino":
            assert s.data["hands"][s.data["winner"]] == [] and "domino" in english(s)
            return
    raise AssertionError("no domino in 40 hands")


def test_dom_13_block_detected_at_once_even_when_only_some_tiles_are_placed() -> None:
    ev = play_d6(new_game(D6_HANDS, D6_STAMM))
    kinds = [e.kind for e in ev]
    assert "pass" not in kinds and "summary" in kinds
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["how"] == "block" and [len(h) for h in s.data["hands"]] == [5, 5, 6, 5]


def test_dom_13_no_block_while_one_player_can_still_move() -> None:
    # ends (1, 1) after D6; if P3 held a 1 the hand would go on: P3 gets [1|0] from the Stamm
    hands = list(D6_HANDS)
    hands[2] = "[8|5] [8|3] [7|0] [5|2] [4|3] [1|0]"
    stamm = D6_STAMM.replace("[1|0]", "[4|0]")
    g = new_game(hands, stamm)
    ev = play_d6(g)
    assert g.hands_done == 0 and g.to_act() == [2] and not [e for e in ev if e.kind == "pass"]


def test_dom_14_lowest_total_wins_whoever_and_however_many_tiles() -> None:
    assert block_winner([42, 36, 49, 54]) == 1
    assert block_winner([10, 36, 49, 9]) == 3  # the banker can win a block too
    assert block_winner([36, 36, 49, 54]) is None
    assert block_winner([50, 40, 40, 40]) is None  # a three-way tie is a draw too


def test_dom_14_tie_including_the_banker_is_a_draw() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # P2 and the banker P3 share 34
    ev = play_d7(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["totals"] == [36, 34, 34, 43] and s.data["winner"] is None and "draw" in english(s)
    assert g.stacks[2] == 100  # the banker collects nothing
