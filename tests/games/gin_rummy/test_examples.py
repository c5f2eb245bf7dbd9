"""The worked examples G1–G15 of shared/rules/gin-rummy.md, one test each."""

from __future__ import annotations

from typing import Any

from bot.games.base import action_from_dict, action_to_dict, seat_key
from bot.games.cards import Card, parse_cards
from bot.games.gin_rummy import GinRummy, best_melds, min_deadwood
from bot.games.gin_rummy.actions import Arrangement, Discard, DrawStock, Knock, Pass, ShowMelds, TakeDiscard
from bot.games.gin_rummy.melds import discard_deadwoods

from .helpers import DEALER, NON_DEALER, knock, knock_after_draw, start
from tests.english import english, label
from tests.games.known import known


def melds_of(text: str) -> list[set[Card]]:
    return [set(m) for m in sorted(best_melds(parse_cards(text))[1], key=lambda m: sorted(m))]


def summary(events: list[Any]) -> str:
    return next(english(e) for e in events if e.kind == "summary")


def test_g1_values_no_melds() -> None:
    hand = parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H")
    assert min_deadwood(hand) == 55
    assert best_melds(hand) == (55, [])


def test_g2_ace_low_no_wrap() -> None:
    text = "QH KH AH AS AD 2C 3C 4C 9D 9S"
    assert min_deadwood(parse_cards(text)) == 38
    dw, melds = best_melds(parse_cards(text))
    assert dw == 38
    assert sorted(map(set, melds), key=len) == [set(parse_cards("AH AS AD")), set(parse_cards("2C 3C 4C"))]
    assert min_deadwood(parse_cards("QH KH AH")) == 21  # GIN-2: no wrap


def test_g3_largest_meld_first_is_wrong() -> None:
    hand = parse_cards("3H 4H 5H 6H 6S 6D KC QC 2C 9S")
    dw, melds = best_melds(hand)
    assert dw == min_deadwood(hand) == 31
    assert set(map(frozenset, melds)) == {frozenset(parse_cards("3H 4H 5H")),
                                          frozenset(parse_cards("6H 6S 6D"))}


def test_g4_card_used_in_set_or_run() -> None:
    hand = parse_cards("7S 7H 7D 7C 8C 9C 2S 3D 4H KD")
    dw, melds = best_melds(hand)
    assert dw == min_deadwood(hand) == 19
    assert set(map(frozenset, melds)) == {frozenset(parse_cards("7S 7H 7D")),
                                          frozenset(parse_cards("7C 8C 9C"))}


def test_g5_gin_found_only_by_splitting_correctly() -> None:
    hand = parse_cards("AC 2C 3C 4C 5C 5H 5S 5D 6D 7D")
    dw, melds = best_melds(hand)
    assert dw == min_deadwood(hand) == 0
    assert set(map(frozenset, melds)) == {frozenset(parse_cards("AC 2C 3C 4C")),
                                          frozenset(parse_cards("5C 5H 5S")),
                                          frozenset(parse_cards("5D 6D 7D"))}


def test_g6_which_discards_allow_a_knock() -> None:
    expected = {"2S": 18, "3S": 17, "4S": 16, "7H": 25, "7D": 25, "7C": 25, "9D": 31,
                "10D": 30, "JD": 30, "5C": 6, "6H": 5}
    eleven = parse_cards("2S 3S 4S 7H 7D 7C 9D 10D JD 5C 6H")
    assert {str(c): v for c, v in discard_deadwoods(eleven).items()} == expected
    # Through the engine: the non-dealer holds ten of them and draws 6H (GIN-10).
    g, _ = knock_after_draw("2S 3S 4S 7H 7D 7C 9D 10D JD 5C", "KS KH 2C 3D 5H 6C 8S 8C 4H 9C", "6H")
    knocks = [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock)]
    assert knocks == [Knock(Card.parse("6H"), 5), Knock(Card.parse("5C"), 6)]
    assert label(knocks[0]) == "Knock with 6♥ (5 deadwood)"
    assert g.private_view(NON_DEALER)["discard_deadwood"] == expected


