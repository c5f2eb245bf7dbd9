"""Gin Rummy rules, the match: tests named by rule id."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.base import seat_key
from bot.games.cards import parse_cards
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass, Resign, TakeDiscard

from .helpers import DEALER, NON_DEALER, knock, knock_after_draw, start
from .rules_helpers import (
    D_HAND,
    G7_DEFENDER,
    G7_KNOCKER,
    G9_DEFENDER,
    G9_KNOCKER,
    GIN_HAND,
    ND_HAND,
    OTHER,
    c,
    summary,
)
from tests.english import english
from tests.games.invariants import play_checked
from tests.games.known import known


def with_scores(g: GinRummy, scores: list[int], hands_won: list[int] | None = None) -> GinRummy:
    data = g.to_dict()
    data["scores"] = scores
    data["hands_won"] = hands_won or [1 if s else 0 for s in scores]
    return GinRummy.from_dict(data)


@pytest.mark.parametrize("rule,over", [("more_than", False), ("at_least", True)])
def test_gin_19_target_rule(rule: str, over: bool) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"target_rule": rule})
    g = with_scores(g, [0, 77])
    knock(g, "KH")                                   # 77 + 23 = 100
    assert g.scores[NON_DEALER] == 100 and g.is_over() is over


@pytest.mark.parametrize("options,start_score,over", [
    ({}, 78, True),                                         # 101 > 100
    ({}, 77, False),                                        # 100 is not over 100
    ({"target_score": 50}, 27, False),                      # 50, more_than
    ({"target_score": 50, "target_rule": "at_least"}, 27, True),
    ({"target_score": 50, "target_rule": "at_least"}, 26, False),
])
def test_gin_19_target_boundaries(options: dict[str, Any], start_score: int, over: bool) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", options)
    g = with_scores(g, [0, start_score])
    knock(g, "KH")
    assert g.is_over() is over
    if over:
        assert known(g.result)["winner"] == NON_DEALER


def test_gin_19_only_the_scorer_can_end_the_match() -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH")
    g = with_scores(g, [0, 99])                     # the knocker has 99 but is undercut
    knock(g, "KH")
    assert not g.is_over() and g.scores == [10, 99]


@pytest.mark.parametrize("shutout,totals", [("off", [0, 204]), ("double_game_bonus", [0, 304]),
                                            ("double_all", [0, 308])])
def test_gin_20_shutout(shutout: str, totals: list[int]) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"game_bonus": 100, "shutout": shutout})
    g = with_scores(g, [0, 81])
    knock(g, "KH")                                   # 104, the loser scored no hand
    assert known(g.result)["totals"] == totals
    assert g.chips() == {seat_key(0): 250 - min(250, totals[1]), seat_key(1): 250 + min(250, totals[1])}


def test_gin_20_line_bonus_and_game_bonus_without_shutout() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"line_bonus": 25, "game_bonus": 100,
                                                          "shutout": "double_all"})
    g = with_scores(g, [40, 81], [2, 3])            # the loser scored: no shutout
    knock(g, "KH")
    assert known(g.result)["totals"] == [40 + 50, 104 + 100 + 4 * 25]
    assert g.chips() == {seat_key(0): 250 - 214, seat_key(1): 250 + 214}


def test_gin_20_double_game_bonus_without_game_bonus_changes_nothing() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"shutout": "double_game_bonus",
                                                          "line_bonus": 20})
    g = with_scores(g, [0, 81], [0, 3])
    knock(g, "KH")
    assert known(g.result)["totals"] == [0, 104 + 80]


def test_gin_21_buy_in_is_escrow_times_stake() -> None:
    assert GinRummy.buy_in({}).minimum == GinRummy.buy_in({}).maximum == 250
    assert GinRummy.buy_in({"stake_per_point": 2, "escrow_points": 100}).minimum == 200
    assert GinRummy.buy_in({"stake_per_point": 0}).maximum == 0


def test_gin_21_per_hand_settlement_and_final_difference() -> None:
    opts = {"settle": "per_hand", "line_bonus": 20}
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", opts)
    knock(g, "KH")
    assert g.chips() == {seat_key(0): 227, seat_key(1): 273}
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", opts)
    g = with_scores(g, [30, 81], [2, 4])
    knock(g, "KH")
    # Totals 30+40 = 70 and 104+100 = 204; the 23 of this hand was paid per hand, then
    # X = (204 − 70) − (104 − 30) = 60 more (earlier hands were settled when played).
    assert known(g.result)["totals"] == [70, 204]
    assert g.chips() == {seat_key(0): 250 - 23 - 60, seat_key(1): 250 + 23 + 60}


def test_gin_21_payments_capped_at_escrow() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"escrow_points": 10})
    g = with_scores(g, [0, 90])
    events = knock(g, "KH")
    assert g.chips() == {seat_key(0): 0, seat_key(1): 20}
    assert "capped" in next(english(e) for e in events if e.kind == "summary")


def test_gin_21_friendly_match_moves_nothing() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"stake_per_point": 0})
    g = with_scores(g, [0, 90])
    knock(g, "KH")
    assert g.is_over() and g.chips() == {seat_key(0): 0, seat_key(1): 0}


def test_gin_21_equal_totals_pay_nothing() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"line_bonus": 20})
    g = with_scores(g, [124, 81], [1, 1])           # 124 + 20 = 144 = 104 + 2 × 20
    knock(g, "KH")
    assert known(g.result)["totals"] == [144, 144]
    assert g.chips() == {seat_key(0): 250, seat_key(1): 250}


def test_gin_21_per_hand_undercut_knocker_pays_and_cap() -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH", {"settle": "per_hand", "stake_per_point": 3})
    knock(g, "KH")
    assert g.chips() == {seat_key(0): 750 + 30, seat_key(1): 750 - 30}
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"settle": "per_hand"}, stacks=(5, 250))
    events = knock(g, "KH")
    assert g.chips() == {seat_key(0): 0, seat_key(1): 255} and "capped" in summary(events)


def test_gin_21_empty_escrow_pays_nothing_and_says_so() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"settle": "per_hand"}, stacks=(0, 250))
    events = knock(g, "KH")
    text = summary(events)
    assert g.chips() == {seat_key(0): 0, seat_key(1): 250}
    assert "pays" not in text and "no escrow left" in text and "23 chips" in text
    assert known(g.last_hand)["payments"] == []


def test_gin_22_timeouts() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    assert g.timeout_action(NON_DEALER) == Pass(c("7H"))
    g.apply(NON_DEALER, Pass(c("7H")))
    assert g.timeout_action(DEALER) == DrawStock()
    g.apply(DEALER, DrawStock())
    # KH and KD both leave 10; ties: same value and rank, so suit order S, H, D, C picks KH.
    assert g.timeout_action(DEALER) == Discard(c("KH"))
    assert g.turn_timeout_s() == 60
    # Never a knock, even when one is possible (G7 hand can knock with 4).
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    assert isinstance(g.timeout_action(NON_DEALER), Discard)
    # But the automatic gin happens.
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D")
    assert g.timeout_action(NON_DEALER) == Knock(c("9D"), 0)


def test_gin_22_resign_forfeits_and_settles() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"stake_per_point": 2})
    g = with_scores(g, [30, 0], [1, 0])
    assert Resign() in g.legal_actions(NON_DEALER)
    events = g.apply(NON_DEALER, Resign())
    assert g.is_over() and known(g.result)["winner"] == DEALER and known(g.result)["forfeit"] == NON_DEALER
    assert known(g.result)["scores"] == [100, 0]            # raised to the target
    assert g.chips() == {seat_key(0): 500 + 200, seat_key(1): 500 - 200}
    assert "resigns" in next(english(e) for e in events if e.kind == "summary")
    assert g.to_act() == [] and g.legal_actions(DEALER) == []


def test_gin_22_leaving_mid_match_forfeits() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert not g.can_cash_out(DEALER)               # the escrow is at stake (GIN-21)
    events = g.leave(DEALER)
    assert "forfeit" in next(english(e) for e in events if e.kind == "summary")
    assert g.is_over() and known(g.result)["winner"] == NON_DEALER and known(g.result)["forfeit"] == DEALER
    assert g.chips() == {seat_key(0): 150, seat_key(1): 350}
    assert g.can_cash_out(DEALER) and g.can_cash_out(NON_DEALER)
    g.cash_out(DEALER)
    assert g.chips() == {seat_key(0): 0, seat_key(1): 350} and not g.can_cash_out(DEALER)
    g.cash_out(NON_DEALER)
    assert g.chips() == {seat_key(0): 0, seat_key(1): 0}


def test_gin_22_cash_out_without_leave_also_forfeits() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    g.cash_out(NON_DEALER)
    assert g.is_over() and known(g.result)["winner"] == DEALER
    assert g.chips() == {seat_key(0): 350, seat_key(1): 0}


def test_gin_22_timeout_ties_higher_rank_then_value() -> None:
    # 10D and KD both leave the same deadwood with the same value: the higher rank (K) goes.
    g = start("2H 5H 8H 10D 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, DrawStock())
    g.apply(DEALER, Discard(c("KD")))
    g.apply(NON_DEALER, TakeDiscard(c("KD")))
    assert g.timeout_action(NON_DEALER) == Discard(c("QD"))  # QD, KD tie; KD is the pickup
    g = start("2H 5H 8H 10D 3D 6D 9D AC 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, DrawStock())
    g.apply(DEALER, Discard(c("2S")))
    g.apply(NON_DEALER, DrawStock())
    drawn = g.hands[NON_DEALER][-1]
    dws = g.private_view(NON_DEALER)["discard_deadwood"]
    best = min(dws.values())
    tied = [x for x in g.hands[NON_DEALER] if dws[str(x)] == best]
    want = max(tied, key=lambda x: (min(x.rank, 10), x.rank, -x.suit_index))
    assert g.timeout_action(NON_DEALER) == Discard(want), drawn


def test_gin_22_timeouts_classic_dealer_and_option() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"first_turn": "classic", "turn_timeout_s": 15})
    g.apply(NON_DEALER, g.timeout_action(NON_DEALER))
    assert g.timeout_action(DEALER) == Pass(c("7H")) and g.turn_timeout_s() == 15
    g.apply(DEALER, g.timeout_action(DEALER))
    assert g.timeout_action(NON_DEALER) == DrawStock()


def test_gin_22_resign_with_per_hand_and_bonuses() -> None:
    opts = {"settle": "per_hand", "game_bonus": 100}
    g = start(ND_HAND, D_HAND, "7H", options=opts)
    g = with_scores(g, [30, 60], [1, 2])
    g.apply(NON_DEALER, Resign())
    # the dealer wins: hand score raised to 100; totals 200 vs 60; earlier hands were paid per
    # hand (net 30 − 60 = −30 for the dealer), so X = 140 + 30 = 170 more.
    assert known(g.result)["scores"] == [100, 60] and known(g.result)["totals"] == [200, 60]
    assert g.chips() == {seat_key(0): 250 + 170, seat_key(1): 250 - 170}


@pytest.mark.parametrize("seed", range(4))
def test_gin_23_chips_conserved(seed: int) -> None:
    choices: list[dict[str, Any]] = [
        {"settle": "per_hand", "target_score": 30, "escrow_points": 20},
        {"target_score": 40, "game_bonus": 100, "line_bonus": 25, "shutout": "double_all"},
        {"target_score": 25, "stake_per_point": 0},
        {"target_score": 30, "big_gin": True, "knock_limit": 0}]
    opts = choices[seed]
    amount = GinRummy.buy_in(opts).minimum
    g = play_checked(GinRummy, [amount, amount], seed, opts)
    assert g.is_over() and sum(g.chips().values()) == 2 * amount


def test_gin_24_views_hide_hands_and_the_knock_discard() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knocker_arrangement": "player_choice"})
    public = json.dumps(g.public_view())
    for card in parse_cards(G7_KNOCKER + " " + G7_DEFENDER):
        assert f'"{card}"' not in public
    private = g.private_view(NON_DEALER)
    assert sorted(private["hand"]) == sorted(G7_KNOCKER.split() + ["KH"])
    assert private["deadwood"] == 4 + 10 and "discard_deadwood" in private
    assert "discard_deadwood" not in g.private_view(DEALER)


def test_gin_24_public_pile_pickups_and_showdown() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, DrawStock())
    g.apply(DEALER, Discard(c("KD")))
    g.apply(NON_DEALER, TakeDiscard(c("KD")))
    view = g.public_view()
    assert view["discard_pile"] == ["7H"] and view["taken"][NON_DEALER] == ["KD"]
    assert view["stock_count"] == 30 and view["pickup"] == "KD"
    for card in parse_cards(ND_HAND + " " + D_HAND):         # no hand card is public
        assert f'"{card}"' not in json.dumps(view)
    # At the showdown both hands, melds and layoffs are public; the knock discard is not.
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    knock(g, "KH")
    last = known(g.public_view()["last_hand"])
    shown = {x for m in last["knocker_melds"] for x in m} | set(last["knocker_dead"]) \
        | {x for x, _ in last["layoffs"]} | {x for m in last["defender_melds"] for x in m} \
        | set(last["defender_dead"])
    assert shown == set(G7_KNOCKER.split() + G7_DEFENDER.split())
    assert "KH" not in json.dumps(last)
