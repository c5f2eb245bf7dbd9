"""Marriage rules, scoring, settlement and the end of the game: tests named by rule id."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    Finish,
)
from bot.games.marriage.options import resolve
from bot.games.marriage.scoring import adjust_unseen, maal_points, owed_amounts, settle

from .helpers import cards, game_in_play
from .test_leaving import finishing_position
from tests.games.known import known


def _pts(holdings: str, tiplu: str, declared: Sequence[str] = (), exposed: Sequence[str] = (), **opts: Any) -> int:
    used = __import__("collections").Counter()
    dec = [cards(d, used) for d in declared]
    exp = [cards(m, used) for m in exposed]
    hold = cards(holdings, used) + [c for d in dec for c in d] + [c for m in exp for c in m]
    return maal_points(hold, dec, exp, Card.parse(tiplu), resolve(opts)).total


def test_mar_20_declared_tunnela_values_by_table() -> None:
    # tiplu 5H: 5S is an ordinary joker, 5D the alter (red), 6H poplu, 9C plain
    for table, joker, alter, mal, plain in (("pagat", 10, 10, 20, 5), ("house", 5, 35, 10, 5)):
        assert _pts("", "5H", declared=["5S 5S 5S"], point_table=table) == joker
        assert _pts("", "5H", declared=["5D 5D 5D"], point_table=table) == alter
        assert _pts("", "5H", declared=["6H 6H 6H"], point_table=table) == mal
        assert _pts("", "5H", declared=["4H 4H 4H"], point_table=table) == mal
        assert _pts("", "5H", declared=["9C 9C 9C"], point_table=table) == plain
    # declared tunnelas are additive
    assert _pts("", "5H", declared=["9C 9C 9C", "KS KS KS"]) == 10


def test_mar_20_undeclared_tunnela_scores_nothing_by_itself() -> None:
    assert _pts("9C 9C 9C", "5H") == 0
    assert _pts("5S 5S 5S", "5H") == 0  # ordinary jokers held score 0 (pagat)


def test_mar_20_alter_and_tiplu_values_by_table() -> None:
    # tiplu 5H: alter 5D
    for n, pagat, house in ((1, 0, 5), (2, 0, 15), (3, 0, 30)):
        text = " ".join(["5D"] * n)
        assert _pts(text, "5H") == pagat
        assert _pts(text, "5H", point_table="house") == house
    assert _pts("5H", "5H") == 3 and _pts("5H 5H", "5H") == 7
    assert _pts("5H 5H", "5H", point_table="house") == 8
    for n, v in ((1, 2), (2, 5), (3, 10)):
        assert _pts(" ".join(["6H"] * n), "5H") == v and _pts(" ".join(["4H"] * n), "5H") == v


def test_mar_20_two_marriages_melded_and_held() -> None:
    hold = "5H 5H 4H 4H 6H 6H"
    assert _pts("", "5H", exposed=["4H 5H 6H", "4H 5H 6H"]) == 30
    assert _pts("", "5H", exposed=["4H 5H 6H", "4H 5H 6H"], point_table="house") == 25
    # held: m=2 gives 30; m=1 gives 10 + 3 + 2 + 2 = 17; m=0 gives 7 + 5 + 5 = 17
    assert _pts(hold, "5H", marriage_scoring="held") == 30
    assert _pts(hold, "5H", marriage_scoring="melded") == 17
    # an unexposed marriage counts only with `held`
    assert _pts("4H 5H 6H", "5H") == 7 and _pts("4H 5H 6H", "5H", marriage_scoring="held") == 10


def test_mar_20_held_tie_takes_the_smaller_m() -> None:
    # house, tiplu 5H: 5H 5H 6H 4H -> m=0: 8+2+2 = 12; m=1: 10+3 = 13 -> m=1
    assert _pts("5H 5H 6H 4H", "5H", marriage_scoring="held", point_table="house") == 13


def test_mar_20_ace_tiplu_never_a_marriage_unless_wrap() -> None:
    assert _pts("KS AS 2S", "AS", marriage_scoring="held") == 7
    assert _pts("KS AS 2S", "AS", marriage_scoring="held", ace_tiplu_wrap_marriage=True) == 10
    assert _pts("", "AS", exposed=["KS AS 2S"]) == 7
    assert _pts("", "AS", exposed=["KS AS 2S"], ace_tiplu_wrap_marriage=True) == 10


def test_mar_21_unseen_maal_modes() -> None:
    pts = {0: 10, 1: 7, 2: 4}
    seen = {0: True, 1: False, 2: True}
    assert adjust_unseen(pts, seen, 0, "count") == pts
    assert adjust_unseen(pts, seen, 0, "void") == {0: 10, 1: 0, 2: 4}
    assert adjust_unseen(pts, seen, 0, "kidnap") == {0: 17, 1: 0, 2: 4}


@pytest.mark.parametrize("mode", ["count", "void", "kidnap"])
def test_mar_21_unseen_maal_through_the_engine(mode: str) -> None:
    g = game_in_play(2, {"unseen_maal": mode})
    finishing_position(g, 0)
    g.apply(0, Finish(Card.parse("KC")))
    raw, adj = known(g.result)["points"], known(g.result)["adjusted"]
    assert raw["0"] == 15 and raw["1"] == 2  # the unseen loser holds the jhiplu 6D
    if mode == "count":
        assert adj == raw
    elif mode == "void":
        assert adj == {"0": 15, "1": 0}
    else:
        assert adj == {"0": 15 + raw["1"], "1": 0}
    T = sum(adj.values())
    assert known(g.result)["owed"]["1"] == 10 + T - 2 * adj["1"]


def test_mar_22_payment_options_change_what_losers_owe() -> None:
    pts = {0: 0, 1: 0, 2: 0}
    seen = {0: True, 1: True, 2: False}
    opts = resolve({"seen_payment": 7, "unseen_payment": 20, "dublee_finish_bonus": 1})
    assert owed_amounts(pts, seen, 0, False, opts) == {1: 7, 2: 20}
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 8, 2: 21}
    opts = resolve({"seen_payment": 0, "unseen_payment": 0, "dublee_finish_bonus": 0})
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 0, 2: 0}


def test_mar_23_winner_centred_form_equals_pairwise_settlement() -> None:
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
        net = dict.fromkeys(range(n), 0)
        for p, q, x in settle(owed, w, dict.fromkeys(range(n), 10 ** 6), [(w + j) % n for j in range(1, n)],
                              "pro_rata"):
            net[p] -= x
            net[q] += x
        pay = {i: (3 if seen[i] else 10) + (5 if dub else 0) for i in range(n) if i != w}
        for k in range(n):
            pair = sum(pts[k] - pts[j] for j in pts if j != k)
            assert net[k] == pair + (sum(pay.values()) if k == w else -pay[k])
        assert sum(net.values()) == 0


def test_mar_24_chips_per_point_multiplies_every_amount() -> None:
    pts, seen = {0: 15, 1: 7, 2: 0, 3: 12}, {0: True, 1: True, 2: False, 3: True}
    one = owed_amounts(pts, seen, 0, False, resolve({}))
    for cpp in (2, 1000):
        assert owed_amounts(pts, seen, 0, False, resolve({"chips_per_point": cpp})) == \
            {i: x * cpp for i, x in one.items()}


def test_mar_25_short_winner_pro_rata_and_seat_order() -> None:
    owed = {1: -2, 2: -1}
    assert settle(owed, 0, {0: 2, 1: 0, 2: 0}, [1, 2], "pro_rata") == [(0, 1, 2)]
    owed = {1: -30, 2: -10, 3: 5}
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "pro_rata")
    assert t == [(3, 0, 3), (0, 1, 14), (0, 2, 4)]  # 18 chips: 13.5 / 4.5 rounded down, spare to seat 1
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "seat_order")
    assert t == [(3, 0, 3), (0, 1, 18)]


def test_mar_25_collect_goes_round_from_the_seat_after_the_winner_and_pro_rata_spare_likewise() -> None:
    # winner seat 2 of 4; recipients seats 3, 0, 1 each owed 1, the winner has 2 chips after collecting
    owed = {3: -1, 0: -1, 1: -1}
    t = settle(owed, 2, {0: 0, 1: 0, 2: 2, 3: 0}, [3, 0, 1], "pro_rata")
    assert t == [(2, 3, 1), (2, 0, 1)]
    t = settle({3: -5, 0: -5, 1: -5}, 2, {0: 0, 1: 0, 2: 10, 3: 0}, [3, 0, 1], "seat_order")
    assert t == [(2, 3, 5), (2, 0, 5)]
    # a loser who cannot pay in full pays what they have; nothing is recorded as debt
    t = settle({3: 50, 0: 4}, 2, {0: 100, 1: 0, 2: 0, 3: 20}, [3, 0, 1], "pro_rata")
    assert t == [(3, 2, 20), (0, 2, 4)]


def test_mar_25_min_chips_to_play_sits_out_short_stacks() -> None:
    g = Marriage.start([30, 29, 30], {"min_chips_to_play": 30}, seed=3)
    assert g.players == [0, 2]
    g2 = Marriage.start([30, 29, 28], {"min_chips_to_play": 30}, seed=3)
    assert g2.is_over()
