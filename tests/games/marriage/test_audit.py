"""Rules audit (MAR-1 … MAR-27): one focused test per rule that had none naming it, plus edge
cases the rule text implies (options set to non-defaults, ties, remainders)."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (DeclareDone, DeclareTunnela, Discard, DrawStock, Finish, Show,
                                        ShowDublees, TakeAndFinish, TakeDiscard)
from bot.games.marriage.finish import check_finish
from bot.games.marriage.melds import MeldType, classify_meld, face_of, wild_faces
from bot.games.marriage.options import resolve
from bot.games.marriage.scoring import maal_points, owed_amounts, settle

from .helpers import cards, game_in_play, set_position

PLAIN = "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC AD 6D AH 2H 4H"
DUBLEE_HAND = "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"


def kind(text: str, tiplu: str | None, **kw) -> MeldType:
    return classify_meld(cards(text), None if tiplu is None else Card.parse(tiplu), **kw)


# --- MAR-1 seats and order ----------------------------------------------------------------------

def test_mar_1_next_player_is_the_next_seat_wrapping_around():
    g = game_in_play(3)
    order = []
    for _ in range(4):
        s = g.turn
        order.append(s)
        g.apply(s, DrawStock())
        g.apply(s, g.timeout_action(s))
    assert all(order[i + 1] == (order[i] + 1) % 3 for i in range(3))


def test_mar_1_next_player_skips_a_seat_not_dealt_in():
    g = game_in_play(4, stacks=[500, 0, 500, 500])
    assert g.players == [0, 2, 3]
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", None, False)])
    g.apply(0, DrawStock())
    g.apply(0, g.timeout_action(0))
    assert g.turn == 2
    assert g.legal_actions(1) == []


# --- MAR-5 turn structure -----------------------------------------------------------------------

def test_mar_5_draw_exactly_once_then_discard_from_the_hand_only():
    g = game_in_play(2)
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=0, pile=[("4S", None, False)])
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Discard(Card.parse("KD")))
    assert err.value.rule == "MAR-5" and "Draw first" in str(err.value)
    g.apply(0, DrawStock())
    for second in (DrawStock(), TakeDiscard(Card.parse("4S"))):
        with pytest.raises(IllegalAction) as err:
            g.apply(0, second)
        assert err.value.rule == "MAR-5"
    g.apply(0, Show())
    exposed = g.shown[0][0][0]
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Discard(exposed))
    assert err.value.rule == "MAR-5"
    assert not any(isinstance(a, Discard) and a.card == exposed for a in g.legal_actions(0))
    g.apply(0, g.timeout_action(0))
    assert len(g._owned(0)) == 21 and len(g._owned(1)) == 21


def test_mar_5_out_of_turn_action_is_refused_with_a_sentence():
    g = game_in_play(3)
    other = (g.turn + 1) % 3
    with pytest.raises(IllegalAction) as err:
        g.apply(other, DrawStock())
    assert "not your turn" in str(err.value)


# --- MAR-4 declared tunnelas ---------------------------------------------------------------------

def test_mar_4_three_declared_tunnelas_need_no_further_pure_set_to_show():
    g = Marriage.start([500, 500], seed=1)
    hands = {0: "9S 9S 9S 4D 4D 4D KC KC KC 2S 5S 8S 3H 6H 9H 2D 6D 10D AC 5C 7C", 1: PLAIN}
    set_position(g, hands, turn=0, pile=[("4S", None, False)])
    g.phase, g.declare_pending = "declare", [0, 1]
    for c in ("9S", "4D", "KC"):
        g.apply(0, DeclareTunnela(Card.parse(c)))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert g._show_need(0) == 0
    g.apply(0, DrawStock())
    assert Show() in g.legal_actions(0)
    g.apply(0, Show())
    assert g.seen[0] and g.shown[0] == [] and len(g.declared[0]) == 3


def test_mar_4_a_declared_tunnela_counts_as_one_pure_set():
    g = Marriage.start([500, 500], seed=1)
    # one declared tunnela + two pure sequences in hand = a show
    hands = {0: "9S 9S 9S 3C 4C 5C JH QH KH 2S 6D 10D AC 7C 5H 8H 2D 4S 6S 8D", 1: PLAIN}
    set_position(g, hands, turn=0, pile=[("KS", None, False)])
    g.phase, g.declare_pending = "declare", [0, 1]
    g.apply(0, DeclareTunnela(Card.parse("9S")))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert g._show_need(0) == 2
    g.apply(0, DrawStock())
    g.apply(0, Show())
    assert len(g.shown[0]) == 2


# --- MAR-6 / MAR-7 ------------------------------------------------------------------------------

def test_mar_6_upcard_has_no_discarder_so_a_wild_upcard_may_be_taken():
    g = game_in_play(3)
    set_position(g, {2: PLAIN}, turn=2, pile=[("7S", None, False)], tiplu="7D")
    g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
    g._cache.clear()
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_poplu_and_jhiplu_discards_are_wild_too():
    for face in ("8D", "6D"):
        g = game_in_play(3)
        set_position(g, {2: PLAIN}, turn=2, pile=[("4S", 0, False), (face, 1, False)], tiplu="7D")
        g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
        g._cache.clear()
        assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))
        with pytest.raises(IllegalAction) as err:
            g.apply(2, TakeDiscard(g.pile[-1][0]))
        assert err.value.rule == "MAR-6" and "stock" in str(err.value)


def test_mar_6_unseen_player_may_take_an_unseen_wild_discard():
    g = game_in_play(3)
    set_position(g, {2: PLAIN}, turn=2, pile=[("4S", 0, False), ("7S", 1, False)], tiplu="7D")
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_dublee_any_policy_takes_freely():
    g = game_in_play(2, {"dublee_discard_pickup": "any"})
    set_position(g, {0: DUBLEE_HAND}, turn=0, pile=[("KS", 1, False), ("8S", 1, True)], tiplu="5H")
    g.route[0], g.seen[0] = "dublee", True
    g._cache.clear()
    assert TakeDiscard(Card.parse("8S")) in g.legal_actions(0)


def test_mar_7_ban_applies_to_the_final_discard_when_going_out():
    """Taking K♣ from the pile: going out by discarding a K♣ is not offered (MAR-7), only others."""
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: PLAIN, 2: PLAIN},
                 turn=0, pile=[("4S", 1, False), ("KC", 1, True)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S", __import__("collections").Counter({(9, "S"): 0}))]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0] = True, "normal"
    g.hands[0].remove(next(c for c in g.hands[0] if c.face == (13, "C")))
    g._cache.clear()
    g.apply(0, TakeDiscard(g.pile[-1][0]))
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins and all(a.discard.face != (13, "C") for a in fins)


# --- MAR-10 the tiplu indicator ------------------------------------------------------------------

def test_mar_10_later_shower_sees_the_same_indicator():
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
    assert tip and tip[0].private_to == 1 and str(tiplu.pretty) in tip[0].text


def test_mar_10_empty_stock_is_rebuilt_before_the_tiplu_is_chosen():
    g = game_in_play(2)
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S"},
                 turn=0, pile=[("4S", 1, False), ("8D", 1, False), ("KD", 1, False)], stock="KS")
    g.apply(0, DrawStock())
    assert g.stock == []
    g.apply(0, Show())
    assert g.tiplu is not None and g.tiplu.face in {(4, "S"), (8, "D")}
    assert g.stock[-1] == g.tiplu and len(g.stock) == 2
    assert [c.face for c, _, _ in g.pile] == [(13, "D")] and g.rebuilds == 1


# --- MAR-11 wild cards ---------------------------------------------------------------------------

@pytest.mark.parametrize("tiplu,jhiplu,poplu", [("AS", "KS", "2S"), ("KD", "QD", "AD"), ("7H", "6H", "8H")])
def test_mar_11_wild_cards_are_the_tiplu_rank_plus_poplu_and_jhiplu(tiplu, jhiplu, poplu):
    t = Card.parse(tiplu)
    wild = wild_faces(face_of(t))
    expect = {face_of(Card(t.rank, s)) for s in "SHDC"} | {face_of(Card.parse(jhiplu)), face_of(Card.parse(poplu))}
    assert set(wild) == expect and 3 * len(wild) == 18
    assert wild_faces(None) == frozenset()


def test_mar_11_unseen_players_meld_with_natural_cards_only():
    assert kind("3S 4S JD", None) is MeldType.INVALID
    assert kind("3S 4S JD", "JC") is MeldType.DIRTY_SEQUENCE


# --- MAR-12 dublees with wild cards ---------------------------------------------------------------

def test_mar_12_dublee_wild_as_itself_option():
    # eight dublees, one of them a pair of tiplu-rank cards (5S with tiplu 5H)
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 5S 5S 4H 6D 8C 10S QH KC")
    tiplu = Card.parse("5H")
    assert check_finish(hand, tiplu, route="dublee", options=resolve({})).finishing
    res = check_finish(hand, tiplu, route="dublee", options=resolve({"dublee_wild_as_itself": False}))
    assert not res.finishing


# --- MAR-13 / MAR-14 going out -------------------------------------------------------------------

def test_mar_13_finish_needs_a_show_and_a_finishing_discard():
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", None, False)], tiplu="7D")
    g.apply(0, DrawStock())
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Finish(g.hands[0][0]))
    assert err.value.rule == "MAR-13" and "Show first" in str(err.value)
    g.route[0], g.seen[0], g.shown[0] = "normal", True, [cards("QS QS QS")]
    g._cache.clear()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Finish(g.hands[0][0]))
    assert err.value.rule == "MAR-13" and "does not leave a finished hand" in str(err.value)


def test_mar_14_show_seven_dublees_and_go_out_with_the_eighth_in_one_turn():
    g = game_in_play(3, stacks=[500, 500, 500])
    set_position(g, {0: DUBLEE_HAND, 1: PLAIN, 2: PLAIN}, turn=0, pile=[("4S", None, False)],
                 stock="KC KS KS")
    g.apply(0, DrawStock())  # a second K♣: eight dublees
    g.apply(0, ShowDublees())
    assert g.seen[0] and g.route[0] == "dublee" and len(g.dublees[0]) == 7
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins
    assert not any(isinstance(a, Show) for a in g.legal_actions(0))
    before = sum(g.stacks)
    g.apply(0, fins[0])
    res = g.result
    assert res["winner"] == 0 and res["route"] == "dublee" and len(res["dublees"]) == 8
    assert sum(g.stacks) == before
    # MAR-22: unseen losers pay 10 + 5 dublee bonus (+ maal differences)
    pts = {int(k): v for k, v in res["adjusted"].items()}
    T = sum(pts.values())
    for i in (1, 2):
        assert res["owed"][str(i)] == 10 + 5 + T - 3 * pts[i]


# --- MAR-15 / MAR-17 / MAR-19 ---------------------------------------------------------------------

def test_mar_15_seen_is_public_and_stays_true():
    g = game_in_play(2)
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=0, pile=[("4S", None, False)])
    assert g.public_view()["seats"][0]["seen"] is False
    g.apply(0, DrawStock())
    g.apply(0, Show())
    g.apply(0, g.timeout_action(0))
    g.apply(1, DrawStock())
    g.apply(1, g.timeout_action(1))
    assert g.public_view()["seats"][0]["seen"] is True and g.seen[0]


def test_mar_17_19_tiplu_is_private_during_the_deal_and_revealed_at_the_end():
    from .test_leaving import finishing_position
    g = game_in_play(3)
    finishing_position(g, 0)
    pub = g.public_view()
    assert pub["tiplu"] is None and "7D" not in str({k: v for k, v in pub.items() if k != "discard_pile"})
    assert g.private_view(1)["tiplu"] is None and g.private_view(1)["wild"] == []
    assert g.private_view(0)["tiplu"] == str(g.tiplu)
    for s in (1, 2):
        assert "hand" in g.private_view(s)
        assert all(k not in pub for k in ("hands", "stock"))
    ev = g.apply(0, Finish(Card.parse("KC")))
    summary = [e for e in ev if e.kind == "summary"][0]
    assert summary.private_to is None and "Tiplu: 7♦" in summary.text.replace("7\u2666", "7♦")
    assert g.public_view()["tiplu"].split("#")[0] == "7D"
    assert set(g.result["hands"]) == {"0", "1", "2"}


# --- MAR-20 points -------------------------------------------------------------------------------

def _pts(holdings: str, tiplu: str, declared=(), exposed=(), **opts) -> int:
    used = __import__("collections").Counter()
    dec = [cards(d, used) for d in declared]
    exp = [cards(m, used) for m in exposed]
    hold = cards(holdings, used) + [c for d in dec for c in d] + [c for m in exp for c in m]
    return maal_points(hold, dec, exp, Card.parse(tiplu), resolve(opts)).total


def test_mar_20_declared_tunnela_values_by_table():
    # tiplu 5H: 5S is an ordinary joker, 5D the alter (red), 6H poplu, 9C plain
    for table, joker, alter, mal, plain in (("pagat", 10, 10, 20, 5), ("house", 5, 35, 10, 5)):
        assert _pts("", "5H", declared=["5S 5S 5S"], point_table=table) == joker
        assert _pts("", "5H", declared=["5D 5D 5D"], point_table=table) == alter
        assert _pts("", "5H", declared=["6H 6H 6H"], point_table=table) == mal
        assert _pts("", "5H", declared=["4H 4H 4H"], point_table=table) == mal
        assert _pts("", "5H", declared=["9C 9C 9C"], point_table=table) == plain
    # declared tunnelas are additive
    assert _pts("", "5H", declared=["9C 9C 9C", "KS KS KS"]) == 10


def test_mar_20_undeclared_tunnela_scores_nothing_by_itself():
    assert _pts("9C 9C 9C", "5H") == 0
    assert _pts("5S 5S 5S", "5H") == 0  # ordinary jokers held score 0 (pagat)


def test_mar_20_alter_and_tiplu_values_by_table():
    # tiplu 5H: alter 5D
    for n, pagat, house in ((1, 0, 5), (2, 0, 15), (3, 0, 30)):
        text = " ".join(["5D"] * n)
        assert _pts(text, "5H") == pagat
        assert _pts(text, "5H", point_table="house") == house
    assert _pts("5H", "5H") == 3 and _pts("5H 5H", "5H") == 7
    assert _pts("5H 5H", "5H", point_table="house") == 8
    for n, v in ((1, 2), (2, 5), (3, 10)):
        assert _pts(" ".join(["6H"] * n), "5H") == v and _pts(" ".join(["4H"] * n), "5H") == v


def test_mar_20_two_marriages_melded_and_held():
    hold = "5H 5H 4H 4H 6H 6H"
    assert _pts("", "5H", exposed=["4H 5H 6H", "4H 5H 6H"]) == 30
    assert _pts("", "5H", exposed=["4H 5H 6H", "4H 5H 6H"], point_table="house") == 25
    # held: m=2 gives 30; m=1 gives 10 + 3 + 2 + 2 = 17; m=0 gives 7 + 5 + 5 = 17
    assert _pts(hold, "5H", marriage_scoring="held") == 30
    assert _pts(hold, "5H", marriage_scoring="melded") == 17
    # an unexposed marriage counts only with `held`
    assert _pts("4H 5H 6H", "5H") == 7 and _pts("4H 5H 6H", "5H", marriage_scoring="held") == 10


def test_mar_20_held_tie_takes_the_smaller_m():
    # house, tiplu 5H: 5H 5H 6H 4H -> m=0: 8+2+2 = 12; m=1: 10+3 = 13 -> m=1
    assert _pts("5H 5H 6H 4H", "5H", marriage_scoring="held", point_table="house") == 13


def test_mar_20_ace_tiplu_never_a_marriage_unless_wrap():
    assert _pts("KS AS 2S", "AS", marriage_scoring="held") == 7
    assert _pts("KS AS 2S", "AS", marriage_scoring="held", ace_tiplu_wrap_marriage=True) == 10
    assert _pts("", "AS", exposed=["KS AS 2S"]) == 7
    assert _pts("", "AS", exposed=["KS AS 2S"], ace_tiplu_wrap_marriage=True) == 10


# --- MAR-22 … MAR-25 settlement --------------------------------------------------------------------

def test_mar_22_payment_options_change_what_losers_owe():
    pts = {0: 0, 1: 0, 2: 0}
    seen = {0: True, 1: True, 2: False}
    opts = resolve({"seen_payment": 7, "unseen_payment": 20, "dublee_finish_bonus": 1})
    assert owed_amounts(pts, seen, 0, False, opts) == {1: 7, 2: 20}
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 8, 2: 21}
    opts = resolve({"seen_payment": 0, "unseen_payment": 0, "dublee_finish_bonus": 0})
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 0, 2: 0}


def test_mar_23_winner_centred_form_equals_pairwise_settlement():
    rng = random.Random(23)
    for _ in range(200):
        n = rng.randint(2, 5)
        pts = {k: rng.randint(0, 60) for k in range(n)}
        seen = {k: rng.random() < 0.5 for k in range(n)}
        w = rng.randrange(n)
        seen[w] = True
        dub = rng.random() < 0.3
        opts = resolve({})
        owed = owed_amounts(pts, seen, w, dub, opts)
        net = {k: 0 for k in range(n)}
        for p, q, x in settle(owed, w, {k: 10 ** 6 for k in range(n)}, [(w + j) % n for j in range(1, n)],
                              "pro_rata"):
            net[p] -= x
            net[q] += x
        pay = {i: (3 if seen[i] else 10) + (5 if dub else 0) for i in range(n) if i != w}
        for k in range(n):
            pair = sum(pts[k] - pts[j] for j in pts if j != k)
            assert net[k] == pair + (sum(pay.values()) if k == w else -pay[k])
        assert sum(net.values()) == 0


def test_mar_24_chips_per_point_multiplies_every_amount():
    pts, seen = {0: 15, 1: 7, 2: 0, 3: 12}, {0: True, 1: True, 2: False, 3: True}
    one = owed_amounts(pts, seen, 0, False, resolve({}))
    for cpp in (2, 1000):
        assert owed_amounts(pts, seen, 0, False, resolve({"chips_per_point": cpp})) == \
            {i: x * cpp for i, x in one.items()}


def test_mar_25_collect_goes_round_from_the_seat_after_the_winner_and_pro_rata_spare_likewise():
    # winner seat 2 of 4; recipients seats 3, 0, 1 each owed 1, the winner has 2 chips after collecting
    owed = {3: -1, 0: -1, 1: -1}
    t = settle(owed, 2, {0: 0, 1: 0, 2: 2, 3: 0}, [3, 0, 1], "pro_rata")
    assert t == [(2, 3, 1), (2, 0, 1)]
    t = settle({3: -5, 0: -5, 1: -5}, 2, {0: 0, 1: 0, 2: 10, 3: 0}, [3, 0, 1], "seat_order")
    assert t == [(2, 3, 5), (2, 0, 5)]
    # a loser who cannot pay in full pays what they have; nothing is recorded as debt
    t = settle({3: 50, 0: 4}, 2, {0: 100, 1: 0, 2: 0, 3: 20}, [3, 0, 1], "pro_rata")
    assert t == [(3, 2, 20), (0, 2, 4)]


def test_mar_25_min_chips_to_play_sits_out_short_stacks():
    g = Marriage.start([30, 29, 30], {"min_chips_to_play": 30}, seed=3)
    assert g.players == [0, 2]
    g2 = Marriage.start([30, 29, 28], {"min_chips_to_play": 30}, seed=3)
    assert g2.is_over()


# --- MAR-26 consequences ----------------------------------------------------------------------------

def test_mar_26_consequences():
    # an identical wild pair plus any card is a DIRTY_SEQUENCE; a non-wild pair plus a wild is INVALID
    assert kind("6H 6H KC", "5H") is MeldType.DIRTY_SEQUENCE
    assert kind("9C 9C 5S", "5H") is MeldType.INVALID
    # a wild never completes a tunnela
    assert kind("9C 9C 9C", "5H") is MeldType.TUNNELA
    assert kind("5S 5S 5S", "5H") is MeldType.TUNNELA
    # two wilds and any card
    assert kind("5S 6H 9C", "5H") is not MeldType.INVALID
    assert kind("QS 5S 5D", "5H") is not MeldType.INVALID
    assert kind("9C 10D 5S", "5H") is MeldType.INVALID
    assert kind("9C 9C", None) is MeldType.INVALID
    assert kind("9C 10C JC QC", None) is MeldType.INVALID
    # the show judges without wild cards: a dirty sequence is no pure set
    assert kind("3S 4S JD", None) is MeldType.INVALID


# --- MAR-27 ------------------------------------------------------------------------------------------

def test_mar_27_21_cards_finish_without_a_discard_and_route_none_tries_both():
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD KC KC 2S 4H 6D 8C 10S")
    res = check_finish(hand, None, route=None, options=resolve({}))
    assert res.finishing and res.route == "dublee" and res.discard is None and len(res.dublees) == 8
    assert not check_finish(hand, None, route="dublee", options=resolve({"dublee_enabled": False})).finishing
    assert not check_finish(hand, None, route="normal", options=resolve({})).finishing


# --- MAR-18 timeout ------------------------------------------------------------------------------------

def test_mar_18_timeout_never_shows_or_goes_out():
    from .test_leaving import finishing_position
    g = game_in_play(3)
    finishing_position(g, 0)
    t = g.timeout_action(0)
    assert isinstance(t, Discard) and t in g.legal_actions(0)
    g2 = game_in_play(2)
    set_position(g2, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=0, pile=[("4S", None, False)], stock="9C KS")
    g2.apply(0, g2.timeout_action(0))
    assert Show() in g2.legal_actions(0)
    t = g2.timeout_action(0)
    assert t == Discard(Card.parse("9C"))


# --- options through the engine --------------------------------------------------------------------

def _winner_position(g: Marriage, tiplu: str, hand: str, shown: list[str], others: str = PLAIN) -> None:
    hands = {s: others for s in g.players if s != 0}
    hands[0] = hand
    used = set_position(g, hands, turn=0, pile=[("4S", None, False)], tiplu=tiplu)
    g.shown[0] = [cards(m, used) for m in shown]
    g.seen[0], g.route[0], g.drawn = True, "normal", True
    g._cache.clear()


@pytest.mark.parametrize("wrap,points", [(False, 7), (True, 10)])
def test_mar_12_ex28_through_the_engine(wrap, points):
    g = game_in_play(2, {"ace_tiplu_wrap_marriage": wrap})
    _winner_position(g, "AS", "KS AS 2S QS QD QC 6H 7H 8H 5D 6D 7D 9C",
                     ["3C 4C 5C", "JH QH KH", "9D 9D 9D"], others="3S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C "
                                                                 "7C 9C JC AD 6D AH 2H 4H")
    nine = next(c for c in g.hands[0] if c.face == (9, "C"))
    assert any(isinstance(a, Finish) and a.discard.face == (9, "C") for a in g.legal_actions(0))
    g.apply(0, Finish(nine))
    assert g.result["points"]["0"] == points


def test_mar_9_dublee_enabled_false_offers_no_dublee_show():
    for enabled in (True, False):
        g = game_in_play(2, {"dublee_enabled": enabled})
        set_position(g, {0: DUBLEE_HAND}, turn=0, pile=[("KS", 1, False)])
        g.apply(0, DrawStock())
        assert (ShowDublees() in g.legal_actions(0)) is enabled
        if not enabled:
            with pytest.raises(IllegalAction) as err:
                g.apply(0, ShowDublees())
            assert err.value.rule == "MAR-9"


def test_mar_4_18_timeouts_follow_the_options():
    g = Marriage.start([500, 500], {"declare_timeout_seconds": 15, "turn_timeout_seconds": 45}, seed=2)
    assert g.phase == "declare" and g.turn_timeout_s() == 15
    assert all(g.timeout_action(s) == DeclareDone() for s in g.to_act())
    for s in list(g.to_act()):
        g.apply(s, DeclareDone())
    assert g.turn_timeout_s() == 45


def test_mar_16_max_stock_rebuilds_counts_rebuilds_before_abandoning():
    for limit in (1, 2):
        g = game_in_play(2, {"max_stock_rebuilds": limit}, stacks=[100, 100])
        seen_rebuilds = 0
        while g.phase == "play":
            s = g.turn
            g.apply(s, DrawStock())
            ev = g.apply(s, g.timeout_action(s))
            seen_rebuilds += sum(e.kind == "rebuild" for e in ev)
        assert g.result["abandoned"] and seen_rebuilds == limit and g.stacks == [100, 100]


@pytest.mark.parametrize("mode", ["count", "void", "kidnap"])
def test_mar_21_unseen_maal_through_the_engine(mode):
    from .test_leaving import finishing_position
    g = game_in_play(2, {"unseen_maal": mode})
    finishing_position(g, 0)
    g.apply(0, Finish(Card.parse("KC")))
    raw, adj = g.result["points"], g.result["adjusted"]
    assert raw["0"] == 15 and raw["1"] == 2  # the unseen loser holds the jhiplu 6D
    if mode == "count":
        assert adj == raw
    elif mode == "void":
        assert adj == {"0": 15, "1": 0}
    else:
        assert adj == {"0": 15 + raw["1"], "1": 0}
    T = sum(adj.values())
    assert g.result["owed"]["1"] == 10 + T - 2 * adj["1"]


def test_mar_16_no_discards_to_rebuild_with_abandons_and_says_why():
    """The first show takes the last stock card as the indicator after the player took the only
    discard: nothing is left to rebuild a stock from, so the deal is abandoned (MAR-16), and the
    summary must not claim the rebuild limit was reached."""
    g = game_in_play(2, {"max_stock_rebuilds": 3}, stacks=[100, 100])
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=0, pile=[("KS", 1, False)], stock="2C")
    g.apply(0, TakeDiscard(g.pile[-1][0]))
    g.apply(0, Show())
    assert g.tiplu is not None and g._drawable() == 0 and g.pile == []
    ev = g.apply(0, Discard(next(c for c in g.hands[0] if c.face == (13, "D"))))
    summary = [e for e in ev if e.kind == "summary"][0]
    assert g.result["abandoned"] and g.stacks == [100, 100] and g.rebuilds == 0
    assert "3 rebuilds" not in summary.text and "no discards" in summary.text


@pytest.mark.parametrize("table,points", [("pagat", 30), ("house", 25)])
def test_mar_27_layout_keeps_two_marriages_together(table, points):
    """MAR-27 + MAR-20: with two tiplu, poplu and jhiplu pairs the bot lays out two marriages."""
    g = game_in_play(2, {"point_table": table})
    _winner_position(g, "5H", "4H 5H 6H 4H 5H 6H 8C 8S 8D 2S 3S 5S KC",
                     ["3C 4C 5C", "JS QS KS", "9D 9D 9D"])
    kc = next(c for c in g.hands[0] if c.face == (13, "C"))
    g.apply(0, Finish(kc))
    assert g.result["points"]["0"] == points
    kinds = [classify_meld([Card.parse(c) for c in m], Card.parse("5H")) for m in g.result["melds"]]
    assert kinds.count(MeldType.MARRIAGE) == 2


def test_mar_27_show_then_go_out_keeps_the_marriage_together():
    """MAR-8 + MAR-27: a player who shows and goes out in the same turn must not lose a marriage
    because of the pure sets the bot chose to show. Tiplu 7♠ (jhiplu 6♠, poplu 8♠): showing
    5♠6♠7♠ would break the marriage 6♠7♠8♠; showing 6♠7♠8♠ (or keeping it for the going-out
    melds) is worth 12 instead of 10."""
    g = game_in_play(2)
    set_position(g, {0: "5S 6S 7S 8S 8S 9S 2H 3H 3H 5H 5H 6H 7H 7H 7D 7D 2C 3C 3C 4C 6C 8C"},
                 turn=0, pile=[("KS", 1, False)], stock="2S 2S 7S 6D 6D")
    g.drawn = True
    g._cache.clear()
    g.apply(0, Show())
    assert g.tiplu.face == (7, "S")
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins
    best = 0
    for a in fins:
        g2 = Marriage.from_dict(g.to_dict())
        g2.apply(0, a)
        best = max(best, g2.result["points"]["0"])
    assert best == 12


def test_mar_6_any_discarder_means_never_even_with_the_finish_exception():
    """MAR-6: `any_discarder` — "a seen player may never take a wild discard"; the finishing
    exception of `seen_may_take_unseen_wild_to_finish` does not reopen it (with the default ban
    it does)."""
    from .test_rules import _finishing_position
    for ban, combos in (("unseen_discarder", True), ("any_discarder", False)):
        g = game_in_play(3, {"wild_pickup_ban": ban, "seen_may_take_unseen_wild_to_finish": True})
        _finishing_position(g, 2, "7S", False)
        legal = g.legal_actions(2)
        assert not any(isinstance(a, TakeDiscard) for a in legal)
        assert any(isinstance(a, TakeAndFinish) for a in legal) is combos
        if not combos:
            assert g._take_status(2)[0] == "no"


def _dublee_game(wild_ok: bool, hand: str, tiplu: str | None, stock: str | None = None) -> Marriage:
    g = game_in_play(2, {"dublee_wild_as_itself": wild_ok})
    set_position(g, {0: hand}, turn=0, pile=[("KS", 1, False)], tiplu=tiplu, stock=stock)
    g.drawn = True
    g._cache.clear()
    return g


# six plain dublees + a 5♠ pair (wild with tiplu 5♥) + singles: 22 cards
WILD_PAIR_HAND = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD 5S 5S 2C 4H 6D 8C 10S QH KC 2D"


def test_mar_12_no_wild_dublee_at_all_in_the_dublee_show():
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
    assert first_ok.tiplu.face == (13, "H") and len(first_ok.dublees[0]) == 7


def test_mar_12_predicted_indicator_after_a_rebuild_is_the_one_picked():
    """With an empty stock the first show rebuilds it first (MAR-10); the legality check of a
    dublee show under `dublee_wild_as_itself = false` must foresee that same indicator."""
    for seed in range(12):
        g = game_in_play(2, {"dublee_wild_as_itself": False}, seed=seed)
        set_position(g, {0: WILD_PAIR_HAND}, turn=0, stock="",
                     pile=[("KS", 1, False), ("8H", 1, False), ("4D", 1, False), ("JC", 1, False), ("3S", 1, False)])
        g.stock = []
        g.drawn = True
        g._cache.clear()
        predicted = g._next_tiplu_face()
        offered = ShowDublees() in g.legal_actions(0)
        wild = wild_faces(predicted)
        pairs = {face_of(c) for c in g.hands[0] if sum(d.face == c.face for d in g.hands[0]) >= 2}
        assert offered is (len(pairs - wild) >= 7)
        g.tiplu = None
        g._choose_tiplu()
        assert face_of(g.tiplu) == predicted


def test_mar_12_dublee_show_keeps_wild_pairs_out_when_barred():
    # seven plain dublees and a wild pair: the seven shown are the plain ones
    hand = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 5S 5S 2C 4H 6D 8C 10S QH"
    g = _dublee_game(False, hand, "5H")
    g.apply(0, ShowDublees())
    wild = g._wild()
    assert all(face_of(c) not in wild for d in g.dublees[0] for c in d)


def test_mar_12_declared_wild_tunnela_is_no_dublee_when_barred():
    tiplu = Card.parse("5H")
    used = __import__("collections").Counter()
    tunnela = cards("5S 5S 5S", used)
    hand = tunnela + cards("AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 2C 4H 6D 8C 10S", used)
    for wild_ok, expect in ((True, True), (False, False)):
        opts = resolve({"declared_tunnela_counts_as_dublee": True, "dublee_wild_as_itself": wild_ok})
        res = check_finish(hand, tiplu, [tunnela], (), "dublee", None, opts)
        assert res.finishing is expect


# --- MAR-3 / MAR-5 / MAR-10 invariants over whole games ---------------------------------------------

def _check_cards(g: Marriage) -> None:
    if g.phase not in ("declare", "play"):
        return
    from bot.games.cards import new_deck
    everything = [c for s in g.players for c in g._owned(s)] + list(g.stock) + [c for c, _, _ in g.pile]
    assert sorted(everything) == sorted(new_deck(3))  # MAR-3: the 156 physical cards, each once
    if g.tiplu is not None:
        assert g.stock[-1] == g.tiplu  # MAR-10: the indicator stays at the bottom
        assert all(g.tiplu not in g._owned(s) for s in g.players)
    if g.phase == "play" and not g.drawn:
        assert all(len(g._owned(s)) == 21 for s in g.players)  # MAR-5
        assert g._drawable() > 0  # MAR-16: a player about to draw finds a card


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_mar_3_cards_are_conserved_through_whole_deals(players, seed):
    rng = random.Random(seed)
    g = Marriage.start([200] * players, {"max_stock_rebuilds": 2, "tunnela_declare_window":
                                         "before_own_first_draw" if seed % 2 else "before_play"}, seed=seed)
    deals = 0
    for _ in range(3000):
        if g.is_over() or deals >= 3:
            break
        s = g.to_act()[0]
        if g.phase == "between":
            deals += 1
        legal = g.legal_actions(s)
        a = rng.choice(legal) if rng.random() < 0.3 else g.bot_action(s, rng)
        g.apply(s, a)
        _check_cards(g)
    assert deals >= 1


def test_mar_2_the_deal_passes_after_an_abandoned_deal():
    g = game_in_play(3, {"max_stock_rebuilds": 1}, stacks=[100, 100, 100])
    dealer = g.dealer
    while g.phase == "play":
        s = g.turn
        g.apply(s, DrawStock())
        g.apply(s, g.timeout_action(s))
    assert g.result["abandoned"] and g.phase == "between"
    nxt = g.to_act()[0]
    assert nxt == (dealer + 1) % 3
    g.apply(nxt, g.legal_actions(nxt)[0])
    assert g.dealer == (dealer + 1) % 3 and g.turn == (dealer + 2) % 3
