"""Marriage rules, the shows, the tiplu, wild cards and meld types: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    DrawStock,
    Finish,
    Show,
    ShowDublees,
)
from bot.games.marriage.finish import check_finish
from bot.games.marriage.melds import MeldType, face_of, wild_faces
from bot.games.marriage.options import resolve
from bot.games.marriage.shows import choose_tiplu, next_tiplu_face
from bot.games.marriage.table import owned, wild

from .helpers import cards, game_in_play, set_position
from .rules_helpers import DUBLEE_HAND, PLAIN, _winner_position, kind
from tests.english import english
from tests.games.known import known


def _dublee_game(wild_ok: bool, hand: str, tiplu: str | None, stock: str | None = None) -> Marriage:
    g = game_in_play(2, {"dublee_wild_as_itself": wild_ok})
    set_position(g, {0: hand}, turn=0, pile=[("KS", 1, False)], tiplu=tiplu, stock=stock)
    g.drawn = True
    return g


# six plain dublees + a 5♠ pair (wild with tiplu 5♥) + singles: 22 cards
WILD_PAIR_HAND = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD 5S 5S 2C 4H 6D 8C 10S QH KC 2D"


def test_mar_8_show_uses_natural_sets_and_reveals_tiplu_privately() -> None:
    g = game_in_play(3)
    set_position(g, {1: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=1, pile=[("4S", 0, False)])
    g.apply(1, DrawStock())
    assert Show() in g.legal_actions(1)
    ev = g.apply(1, Show())
    assert g.seen[1] and g.tiplu is not None and g.route[1] == "normal"
    assert len(g.shown[1]) == 3
    tiplu_events = [e for e in ev if e.kind == "tiplu"]
    assert tiplu_events and tiplu_events[0].private_to == 1
    assert g.public_view()["tiplu"] is None
    assert g.private_view(1)["tiplu"] == str(g.tiplu)
    assert g.private_view(0)["tiplu"] is None
    assert Show() not in g.legal_actions(1)


def test_mar_8_no_show_without_three_pure_sets() -> None:
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False)])
    g.apply(0, DrawStock())
    assert Show() not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Show())
    assert err.value.rule == "MAR-8"


def test_mar_9_route_lock_dublee_player_cannot_show_pure_sets() -> None:
    g = game_in_play(2)
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 3S 4S 8C 10S QH KC"},
                 turn=0, pile=[("KS", 1, False)])
    g.apply(0, DrawStock())
    legal = g.legal_actions(0)
    assert ShowDublees() in legal
    g.apply(0, ShowDublees())
    assert Show() not in g.legal_actions(0)
    assert all(not isinstance(a, Finish) or g.route[0] == "dublee" for a in g.legal_actions(0))


def test_mar_9_dublee_min_players() -> None:
    g = game_in_play(3, {"dublee_min_players": 4})
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"},
                 turn=0, pile=[("KS", 1, False)])
    g.apply(0, DrawStock())
    assert ShowDublees() not in g.legal_actions(0)


def test_mar_9_declared_tunnela_may_count_as_a_dublee() -> None:
    g = game_in_play(2, {"declared_tunnela_counts_as_dublee": True})
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH 2S 4H 6D 8C 10S QH"},
                 turn=0, pile=[("KS", 1, False)])
    g.declared[0] = [cards("KD KD KD")]
    g.apply(0, DrawStock())
    assert ShowDublees() in g.legal_actions(0)
    g.apply(0, ShowDublees())
    assert len(g.dublees[0]) == 7 and len(owned(g, 0)) == 22
    assert any(d[0].face == (13, "D") for d in g.dublees[0])
    g2 = game_in_play(2)
    set_position(g2, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH 2S 4H 6D 8C 10S QH"},
                 turn=0, pile=[("KS", 1, False)])
    g2.declared[0] = [cards("KD KD KD")]
    g2.apply(0, DrawStock())
    assert ShowDublees() not in g2.legal_actions(0)  # default: declared tunnelas are not dublees


def test_mar_9_dublee_enabled_false_offers_no_dublee_show() -> None:
    for enabled in (True, False):
        g = game_in_play(2, {"dublee_enabled": enabled})
        set_position(g, {0: DUBLEE_HAND}, turn=0, pile=[("KS", 1, False)])
        g.apply(0, DrawStock())
        assert (ShowDublees() in g.legal_actions(0)) is enabled
        if not enabled:
            with pytest.raises(IllegalAction) as err:
                g.apply(0, ShowDublees())
            assert err.value.rule == "MAR-9"


def test_mar_10_later_shower_sees_the_same_indicator() -> None:
    g = game_in_play(2)
    show_hand = "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"
    set_position(g, {0: show_hand, 1: "3S 4S 5S 10D JD QD 8C 8C 8C 2H 4H 6H 8H 10H JC KC 2C 6C AD 9D KS"},
                 turn=0, pile=[("4S", None, False)])
    g.apply(0, DrawStock())
    g.apply(0, Show())
    tiplu, stock_len = g.tiplu, len(g.stock)
    assert g.stock[-1] == tiplu
    g.apply(0, g.timeout_action(0))
    g.apply(1, DrawStock())
    ev = g.apply(1, Show())
    assert g.tiplu == tiplu and g.stock[-1] == tiplu and len(g.stock) == stock_len - 1
    tip = [e for e in ev if e.kind == "tiplu"]
    assert tip and tip[0].private_to == 1 and str(tiplu.pretty) in english(tip[0])


def test_mar_10_empty_stock_is_rebuilt_before_the_tiplu_is_chosen() -> None:
    g = game_in_play(2)
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S"},
                 turn=0, pile=[("4S", 1, False), ("8D", 1, False), ("KD", 1, False)], stock="KS")
    g.apply(0, DrawStock())
    assert g.stock == []
    g.apply(0, Show())
    assert g.tiplu is not None and g.tiplu.face in {(4, "S"), (8, "D")}
    assert g.stock[-1] == g.tiplu and len(g.stock) == 2
    assert [c.face for c, _, _ in g.pile] == [(13, "D")] and g.rebuilds == 1


@pytest.mark.parametrize("tiplu,jhiplu,poplu", [("AS", "KS", "2S"), ("KD", "QD", "AD"), ("7H", "6H", "8H")])
def test_mar_11_wild_cards_are_the_tiplu_rank_plus_poplu_and_jhiplu(tiplu: str, jhiplu: str, poplu: str) -> None:
    t = Card.parse(tiplu)
    wild = wild_faces(face_of(t))
    expect = {face_of(Card(t.rank, s)) for s in "SHDC"} | {face_of(Card.parse(jhiplu)), face_of(Card.parse(poplu))}
    assert set(wild) == expect and 3 * len(wild) == 18
    assert wild_faces(None) == frozenset()


def test_mar_11_unseen_players_meld_with_natural_cards_only() -> None:
    assert kind("3S 4S JD", None) is MeldType.INVALID
    assert kind("3S 4S JD", "JC") is MeldType.DIRTY_SEQUENCE


def test_mar_12_dublee_wild_as_itself_option() -> None:
    # eight dublees, one of them a pair of tiplu-rank cards (5S with tiplu 5H)
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 5S 5S 4H 6D 8C 10S QH KC")
    tiplu = Card.parse("5H")
    assert check_finish(hand, tiplu, route="dublee", options=resolve({})).finishing
    res = check_finish(hand, tiplu, route="dublee", options=resolve({"dublee_wild_as_itself": False}))
    assert not res.finishing


@pytest.mark.parametrize("wrap,points", [(False, 7), (True, 10)])
def test_mar_12_ex28_through_the_engine(wrap: bool, points: int) -> None:
    g = game_in_play(2, {"ace_tiplu_wrap_marriage": wrap})
    _winner_position(g, "AS", "KS AS 2S QS QD QC 6H 7H 8H 5D 6D 7D 9C",
                     ["3C 4C 5C", "JH QH KH", "9D 9D 9D"], others="3S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C "
                                                                 "7C 9C JC AD 6D AH 2H 4H")
    nine = next(c for c in g.hands[0] if c.face == (9, "C"))
    assert any(isinstance(a, Finish) and a.discard.face == (9, "C") for a in g.legal_actions(0))
    g.apply(0, Finish(nine))
    assert known(g.result)["points"]["0"] == points


def test_mar_12_no_wild_dublee_at_all_in_the_dublee_show() -> None:
    """MAR-12 option `dublee_wild_as_itself = false`: "no card of a wild kind may be part of a
    dublee at all" — also in the seven dublees shown (MAR-9)."""
    assert ShowDublees() in _dublee_game(True, WILD_PAIR_HAND, "5H").legal_actions(0)
    g = _dublee_game(False, WILD_PAIR_HAND, "5H")
    assert ShowDublees() not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, ShowDublees())
    assert err.value.rule == "MAR-9"
    # the first show of the deal: the indicator it will pick (the middle of the stock) decides
    first = _dublee_game(False, WILD_PAIR_HAND, None, stock="2S 2S 5H 6S 6S")
    assert ShowDublees() not in first.legal_actions(0)
    first_ok = _dublee_game(False, WILD_PAIR_HAND, None, stock="2S 2S KH 6S 6S")
    assert ShowDublees() in first_ok.legal_actions(0)
    first_ok.apply(0, ShowDublees())
    assert known(first_ok.tiplu).face == (13, "H") and len(first_ok.dublees[0]) == 7


