"""Rule tests for Gin Rummy, by rule id (shared/rules/gin-rummy.md)."""

from __future__ import annotations

import json

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import seat_key
from bot.games.cards import Card, parse_cards
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass, Resign, TakeDiscard

from .helpers import DEALER, NON_DEALER, knock, knock_after_draw, start

G7_KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C JC 4D"        # scores 23 against G7_DEFENDER
G7_DEFENDER = "4S 5S 7S 8H 8D KC QC 2H 3H 6C"
ND_HAND = "2H 5H 8H JH 3D 6D 9D QD 4C 7C"
D_HAND = "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"
GIN_HAND = "AC 2C 3C 4C 5C 5H 5S 5D 6D 9D"     # gin after drawing 7D
OTHER = "KS KH 2H 3D 8S 8C 4H 9C JH QH"


def c(text: str) -> Card:
    return Card.parse(text)


def with_scores(g: GinRummy, scores: list[int], hands_won: list[int] | None = None) -> GinRummy:
    data = g.to_dict()
    data["scores"] = scores
    data["hands_won"] = hands_won or [1 if s else 0 for s in scores]
    return GinRummy.from_dict(data)


def test_registered_with_every_option_of_the_rules_table() -> None:
    assert GAMES["gin_rummy"] is GinRummy
    names = {s.name: s.default for s in GinRummy.option_specs}
    assert names == {
        "scoring_system": "10/20", "knock_limit": 10, "gin_mandatory": True, "big_gin": False,
        "big_gin_bonus": 31, "first_turn": "source", "allow_discard_of_pickup": False,
        "next_dealer": "alternate", "void_hand_dealer": "same", "target_score": 100,
        "target_rule": "more_than", "game_bonus": 0, "line_bonus": 0, "shutout": "off",
        "knocker_arrangement": "auto_best", "stake_per_point": 1, "escrow_points": 250,
        "settle": "match_end", "turn_timeout_s": 60}
    assert len(GinRummy.rules_summary) <= 1800


@pytest.mark.parametrize("bad", [{"knock_limit": 11}, {"target_score": 9}, {"turn_timeout_s": 5},
                                 {"line_bonus": 10}, {"scoring_system": "10/25"}, {"colour": 1}])
def test_bad_options_raise_naming_the_option(bad: dict) -> None:
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        GinRummy.start([250, 250], bad)


def test_gin_21_buy_in_is_escrow_times_stake() -> None:
    assert GinRummy.buy_in({}).minimum == GinRummy.buy_in({}).maximum == 250
    assert GinRummy.buy_in({"stake_per_point": 2, "escrow_points": 100}).minimum == 200
    assert GinRummy.buy_in({"stake_per_point": 0}).maximum == 0


def test_gin_1_two_players_only() -> None:
    with pytest.raises(ValueError):
        GinRummy.start([250, 250, 250])


def test_gin_6_deal() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert sorted(g.hands[NON_DEALER]) == sorted(parse_cards(ND_HAND))
    assert sorted(g.hands[DEALER]) == sorted(parse_cards(D_HAND))
    view = g.public_view()
    assert view["discard_top"] == "7H" and view["stock_count"] == 31 and view["hand_sizes"] == [10, 10]
    assert g.to_act() == [NON_DEALER]
    dealers = {GinRummy.start([250, 250], seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}                     # the first dealer is random


def test_gin_7_source_take_upcard_then_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert Discard(c("7H")) not in g.legal_actions(NON_DEALER)      # GIN-9
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, Discard(c("7H")))
    assert err.value.rule == "GIN-9"
    g.apply(NON_DEALER, Discard(c("QD")))
    assert g.to_act() == [DEALER] and g.phase == "draw"
    assert g.public_view()["taken"][NON_DEALER] == ["7H"]         # GIN-24: public


def test_gin_7_classic_both_pass_non_dealer_draws_from_stock() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, Pass(c("7H")))
    assert g.to_act() == [NON_DEALER]
    assert [a.kind for a in g.legal_actions(NON_DEALER)] == ["draw_stock", "resign"]
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert err.value.rule == "GIN-7"
    g.apply(NON_DEALER, DrawStock())
    g.apply(NON_DEALER, Discard(g.hands[NON_DEALER][-1]))
    assert TakeDiscard(g.pile[-1]) in g.legal_actions(DEALER)


def test_gin_7_classic_dealer_takes_refused_upcard() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    g.apply(DEALER, Discard(c("KH")))
    assert g.to_act() == [NON_DEALER] and g.phase == "draw"


def test_gin_9_option_allows_discarding_the_pickup() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert Discard(c("7H")) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("7H")))
    assert g.pile == [c("7H")]


def test_gin_8_only_the_top_discard_and_only_in_turn() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    with pytest.raises(IllegalAction):
        g.apply(DEALER, DrawStock())                 # not the dealer's turn
    with pytest.raises(IllegalAction):
        g.apply(NON_DEALER, TakeDiscard(c("8H")))    # not the upcard
    g.apply(NON_DEALER, Pass(c("7H")))
    with pytest.raises(IllegalAction):
        g.apply(DEALER, Discard(c("KH")))            # draw first
    g.apply(DEALER, DrawStock())
    with pytest.raises(IllegalAction):
        g.apply(DEALER, Discard(c("QD")))            # not in hand


