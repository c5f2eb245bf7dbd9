"""Marriage rules, going out, seen players, the stock, the end of a deal, timeouts: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card
from bot.games.marriage.actions import (
    Discard,
    DrawStock,
    Finish,
    NextDeal,
    Show,
    ShowDublees,
    TakeDiscard,
)
from bot.games.marriage.table import drawable

from .helpers import cards, game_in_play, set_position
from .rules_helpers import DUBLEE_HAND, PLAIN, PLAIN_WITH_AD
from .test_leaving import finishing_position
from tests.english import english
from tests.games.known import known


def test_mar_13_finish_layout_keeps_the_marriage_and_settles() -> None:
    """MAR-27: among the layouts for the chosen discard, the one with the most maal (EX-22/25)."""
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC",
                     1: PLAIN, 2: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC KC AD 6D AH 2H"},
                 turn=0, pile=[("4S", 1, False), ("KC", 1, False)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S")]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0] = True, "normal"
    g.apply(0, TakeDiscard(g.pile[-1][0]))  # taking KC forbids discarding it (MAR-7) …
    assert not any(isinstance(a, Finish) and a.discard.face == (13, "C") for a in g.legal_actions(0))
    g2 = game_in_play(3)
    set_position(g2, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: PLAIN,
                      2: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC KC AD 6D AH 2H"},
                 turn=0, pile=[("4S", 1, False)], tiplu="7D")
    g2.declared[0] = [cards("9S 9S 9S")]
    g2.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g2.seen[0], g2.route[0], g2.drawn = True, "normal", True
    before = sum(g2.stacks)
    assert Finish(Card.parse("KC")) in g2.legal_actions(0)
    ev = g2.apply(0, Finish(Card.parse("KC")))
    res = known(g2.result)
    assert res["winner"] == 0 and res["discard"] == "KC"
    assert sorted(["6D", "7D", "8D"]) in [sorted(c.split("#")[0] for c in m) for m in res["melds"]]
    assert res["points"]["0"] == 15
    assert sum(g2.stacks) == before
    assert any(e.kind == "summary" for e in ev)
    assert g2.phase == "between" and g2.to_act() and g2.legal_actions(g2.to_act()[0]) == [NextDeal()]


def test_mar_13_finish_needs_a_show_and_a_finishing_discard() -> None:
    g = game_in_play(2)
    set_position(g, {0: PLAIN_WITH_AD}, turn=0, pile=[("4S", None, False)], tiplu="7D")
    g.apply(0, DrawStock())
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Finish(g.hands[0][0]))
    assert err.value.rule == "MAR-13" and "Show first" in str(err.value)
    g.route[0], g.seen[0], g.shown[0] = "normal", True, [cards("QS QS QS")]
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Finish(g.hands[0][0]))
    assert err.value.rule == "MAR-13" and "does not leave a finished hand" in str(err.value)


def test_mar_14_show_seven_dublees_and_go_out_with_the_eighth_in_one_turn() -> None:
    g = game_in_play(3, stacks=[500, 500, 500])
    set_position(g, {0: DUBLEE_HAND, 1: PLAIN_WITH_AD, 2: PLAIN_WITH_AD}, turn=0, pile=[("4S", None, False)],
                 stock="KC KS KS")
    g.apply(0, DrawStock())  # a second K♣: eight dublees
    g.apply(0, ShowDublees())
    assert g.seen[0] and g.route[0] == "dublee" and len(g.dublees[0]) == 7
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins
    assert not any(isinstance(a, Show) for a in g.legal_actions(0))
    before = sum(g.stacks)
    g.apply(0, fins[0])
    res = known(g.result)
    assert res["winner"] == 0 and res["route"] == "dublee" and len(res["dublees"]) == 8
    assert sum(g.stacks) == before
    # MAR-22: unseen losers pay 10 + 5 dublee bonus (+ maal differences)
    pts = {int(k): v for k, v in res["adjusted"].items()}
    T = sum(pts.values())
    for i in (1, 2):
        assert res["owed"][str(i)] == 10 + 5 + T - 3 * pts[i]


def test_mar_15_seen_is_public_and_stays_true() -> None:
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


def test_mar_16_abandoned_deal_moves_no_chips() -> None:
    g = game_in_play(2, {"max_stock_rebuilds": 1}, stacks=[100, 100])
    rng = random.Random(0)
    while g.phase == "play":
        s = g.turn
        legal = [a for a in g.legal_actions(s) if isinstance(a, (DrawStock, Discard))]
        g.apply(s, legal[0] if isinstance(legal[0], DrawStock) else rng.choice(legal))
    assert known(g.result)["abandoned"] and g.stacks == [100, 100]
    assert g.rebuilds == 1


def test_mar_16_max_stock_rebuilds_counts_rebuilds_before_abandoning() -> None:
    for limit in (1, 2):
        g = game_in_play(2, {"max_stock_rebuilds": limit}, stacks=[100, 100])
        seen_rebuilds = 0
        while g.phase == "play":
            s = g.turn
            g.apply(s, DrawStock())
            ev = g.apply(s, g.timeout_action(s))
            seen_rebuilds += sum(e.kind == "rebuild" for e in ev)
        assert known(g.result)["abandoned"] and seen_rebuilds == limit and g.stacks == [100, 100]


def test_mar_16_no_discards_to_rebuild_with_abandons_and_says_why() -> None:
    """The first show takes the last stock card as the indicator after the player took the only
    discard: nothing is left to rebuild a stock from, so the deal is abandoned (MAR-16), and the
    summary must not claim the rebuild limit was reached."""
    g = game_in_play(2, {"max_stock_rebuilds": 3}, stacks=[100, 100])
    set_position(g, {0: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"},
                 turn=0, pile=[("KS", 1, False)], stock="2C")
    g.apply(0, TakeDiscard(g.pile[-1][0]))
    g.apply(0, Show())
    assert g.tiplu is not None and drawable(g) == 0 and g.pile == []
    ev = g.apply(0, Discard(next(c for c in g.hands[0] if c.face == (13, "D"))))
    summary = [e for e in ev if e.kind == "summary"][0]
    assert known(g.result)["abandoned"] and g.stacks == [100, 100] and g.rebuilds == 0
    assert "3 rebuilds" not in english(summary) and "no discards" in english(summary)


def test_mar_17_19_tiplu_is_private_during_the_deal_and_revealed_at_the_end() -> None:
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
    assert summary.private_to is None and "Tiplu: 7♦" in english(summary).replace("7\u2666", "7♦")
    assert known(g.public_view()["tiplu"]).split("#")[0] == "7D"
    assert set(known(g.result)["hands"]) == {"0", "1", "2"}


def test_mar_18_timeout_draws_then_discards_drawn_card() -> None:
    g = game_in_play(2)
    s = g.turn
    assert g.timeout_action(s) == DrawStock()
    g.apply(s, DrawStock())
    t = g.timeout_action(s)
    assert isinstance(t, Discard) and t.card.face == known(g.drawn_card).face


def test_mar_18_timeout_never_shows_or_goes_out() -> None:
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
