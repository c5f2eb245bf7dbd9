"""Rule tests for Gin Rummy, by rule id: worked cases, boundaries, ties and every option value."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import seat_key
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.gin_rummy import GinRummy, min_deadwood
from bot.games.gin_rummy.actions import Arrangement, Discard, DrawStock, Knock, Pass, Resign, ShowMelds, TakeDiscard
from bot.games.gin_rummy.melds import VALUE
from bot.games.gin_rummy.showdown import auto_best, plan_layoffs
from bot.games.simulate import play

from .helpers import DEALER, NON_DEALER, every_meld, knock, knock_after_draw, start
from tests.english import english
from tests.games.invariants import play_checked

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


G9_KNOCKER = "2S 3S 4S 8H 8D 8C JD QD KD 6C"
G9_DEFENDER = "5S 9H 9D 9C 7H 7D 7S AC 2D 3C"
G15_KNOCKER, G15_DEFENDER = "AH 2H 3H 4H 4S 4D 4C 2C 3D 5S", "5H 6H 9S 9D 9C KD QD JC 2S 7C"


def dw(text: str) -> int:
    return min_deadwood(parse_cards(text))


def summary(events: list) -> str:
    return next(english(e) for e in events if e.kind == "summary")


def illegal(g: GinRummy, seat: int, action: object) -> IllegalAction:
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        g.apply(seat, action)
    assert json.dumps(g.to_dict(), sort_keys=True) == before      # nothing changed
    assert str(info.value).endswith(".") and len(str(info.value)) > 15
    return info.value


def _all_collections_reaching_k(knocker: list[Card]) -> list[list[tuple[Card, ...]]]:
    """GIN-14 taken literally, independent of the engine's `arrangements`: every collection of
    pairwise disjoint melds (every 3/4-card set, every run stretch) whose deadwood is K."""
    melds = every_meld(sorted(knocker))
    k = min_deadwood(knocker)
    total = sum(VALUE[x.rank] for x in knocker)
    out: list[list[tuple[Card, ...]]] = []

    def search(start: int, used: frozenset, covered: int, chosen: list) -> None:
        if total - covered == k:
            out.append(list(chosen))
        for i in range(start, len(melds)):
            if not used & set(melds[i]):
                chosen.append(melds[i])
                search(i + 1, used | set(melds[i]), covered + sum(VALUE[x.rank] for x in melds[i]), chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    return out


# --- options and registration -----------------------------------------------------------------

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
def test_bad_options_raise_naming_the_option(bad: dict) -> None:
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        GinRummy.start([250, 250], bad)


# --- GIN-1 ------------------------------------------------------------------------------------

def test_gin_1_two_players_only() -> None:
    with pytest.raises(ValueError):
        GinRummy.start([250, 250, 250])


def test_gin_1_fresh_shuffle_for_each_hand() -> None:
    g = GinRummy.start([250, 250], seed=11)
    first = [list(h) for h in g.hands] + [list(g.pile), list(g.stock)]
    assert len({x for part in first for x in part}) == 52
    while g.hand_no == 1:                         # timeouts never knock: the hand ends void
        seat = g.to_act()[0]
        g.apply(seat, g.timeout_action(seat))
    second = [list(h) for h in g.hands] + [list(g.pile), list(g.stock)]
    assert len({x for part in second for x in part}) == 52
    assert second != first


# --- GIN-2 ------------------------------------------------------------------------------------

def test_gin_2_ace_low_runs_do_not_wrap() -> None:
    assert dw("AH 2H 3H") == 0
    assert dw("JH QH KH") == 0
    assert dw("QH KH AH") == 21                   # not a run
    assert dw("KH AH 2H") == 13                   # not a run
    assert dw("KS AS 2S 3S") == 10                # A-2-3 is, K is deadwood


# --- GIN-3 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank,value", [("A", 1), ("2", 2), ("5", 5), ("9", 9), ("10", 10),
                                        ("J", 10), ("Q", 10), ("K", 10)])
def test_gin_3_card_values(rank: str, value: int) -> None:
    assert dw(f"{rank}S") == value
    assert dw(f"{rank}S {rank}H") == 2 * value     # a pair is no meld


# --- GIN-4 ------------------------------------------------------------------------------------

def test_gin_4_sets_and_runs() -> None:
    assert dw("7S 7H 7D") == 0 and dw("7S 7H 7D 7C") == 0
    assert dw("7S 7H") == 14                      # two cards are no meld
    assert dw("3H 4H 5H 6H 7H 8H 9H") == 0
    assert dw("3H 4H 5D") == 12                   # a run is of one suit
    assert dw("3H 4H 6H") == 13                   # consecutive only
    assert dw("7S 7H 8D") == 22                   # a set is of one rank
    # A card belongs to one meld only: 7D in the sevens or in 7D 8D 9D, not both.
    assert dw("7S 7H 7D 8D 9D") == 14
    # Any 3 cards of a 4-card set form a set; any stretch of 3+ of a run forms a run.
    assert dw("7S 7H 7D 7C 8C 9C") == 0
    assert dw("4H 5H 6H 7H 8H 8S 8D") == 0


# --- GIN-5 ------------------------------------------------------------------------------------

def test_gin_5_greedy_orders_are_wrong() -> None:
    # sets first would keep 7S 7H 7D and leave 8H 9H (17); the run 7H 8H 9H leaves 7S 7D (14)
    assert dw("7S 7H 7D 8H 9H") == 14
    # runs first would take 5H-8H and leave 8S 8D (16); 5H 6H 7H + 8H 8S 8D leaves nothing
    assert dw("5H 6H 7H 8H 8S 8D") == 0
    assert dw("") == 0


# --- GIN-6 ------------------------------------------------------------------------------------

def test_gin_6_deal() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert sorted(g.hands[NON_DEALER]) == sorted(parse_cards(ND_HAND))
    assert sorted(g.hands[DEALER]) == sorted(parse_cards(D_HAND))
    view = g.public_view()
    assert view["discard_top"] == "7H" and view["stock_count"] == 31 and view["hand_sizes"] == [10, 10]
    assert g.to_act() == [NON_DEALER]
    dealers = {GinRummy.start([250, 250], seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}                     # the first dealer is random


def test_gin_6_deal_alternates_from_the_non_dealer() -> None:
    deck = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    g = GinRummy.start([250, 250], seed=1, deck=deck, dealer=DEALER)
    assert g.hands[NON_DEALER] == deck[0:20:2] and g.hands[DEALER] == deck[1:20:2]
    assert g.pile == [deck[20]] and g.stock == deck[21:] and len(g.stock) == 31


# --- GIN-7 ------------------------------------------------------------------------------------

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


def test_gin_7_classic_non_dealer_takes_then_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    g.apply(NON_DEALER, Discard(c("QD")))
    assert g.to_act() == [DEALER] and g.phase == "draw"
    assert g.legal_actions(DEALER)[:2] == [DrawStock(), TakeDiscard(c("QD"))]


def test_gin_7_classic_dealer_takes_then_non_dealer_plays_normally() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    g.apply(DEALER, Discard(c("KH")))
    assert g.to_act() == [NON_DEALER] and g.phase == "draw"
    assert TakeDiscard(c("KH")) in g.legal_actions(NON_DEALER)


def test_gin_7_classic_refused_upcard_cannot_be_taken() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD", options={"first_turn": "classic"})
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, Pass(c("7H")))
    assert g.to_act() == [NON_DEALER]
    assert TakeDiscard(c("7H")) not in g.legal_actions(NON_DEALER)
    err = illegal(g, NON_DEALER, TakeDiscard(c("7H")))
    assert err.rule == "GIN-7" and "stock" in str(err)
    g.apply(NON_DEALER, DrawStock())
    assert g.hands[NON_DEALER][-1] == c("KD")


def test_gin_7_source_dealer_may_take_the_passed_upcard() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, TakeDiscard(c("7H")))
    assert c("7H") in g.hands[DEALER] and g.public_view()["taken"][DEALER] == ["7H"]


# --- GIN-8 ------------------------------------------------------------------------------------

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


def test_gin_8_turn_order_and_hand_sizes() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD QS")
    g.apply(NON_DEALER, Pass(c("7H")))
    err = illegal(g, DEALER, Discard(c("KH")))              # draw first
    assert err.rule == "GIN-8"
    g.apply(DEALER, DrawStock())
    assert len(g.hands[DEALER]) == 11
    err = illegal(g, DEALER, DrawStock())                   # one draw per turn
    assert err.rule == "GIN-8"
    err = illegal(g, DEALER, Discard(c("2H")))              # a card not held
    assert "do not hold" in str(err)
    g.apply(DEALER, Discard(c("KD")))
    assert len(g.hands[DEALER]) == 10 and g.pile == [c("7H"), c("KD")]
    # only the top discard is available, never one below it
    assert [a for a in g.legal_actions(NON_DEALER) if isinstance(a, TakeDiscard)] == [TakeDiscard(c("KD"))]
    err = illegal(g, NON_DEALER, TakeDiscard(c("7H")))
    assert "top discard" in str(err)


@pytest.mark.parametrize("options", [{}, {"first_turn": "classic", "big_gin": True},
                                     {"gin_mandatory": False, "knocker_arrangement": "player_choice",
                                      "allow_discard_of_pickup": True}])
def test_gin_8_and_gin_13_hand_sizes_and_stock_floor_in_random_play(options: dict) -> None:
    """Throughout random matches: 10 cards at every draw, 11 at every discard decision, the
    stock never below 2 cards, and all 52 cards always accounted for (GIN-1, GIN-8, GIN-13)."""
    for seed in range(3):
        g = GinRummy.start([250, 250], {**options, "target_score": 60}, seed=seed)

        def no_resign(game: GinRummy, seat: int, r: random.Random) -> object:
            return r.choice([a for a in game.legal_actions(seat) if not isinstance(a, Resign)])

        for _ in play(g, no_resign, seed=seed):
            if g.is_over():
                break
            assert len(g.stock) >= 2
            seat = g.turn
            size = {"first_offer": 10, "draw": 10, "discard": 11, "arrange": 10}[g.phase]
            assert len(g.hands[seat]) == size
            assert len(g.hands[1 - seat]) == 10
            held = g.hands[0] + g.hands[1] + g.stock + g.pile
            # during `arrange` the knock discard is face down, out of every pile
            assert len(set(held)) == len(held) == (51 if g.phase == "arrange" else 52)
        assert g.is_over()


# --- GIN-9 ------------------------------------------------------------------------------------

def test_gin_9_option_allows_discarding_the_pickup() -> None:
    g = start(ND_HAND, D_HAND, "7H", options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(c("7H")))
    assert Discard(c("7H")) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Discard(c("7H")))
    assert g.pile == [c("7H")]


def test_gin_9_pickup_may_not_be_the_knock_discard() -> None:
    # The non-dealer takes the upcard KH; G7 knocker could knock with it (K = 4) only if allowed.
    g = start(G7_KNOCKER, G7_DEFENDER, "KH")
    g.apply(NON_DEALER, TakeDiscard(c("KH")))
    assert not any(a.card == c("KH") for a in g.legal_actions(NON_DEALER) if isinstance(a, (Knock, Discard)))
    err = illegal(g, NON_DEALER, Knock(c("KH"), 4))
    assert err.rule == "GIN-9"
    assert isinstance(g.timeout_action(NON_DEALER), Discard)
    assert g.timeout_action(NON_DEALER).card != c("KH")     # GIN-22: among legal discards
    g = start(G7_KNOCKER, G7_DEFENDER, "KH", options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(c("KH")))
    assert Knock(c("KH"), 4) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, Knock(c("KH"), 4))
    assert g.scores == [0, 23]


def test_gin_9_stock_card_may_be_discarded_at_once() -> None:
    g = start(ND_HAND, D_HAND, "7H", "KD")
    g.apply(NON_DEALER, Pass(c("7H")))
    g.apply(DEALER, DrawStock())
    assert Discard(c("KD")) in g.legal_actions(DEALER)


# --- GIN-10 -----------------------------------------------------------------------------------

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


@pytest.mark.parametrize("limit,cards", [(10, ["5C", "6H"]), (6, ["5C", "6H"]), (5, ["6H"]), (4, [])])
def test_gin_10_knock_limit_option(limit: int, cards: list[str]) -> None:
    g, _ = knock_after_draw("2S 3S 4S 7H 7D 7C 9D 10D JD 5C", "KS KH 2H 3D 8S 8C 4H 9C JH QH", "6H",
                            {"knock_limit": limit})
    assert sorted(str(a.card) for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)) == cards
    if limit == 5:
        err = illegal(g, NON_DEALER, Knock(c("5C"), 6))
        assert err.rule == "GIN-10" and "at most 5" in str(err)
    err = illegal(g, NON_DEALER, Knock(c("6H"), 4))     # the shown deadwood must be right
    assert err.rule == "GIN-10"


def test_gin_10_knocking_is_optional() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH")
    g.apply(NON_DEALER, Discard(c("KH")))
    assert g.hand_no == 1 and g.to_act() == [DEALER] and g.pile[-1] == c("KH")


# --- GIN-11 -----------------------------------------------------------------------------------

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


def test_gin_11_optional_gin_timeout_does_not_knock() -> None:
    g, _ = knock_after_draw(GIN_HAND, "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D", {"gin_mandatory": False})
    assert g.timeout_action(NON_DEALER) == Discard(c("9D"))
    g.apply(NON_DEALER, g.timeout_action(NON_DEALER))
    assert g.hand_no == 1 and g.scores == [0, 0]


def test_gin_11_mandatory_gin_discard_scores_gin() -> None:
    g, _ = knock_after_draw(GIN_HAND, "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D")
    assert Discard(c("9D")) not in g.legal_actions(NON_DEALER)
    events = g.apply(NON_DEALER, Discard(c("9D")))           # the discard itself makes gin
    assert g.last_hand["kind"] == "gin" and c("9D") not in g.pile
    assert "gin" in summary(events)


# --- GIN-12 -----------------------------------------------------------------------------------

def test_gin_12_big_gin_bonus_option_and_pile_pickup() -> None:
    knocker, defender = "AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH 2C 3D 5H 6C 8S 8C 4H 9C"
    g, _ = knock_after_draw(knocker, defender, "QD", {"big_gin": True, "big_gin_bonus": 50})
    assert (g.last_hand["kind"], g.last_hand["points"]) == ("big_gin", 50 + 65)
    # Big gin also ends the hand when the 11th card comes from the discard pile.
    g = start(knocker, defender, "QD", options={"big_gin": True})
    events = g.apply(NON_DEALER, TakeDiscard(c("QD")))
    assert g.last_hand["kind"] == "big_gin" and g.scores == [0, 96]
    assert any(e.kind == "summary" for e in events)


def test_gin_12_big_gin_never_undercut() -> None:
    g, _ = knock_after_draw("AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH KD 2H 3H 4H 8C 9C 10C JC",
                            "QD", {"big_gin": True, "big_gin_bonus": 0, "gin_mandatory": False},
                            junk="6S")
    assert g.last_hand["kind"] == "big_gin" and g.last_hand["scorer"] == NON_DEALER
    assert g.scores == [0, 0] and g.hands_won == [0, 1]


# --- GIN-13 -----------------------------------------------------------------------------------

def test_gin_13_void_hand_next_dealer_option() -> None:
    g = start(ND_HAND, D_HAND, "KS", options={"void_hand_dealer": "next"})
    g.apply(NON_DEALER, Pass(c("KS")))
    while g.hand_no == 1:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
    assert g.last_hand["kind"] == "void" and g.dealer == NON_DEALER


def test_gin_13_void_only_at_two_stock_cards() -> None:
    g = start(ND_HAND, D_HAND, "KS")
    g.apply(NON_DEALER, Pass(c("KS")))
    while True:
        seat = g.turn
        g.apply(seat, DrawStock())
        left = len(g.stock)
        events = g.apply(seat, Discard(g.hands[seat][-1]))
        if left > 2:
            assert g.hand_no == 1 and g.phase == "draw"
            continue
        assert left == 2 and "void" in summary(events)
        break
    assert g.hand_no == 2 and g.dealer == DEALER and g.scores == [0, 0] and g.hands_won == [0, 0]
    assert g.chips() == {seat_key(0): 250, seat_key(1): 250}


def test_gin_13_void_then_next_dealer_winner_rule_alternates() -> None:
    # `next` applies GIN-18 "as if the hand had been played"; a void hand has no scorer, so
    # `winner`/`loser` cannot apply and the deal passes (Decision kept by the engine).
    g = start(ND_HAND, D_HAND, "KS", options={"void_hand_dealer": "next", "next_dealer": "winner"})
    g.apply(NON_DEALER, Pass(c("KS")))
    while g.hand_no == 1:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
    assert g.dealer == NON_DEALER


# --- GIN-14 -----------------------------------------------------------------------------------

def test_gin_14_player_choice_timeout_is_auto_best_and_bad_choice_is_refused() -> None:
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    assert g.to_act() == [NON_DEALER]
    bad = ShowMelds(Arrangement((tuple(parse_cards("AH 2H 3H")),)))     # shows 26 deadwood
    err = illegal(g, NON_DEALER, bad)
    assert err.rule == "GIN-14"
    err = illegal(g, NON_DEALER, DrawStock())
    assert err.rule == "GIN-14"
    assert g.timeout_action(NON_DEALER) in g.legal_actions(NON_DEALER)
    g.apply(NON_DEALER, g.timeout_action(NON_DEALER))
    assert (g.last_hand["defender_deadwood"], g.last_hand["points"]) == (50, 40)


def test_gin_14_player_choice_not_asked_when_only_one_collection() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knocker_arrangement": "player_choice"})
    knock(g, "KH")
    assert g.last_hand["points"] == 23 and g.hand_no == 2


def test_gin_14_auto_best_against_every_collection_brute_force() -> None:
    """auto_best's D is the maximum over ALL collections reaching K (not only the engine's own
    list), and a knocker never shows more than K."""
    rng = random.Random(14)
    deck = [x for x in new_deck() if x.rank <= 7]        # crowded: many equal-K collections
    checked = 0
    while checked < 400:
        cards = rng.sample(deck, 20)
        knocker, defender = cards[:10], cards[10:]
        k = min_deadwood(knocker)
        if k > 10:
            continue
        arr, plan = auto_best(knocker, defender, gin=False)
        shown = {x for m in arr for x in m}
        assert sum(min(x.rank, 10) for x in knocker if x not in shown) == k
        best = max(plan_layoffs(col, defender).deadwood for col in _all_collections_reaching_k(knocker))
        assert plan.deadwood == best, (knocker, defender)
        checked += 1


def test_gin_14_player_choice_accepts_a_valid_collection_in_any_order() -> None:
    """A collection achieving K is the knocker's to choose however its melds are written (order
    of melds or cards); only collections not achieving K are refused."""
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    choice = ShowMelds(Arrangement((tuple(parse_cards("4C 4D 4S 4H")), tuple(parse_cards("3H 2H AH")))))
    g.apply(NON_DEALER, choice)
    assert (g.last_hand["defender_deadwood"], g.last_hand["points"]) == (50, 40)
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    choice = ShowMelds(Arrangement((tuple(parse_cards("4S 4D 4C")), tuple(parse_cards("AH 2H 3H 4H")))))
    g.apply(NON_DEALER, choice)
    assert (g.last_hand["defender_deadwood"], g.last_hand["points"]) == (39, 29)
    # a meld of cards not held, or a non-meld, is refused with a sentence naming the rule
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    for bad in ("5H 6H 7H", "AH 2H 4H"):
        arr = Arrangement((tuple(parse_cards(bad)), tuple(parse_cards("4S 4D 4C"))))
        err = illegal(g, NON_DEALER, ShowMelds(arr))
        assert err.rule == "GIN-14"


# --- GIN-15 -----------------------------------------------------------------------------------

def test_gin_15_layoff_chains_both_ends_and_full_sets() -> None:
    run = [tuple(parse_cards("5H 6H 7H"))]
    plan = plan_layoffs(run, parse_cards("3H 4H 8H 9H 10H KS"))
    assert sorted(str(x) for x, _ in plan.steps) == ["10H", "3H", "4H", "8H", "9H"]
    assert plan.deadwood == 10
    # run ends at K and A: nothing beyond
    plan = plan_layoffs([tuple(parse_cards("JH QH KH")), tuple(parse_cards("AS 2S 3S"))],
                        parse_cards("10H AH KS 4S"))
    assert sorted(str(x) for x, _ in plan.steps) == ["10H", "4S"] and plan.deadwood == 11
    # a 4-card set takes nothing; a 3-card set takes the fourth
    plan = plan_layoffs([tuple(parse_cards("7S 7H 7D 7C"))], parse_cards("8C 6C"))
    assert plan.steps == () and plan.deadwood == 14
    plan = plan_layoffs([tuple(parse_cards("7S 7H 7D"))], parse_cards("7C 2C"))
    assert [str(x) for x, _ in plan.steps] == ["7C"] and plan.deadwood == 2
    # keeping a card for the defender's own set beats laying it off
    plan = plan_layoffs(run, parse_cards("8H 8S 8D KC"))
    assert plan.steps == () and plan.deadwood == 10
    # nothing is laid off against gin
    plan = plan_layoffs(run, parse_cards("8H 4H"), allow=False)
    assert plan.steps == () and plan.deadwood == 12


def test_gin_15_no_layoffs_onto_knocker_deadwood() -> None:
    # Knocker deadwood 4D; the defender's 5D/3D cannot be laid off on it.
    g, _ = knock_after_draw(G7_KNOCKER, "5D 3D 8H 8D KC QC 2H 3H 6C 9S", "KH")
    knock(g, "KH")
    laid = [x for x, _ in g.last_hand["layoffs"]]
    assert "5D" not in laid and "3D" not in laid and sorted(laid) == ["KC", "QC"]


# --- GIN-16 -----------------------------------------------------------------------------------

def test_gin_16_gin_is_never_undercut_even_against_zero() -> None:
    # (gin optional, so the defender's own gin hand did not end the hand on their discard)
    g, _ = knock_after_draw(GIN_HAND, "KS KH KD 2H 3H 4H 8S 9S 10S JS", "7D", {"gin_mandatory": False})
    knock(g, "9D")
    assert (g.last_hand["kind"], g.last_hand["scorer"], g.last_hand["points"]) == ("gin", NON_DEALER, 20)
    assert g.scores == [0, 20]


def test_gin_16_undercut_scores_for_the_defender() -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH")
    knock(g, "KH")
    assert (g.last_hand["kind"], g.last_hand["scorer"]) == ("undercut", DEALER)
    assert g.scores == [10, 0] and g.hands_won == [1, 0]


# --- GIN-17 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("system,undercut,gin", [("10/20", 10, 20), ("20/25", 20, 25), ("25/25", 25, 25)])
def test_gin_17_scoring_systems(system: str, undercut: int, gin: int) -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH", {"scoring_system": system})
    knock(g, "KH")
    assert g.scores == [undercut, 0]                      # K − D = 0
    g, _ = knock_after_draw(GIN_HAND, "KS KH KD 2H 3H 4H 8S 9S 10S JS", "7D",
                            {"scoring_system": system, "gin_mandatory": False})
    knock(g, "9D")
    assert g.scores == [0, gin]


# --- GIN-18 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rule,dealer", [("alternate", NON_DEALER), ("winner", NON_DEALER), ("loser", DEALER)])
def test_gin_18_next_dealer(rule: str, dealer: int) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"next_dealer": rule})
    knock(g, "KH")                                   # the non-dealer scores
    assert g.hand_no == 2 and g.dealer == dealer


@pytest.mark.parametrize("rule,dealer", [("alternate", NON_DEALER), ("winner", DEALER), ("loser", NON_DEALER)])
def test_gin_18_next_dealer_after_an_undercut(rule: str, dealer: int) -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH", {"next_dealer": rule})
    knock(g, "KH")                                         # the dealer (defender) scores
    assert g.hand_no == 2 and g.dealer == dealer


# --- GIN-19 -----------------------------------------------------------------------------------

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
def test_gin_19_target_boundaries(options: dict, start_score: int, over: bool) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", options)
    g = with_scores(g, [0, start_score])
    knock(g, "KH")
    assert g.is_over() is over
    if over:
        assert g.result["winner"] == NON_DEALER


def test_gin_19_only_the_scorer_can_end_the_match() -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH")
    g = with_scores(g, [0, 99])                     # the knocker has 99 but is undercut
    knock(g, "KH")
    assert not g.is_over() and g.scores == [10, 99]


# --- GIN-20 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("shutout,totals", [("off", [0, 204]), ("double_game_bonus", [0, 304]),
                                            ("double_all", [0, 308])])
def test_gin_20_shutout(shutout: str, totals: list[int]) -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"game_bonus": 100, "shutout": shutout})
    g = with_scores(g, [0, 81])
    knock(g, "KH")                                   # 104, the loser scored no hand
    assert g.result["totals"] == totals
    assert g.chips() == {seat_key(0): 250 - min(250, totals[1]), seat_key(1): 250 + min(250, totals[1])}


def test_gin_20_line_bonus_and_game_bonus_without_shutout() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"line_bonus": 25, "game_bonus": 100,
                                                          "shutout": "double_all"})
    g = with_scores(g, [40, 81], [2, 3])            # the loser scored: no shutout
    knock(g, "KH")
    assert g.result["totals"] == [40 + 50, 104 + 100 + 4 * 25]
    assert g.chips() == {seat_key(0): 250 - 214, seat_key(1): 250 + 214}


def test_gin_20_double_game_bonus_without_game_bonus_changes_nothing() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"shutout": "double_game_bonus",
                                                          "line_bonus": 20})
    g = with_scores(g, [0, 81], [0, 3])
    knock(g, "KH")
    assert g.result["totals"] == [0, 104 + 80]


# --- GIN-21 -----------------------------------------------------------------------------------

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
    assert g.result["totals"] == [70, 204]
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
    assert g.result["totals"] == [144, 144]
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
    assert g.last_hand["payments"] == []


# --- GIN-22 -----------------------------------------------------------------------------------

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
    assert "resigns" in next(english(e) for e in events if e.kind == "summary")
    assert g.to_act() == [] and g.legal_actions(DEALER) == []


def test_gin_22_leaving_mid_match_forfeits() -> None:
    g = start(ND_HAND, D_HAND, "7H")
    assert not g.can_cash_out(DEALER)               # the escrow is at stake (GIN-21)
    events = g.leave(DEALER)
    assert "forfeit" in next(english(e) for e in events if e.kind == "summary")
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
    assert g.result["scores"] == [100, 60] and g.result["totals"] == [200, 60]
    assert g.chips() == {seat_key(0): 250 + 170, seat_key(1): 250 - 170}


# --- GIN-23 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_gin_23_chips_conserved(seed: int) -> None:
    opts = [{"settle": "per_hand", "target_score": 30, "escrow_points": 20},
            {"target_score": 40, "game_bonus": 100, "line_bonus": 25, "shutout": "double_all"},
            {"target_score": 25, "stake_per_point": 0},
            {"target_score": 30, "big_gin": True, "knock_limit": 0}][seed]
    amount = GinRummy.buy_in(opts).minimum
    g = play_checked(GinRummy, [amount, amount], seed, opts)
    assert g.is_over() and sum(g.chips().values()) == 2 * amount


# --- GIN-24 -----------------------------------------------------------------------------------

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
    last = g.public_view()["last_hand"]
    shown = {x for m in last["knocker_melds"] for x in m} | set(last["knocker_dead"]) \
        | {x for x, _ in last["layoffs"]} | {x for m in last["defender_melds"] for x in m} \
        | set(last["defender_dead"])
    assert shown == set(G7_KNOCKER.split() + G7_DEFENDER.split())
    assert "KH" not in json.dumps(last)
