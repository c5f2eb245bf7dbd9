"""Gin Rummy rules, the showdown and scoring: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.gin_rummy import min_deadwood
from bot.games.gin_rummy.actions import Arrangement, DrawStock, ShowMelds
from bot.games.gin_rummy.melds import VALUE
from bot.games.gin_rummy.showdown import auto_best, plan_layoffs

from .helpers import DEALER, NON_DEALER, every_meld, knock, knock_after_draw
from .rules_helpers import (
    G7_DEFENDER,
    G7_KNOCKER,
    G9_DEFENDER,
    G9_KNOCKER,
    GIN_HAND,
    illegal,
)
from tests.games.known import known

G15_KNOCKER, G15_DEFENDER = "AH 2H 3H 4H 4S 4D 4C 2C 3D 5S", "5H 6H 9S 9D 9C KD QD JC 2S 7C"


def _all_collections_reaching_k(knocker: list[Card]) -> list[list[tuple[Card, ...]]]:
    """GIN-14 taken literally, independent of the engine's `arrangements`: every collection of
    pairwise disjoint melds (every 3/4-card set, every run stretch) whose deadwood is K."""
    melds = every_meld(sorted(knocker))
    k = min_deadwood(knocker)
    total = sum(VALUE[x.rank] for x in knocker)
    out: list[list[tuple[Card, ...]]] = []

    def search(start: int, used: frozenset[Card], covered: int, chosen: list[tuple[Card, ...]]) -> None:
        if total - covered == k:
            out.append(list(chosen))
        for i in range(start, len(melds)):
            if not used & set(melds[i]):
                chosen.append(melds[i])
                search(i + 1, used | set(melds[i]), covered + sum(VALUE[x.rank] for x in melds[i]), chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    return out


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
    assert (known(g.last_hand)["defender_deadwood"], known(g.last_hand)["points"]) == (50, 40)


def test_gin_14_player_choice_not_asked_when_only_one_collection() -> None:
    g, _ = knock_after_draw(G7_KNOCKER, G7_DEFENDER, "KH", {"knocker_arrangement": "player_choice"})
    knock(g, "KH")
    assert known(g.last_hand)["points"] == 23 and g.hand_no == 2


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
    assert (known(g.last_hand)["defender_deadwood"], known(g.last_hand)["points"]) == (50, 40)
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    choice = ShowMelds(Arrangement((tuple(parse_cards("4S 4D 4C")), tuple(parse_cards("AH 2H 3H 4H")))))
    g.apply(NON_DEALER, choice)
    assert (known(g.last_hand)["defender_deadwood"], known(g.last_hand)["points"]) == (39, 29)
    # a meld of cards not held, or a non-meld, is refused with a sentence naming the rule
    g, _ = knock_after_draw(G15_KNOCKER, G15_DEFENDER, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    for bad in ("5H 6H 7H", "AH 2H 4H"):
        arr = Arrangement((tuple(parse_cards(bad)), tuple(parse_cards("4S 4D 4C"))))
        err = illegal(g, NON_DEALER, ShowMelds(arr))
        assert err.rule == "GIN-14"


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
    laid = [x for x, _ in known(g.last_hand)["layoffs"]]
    assert "5D" not in laid and "3D" not in laid and sorted(laid) == ["KC", "QC"]


def test_gin_16_gin_is_never_undercut_even_against_zero() -> None:
    # (gin optional, so the defender's own gin hand did not end the hand on their discard)
    g, _ = knock_after_draw(GIN_HAND, "KS KH KD 2H 3H 4H 8S 9S 10S JS", "7D", {"gin_mandatory": False})
    knock(g, "9D")
    last = known(g.last_hand)
    assert (last["kind"], last["scorer"], last["points"]) == ("gin", NON_DEALER, 20)
    assert g.scores == [0, 20]


def test_gin_16_undercut_scores_for_the_defender() -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH")
    knock(g, "KH")
    assert (known(g.last_hand)["kind"], known(g.last_hand)["scorer"]) == ("undercut", DEALER)
    assert g.scores == [10, 0] and g.hands_won == [1, 0]


@pytest.mark.parametrize("system,undercut,gin", [("10/20", 10, 20), ("20/25", 20, 25), ("25/25", 25, 25)])
def test_gin_17_scoring_systems(system: str, undercut: int, gin: int) -> None:
    g, _ = knock_after_draw(G9_KNOCKER, G9_DEFENDER, "KH", {"scoring_system": system})
    knock(g, "KH")
    assert g.scores == [undercut, 0]                      # K − D = 0
    g, _ = knock_after_draw(GIN_HAND, "KS KH KD 2H 3H 4H 8S 9S 10S JS", "7D",
                            {"scoring_system": system, "gin_mandatory": False})
    knock(g, "9D")
    assert g.scores == [0, gin]


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