def test_gin_10_knock_above_the_limit_is_illegal() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knock_limit": 3})
    assert not [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)]
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(NON_DEALER, Knock(c("KH"), 4))
    assert err.value.rule == "GIN-10" and "at most 3" in str(err.value)
    assert g.to_dict() == before
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    with pytest.raises(IllegalAction):
        g.apply(NON_DEALER, Knock(c("KH"), 3))      # the shown deadwood must be the real one


def test_gin_10_knock_limit_zero_means_gin_only() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D", {"knock_limit": 0})
    knocks = [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)]
    assert knocks == [Knock(c("9D"), 0)]


def test_gin_11_mandatory_gin_discard_ends_the_hand() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D")
    assert Discard(c("9D")) not in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("9D")))           # the discard makes gin
    assert g.public_view()["last_hand"]["kind"] == "gin" and g.hand_no == 2


def test_gin_11_optional_gin_may_play_on() -> None:
    g, _ = knock_after_draw(GIN_HAND, OTHER, "7D", {"gin_mandatory": False})
    assert Discard(c("9D")) in g.legal_actions(NON_DEALER)
    assert Knock(c("9D"), 0) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("9D")))
    assert g.hand_no == 1 and g.to_act() == [DEALER]


def test_gin_13_void_hand_next_dealer_option() -> None:
    g = start(ND_HAND, D_HAND, "KS", options={"void_hand_dealer": "next"})
    g.apply(NON_DEALER, Pass(c("KS")))
    while g.hand_no == 1:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
    assert g.last_hand["kind"] == "void" and g.dealer == NON_DEALER


@pytest.mark.parametrize("rule,dealer", [("alternate", NON_DEALER), ("winner", NON_DEALER), ("loser", DEALER)])
def test_gin_18_next_dealer(rule: str, dealer: int) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"next_dealer": rule})
    knock(g, "KH")                                   # the non-dealer scores
    assert g.hand_no == 2 and g.dealer == dealer


@pytest.mark.parametrize("rule,over", [("more_than", False), ("at_least", True)])
def test_gin_19_target_rule(rule: str, over: bool) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"target_rule": rule})
    g = with_scores(g, [0, 77])
    knock(g, "KH")                                   # 77 + 23 = 100
    assert g.scores[NON_DEALER] == 100 and g.is_over() is over


@pytest.mark.parametrize("shutout,totals", [("off", [0, 204]), ("double_game_bonus", [0, 304]),
                                            ("double_all", [0, 308])])
def test_gin_20_shutout(shutout: str, totals: list[int]) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"game_bonus": 100, "shutout": shutout})
    g = with_scores(g, [0, 81])
    knock(g, "KH")                                   # 104, the loser scored no hand
    assert g.result["totals"] == totals
    assert g.chips() == {seat_key(0): 250 - min(250, totals[1]), seat_key(1): 250 + min(250, totals[1])}


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
    assert g.result["totals"] == [70, 204]
    assert g.chips() == {seat_key(0): 250 - 23 - 60, seat_key(1): 250 + 23 + 60}


def test_gin_21_payments_capped_at_escrow() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"escrow_points": 10})
    g = with_scores(g, [0, 90])
    events = knock(g, "KH")
    assert g.chips() == {seat_key(0): 0, seat_key(1): 20}
    assert "capped" in next(e.text for e in events if e.kind == "summary")


def test_gin_21_friendly_match_moves_nothing() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"stake_per_point": 0})
    g = with_scores(g, [0, 90])
    knock(g, "KH")
    assert g.is_over() and g.chips() == {seat_key(0): 0, seat_key(1): 0}


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
    assert g.is_over() and g.result["winner"] == DEALER and g.result["forfeit"] == NON_DEALER
    assert g.result["scores"] == [100, 0]            # raised to the target
    assert g.chips() == {seat_key(0): 500 + 200, seat_key(1): 500 - 200}
    assert "resigns" in next(e.text for e in events if e.kind == "summary")
    assert g.to_act() == [] and g.legal_actions(DEALER) == []


def test_gin_22_leaving_mid_match_forfeits() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert not g.can_cash_out(DEALER)               # the escrow is at stake (GIN-21)
    events = g.leave(DEALER)
    assert "forfeit" in next(e.text for e in events if e.kind == "summary")
    assert g.is_over() and g.result["winner"] == NON_DEALER and g.result["forfeit"] == DEALER
    assert g.chips() == {seat_key(0): 150, seat_key(1): 350}
    assert g.can_cash_out(DEALER) and g.can_cash_out(NON_DEALER)
    g.cash_out(DEALER)
    assert g.chips() == {seat_key(0): 0, seat_key(1): 350} and not g.can_cash_out(DEALER)
    g.cash_out(NON_DEALER)
    assert g.chips() == {seat_key(0): 0, seat_key(1): 0}


def test_gin_22_cash_out_without_leave_also_forfeits() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    g.cash_out(NON_DEALER)
    assert g.is_over() and g.result["winner"] == DEALER
    assert g.chips() == {seat_key(0): 350, seat_key(1): 0}


def test_gin_24_views_hide_hands_and_the_knock_discard() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knocker_arrangement": "player_choice"})
    public = json.dumps(g.public_view())
    for card in parse_cards(G7_KNOCKER + " " + G7_DEFENDER):
        assert f'"{card}"' not in public
    private = g.private_view(NON_DEALER)
    assert sorted(private["hand"]) == sorted(G7_KNOCKER.split() + ["KH"])
    assert private["deadwood"] == 4 + 10 and "discard_deadwood" in private
    assert "discard_deadwood" not in g.private_view(DEALER)

