"""Marriage rules, the validators (classify_meld, check_finish): tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    Finish,
    Show,
)
from bot.games.marriage.finish import check_finish
from bot.games.marriage.melds import MeldType, classify_meld
from bot.games.marriage.options import resolve

from .helpers import cards, game_in_play, set_position
from .rules_helpers import _winner_position, kind
from tests.games.known import known


def test_mar_26_consequences() -> None:
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


def test_mar_27_21_cards_finish_without_a_discard_and_route_none_tries_both() -> None:
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD KC KC 2S 4H 6D 8C 10S")
    res = check_finish(hand, None, route=None, options=resolve({}))
    assert res.finishing and res.route == "dublee" and res.discard is None and len(res.dublees) == 8
    assert not check_finish(hand, None, route="dublee", options=resolve({"dublee_enabled": False})).finishing
    assert not check_finish(hand, None, route="normal", options=resolve({})).finishing


@pytest.mark.parametrize("table,points", [("pagat", 30), ("house", 25)])
def test_mar_27_layout_keeps_two_marriages_together(table: str, points: int) -> None:
    """MAR-27 + MAR-20: with two tiplu, poplu and jhiplu pairs the bot lays out two marriages."""
    g = game_in_play(2, {"point_table": table})
    _winner_position(g, "5H", "4H 5H 6H 4H 5H 6H 8C 8S 8D 2S 3S 5S KC",
                     ["3C 4C 5C", "JS QS KS", "9D 9D 9D"])
    kc = next(c for c in g.hands[0] if c.face == (13, "C"))
    g.apply(0, Finish(kc))
    assert known(g.result)["points"]["0"] == points
    kinds = [classify_meld([Card.parse(c) for c in m], Card.parse("5H")) for m in known(g.result)["melds"]]
    assert kinds.count(MeldType.MARRIAGE) == 2


def test_mar_27_show_then_go_out_keeps_the_marriage_together() -> None:
    """MAR-8 + MAR-27: a player who shows and goes out in the same turn must not lose a marriage
    because of the pure sets the bot chose to show. Tiplu 7♠ (jhiplu 6♠, poplu 8♠): showing
    5♠6♠7♠ would break the marriage 6♠7♠8♠; showing 6♠7♠8♠ (or keeping it for the going-out
    melds) is worth 12 instead of 10."""
    g = game_in_play(2)
    set_position(g, {0: "5S 6S 7S 8S 8S 9S 2H 3H 3H 5H 5H 6H 7H 7H 7D 7D 2C 3C 3C 4C 6C 8C"},
                 turn=0, pile=[("KS", 1, False)], stock="2S 2S 7S 6D 6D")
    g.drawn = True
    g.apply(0, Show())
    assert known(g.tiplu).face == (7, "S")
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins
    best = 0
    for a in fins:
        g2 = Marriage.from_dict(g.to_dict())
        g2.apply(0, a)
        best = max(best, known(g2.result)["points"]["0"])
    assert best == 12
