"""Marriage rules, seats, the dealer, the deal and dealt tunnelas: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, new_deck
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    DeclareDone,
    DeclareTunnela,
    DrawStock,
    Show,
)
from bot.games.marriage.phases import Phase
from bot.games.marriage.table import drawable, owned, show_need

from .helpers import cards, game_in_play, set_position
from .rules_helpers import PLAIN_WITH_AD
from tests.english import english
from tests.games.known import known


def _check_cards(g: Marriage) -> None:
    if g.phase not in ("declare", "play"):
        return
    everything = [c for s in g.players for c in owned(g, s)] + list(g.stock) + [c for c, _, _ in g.pile]
    assert sorted(everything) == sorted(new_deck(3))  # MAR-3: the 156 physical cards, each once
    if g.tiplu is not None:
        assert g.stock[-1] == g.tiplu  # MAR-10: the indicator stays at the bottom
        assert all(g.tiplu not in owned(g, s) for s in g.players)
    if g.phase == "play" and not g.drawn:
        assert all(len(owned(g, s)) == 21 for s in g.players)  # MAR-5
        assert drawable(g) > 0  # MAR-16: a player about to draw finds a card


def test_mar_1_next_player_is_the_next_seat_wrapping_around() -> None:
    g = game_in_play(3)
    order = []
    for _ in range(4):
        s = g.turn
        order.append(s)
        g.apply(s, DrawStock())
        g.apply(s, g.timeout_action(s))
    assert all(order[i + 1] == (order[i] + 1) % 3 for i in range(3))


def test_mar_1_next_player_skips_a_seat_not_dealt_in() -> None:
    g = game_in_play(4, stacks=[500, 0, 500, 500])
    assert g.players == [0, 2, 3]
    set_position(g, {0: PLAIN_WITH_AD}, turn=0, pile=[("4S", None, False)])
    g.apply(0, DrawStock())
    g.apply(0, g.timeout_action(0))
    assert g.turn == 2
    assert g.legal_actions(1) == []


def test_mar_2_dealer_passes_and_skips_short_stacks() -> None:
    g = Marriage.start([100, 0, 100], seed=3)
    assert 1 not in g.players and g.dealer in (0, 2)
    assert not g.hands[1]
    assert g.can_cash_out(1) and not g.can_cash_out(0)


def test_mar_2_the_deal_passes_after_an_abandoned_deal() -> None:
    g = game_in_play(3, {"max_stock_rebuilds": 1}, stacks=[100, 100, 100])
    dealer = known(g.dealer)
    while g.phase == "play":
        s = g.turn
        g.apply(s, DrawStock())
        g.apply(s, g.timeout_action(s))
    assert known(g.result)["abandoned"] and g.phase == "between"
    nxt = g.to_act()[0]
    assert nxt == (dealer + 1) % 3
    g.apply(nxt, g.legal_actions(nxt)[0])
    assert g.dealer == (dealer + 1) % 3 and g.turn == (dealer + 2) % 3


@pytest.mark.parametrize("n,stock", [(2, 113), (3, 92), (4, 71), (5, 50)])
def test_mar_3_deal_sizes(n: int, stock: int) -> None:
    g = Marriage.start([100] * n, seed=n)
    assert all(len(g.hands[s]) == 21 for s in range(n))
    assert len(g.stock) == stock and len(g.pile) == 1 and g.pile[0][1] is None
    everything = sorted([c for h in g.hands for c in h] + g.stock + [g.pile[0][0]])
    assert everything == sorted(new_deck(3))


def test_mar_3_deck_override_deals_one_at_a_time_from_the_top() -> None:
    deck = new_deck(3)
    g = Marriage.start([100, 100], seed=1, deck=deck)
    first = (known(g.dealer) + 1) % 2
    assert deck[0] in g.hands[first] and deck[1] in g.hands[1 - first]
    assert g.pile[0][0] == deck[42] and g.stock[0] == deck[43]
    assert g.turn == first


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_mar_3_cards_are_conserved_through_whole_deals(players: int, seed: int) -> None:
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


def test_mar_4_declaration_phase_is_private_until_everyone_answers() -> None:
    g = Marriage.start([100, 100, 100], seed=12)  # no 8♣ in anybody's hand: the test deals them
    seat = next(s for s in g.to_act())
    g.hands[seat] = sorted(g.hands[seat][3:] + cards("8C 8C 8C"))
    assert g.to_act() == [0, 1, 2]
    assert DeclareTunnela(Card.parse("8C")) in g.legal_actions(seat)
    for s in g.to_act():
        assert DeclareDone() in g.legal_actions(s)
    ev = g.apply(seat, DeclareTunnela(Card.parse("8C")))
    assert ev[0].private_to == seat
    assert g.public_view()["seats"][seat]["declared"] == []  # not announced yet
    assert g.public_view()["seats"][seat]["hand_size"] == 21  # and the hand size does not tell
    for s in list(g.to_act()):
        ev = g.apply(s, DeclareDone())
    assert g.phase == "play" and ev[-1].private_to is None and "8♣" in english(ev[-1])
    assert g.public_view()["seats"][seat]["declared"] == [["8C", "8C#1", "8C#2"]]
    assert show_need(g, seat) == 2  # MAR-8: a declared tunnela counts as one pure set


def test_mar_4_before_own_first_draw_window() -> None:
    g = Marriage.start([100, 100], {"tunnela_declare_window": "before_own_first_draw"}, seed=0)
    assert g.phase == "play"
    s = g.turn
    g.hands[s] = sorted(g.hands[s][3:] + cards("8C 8C 8C"))
    assert DeclareTunnela(Card.parse("8C")) in g.legal_actions(s)
    ev = g.apply(s, DeclareTunnela(Card.parse("8C")))
    assert ev[0].private_to is None
    g.apply(s, DrawStock())
    g.hands[s] = sorted(g.hands[s][3:] + cards("9C 9C 9C"))
    assert not any(isinstance(a, DeclareTunnela) for a in g.legal_actions(s))


def test_mar_4_three_declared_tunnelas_need_no_further_pure_set_to_show() -> None:
    g = Marriage.start([500, 500], seed=1)
    hands = {0: "9S 9S 9S 4D 4D 4D KC KC KC 2S 5S 8S 3H 6H 9H 2D 6D 10D AC 5C 7C", 1: PLAIN_WITH_AD}
    set_position(g, hands, turn=0, pile=[("4S", None, False)])
    g.phase, g.declare_pending = Phase.DECLARE, [0, 1]
    for c in ("9S", "4D", "KC"):
        g.apply(0, DeclareTunnela(Card.parse(c)))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert show_need(g, 0) == 0
    g.apply(0, DrawStock())
    assert Show() in g.legal_actions(0)
    g.apply(0, Show())
    assert g.seen[0] and g.shown[0] == [] and len(g.declared[0]) == 3


def test_mar_4_a_declared_tunnela_counts_as_one_pure_set() -> None:
    g = Marriage.start([500, 500], seed=1)
    # one declared tunnela + two pure sequences in hand = a show
    hands = {0: "9S 9S 9S 3C 4C 5C JH QH KH 2S 6D 10D AC 7C 5H 8H 2D 4S 6S 8D", 1: PLAIN_WITH_AD}
    set_position(g, hands, turn=0, pile=[("KS", None, False)])
    g.phase, g.declare_pending = Phase.DECLARE, [0, 1]
    g.apply(0, DeclareTunnela(Card.parse("9S")))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert show_need(g, 0) == 2
    g.apply(0, DrawStock())
    g.apply(0, Show())
    assert len(g.shown[0]) == 2


def test_mar_4_18_timeouts_follow_the_options() -> None:
    g = Marriage.start([500, 500], {"declare_timeout_seconds": 15, "turn_timeout_seconds": 45}, seed=2)
    assert g.phase == "declare" and g.turn_timeout_s() == 15
    assert all(g.timeout_action(s) == DeclareDone() for s in g.to_act())
    for s in list(g.to_act()):
        g.apply(s, DeclareDone())
    assert g.turn_timeout_s() == 45
