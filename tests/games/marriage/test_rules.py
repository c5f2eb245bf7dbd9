"""Rule tests for the Marriage engine, by rule id (MAR-n)."""

from __future__ import annotations

import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import seat_key
from bot.games.cards import Card, new_deck
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (DeclareDone, DeclareTunnela, Discard, DrawStock, EndGame, Finish, NextDeal,
                                        Show, ShowDublees, TakeAndFinish, TakeDiscard)
from bot.games.marriage.options import OPTION_SPECS
from bot.games.marriage.scoring import adjust_unseen, settle

from .helpers import cards, game_in_play, set_position

PLAIN = "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"  # no pure set, no pair


def test_registered_and_summary_short():
    assert GAMES["marriage"] is Marriage
    assert len(Marriage.rules_summary) <= 1800
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


def test_mar_2_dealer_passes_and_skips_short_stacks():
    g = Marriage.start([100, 0, 100], seed=3)
    assert 1 not in g.players and g.dealer in (0, 2)
    assert not g.hands[1]
    assert g.can_cash_out(1) and not g.can_cash_out(0)


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
    assert g.phase == "play" and ev[-1].private_to is None and "8♣" in ev[-1].text
    assert g.public_view()["seats"][seat]["declared"] == [["8C", "8C#1", "8C#2"]]
    assert g._show_need(seat) == 2  # MAR-8: a declared tunnela counts as one pure set


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


def _seen(g, seat, tiplu="7D"):
    g.seen[seat] = True
    g.route[seat] = "normal"
    g.shown[seat] = [cards("QS QS QS")]
    g._cache.clear()


def test_mar_6_any_discarder_wild_ban():
    g = game_in_play(3, {"wild_pickup_ban": "any_discarder"})
    set_position(g, {2: PLAIN}, turn=2, pile=[("4S", 0, False), ("7S", 1, True)], tiplu="7D")
    _seen(g, 2)
    assert not any(isinstance(a, TakeDiscard) for a in g.legal_actions(2))


def _finishing_position(g, seat, pile_card, discarder_seen):
    """Seat has shown; with `pile_card` it goes out (two pure sets + dirty melds)."""
    set_position(g, {seat: "3C 4C 5C JH QH KH 2D 3D 10S 10H 7H QS QD QC AS 2S 3S 8S"},
                 turn=seat, pile=[("4S", 0, False), (pile_card, 1, discarder_seen)], tiplu="7D")
    g.seen[seat], g.route[seat] = True, "normal"
    g.shown[seat] = [cards("9S 9S 9S")]
    g._cache.clear()


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
    g._cache.clear()
    g.apply(0, ShowDublees())
    assert g.route[0] == "dublee" and len(g.dublees[0]) == 7
    g.apply(0, Discard(Card.parse("KH")))
    g.turn, g.drawn = 0, False  # pretend the other player discarded KC again
    g.pile.append((cards("KC")[0], 1, False))
    g._cache.clear()
    legal = g.legal_actions(0)
    assert not any(isinstance(a, TakeDiscard) for a in legal)
    fin = [a for a in legal if isinstance(a, TakeAndFinish)]
    assert fin, legal
    with pytest.raises(IllegalAction):
        g.apply(0, TakeDiscard(Card.parse("KC")))
    ev = g.apply(0, fin[0])
    summary = [e for e in ev if e.kind == "summary"][0]
    assert "eight dublees" in summary.text


def test_mar_7_discard_ban_and_timeout_after_take():
    g = game_in_play(2)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False), ("KC", 1, False)])
    g.apply(0, TakeDiscard(Card.parse("KC#1")))
    t = g.timeout_action(0)
    assert isinstance(t, Discard) and t.card.face != (13, "C") and t in g.legal_actions(0)
    assert t.card == max(c for c in g.hands[0] if c.face != (13, "C"))  # MAR-18: last allowed card


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