def test_mar_12_predicted_indicator_after_a_rebuild_is_the_one_picked() -> None:
    """With an empty stock the first show rebuilds it first (MAR-10); the legality check of a
    dublee show under `dublee_wild_as_itself = false` must foresee that same indicator."""
    for seed in range(12):
        g = game_in_play(2, {"dublee_wild_as_itself": False}, seed=seed)
        set_position(g, {0: WILD_PAIR_HAND}, turn=0, stock="",
                     pile=[("KS", 1, False), ("8H", 1, False), ("4D", 1, False), ("JC", 1, False), ("3S", 1, False)])
        g.stock = []
        g.drawn = True
        predicted = next_tiplu_face(g)
        offered = ShowDublees() in g.legal_actions(0)
        wild = wild_faces(predicted)
        pairs = {face_of(c) for c in g.hands[0] if sum(d.face == c.face for d in g.hands[0]) >= 2}
        assert offered is (len(pairs - wild) >= 7)
        g.tiplu = None
        choose_tiplu(g)
        assert face_of(known(g.tiplu)) == predicted


def test_mar_12_dublee_show_keeps_wild_pairs_out_when_barred() -> None:
    # seven plain dublees and a wild pair: the seven shown are the plain ones
    hand = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 5S 5S 2C 4H 6D 8C 10S QH"
    g = _dublee_game(False, hand, "5H")
    g.apply(0, ShowDublees())
    wild_now = wild(g)
    assert all(face_of(c) not in wild_now for d in g.dublees[0] for c in d)


def test_mar_12_declared_wild_tunnela_is_no_dublee_when_barred() -> None:
    tiplu = Card.parse("5H")
    used = __import__("collections").Counter()
    tunnela = cards("5S 5S 5S", used)
    hand = tunnela + cards("AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 2C 4H 6D 8C 10S", used)
    for wild_ok, expect in ((True, True), (False, False)):
        opts = resolve({"declared_tunnela_counts_as_dublee": True, "dublee_wild_as_itself": wild_ok})
        res = check_finish(hand, tiplu, [tunnela], (), "dublee", None, opts)
        assert res.finishing is expect
