"""Marriage rules, the turn, drawing and discarding: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    Discard,
    DrawStock,
    Finish,
    Show,
    ShowDublees,
    TakeAndFinish,
    TakeDiscard,
)
from bot.games.marriage.restrictions import take_status
from bot.games.marriage.table import owned

from .helpers import cards, game_in_play, set_position
from .rules_helpers import DUBLEE_HAND, PLAIN, PLAIN_WITH_AD
from tests.english import english


def _seen(g: Marriage, seat: int, tiplu: str = "7D") -> None:
    g.seen[seat] = True
    g.route[seat] = "normal"
    g.shown[seat] = [cards("QS QS QS")]


def _finishing_position(g: Marriage, seat: int, pile_card: str, discarder_seen: bool) -> None:
    """Seat has shown; with `pile_card` it goes out (two pure sets + dirty melds)."""
    set_position(g, {seat: "3C 4C 5C JH QH KH 2D 3D 10S 10H 7H QS QD QC AS 2S 3S 8S"},
                 turn=seat, pile=[("4S", 0, False), (pile_card, 1, discarder_seen)], tiplu="7D")
    g.seen[seat], g.route[seat] = True, "normal"
    g.shown[seat] = [cards("9S 9S 9S")]


def test_mar_5_draw_exactly_once_then_discard_from_the_hand_only() -> None:
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
    assert len(owned(g, 0)) == 21 and len(owned(g, 1)) == 21


def test_mar_5_out_of_turn_action_is_refused_with_a_sentence() -> None:
    g = game_in_play(3)
    other = (g.turn + 1) % 3
    with pytest.raises(IllegalAction) as err:
        g.apply(other, DrawStock())
    assert "not your turn" in str(err.value)


def test_mar_6_unseen_player_may_take_unless_strict_visiting() -> None:
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("KS", 1, False)])
    assert TakeDiscard(Card.parse("KS")) in g.legal_actions(0)
    g = game_in_play(2, {"discard_pickup_before_seen": False})
    set_position(g, {0: PLAIN}, turn=0, pile=[("KS", 1, False)])
    assert g.legal_actions(0) == [DrawStock()]
    with pytest.raises(IllegalAction) as err:
        g.apply(0, TakeDiscard(Card.parse("KS")))
    assert err.value.rule == "MAR-6"


def test_mar_6_any_discarder_wild_ban() -> None:
    g = game_in_play(3, {"wild_pickup_ban": "any_discarder"})
    set_position(g, {2: PLAIN}, turn=2, pile=[("4S", 0, False), ("7S", 1, True)], tiplu="7D")
    _seen(g, 2)
    assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))


def test_mar_6_seen_may_take_unseen_wild_only_to_finish() -> None:
    g = game_in_play(3, {"seen_may_take_unseen_wild_to_finish": True})
    _finishing_position(g, 2, "7S", False)
    legal = g.legal_actions(2)
    assert not any(isinstance(a, TakeDiscard) for a in legal)
    combos = [a for a in legal if isinstance(a, TakeAndFinish)]
    assert combos and all(a.card == Card.parse("7S#0") or a.card.face == (7, "S") for a in combos)
    ev = g.apply(2, combos[0])
    assert g.phase in ("between", "over") and any(e.kind == "summary" for e in ev)


def test_mar_6_dublee_route_takes_only_to_finish() -> None:
    g = game_in_play(2)
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"},
                 turn=0, pile=[("KS", 1, False), ("KC", 1, False)], tiplu="5H")
    g.drawn = True
    g.hands[0].append(cards("KH")[0])
    g.apply(0, ShowDublees())
    assert g.route[0] == "dublee" and len(g.dublees[0]) == 7
    g.apply(0, Discard(Card.parse("KH")))
    g.turn, g.drawn = 0, False  # pretend the other player discarded KC again
    g.pile.append((cards("KC")[0], 1, False))
    legal = g.legal_actions(0)
    assert not any(isinstance(a, TakeDiscard) for a in legal)
    fin = [a for a in legal if isinstance(a, TakeAndFinish)]
    assert fin, legal
    with pytest.raises(IllegalAction):
        g.apply(0, TakeDiscard(Card.parse("KC")))
    ev = g.apply(0, fin[0])
    summary = [e for e in ev if e.kind == "summary"][0]
    assert "eight dublees" in english(summary)


@pytest.mark.parametrize("policy,take,combo", [("never", False, False), ("any", True, False)])
def test_mar_6_dublee_pickup_policies(policy: str, take: bool, combo: bool) -> None:
    g = game_in_play(2, {"dublee_discard_pickup": policy})
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH"},
                 turn=0, pile=[("KS", 1, False), ("KC", 1, False)], tiplu="5H")
    g.hands[0].append(cards("KC")[0])
    g.seen[0], g.route[0] = True, "dublee"
    pairs = [[c for c in g.hands[0] if c.face == f] for f in
             [(1, "S"), (3, "H"), (5, "D"), (7, "C"), (9, "S"), (11, "H"), (12, "D")]]
    for p in pairs:
        for c in p:
            g.hands[0].remove(c)
    g.dublees[0] = pairs
    legal = g.legal_actions(0)
    assert any(isinstance(a, TakeDiscard) for a in legal) == take
    assert any(isinstance(a, TakeAndFinish) for a in legal) == combo


def test_mar_6_upcard_has_no_discarder_so_a_wild_upcard_may_be_taken() -> None:
    g = game_in_play(3)
    set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("7S", None, False)], tiplu="7D")
    g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_poplu_and_jhiplu_discards_are_wild_too() -> None:
    for face in ("8D", "6D"):
        g = game_in_play(3)
        set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("4S", 0, False), (face, 1, False)], tiplu="7D")
        g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
        assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))
        with pytest.raises(IllegalAction) as err:
            g.apply(2, TakeDiscard(g.pile[-1][0]))
        assert err.value.rule == "MAR-6" and "stock" in str(err.value)


def test_mar_6_unseen_player_may_take_an_unseen_wild_discard() -> None:
    g = game_in_play(3)
    set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("4S", 0, False), ("7S", 1, False)], tiplu="7D")
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_dublee_any_policy_takes_freely() -> None:
    g = game_in_play(2, {"dublee_discard_pickup": "any"})
    set_position(g, {0: DUBLEE_HAND}, turn=0, pile=[("KS", 1, False), ("8S", 1, True)], tiplu="5H")
    g.route[0], g.seen[0] = "dublee", True
    assert TakeDiscard(Card.parse("8S")) in g.legal_actions(0)


def test_mar_6_any_discarder_means_never_even_with_the_finish_exception() -> None:
    """MAR-6: `any_discarder` — "a seen player may never take a wild discard"; the finishing
    exception of `seen_may_take_unseen_wild_to_finish` does not reopen it (with the default ban
    it does)."""
    for ban, combos in (("unseen_discarder", True), ("any_discarder", False)):
        g = game_in_play(3, {"wild_pickup_ban": ban, "seen_may_take_unseen_wild_to_finish": True})
        _finishing_position(g, 2, "7S", False)
        legal = g.legal_actions(2)
        assert not any(isinstance(a, TakeDiscard) for a in legal)
        assert any(isinstance(a, TakeAndFinish) for a in legal) is combos
        if not combos:
            assert take_status(g, 2)[0] == "no"


def test_mar_7_discard_ban_and_timeout_after_take() -> None:
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False), ("KC", 1, False)])
    g.apply(0, TakeDiscard(Card.parse("KC#1")))
    t = g.timeout_action(0)
    assert isinstance(t, Discard) and t.card.face != (13, "C") and t in g.legal_actions(0)
    assert t.card == max(c for c in g.hands[0] if c.face != (13, "C"))  # MAR-18: last allowed card


def test_mar_7_ban_applies_to_the_final_discard_when_going_out() -> None:
    """Taking K♣ from the pile: going out by discarding a K♣ is not offered (MAR-7), only others."""
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: PLAIN_WITH_AD, 2: PLAIN_WITH_AD},
                 turn=0, pile=[("4S", 1, False), ("KC", 1, True)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S", __import__("collections").Counter({(9, "S"): 0}))]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0] = True, "normal"
    g.hands[0].remove(next(c for c in g.hands[0] if c.face == (13, "C")))
    g.apply(0, TakeDiscard(g.pile[-1][0]))
    fins = [a for a in g.legal_actions(0) if isinstance(a, Finish)]
    assert fins and all(a.discard.face != (13, "C") for a in fins)