def test_g7_knock_with_layoffs_chains_and_a_set() -> None:
    g, _ = knock_after_draw("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C", "KH")
    assert min_deadwood(parse_cards("4S 5S 7S 8H 8D KC QC 2H 3H 6C")) == 63
    events = knock(g, "KH")
    last = known(g.public_view()["last_hand"])
    assert last["knocker_deadwood"] == 4
    assert [c for c, _ in last["layoffs"]] == ["4S", "5S", "7S", "QC", "KC"]
    assert sorted(last["defender_dead"]) == sorted(["8H", "8D", "2H", "3H", "6C"])
    assert last["defender_deadwood"] == 27
    assert (last["kind"], last["scorer"], last["points"]) == ("knock", NON_DEALER, 23)
    assert g.scores == [0, 23]
    assert "scores 23" in summary(events)


def test_g8_undercut() -> None:
    for system, points in (("10/20", 13), ("20/25", 23), ("25/25", 28)):
        g, _ = knock_after_draw("QH KH JH 5S 5D 5C 2C 3C 4C 10D", "9H 10H 5H 8S 8D 8C AD AS 2D 3S",
                                "KS", {"scoring_system": system})
        knock(g, "KS")
        last = known(g.public_view()["last_hand"])
        assert last["knocker_deadwood"] == 10           # knock at the limit (GIN-10)
        assert sorted(c for c, _ in last["layoffs"]) == ["10H", "5H", "9H"]
        assert [set(m) for m in last["defender_melds"]] == [{"8S", "8D", "8C"}]
        assert last["defender_deadwood"] == 7
        assert (last["kind"], last["scorer"], last["points"]) == ("undercut", DEALER, points)


def test_g9_equal_counts_are_an_undercut() -> None:
    for system, points in (("10/20", 10), ("20/25", 20)):
        g, _ = knock_after_draw("2S 3S 4S 8H 8D 8C JD QD KD 6C", "5S 9H 9D 9C 7H 7D 7S AC 2D 3C",
                                "KS", {"scoring_system": system})
        knock(g, "KS")
        last = known(g.public_view()["last_hand"])
        assert [c for c, _ in last["layoffs"]] == ["5S"]
        assert last["knocker_deadwood"] == last["defender_deadwood"] == 6
        assert (last["kind"], last["scorer"], last["points"]) == ("undercut", DEALER, points)


def test_g10_gin_no_layoffs() -> None:
    for system, points in (("10/20", 93), ("20/25", 98), ("25/25", 98)):
        g, _ = knock_after_draw("AC 2C 3C 4C 5C 5H 5S 5D 6D 7D", "6C 7C KH QD JC 8S 8H 2S 3D 9C",
                                "KS", {"scoring_system": system})
        gin = [a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock) and a.deadwood == 0]
        assert gin == [Knock(Card.parse("KS"), 0)] and label(gin[0]) == "Gin with K♠ (0 deadwood)"
        g.apply(NON_DEALER, gin[0])
        last = known(g.public_view()["last_hand"])
        assert last["layoffs"] == []
        assert (last["kind"], last["defender_deadwood"], last["points"]) == ("gin", 73, points)


def test_g11_big_gin() -> None:
    g, events = knock_after_draw("AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH 2C 3D 5H 6C 8S 8C 4H 9C",
                                 "QD", {"big_gin": True})
    last = known(g.public_view()["last_hand"])       # ended on the draw, without a discard (GIN-12)
    assert (last["kind"], last["defender_deadwood"], last["points"]) == ("big_gin", 65, 96)
    assert g.scores == [0, 96] and g.hand_no == 2
    # Big gin off: the player discards, e.g. 4S, and has gin.
    g, _ = knock_after_draw("AS 2S 3S 4S 7H 7D 7C 9D 10D JD", "KS KH 2C 3D 5H 6C 8S 8C 4H 9C", "QD")
    assert Knock(Card.parse("4S"), 0) in g.legal_actions(NON_DEALER)
    knock(g, "4S")
    assert known(g.public_view()["last_hand"])["kind"] == "gin"
    assert g.scores == [0, 20 + 65]


