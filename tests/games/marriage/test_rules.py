"""Rule tests for Marriage, by rule id: worked cases, boundaries, ties and every option value."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import seat_key
from bot.games.cards import Card, card_texts, new_deck, parse_card_texts
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    DeclareDone,
    DeclareTunnela,
    Discard,
    DrawStock,
    EndGame,
    Finish,
    NextDeal,
    Show,
    ShowDublees,
    TakeAndFinish,
    TakeDiscard,
)
from bot.games.marriage.deal import end_deal
from bot.games.marriage.finish import check_finish
from bot.games.marriage.layout import group_hand
from bot.games.marriage.melds import MeldType, classify_meld, face_of, wild_faces
from bot.games.marriage.options import OPTION_SPECS, resolve
from bot.games.marriage.restrictions import take_status
from bot.games.marriage.scoring import adjust_unseen, maal_points, owed_amounts, settle
from bot.games.marriage.shows import choose_tiplu, next_tiplu_face
from bot.games.marriage.table import drawable, owned, show_need, wild

from .helpers import cards, game_in_play, set_position
from .test_leaving import finishing_position
from tests.english import english

PLAIN = "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"  # no pure set, no pair


def _seen(g, seat, tiplu="7D"):
    g.seen[seat] = True
    g.route[seat] = "normal"
    g.shown[seat] = [cards("QS QS QS")]


def _finishing_position(g, seat, pile_card, discarder_seen):
    """Seat has shown; with `pile_card` it goes out (two pure sets + dirty melds)."""
    set_position(g, {seat: "3C 4C 5C JH QH KH 2D 3D 10S 10H 7H QS QD QC AS 2S 3S 8S"},
                 turn=seat, pile=[("4S", 0, False), (pile_card, 1, discarder_seen)], tiplu="7D")
    g.seen[seat], g.route[seat] = True, "normal"
    g.shown[seat] = [cards("9S 9S 9S")]


PLAIN_WITH_AD = "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC AD 6D AH 2H 4H"
DUBLEE_HAND = "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"


def kind(text: str, tiplu: str | None, **kw) -> MeldType:
    return classify_meld(cards(text), None if tiplu is None else Card.parse(tiplu), **kw)


def _pts(holdings: str, tiplu: str, declared=(), exposed=(), **opts) -> int:
    used = __import__("collections").Counter()
    dec = [cards(d, used) for d in declared]
    exp = [cards(m, used) for m in exposed]
    hold = cards(holdings, used) + [c for d in dec for c in d] + [c for m in exp for c in m]
    return maal_points(hold, dec, exp, Card.parse(tiplu), resolve(opts)).total


def _winner_position(g: Marriage, tiplu: str, hand: str, shown: list[str], others: str = PLAIN_WITH_AD) -> None:
    hands = {s: others for s in g.players if s != 0}
    hands[0] = hand
    used = set_position(g, hands, turn=0, pile=[("4S", None, False)], tiplu=tiplu)
    g.shown[0] = [cards(m, used) for m in shown]
    g.seen[0], g.route[0], g.drawn = True, "normal", True


def _dublee_game(wild_ok: bool, hand: str, tiplu: str | None, stock: str | None = None) -> Marriage:
    g = game_in_play(2, {"dublee_wild_as_itself": wild_ok})
    set_position(g, {0: hand}, turn=0, pile=[("KS", 1, False)], tiplu=tiplu, stock=stock)
    g.drawn = True
    return g


# six plain dublees + a 5♠ pair (wild with tiplu 5♥) + singles: 22 cards
WILD_PAIR_HAND = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD 5S 5S 2C 4H 6D 8C 10S QH KC 2D"


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


# --- options, registration and the contract ---------------------------------------------------

def test_registered_and_summary_short():
    assert GAMES["marriage"] is Marriage
    names = {s.name for s in OPTION_SPECS}
    for name in ("seen_payment", "unseen_payment", "dublee_finish_bonus", "point_table", "marriage_scoring",
                 "ace_tiplu_wrap_marriage", "unseen_maal", "tunnela_declare_window", "taken_card_discard_ban",
                 "seen_may_take_unseen_wild_to_finish", "wild_pickup_ban", "dublee_discard_pickup",
                 "discard_pickup_before_seen", "dublee_enabled", "dublee_min_players",
                 "declared_tunnela_counts_as_dublee", "max_stock_rebuilds", "turn_timeout_seconds",
                 "declare_timeout_seconds", "chips_per_point", "min_chips_to_play", "short_stack_rule"):
        assert name in names


def test_bad_options_name_the_option():
    with pytest.raises(ValueError, match="seen_payment"):
        Marriage.start([100, 100], {"seen_payment": 101})
    with pytest.raises(ValueError, match="bogus"):
        Marriage.start([100, 100], {"bogus": 1})
    with pytest.raises(ValueError):
        Marriage.start([100])


def test_buy_in_is_free_above_a_minimum():
    b = Marriage.buy_in({})
    assert b.maximum is None and b.minimum >= 1 and b.default >= b.minimum


def test_cash_out_between_deals_and_game_end():
    g = game_in_play(3, stacks=[100, 100, 100])
    assert not g.can_cash_out(0)
    with pytest.raises(IllegalAction):
        g.cash_out(0)
    end_deal(g)
    assert g.phase == "between" and all(g.can_cash_out(s) for s in range(3))
    g.cash_out(0)
    assert g.chips()[seat_key(0)] == 0 and not g.is_over()
    g.apply(g.to_act()[0], NextDeal())
    assert g.players == [1, 2]
    end_deal(g)
    events = g.cash_out(1)
    # MAR-2: fewer than two players can be dealt in, so the game ends at once
    assert g.is_over() and g.to_act() == [] and events[-1].kind == "game_over"
    assert sum(g.chips().values()) == g.stacks[2] + g.stacks[0] and g.chips()["seat:1"] == 0


def test_a_state_saved_between_deals_with_one_player_left_can_still_end():
    """An earlier version saved such states (the last player was asked to end the game)."""
    g = game_in_play(3, stacks=[100, 100, 100])
    end_deal(g)
    data = g.to_dict()
    data["left"] = data["leaving"] = [True, True, False]
    data["stacks"] = [0, 0, 300]
    g = Marriage.from_dict(data)
    assert not g.is_over() and g.to_act() == [2] and g.legal_actions(2) == [EndGame()]
    assert g.timeout_action(2) == EndGame() and g.bot_action(2, random.Random(0)) == EndGame()
    with pytest.raises(IllegalAction):
        g.apply(2, NextDeal())
    g.apply(2, EndGame())
    assert g.is_over() and g.to_act() == [] and g.chips() == {"seat:0": 0, "seat:1": 0, "seat:2": 300}


def test_private_view_marks_wild_cards_once_seen():
    g = game_in_play(2)
    set_position(g, {0: "7S 7H 6D 8D 2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 9C JC KC AH"}, turn=0,
                 pile=[("4S", 1, False)], tiplu="7D")
    assert g.private_view(0)["wild"] == []
    g.seen[0] = True
    v = g.private_view(0)
    assert set(v["wild"]) == {"7S", "7H", "6D", "8D"} and v["maal"]["poplu"] == "8D"


def test_fast_paths_return_fresh_equal_values():
    """The memoised hot paths (card notation, options, hand grouping) behave like the slow ones
    and never hand out shared mutable state."""
    card = Card.parse
    deck = new_deck(3)
    assert parse_card_texts(card_texts(deck)) == deck and card_texts(deck) == [str(c) for c in deck]
    assert card("qh#1") == Card.parse("QH#1") and card("10S") == Card(10, "S")
    first = resolve({"seen_payment": 4})
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.seen_payment = 99  # options are immutable, so no caller can change another's
    assert resolve({"seen_payment": 4}).seen_payment == 4 and resolve({}).seen_payment == 3
    for _ in range(2):
        with pytest.raises(ValueError, match="seen_payment"):
            resolve({"seen_payment": 101})
    hand = cards("3C 4C 5C 9S 9S KD 2H")
    grouped = group_hand(hand)
    assert grouped == {"pure_sets": [["3C", "4C", "5C"]], "pairs": [["9S", "9S#1"]], "loose": [["2H"], ["KD"]]}
    grouped["pairs"][0].append("AS")
    assert group_hand(list(hand))["pairs"] == [["9S", "9S#1"]]


# --- MAR-1 ------------------------------------------------------------------------------------

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
    set_position(g, {0: PLAIN_WITH_AD}, turn=0, pile=[("4S", None, False)])
    g.apply(0, DrawStock())
    g.apply(0, g.timeout_action(0))
    assert g.turn == 2
    assert g.legal_actions(1) == []


# --- MAR-2 ------------------------------------------------------------------------------------

def test_mar_2_dealer_passes_and_skips_short_stacks():
    g = Marriage.start([100, 0, 100], seed=3)
    assert 1 not in g.players and g.dealer in (0, 2)
    assert not g.hands[1]
    assert g.can_cash_out(1) and not g.can_cash_out(0)


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


# --- MAR-3 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,stock", [(2, 113), (3, 92), (4, 71), (5, 50)])
def test_mar_3_deal_sizes(n, stock):
    g = Marriage.start([100] * n, seed=n)
    assert all(len(g.hands[s]) == 21 for s in range(n))
    assert len(g.stock) == stock and len(g.pile) == 1 and g.pile[0][1] is None
    everything = sorted([c for h in g.hands for c in h] + g.stock + [g.pile[0][0]])
    assert everything == sorted(new_deck(3))


def test_mar_3_deck_override_deals_one_at_a_time_from_the_top():
    deck = new_deck(3)
    g = Marriage.start([100, 100], seed=1, deck=deck)
    first = (g.dealer + 1) % 2
    assert deck[0] in g.hands[first] and deck[1] in g.hands[1 - first]
    assert g.pile[0][0] == deck[42] and g.stock[0] == deck[43]
    assert g.turn == first


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


# --- MAR-4 ------------------------------------------------------------------------------------

def test_mar_4_declaration_phase_is_private_until_everyone_answers():
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


def test_mar_4_before_own_first_draw_window():
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


def test_mar_4_three_declared_tunnelas_need_no_further_pure_set_to_show():
    g = Marriage.start([500, 500], seed=1)
    hands = {0: "9S 9S 9S 4D 4D 4D KC KC KC 2S 5S 8S 3H 6H 9H 2D 6D 10D AC 5C 7C", 1: PLAIN_WITH_AD}
    set_position(g, hands, turn=0, pile=[("4S", None, False)])
    g.phase, g.declare_pending = "declare", [0, 1]
    for c in ("9S", "4D", "KC"):
        g.apply(0, DeclareTunnela(Card.parse(c)))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert show_need(g, 0) == 0
    g.apply(0, DrawStock())
    assert Show() in g.legal_actions(0)
    g.apply(0, Show())
    assert g.seen[0] and g.shown[0] == [] and len(g.declared[0]) == 3


def test_mar_4_a_declared_tunnela_counts_as_one_pure_set():
    g = Marriage.start([500, 500], seed=1)
    # one declared tunnela + two pure sequences in hand = a show
    hands = {0: "9S 9S 9S 3C 4C 5C JH QH KH 2S 6D 10D AC 7C 5H 8H 2D 4S 6S 8D", 1: PLAIN_WITH_AD}
    set_position(g, hands, turn=0, pile=[("KS", None, False)])
    g.phase, g.declare_pending = "declare", [0, 1]
    g.apply(0, DeclareTunnela(Card.parse("9S")))
    g.apply(0, DeclareDone())
    g.apply(1, DeclareDone())
    assert show_need(g, 0) == 2
    g.apply(0, DrawStock())
    g.apply(0, Show())
    assert len(g.shown[0]) == 2


def test_mar_4_18_timeouts_follow_the_options():
    g = Marriage.start([500, 500], {"declare_timeout_seconds": 15, "turn_timeout_seconds": 45}, seed=2)
    assert g.phase == "declare" and g.turn_timeout_s() == 15
    assert all(g.timeout_action(s) == DeclareDone() for s in g.to_act())
    for s in list(g.to_act()):
        g.apply(s, DeclareDone())
    assert g.turn_timeout_s() == 45


# --- MAR-5 ------------------------------------------------------------------------------------

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
    assert len(owned(g, 0)) == 21 and len(owned(g, 1)) == 21


def test_mar_5_out_of_turn_action_is_refused_with_a_sentence():
    g = game_in_play(3)
    other = (g.turn + 1) % 3
    with pytest.raises(IllegalAction) as err:
        g.apply(other, DrawStock())
    assert "not your turn" in str(err.value)


# --- MAR-6 ------------------------------------------------------------------------------------

def test_mar_6_unseen_player_may_take_unless_strict_visiting():
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("KS", 1, False)])
    assert TakeDiscard(Card.parse("KS")) in g.legal_actions(0)
    g = game_in_play(2, {"discard_pickup_before_seen": False})
    set_position(g, {0: PLAIN}, turn=0, pile=[("KS", 1, False)])
    assert g.legal_actions(0) == [DrawStock()]
    with pytest.raises(IllegalAction) as err:
        g.apply(0, TakeDiscard(Card.parse("KS")))
    assert err.value.rule == "MAR-6"


def test_mar_6_any_discarder_wild_ban():
    g = game_in_play(3, {"wild_pickup_ban": "any_discarder"})
    set_position(g, {2: PLAIN}, turn=2, pile=[("4S", 0, False), ("7S", 1, True)], tiplu="7D")
    _seen(g, 2)
    assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))


def test_mar_6_seen_may_take_unseen_wild_only_to_finish():
    g = game_in_play(3, {"seen_may_take_unseen_wild_to_finish": True})
    _finishing_position(g, 2, "7S", False)
    legal = g.legal_actions(2)
    assert not any(isinstance(a, TakeDiscard) for a in legal)
    combos = [a for a in legal if isinstance(a, TakeAndFinish)]
    assert combos and all(a.card == Card.parse("7S#0") or a.card.face == (7, "S") for a in combos)
    ev = g.apply(2, combos[0])
    assert g.phase in ("between", "over") and any(e.kind == "summary" for e in ev)


def test_mar_6_dublee_route_takes_only_to_finish():
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
def test_mar_6_dublee_pickup_policies(policy, take, combo):
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


def test_mar_6_upcard_has_no_discarder_so_a_wild_upcard_may_be_taken():
    g = game_in_play(3)
    set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("7S", None, False)], tiplu="7D")
    g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_poplu_and_jhiplu_discards_are_wild_too():
    for face in ("8D", "6D"):
        g = game_in_play(3)
        set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("4S", 0, False), (face, 1, False)], tiplu="7D")
        g.seen[2], g.route[2], g.shown[2] = True, "normal", [cards("QS QS QS")]
        assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))
        with pytest.raises(IllegalAction) as err:
            g.apply(2, TakeDiscard(g.pile[-1][0]))
        assert err.value.rule == "MAR-6" and "stock" in str(err.value)


def test_mar_6_unseen_player_may_take_an_unseen_wild_discard():
    g = game_in_play(3)
    set_position(g, {2: PLAIN_WITH_AD}, turn=2, pile=[("4S", 0, False), ("7S", 1, False)], tiplu="7D")
    assert TakeDiscard(Card.parse("7S")) in g.legal_actions(2)


def test_mar_6_dublee_any_policy_takes_freely():
    g = game_in_play(2, {"dublee_discard_pickup": "any"})
    set_position(g, {0: DUBLEE_HAND}, turn=0, pile=[("KS", 1, False), ("8S", 1, True)], tiplu="5H")
    g.route[0], g.seen[0] = "dublee", True
    assert TakeDiscard(Card.parse("8S")) in g.legal_actions(0)


def test_mar_6_any_discarder_means_never_even_with_the_finish_exception():
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


# --- MAR-7 ------------------------------------------------------------------------------------

def test_mar_7_discard_ban_and_timeout_after_take():
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False), ("KC", 1, False)])
    g.apply(0, TakeDiscard(Card.parse("KC#1")))
    t = g.timeout_action(0)
    assert isinstance(t, Discard) and t.card.face != (13, "C") and t in g.legal_actions(0)
    assert t.card == max(c for c in g.hands[0] if c.face != (13, "C"))  # MAR-18: last allowed card


def test_mar_7_ban_applies_to_the_final_discard_when_going_out():
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


# --- MAR-8 ------------------------------------------------------------------------------------

def test_mar_8_show_uses_natural_sets_and_reveals_tiplu_privately():
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


def test_mar_8_no_show_without_three_pure_sets():
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False)])
    g.apply(0, DrawStock())
    assert Show() not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Show())
    assert err.value.rule == "MAR-8"


# --- MAR-9 ------------------------------------------------------------------------------------

def test_mar_9_route_lock_dublee_player_cannot_show_pure_sets():
    g = game_in_play(2)
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 3S 4S 8C 10S QH KC"},
                 turn=0, pile=[("KS", 1, False)])
    g.apply(0, DrawStock())
    legal = g.legal_actions(0)
    assert ShowDublees() in legal
    g.apply(0, ShowDublees())
    assert Show() not in g.legal_actions(0)
    assert all(not isinstance(a, Finish) or g.route[0] == "dublee" for a in g.legal_actions(0))


def test_mar_9_dublee_min_players():
    g = game_in_play(3, {"dublee_min_players": 4})
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"},
                 turn=0, pile=[("KS", 1, False)])
    g.apply(0, DrawStock())
    assert ShowDublees() not in g.legal_actions(0)


def test_mar_9_declared_tunnela_may_count_as_a_dublee():
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


# --- MAR-10 -----------------------------------------------------------------------------------

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
    assert tip and tip[0].private_to == 1 and str(tiplu.pretty) in english(tip[0])


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


# --- MAR-11 -----------------------------------------------------------------------------------

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


# --- MAR-12 -----------------------------------------------------------------------------------

def test_mar_12_dublee_wild_as_itself_option():
    # eight dublees, one of them a pair of tiplu-rank cards (5S with tiplu 5H)
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 5S 5S 4H 6D 8C 10S QH KC")
    tiplu = Card.parse("5H")
    assert check_finish(hand, tiplu, route="dublee", options=resolve({})).finishing
    res = check_finish(hand, tiplu, route="dublee", options=resolve({"dublee_wild_as_itself": False}))
    assert not res.finishing


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
        predicted = next_tiplu_face(g)
        offered = ShowDublees() in g.legal_actions(0)
        wild = wild_faces(predicted)
        pairs = {face_of(c) for c in g.hands[0] if sum(d.face == c.face for d in g.hands[0]) >= 2}
        assert offered is (len(pairs - wild) >= 7)
        g.tiplu = None
        choose_tiplu(g)
        assert face_of(g.tiplu) == predicted


def test_mar_12_dublee_show_keeps_wild_pairs_out_when_barred():
    # seven plain dublees and a wild pair: the seven shown are the plain ones
    hand = "AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 5S 5S 2C 4H 6D 8C 10S QH"
    g = _dublee_game(False, hand, "5H")
    g.apply(0, ShowDublees())
    wild_now = wild(g)
    assert all(face_of(c) not in wild_now for d in g.dublees[0] for c in d)


def test_mar_12_declared_wild_tunnela_is_no_dublee_when_barred():
    tiplu = Card.parse("5H")
    used = __import__("collections").Counter()
    tunnela = cards("5S 5S 5S", used)
    hand = tunnela + cards("AS AS 3H 3H 7D 7D 9C 9C JS JS QD QD KC KC 2C 4H 6D 8C 10S", used)
    for wild_ok, expect in ((True, True), (False, False)):
        opts = resolve({"declared_tunnela_counts_as_dublee": True, "dublee_wild_as_itself": wild_ok})
        res = check_finish(hand, tiplu, [tunnela], (), "dublee", None, opts)
        assert res.finishing is expect


# --- MAR-13 -----------------------------------------------------------------------------------

def test_mar_13_finish_layout_keeps_the_marriage_and_settles():
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
    res = g2.result
    assert res["winner"] == 0 and res["discard"] == "KC"
    assert sorted(["6D", "7D", "8D"]) in [sorted(c.split("#")[0] for c in m) for m in res["melds"]]
    assert res["points"]["0"] == 15
    assert sum(g2.stacks) == before
    assert any(e.kind == "summary" for e in ev)
    assert g2.phase == "between" and g2.to_act() and g2.legal_actions(g2.to_act()[0]) == [NextDeal()]


def test_mar_13_finish_needs_a_show_and_a_finishing_discard():
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


# --- MAR-14 -----------------------------------------------------------------------------------

def test_mar_14_show_seven_dublees_and_go_out_with_the_eighth_in_one_turn():
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
    res = g.result
    assert res["winner"] == 0 and res["route"] == "dublee" and len(res["dublees"]) == 8
    assert sum(g.stacks) == before
    # MAR-22: unseen losers pay 10 + 5 dublee bonus (+ maal differences)
    pts = {int(k): v for k, v in res["adjusted"].items()}
    T = sum(pts.values())
    for i in (1, 2):
        assert res["owed"][str(i)] == 10 + 5 + T - 3 * pts[i]


# --- MAR-15 -----------------------------------------------------------------------------------

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


# --- MAR-16 -----------------------------------------------------------------------------------

def test_mar_16_abandoned_deal_moves_no_chips():
    g = game_in_play(2, {"max_stock_rebuilds": 1}, stacks=[100, 100])
    rng = random.Random(0)
    while g.phase == "play":
        s = g.turn
        legal = [a for a in g.legal_actions(s) if isinstance(a, (DrawStock, Discard))]
        g.apply(s, legal[0] if isinstance(legal[0], DrawStock) else rng.choice(legal))
    assert g.result["abandoned"] and g.stacks == [100, 100]
    assert g.rebuilds == 1


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


def test_mar_16_no_discards_to_rebuild_with_abandons_and_says_why():
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
    assert g.result["abandoned"] and g.stacks == [100, 100] and g.rebuilds == 0
    assert "3 rebuilds" not in english(summary) and "no discards" in english(summary)


# --- MAR-17 -----------------------------------------------------------------------------------

def test_mar_17_19_tiplu_is_private_during_the_deal_and_revealed_at_the_end():
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
    assert g.public_view()["tiplu"].split("#")[0] == "7D"
    assert set(g.result["hands"]) == {"0", "1", "2"}


# --- MAR-18 -----------------------------------------------------------------------------------

def test_mar_18_timeout_draws_then_discards_drawn_card():
    g = game_in_play(2)
    s = g.turn
    assert g.timeout_action(s) == DrawStock()
    g.apply(s, DrawStock())
    t = g.timeout_action(s)
    assert isinstance(t, Discard) and t.card.face == g.drawn_card.face


def test_mar_18_timeout_never_shows_or_goes_out():
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


# --- MAR-20 -----------------------------------------------------------------------------------

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


# --- MAR-21 -----------------------------------------------------------------------------------

def test_mar_21_unseen_maal_modes():
    pts = {0: 10, 1: 7, 2: 4}
    seen = {0: True, 1: False, 2: True}
    assert adjust_unseen(pts, seen, 0, "count") == pts
    assert adjust_unseen(pts, seen, 0, "void") == {0: 10, 1: 0, 2: 4}
    assert adjust_unseen(pts, seen, 0, "kidnap") == {0: 17, 1: 0, 2: 4}


@pytest.mark.parametrize("mode", ["count", "void", "kidnap"])
def test_mar_21_unseen_maal_through_the_engine(mode):
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


# --- MAR-22 -----------------------------------------------------------------------------------

def test_mar_22_payment_options_change_what_losers_owe():
    pts = {0: 0, 1: 0, 2: 0}
    seen = {0: True, 1: True, 2: False}
    opts = resolve({"seen_payment": 7, "unseen_payment": 20, "dublee_finish_bonus": 1})
    assert owed_amounts(pts, seen, 0, False, opts) == {1: 7, 2: 20}
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 8, 2: 21}
    opts = resolve({"seen_payment": 0, "unseen_payment": 0, "dublee_finish_bonus": 0})
    assert owed_amounts(pts, seen, 0, True, opts) == {1: 0, 2: 0}


# --- MAR-23 -----------------------------------------------------------------------------------

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


# --- MAR-24 -----------------------------------------------------------------------------------

def test_mar_24_chips_per_point_multiplies_every_amount():
    pts, seen = {0: 15, 1: 7, 2: 0, 3: 12}, {0: True, 1: True, 2: False, 3: True}
    one = owed_amounts(pts, seen, 0, False, resolve({}))
    for cpp in (2, 1000):
        assert owed_amounts(pts, seen, 0, False, resolve({"chips_per_point": cpp})) == \
            {i: x * cpp for i, x in one.items()}


# --- MAR-25 -----------------------------------------------------------------------------------

def test_mar_25_short_winner_pro_rata_and_seat_order():
    owed = {1: -2, 2: -1}
    assert settle(owed, 0, {0: 2, 1: 0, 2: 0}, [1, 2], "pro_rata") == [(0, 1, 2)]
    owed = {1: -30, 2: -10, 3: 5}
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "pro_rata")
    assert t == [(3, 0, 3), (0, 1, 14), (0, 2, 4)]  # 18 chips: 13.5 / 4.5 rounded down, spare to seat 1
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "seat_order")
    assert t == [(3, 0, 3), (0, 1, 18)]


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


# --- MAR-26 -----------------------------------------------------------------------------------

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


# --- MAR-27 -----------------------------------------------------------------------------------

def test_mar_27_21_cards_finish_without_a_discard_and_route_none_tries_both():
    hand = cards("AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD KC KC 2S 4H 6D 8C 10S")
    res = check_finish(hand, None, route=None, options=resolve({}))
    assert res.finishing and res.route == "dublee" and res.discard is None and len(res.dublees) == 8
    assert not check_finish(hand, None, route="dublee", options=resolve({"dublee_enabled": False})).finishing
    assert not check_finish(hand, None, route="normal", options=resolve({})).finishing


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
