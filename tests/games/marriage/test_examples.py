"""Worked examples EX-01 … EX-35 of rules/marriage.md, one test each."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.actions import Action
from bot.games.cards import Card, parse_cards
from bot.games.marriage import FinishResult, MeldType, check_finish, classify_meld
from bot.games.marriage.actions import Discard, DrawStock, Show, TakeDiscard
from bot.games.marriage.melds import PURE_TYPES
from bot.games.marriage.options import resolve
from bot.games.marriage.scoring import maal_points, owed_amounts, settle

from .helpers import cards, game_in_play, set_position
from tests.games.known import known

T = MeldType


def kind(text: str, tiplu: str | None, **kw: Any) -> MeldType:
    return classify_meld(parse_cards(text), Card.parse(tiplu) if tiplu else None, **kw)


# --- MAR-26 classification ---------------------------------------------------------------------

def test_ex01_pure_sequence() -> None:
    assert kind("10H JH QH", None) is T.PURE_SEQUENCE


def test_ex02_tunnela() -> None:
    assert kind("6H 6H 6H", None) is T.TUNNELA


def test_ex03_trial() -> None:
    assert kind("2S 2H 2D", None) is T.TRIAL


def test_ex04_ace_low_sequence() -> None:
    assert kind("AS 2S 3S", None) is T.PURE_SEQUENCE


def test_ex05_ace_high_sequence() -> None:
    assert kind("QD KD AD", None) is T.PURE_SEQUENCE


def test_ex06_no_wrap_around() -> None:
    assert kind("KC AC 2C", None) is T.INVALID


def test_ex07_repeated_suit_not_identical() -> None:
    assert kind("9S 9S 9H", None) is T.INVALID


def test_ex08_marriage() -> None:
    assert kind("10C JC QC", "JC") is T.MARRIAGE


def test_ex09_ordinary_joker_in_sequence() -> None:
    assert kind("3S 4S JD", "JC") is T.DIRTY_SEQUENCE


def test_ex10_poplu_in_trial() -> None:
    assert kind("8H 8D QC", "JC") is T.DIRTY_TRIAL


def test_ex11_identical_pair_plus_wild_is_invalid() -> None:
    assert kind("10D 10D 5C", "5H") is T.INVALID


def test_ex12_wild_used_as_itself() -> None:
    assert kind("4S 5S 6S", "5H") is T.PURE_SEQUENCE


def test_ex13_three_wilds_as_themselves_make_a_trial() -> None:
    assert kind("5S 5D 5C", "5H") is T.TRIAL


def test_ex14_one_plain_card_two_wilds() -> None:
    assert kind("KS 7H 7C", "7D") is T.DIRTY_SEQUENCE


def test_ex15_king_tiplu_marriage_q_k_a() -> None:
    assert kind("QS KS AS", "KS") is T.MARRIAGE


def test_ex16_ace_tiplu_k_a_2() -> None:
    assert kind("KS AS 2S", "AS") is T.DIRTY_SEQUENCE
    assert kind("KS AS 2S", "AS", ace_tiplu_wrap_marriage=True) is T.MARRIAGE


def test_ex17_j_and_a_never_share_a_window() -> None:
    assert kind("JD 9H AD", "9C") is T.INVALID


def test_ex18_two_tiplu_marriage_a_2_3() -> None:
    assert kind("AH 2H 3H", "2H") is T.MARRIAGE


def test_ex19_k_and_2_never_share_a_window() -> None:
    assert kind("KD 9H 2D", "9C") is T.INVALID


def test_ex20_joker_fills_gap() -> None:
    assert kind("JD 9H KD", "9C") is T.DIRTY_SEQUENCE


def test_ex21_mixed_suits_invalid() -> None:
    assert kind("JH QH KS", None) is T.INVALID


# --- MAR-27 finishing ----------------------------------------------------------------------------

def _assert_witness(res: FinishResult, all_cards: list[Card], tiplu: Card, fixed: list[list[Card]]) -> None:
    assert res.finishing
    used = [c for m in res.melds for c in m] + ([res.discard] if res.discard else [])
    assert sorted(used) == sorted(all_cards)
    assert len(res.melds) == 7
    for m in fixed:
        assert tuple(m) in res.melds
    assert all(classify_meld(m, tiplu) is not T.INVALID for m in res.melds)
    assert sum(classify_meld(m, None) in PURE_TYPES for m in res.melds) >= 3


def _ex22_cards() -> tuple[list[Card], list[list[Card]]]:
    cs = cards("3C 4C 5C 9S 9S 9S JH QH KH 6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC")
    fixed = [cs[3:6], cs[0:3], cs[6:9]]
    return cs, fixed


def test_ex22_finishing_hand_with_marriage_and_dirty_melds() -> None:
    cs, fixed = _ex22_cards()
    tiplu = Card.parse("7D")
    res = check_finish(cs, tiplu, fixed, (), "normal")
    assert res.route == "normal"
    _assert_witness(res, cs, tiplu, fixed)
    for d in ("KC", "2D"):  # the intended discard and the alternative the example names
        alt = check_finish(cs, tiplu, fixed, (), "normal", discard=Card.parse(d))
        assert alt.finishing and known(alt.discard).face == Card.parse(d).face
        _assert_witness(alt, cs, tiplu, fixed)


def test_ex23_not_finishing_two_wilds_short() -> None:
    cs = cards("3C 4C 5C 9S 9S 9S JH QH KH 2D 3D 7S QS QD QC 10S 10H 7H AC 5S 9D KC")
    fixed = [cs[3:6], cs[0:3], cs[6:9]]
    assert not check_finish(cs, Card.parse("7D"), fixed, (), "normal").finishing
    assert not check_finish(cs, Card.parse("7D"), fixed, (), None).finishing


def test_ex24_dublee_route_eight_dublees() -> None:
    cs = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD KC KC 2S 4H 6D 8C 10S QH")
    for tiplu in (None, Card.parse("5D"), Card.parse("2C")):
        res = check_finish(cs, tiplu)
        assert res.finishing and res.route == "dublee"
        assert len(res.dublees) == 8 and all(a.face == b.face and a != b for a, b in res.dublees)
        assert res.discard is not None and res.discard not in {c for d in res.dublees for c in d}
    res = check_finish(cs, None, discard=Card.parse("2S"))
    assert res.finishing and res.discard == Card.parse("2S")


# --- MAR-20 points ----------------------------------------------------------------------------------

def test_ex25_points_of_ex22_winner() -> None:
    cs, fixed = _ex22_cards()
    holdings = [c for c in cs if str(c) != "KC"]
    declared = [fixed[0]]
    exposed = [fixed[1], fixed[2], cards("6D 7D 8D"), cards("10S 10H 7H"), cards("2D 3D 7S"), cards("QS QD QC")]
    tiplu = Card.parse("7D")
    assert maal_points(holdings, declared, exposed, tiplu, resolve({})).total == 15
    assert maal_points(holdings, declared, exposed, tiplu, resolve({"point_table": "house"})).total == 20


def test_ex26_held_vs_melded_marriage() -> None:
    holdings = cards("5H 5H 6H 6H 6H 4H 2S 3S 4S 8C 9C 10C 2D 2D 2D JS QS KS 9D 9D 9D")
    tiplu = Card.parse("5H")
    assert maal_points(holdings, [], [], tiplu, resolve({})).total == 19
    assert maal_points(holdings, [], [], tiplu, resolve({"marriage_scoring": "held"})).total == 19
    shown_marriage = [[c for c in holdings if str(c) in ("4H", "5H", "6H")]]
    assert maal_points(holdings, [], shown_marriage, tiplu, resolve({})).total == 18


def test_ex27_declared_poplu_tunnela() -> None:
    holdings = cards("6H 6H 6H 2S 3S 4S 8C 9C 10C 2D 2D 2D JS QS KS 9D 9D 9D AC AC AC")
    tiplu = Card.parse("5H")
    declared = [holdings[0:3]]
    assert maal_points(holdings, declared, [], tiplu, resolve({})).total == 20
    assert maal_points(holdings, declared, [], tiplu, resolve({"point_table": "house"})).total == 10
    assert maal_points(holdings, [], [], tiplu, resolve({})).total == 10  # collected later: poplu triple


def test_ex28_ace_tiplu_k_a_2() -> None:
    meld = cards("KS AS 2S")
    holdings = meld + cards("3H 4H 5H 6H 7H 8H 9C 9C 9C 10D JD QD 3C 4C 5C 6D 6D 6D")
    tiplu = Card.parse("AS#2")
    assert maal_points(holdings, [], [meld], tiplu, resolve({})).total == 7
    assert maal_points(holdings, [], [meld], tiplu, resolve({"ace_tiplu_wrap_marriage": True})).total == 10


# --- MAR-22 … MAR-25 settlement ---------------------------------------------------------------------

A, B, C, D = 0, 1, 2, 3


def test_ex29_settlement_four_players() -> None:
    owed = owed_amounts({A: 15, B: 7, C: 0, D: 12}, {A: True, B: True, C: False, D: True}, A, False, resolve({}))
    assert owed == {B: 9, C: 44, D: -11}
    transfers = settle(owed, A, {A: 1000, B: 1000, C: 1000, D: 1000}, [B, C, D], "pro_rata")
    net = dict.fromkeys((A, B, C, D), 0)
    for p, q, x in transfers:
        net[p] -= x
        net[q] += x
    assert net == {A: 42, B: -9, C: -44, D: 11}
    # the pairwise form of MAR-23 gives the same nets
    pts, w = {A: 15, B: 7, C: 0, D: 12}, {B: 3, C: 10, D: 3}
    for k in pts:
        pair = sum(pts[k] - pts[j] for j in pts if j != k)
        assert pair + (sum(w.values()) if k == A else -w[k]) == net[k]


def test_ex30_dublee_finish_bonus() -> None:
    owed = owed_amounts({A: 4, B: 10, C: 0}, {A: True, B: True, C: False}, A, True, resolve({}))
    assert owed == {B: -8, C: 29}
    transfers = settle(owed, A, {A: 100, B: 100, C: 100}, [B, C], "pro_rata")
    assert sorted(transfers) == sorted([(C, A, 29), (A, B, 8)])


def test_ex31_short_stacks_chips_per_point() -> None:
    owed = owed_amounts({A: 15, B: 7, C: 0, D: 12}, {A: True, B: True, C: False, D: True}, A, False,
                        resolve({"chips_per_point": 10}))
    assert owed == {B: 90, C: 440, D: -110}
    stacks = {A: 50, B: 1000, C: 200, D: 500}
    transfers = settle(owed, A, stacks, [B, C, D], "pro_rata")
    assert transfers == [(B, A, 90), (C, A, 200), (A, D, 110)]
    for p, q, x in transfers:
        stacks[p] -= x
        stacks[q] += x
    assert stacks == {A: 230, B: 910, C: 0, D: 610}
    assert sum(stacks.values()) == 1750


# --- procedure ----------------------------------------------------------------------------------------

def test_ex32_first_show_picks_the_middle_card_of_the_stock() -> None:
    g = game_in_play(2)
    stock = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D 3D 4D " \
            "5D 6D 7D 8D 9D 10D JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C"
    set_position(g, {0: "AC AC AC 2C 3C 4C 5C 6C 7C 9D 9D 9D 10D JD QD KD KD 2H 3H 4H 5H 8C",
                     1: "AS AS AS 2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S 9S 10S 10S"},
                 turn=0, pile=[("KS", None, False)], stock=stock)
    g.drawn = True  # player 0 has drawn (22 cards); 47 cards are in the stock at the show
    assert len(g.stock) == 47
    middle = g.stock[23]
    rest = g.stock[:23] + g.stock[24:]
    g.apply(0, Show())
    assert g.tiplu == middle and g.stock[-1] == middle
    assert g.stock[:-1] == rest
    assert g.public_view()["stock_count"] == 46


def test_ex33_taken_card_face_may_not_be_discarded() -> None:
    for ban, banned in (("face", {"QH", "QH#1"}), ("copy", {"QH#1"})):
        g = game_in_play(3, {"taken_card_discard_ban": ban})
        set_position(g, {1: "QH 2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D"},
                     turn=1, pile=[("4S", 0, False), ("QH", 0, False)])
        g.apply(1, TakeDiscard(Card.parse("QH#1")))
        legal = {str(a.card) for a in g.legal_actions(1) if isinstance(a, Discard)}
        assert not legal & banned
        if ban == "copy":
            assert "QH" in legal
        for card in banned:
            with pytest.raises(Exception) as err:
                g.apply(1, Discard(Card.parse(card)))
            assert getattr(err.value, "rule", None) == "MAR-7"


def _ex34(discard: str, c_seen: bool) -> list[Action]:
    g = game_in_play(4)
    set_position(g, {3: "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"},
                 turn=3, pile=[("4S", 1, False), (discard, 2, c_seen)], tiplu="7D")
    g.seen[3] = True
    g.route[3] = "normal"
    g.shown[3] = [cards("QS QS QS")]
    return g.legal_actions(3)


def test_ex34_seen_player_may_not_take_unseen_wild_discard() -> None:
    assert not any(isinstance(a, TakeDiscard) for a in _ex34("7S", False))
    assert DrawStock() in _ex34("7S", False)
    assert TakeDiscard(Card.parse("KS")) in _ex34("KS", False)
    assert TakeDiscard(Card.parse("7S")) in _ex34("7S", True)


def test_ex35_stock_rebuild_keeps_last_discard_and_discarder() -> None:
    g = game_in_play(5)
    set_position(g, {4: "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"},
                 turn=4, pile=[("4S", 1, False), ("9D", 2, False), ("QC", 3, True)], stock="8H", tiplu="7D")
    g.apply(4, DrawStock())
    assert g.public_view()["stock_count"] == 0
    g.apply(4, Discard(Card.parse("5C")))
    assert [(str(c), by) for c, by, _ in g.pile] == [("5C", 4)]
    assert sorted(str(c) for c in g.stock[:-1]) == ["4S", "9D", "QC"]
    assert g.stock[-1] == g.tiplu
    assert g.rebuilds == 1