def test_g12_stock_exhaustion() -> None:
    knocker = "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"      # the dealer: deadwood 10 all hand long
    other = "2H 5H 8H JH 3D 6D 9D QD 4C 7C"
    for knock_instead in (False, True):
        g = start(other, knocker, "KS")
        g.apply(NON_DEALER, Pass(Card.parse("KS")))
        while len(g.stock) > 3:                   # both players discard what they draw
            seat = g.turn
            g.apply(seat, DrawStock())
            g.apply(seat, Discard(g.hands[seat][-1]))
        assert g.hand_no == 1 and g.turn == DEALER and g.phase == "draw"
        g.apply(DEALER, DrawStock())
        assert len(g.stock) == 2
        drawn = g.hands[DEALER][-1]
        if knock_instead:                         # the third-to-last card may still knock
            g.apply(DEALER, Knock(drawn, 10))
            assert known(g.public_view()["last_hand"])["kind"] in ("knock", "undercut")
            assert sum(g.scores) > 0
        else:
            events = g.apply(DEALER, Discard(drawn))
            assert "void" in summary(events)
            assert known(g.public_view()["last_hand"])["kind"] == "void"
            assert g.scores == [0, 0] and g.chips() == {seat_key(0): 250, seat_key(1): 250}
            assert g.hand_no == 2 and g.dealer == DEALER        # void_hand_dealer = same (GIN-13)
            assert len(g.stock) == 31 and g.phase == "first_offer"


def test_g13_first_turn_source_rule() -> None:
    g = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "7H", "KD")
    assert g.legal_actions(NON_DEALER)[:2] == [TakeDiscard(Card.parse("7H")), Pass(Card.parse("7H"))]
    g.apply(NON_DEALER, Pass(Card.parse("7H")))
    assert g.to_act() == [DEALER]
    assert g.legal_actions(DEALER)[:2] == [DrawStock(), TakeDiscard(Card.parse("7H"))]
    g.apply(DEALER, DrawStock())
    assert g.public_view()["stock_count"] == 30
    g.apply(DEALER, Discard(Card.parse("KH")))
    assert g.to_act() == [NON_DEALER] and g.phase == "draw"
    # classic: the dealer may only take the refused upcard or pass.
    c = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "7H",
              options={"first_turn": "classic"})
    c.apply(NON_DEALER, Pass(Card.parse("7H")))
    assert c.to_act() == [DEALER]
    assert [a.kind for a in c.legal_actions(DEALER)] == ["take_discard", "pass", "resign"]


def test_g14_match_settlement() -> None:
    def finish(options: dict[str, Any]) -> GinRummy:
        g, _ = knock_after_draw("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C",
                                "KH", {"stake_per_point": 2, **options})
        data = g.to_dict()
        data["scores"], data["hands_won"] = [61, 81], [3, 4]   # the knock scores 23 → 104
        g = GinRummy.from_dict(data)
        knock(g, "KH")
        assert g.is_over() and known(g.result)["winner"] == NON_DEALER
        assert known(g.result)["scores"] == [61, 104]
        return g

    g = finish({})
    assert g.chips() == {seat_key(0): 500 - 86, seat_key(1): 500 + 86}
    g = finish({"game_bonus": 100, "line_bonus": 20})
    assert known(g.result)["totals"] == [121, 304]
    assert g.chips() == {seat_key(0): 500 - 366, seat_key(1): 500 + 366}


def test_g15_knocker_arrangement_matters() -> None:
    knocker, defender = "AH 2H 3H 4H 4S 4D 4C 2C 3D 5S", "5H 6H 9S 9D 9C KD QD JC 2S 7C"
    g, _ = knock_after_draw(knocker, defender, "KS")
    knock(g, "KS")
    last = known(g.public_view()["last_hand"])
    assert [set(m) for m in last["knocker_melds"]] == [{"4S", "4H", "4D", "4C"}, {"AH", "2H", "3H"}]
    assert (last["defender_deadwood"], last["points"]) == (50, 40)
    # player_choice: the knocker picks; showing (a) lets the defender lay off 5H 6H.
    g, _ = knock_after_draw(knocker, defender, "KS", {"knocker_arrangement": "player_choice"})
    knock(g, "KS")
    shows = [a for a in g.legal_actions(NON_DEALER) if isinstance(a, ShowMelds)]
    assert len(shows) == 2 and g.public_view()["phase_id"] == "arrange"
    for show in shows:                      # the JSON codec writes melds in card notation
        assert Arrangement.parse(str(show.arrangement)) == show.arrangement
        assert action_from_dict(GinRummy.action_types, action_to_dict(show)) == show
    a = next(s for s in shows if any(len(m) == 4 and m[0].suit == "H" for m in s.arrangement.melds))
    g.apply(NON_DEALER, a)
    last = known(g.public_view()["last_hand"])
    assert [c for c, _ in last["layoffs"]] == ["5H", "6H"]
    assert (last["defender_deadwood"], last["points"]) == (39, 29)
