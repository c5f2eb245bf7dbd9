"""Buki-Domino rules, the end of the game: tests named by rule id."""

from __future__ import annotations

import json

import pytest

from bot.games.buki_domino import BukiDomino, ChooseDeadline, Play, SetLimits
from bot.games.buki_domino import line as ln
from bot.games.tiles import parse_tiles

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from .rules_helpers import T, finish_hand, play_d7
from tests.english import english, english_saved


def test_dom_25_short_non_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 1, 100, 100])
    assert g.is_over() and "minimum" in english_saved(g.end_reason)


def test_dom_25_max_hands_and_carried_stakes_returned() -> None:
    g = new_game(D7_HANDS, D7_STAMM, max_hands=1)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        ev = g.apply(seat, Play(T(tile), end))
    assert g.is_over() and g.stacks == [100] * 4 and g.stakes == [0] * 4
    over = [e for e in ev if e.kind == "game_over"][0]
    assert "carried stake of 2 returns" in english(over)


def test_dom_25_draws_count_towards_max_hands() -> None:
    g = new_game(D7_HANDS, D7_STAMM, max_hands=2)
    play_d7(g)
    assert not g.is_over()
    finish_hand(g)
    assert g.is_over() and g.hands_done == 2 and "2 hands" in english_saved(g.end_reason)
    assert sum(g.stacks) == 400 and g.stakes == [0] * 4


def test_dom_25_stacks_and_escrow_empty_at_the_end() -> None:
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "max_hands": 3}, seed=5)
    while not g.is_over():
        finish_hand(g)
    chips = g.chips()
    assert all(v == 0 for k, v in chips.items() if not k.startswith("seat")) and sum(chips.values()) == 400


def test_dom_27_timeout_plays_the_heaviest_tile_left_first() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    assert g.timeout_action(3) == Play(T("[8|7]"), "L")
    g.apply(3, Play(T("[7|3]"), "L"))
    # P1 (ends 7, 3): [7|6] 13 pips is the heaviest legal tile
    assert g.timeout_action(0) == Play(T("[7|6]"), "L", 7)
    assert g.turn_timeout_s() == 60


def test_dom_27_timeouts_for_every_decision() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True, late_bet_variant=True)
    assert g.timeout_action(3) == SetLimits(2, 6)
    g.apply(3, g.timeout_action(3))
    g.place_spectator_bet(1, 0, 2)
    assert g.timeout_action(3) == ChooseDeadline(3)
    g.apply(3, g.timeout_action(3))
    # the lead: heaviest tile; the pending request lapses
    assert g.timeout_action(3) == Play(T("[8|7]"), "L")
    ev = g.apply(3, g.timeout_action(3))
    assert any(e.kind == "spectator_lapse" for e in ev)
    assert g.take_spectator_payouts() == [(1, 2)]


def test_dom_27_timeout_prefers_higher_end_on_equal_pips_and_left_before_right() -> None:
    # ends (6, 7) in D7; P2 holds [7|6] (13, fits both), [8|5] (13, fits none): [7|6] on L first
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    assert g.timeout_action(1) == Play(T("[7|6]"), "L", 6)
    # equal pips: [8|4] (12) over [7|5] (12) by the higher end
    assert ln.legal_plays(parse_tiles("[7|5] [8|4]"), (4, 5))[0] == (T("[8|4]"), "L")


@pytest.mark.parametrize("secs", [10, 600])
def test_dom_27_turn_timeout_option(secs: int) -> None:
    g = new_game(D6_HANDS, D6_STAMM, turn_timeout_s=secs)
    assert g.turn_timeout_s() == secs


def test_dom_28_views() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    pub = g.public_view()
    assert pub["line"] == ["[7|3]"] and pub["ends"] == [7, 3] and pub["tile_counts"] == [6, 6, 6, 5]
    assert pub["banker"] == 3 and pub["stage"] == "play"
    priv = g.private_view(0)
    assert priv["playable"] == ["[7|6]", "[7|1]", "[3|2]"]
    assert priv["may_bet"] and priv["bet_range"] == [2, 6]
    assert "[6|5]" not in json.dumps(pub) + json.dumps(priv)


def test_dom_28_no_seat_sees_another_seats_tiles_or_the_stamm() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 2)
    pub = json.dumps(g.public_view())
    stamm = parse_tiles(D6_STAMM)
    for seat in range(4):
        mine = {str(t) for t in parse_tiles(D6_HANDS[seat])}
        priv = json.dumps(g.private_view(seat))
        others = {str(t) for s in range(4) if s != seat for t in parse_tiles(D6_HANDS[s])}
        assert all(t in priv for t in mine)
        assert not any(t in priv or t in pub for t in others | {str(x) for x in stamm})
    view = g.public_view()
    assert view["stacks"] == [100] * 4 and view["banker"] == 3 and view["tile_counts"] == [6] * 4
    assert view["spectator_bets"][0]["amount"] == 2