def test_mar_13_finish_layout_keeps_the_marriage_and_settles():
    """MAR-27: among the layouts for the chosen discard, the one with the most maal (EX-22/25)."""
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC",
                     1: PLAIN, 2: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC KC AD 6D AH 2H"},
                 turn=0, pile=[("4S", 1, False), ("KC", 1, False)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S")]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0] = True, "normal"
    g._cache.clear()
    g.apply(0, TakeDiscard(g.pile[-1][0]))  # taking KC forbids discarding it (MAR-7) …
    assert not any(isinstance(a, Finish) and a.discard.face == (13, "C") for a in g.legal_actions(0))
    g2 = game_in_play(3)
    set_position(g2, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: PLAIN,
                      2: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC KC AD 6D AH 2H"},
                 turn=0, pile=[("4S", 1, False)], tiplu="7D")
    g2.declared[0] = [cards("9S 9S 9S")]
    g2.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g2.seen[0], g2.route[0], g2.drawn = True, "normal", True
    g2._cache.clear()
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


def test_mar_16_abandoned_deal_moves_no_chips():
    g = game_in_play(2, {"max_stock_rebuilds": 1}, stacks=[100, 100])
    rng = random.Random(0)
    while g.phase == "play":
        s = g.turn
        legal = [a for a in g.legal_actions(s) if isinstance(a, (DrawStock, Discard))]
        g.apply(s, legal[0] if isinstance(legal[0], DrawStock) else rng.choice(legal))
    assert g.result["abandoned"] and g.stacks == [100, 100]
    assert g.rebuilds == 1


def test_mar_18_timeout_draws_then_discards_drawn_card():
    g = game_in_play(2)
    s = g.turn
    assert g.timeout_action(s) == DrawStock()
    g.apply(s, DrawStock())
    t = g.timeout_action(s)
    assert isinstance(t, Discard) and t.card.face == g.drawn_card.face


def test_mar_21_unseen_maal_modes():
    pts = {0: 10, 1: 7, 2: 4}
    seen = {0: True, 1: False, 2: True}
    assert adjust_unseen(pts, seen, 0, "count") == pts
    assert adjust_unseen(pts, seen, 0, "void") == {0: 10, 1: 0, 2: 4}
    assert adjust_unseen(pts, seen, 0, "kidnap") == {0: 17, 1: 0, 2: 4}


def test_mar_25_short_winner_pro_rata_and_seat_order():
    owed = {1: -2, 2: -1}
    assert settle(owed, 0, {0: 2, 1: 0, 2: 0}, [1, 2], "pro_rata") == [(0, 1, 2)]
    owed = {1: -30, 2: -10, 3: 5}
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "pro_rata")
    assert t == [(3, 0, 3), (0, 1, 14), (0, 2, 4)]  # 18 chips: 13.5 / 4.5 rounded down, spare to seat 1
    t = settle(owed, 0, {0: 15, 1: 0, 2: 0, 3: 3}, [1, 2, 3], "seat_order")
    assert t == [(3, 0, 3), (0, 1, 18)]


def test_cash_out_between_deals_and_game_end():
    g = game_in_play(3, stacks=[100, 100, 100])
    assert not g.can_cash_out(0)
    with pytest.raises(IllegalAction):
        g.cash_out(0)
    g._end_deal()
    assert g.phase == "between" and all(g.can_cash_out(s) for s in range(3))
    g.cash_out(0)
    assert g.chips()[seat_key(0)] == 0 and not g.is_over()
    g.apply(g.to_act()[0], NextDeal())
    assert g.players == [1, 2]
    g._end_deal()
    events = g.cash_out(1)
    # MAR-2: fewer than two players can be dealt in, so the game ends at once
    assert g.is_over() and g.to_act() == [] and events[-1].kind == "game_over"
    assert sum(g.chips().values()) == g.stacks[2] + g.stacks[0] and g.chips()["seat:1"] == 0


def test_a_state_saved_between_deals_with_one_player_left_can_still_end():
    """An earlier version saved such states (the last player was asked to end the game)."""
    g = game_in_play(3, stacks=[100, 100, 100])
    g._end_deal()
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


def test_mar_9_declared_tunnela_may_count_as_a_dublee():
    g = game_in_play(2, {"declared_tunnela_counts_as_dublee": True})
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH 2S 4H 6D 8C 10S QH"},
                 turn=0, pile=[("KS", 1, False)])
    g.declared[0] = [cards("KD KD KD")]
    g.apply(0, DrawStock())
    assert ShowDublees() in g.legal_actions(0)
    g.apply(0, ShowDublees())
    assert len(g.dublees[0]) == 7 and len(g._owned(0)) == 22
    assert any(d[0].face == (13, "D") for d in g.dublees[0])
    g2 = game_in_play(2)
    set_position(g2, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH 2S 4H 6D 8C 10S QH"},
                 turn=0, pile=[("KS", 1, False)])
    g2.declared[0] = [cards("KD KD KD")]
    g2.apply(0, DrawStock())
    assert ShowDublees() not in g2.legal_actions(0)  # default: declared tunnelas are not dublees


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
    g._cache.clear()
    legal = g.legal_actions(0)
    assert any(isinstance(a, TakeDiscard) for a in legal) == take
    assert any(isinstance(a, TakeAndFinish) for a in legal) == combo


def test_fast_paths_return_fresh_equal_values():
    """The memoised hot paths (card notation, options, hand grouping) behave like the slow ones
    and never hand out shared mutable state."""
    from bot.games.cards import card_texts as text_list, parse_card_texts as parse_list
    from bot.games.marriage.layout import group_hand
    from bot.games.marriage.options import resolve

    card = Card.parse
    deck = new_deck(3)
    assert parse_list(text_list(deck)) == deck and text_list(deck) == [str(c) for c in deck]
    assert card("qh#1") == Card.parse("QH#1") and card("10S") == Card(10, "S")
    first = resolve({"seen_payment": 4})
    first["seen_payment"] = 99
    assert resolve({"seen_payment": 4})["seen_payment"] == 4 and resolve({})["seen_payment"] == 3
    for _ in range(2):
        with pytest.raises(ValueError, match="seen_payment"):
            resolve({"seen_payment": 101})
    hand = cards("3C 4C 5C 9S 9S KD 2H")
    grouped = group_hand(hand)
    assert grouped == {"pure_sets": [["3C", "4C", "5C"]], "pairs": [["9S", "9S#1"]], "loose": [["2H"], ["KD"]]}
    grouped["pairs"][0].append("AS")
    assert group_hand(list(hand))["pairs"] == [["9S", "9S#1"]]
