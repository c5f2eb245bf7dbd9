"""Rule-by-rule tests of the Bourré engine (bourre.md, BOU-1 … BOU-27)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.base import BuyIn, action_from_dict, action_to_dict
from bot.games.bourre import Bourre, legal_cards
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.simulate import play as drive, random_policy

from .helpers import everyone_plays, legal, play, start
from .test_examples import FOUR, FOUR_PLAYS


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# --- registration, options, start -------------------------------------------------------

def test_registered_with_class_attributes() -> None:
    assert GAMES["bourre"] is Bourre
    assert (Bourre.min_players, Bourre.max_players) == (2, 8)
    assert len(Bourre.rules_summary) <= 1800
    names = {s.name for s in Bourre.option_specs}
    assert names == {"min_players", "max_players", "buy_in", "ante", "max_exchange", "exchange_order",
                     "folded_hands_to_stock", "dealer_must_play_on_ace", "must_beat", "must_trump",
                     "must_overtrump", "ace_trump_lead", "sure_three_rule", "pot_limit", "ante_exemption",
                     "max_hands", "end_on_bust", "end_on_double", "final_pot", "turn_timeout_s"}


def test_bou_4_buy_in_is_fixed() -> None:
    assert Bourre.buy_in({}) == BuyIn(200, 200, 200)
    assert Bourre.buy_in({"buy_in": 50}) == BuyIn(50, 50, 50)


@pytest.mark.parametrize("options, name", [
    ({"colour": 1}, "colour"), ({"ante": 0}, "ante"), ({"max_exchange": 6}, "max_exchange"),
    ({"exchange_order": "sideways"}, "exchange_order"), ({"turn_timeout_s": 5}, "turn_timeout_s"),
    ({"min_players": 4, "max_players": 3}, "max_players"), ({"buy_in": 9}, "buy_in"),
])
def test_bad_options_raise_naming_the_option(options: dict, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        Bourre.start([200] * 4, options)


def test_bou_1_player_count_within_the_options() -> None:
    with pytest.raises(ValueError, match="min_players"):
        Bourre.start([200] * 2, {"min_players": 3})
    with pytest.raises(ValueError, match="max_players"):
        Bourre.start([200] * 7, {"max_players": 6})
    with pytest.raises(ValueError):
        Bourre.start([200] * 9)
    with pytest.raises(ValueError):
        Bourre.start([200])
    assert Bourre.start([200] * 3, {"min_players": 3, "max_players": 6}).to_act()


def test_bou_5_first_dealer_is_random_but_reproducible() -> None:
    dealers = {Bourre.start([200] * 6, seed=s).dealer for s in range(40)}
    assert dealers == set(range(6))
    assert Bourre.start([200] * 6, seed=5).dealer == Bourre.start([200] * 6, seed=5).dealer


# --- ante and deal ------------------------------------------------------------------------

def test_bou_7_short_stack_antes_what_it_has() -> None:
    g = Bourre.start([200, 3, 200], {"ante": 5}, seed=1)
    assert g.stacks == [195, 0, 195] and g.pot == 13


def test_bou_8_deal_order_upcard_and_stock() -> None:
    g = start(4, 1, {2: "AS KS QS JS 10S", 3: "2H 3H 4H 5H 6H", 0: "2D 3D 4D 5D 6D",
                     1: "2C 3C 4C 5C 7H"}, stock="AH")
    view = g.public_view()
    assert view["trump"] == "H" and view["upcard"] == "7H" and view["upcard_state"] == "face up"
    assert view["stock"] == 52 - 20
    assert g.to_act() == [2]  # the dealer's left speaks first
    assert g.private_view(1)["hand"] == ["7H", "5C", "4C", "3C", "2C"]
    assert g.private_view(2)["hand"] == ["AS", "KS", "QS", "JS", "10S"]


def test_bou_27_views_hide_other_hands() -> None:
    g = Bourre.start([200] * 4, seed=2)
    public = json.dumps(g.public_view())
    for seat in range(4):
        hand = g.private_view(seat)["hand"]
        others = [c for s in range(4) if s != seat for c in g.private_view(s)["hand"]]
        assert len(hand) == 5
        for c in hand:
            if c != g.public_view()["upcard"]:
                assert f'"{c}"' not in public
        assert not set(hand) & set(others)
    assert "stock" in g.public_view() and isinstance(g.public_view()["stock"], int)


# --- draw phase ---------------------------------------------------------------------------

def test_bou_9_single_pass_each_player_exchanges_before_the_next_declares() -> None:
    g = Bourre.start([200] * 3, seed=4, dealer=2)
    g.apply(0, PlayHand())
    assert g.to_act() == [0] and all(isinstance(a, Exchange) for a in g.legal_actions(0))
    assert len(g.legal_actions(0)) == 32
    hand = g.private_view(0)["hand"]
    g.apply(0, Exchange(cards(" ".join(hand[:2]))))
    assert g.public_view()["seats"][0]["exchanged"] == 2
    assert g.to_act() == [1] and g.legal_actions(1)[0] == PlayHand()


def test_bou_9_declare_then_exchange() -> None:
    g = Bourre.start([200] * 4, {"exchange_order": "declare_then_exchange", "dealer_must_play_on_ace": False},
                     seed=4, dealer=3)
    for seat, act in [(0, PlayHand()), (1, Fold()), (2, PlayHand()), (3, PlayHand())]:
        assert g.to_act() == [seat] and g.phase == "declare"
        g.apply(seat, act)
    for seat in (0, 2, 3):
        assert g.to_act() == [seat] and g.phase == "exchange"
        g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.to_act() == [0]


def test_bou_9_exchange_is_checked() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S"}, options={"max_exchange": 2})
    g.apply(0, PlayHand())
    assert len(g.legal_actions(0)) == 1 + 5 + 10
    before = g.to_dict()
    for bad, rule in [(cards("2H"), "BOU-9"), (cards("AS AS"), "BOU-9"), (cards("AS KS QS"), "BOU-9")]:
        with pytest.raises(IllegalAction) as err:
            g.apply(0, Exchange(bad))
        assert err.value.rule == rule
        assert g.to_dict() == before
    with pytest.raises(IllegalAction):
        g.apply(0, Fold())


def test_bou_10_dealer_discarding_the_upcard_is_public() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand(), Fold()]
    g.apply(2, PlayHand())
    g.apply(2, Exchange(cards("9D 2S")))
    view = g.public_view()
    assert view["upcard_state"] == "discarded" and view["trump"] == "D" and view["upcard_out"]


def test_bou_11_folded_hands_go_under_the_stock() -> None:
    g = Bourre.start([200] * 5, {"folded_hands_to_stock": True}, seed=8, dealer=4)
    assert g.public_view()["stock"] == 27
    g.apply(0, Fold())
    assert g.public_view()["stock"] == 32
    g2 = Bourre.start([200] * 5, seed=8, dealer=4)
    g2.apply(0, Fold())
    assert g2.public_view()["stock"] == 27


def test_bou_12_everybody_folds_pot_stays() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    for seat in range(3):
        events = g.apply(seat, Fold())
    summary = next(e for e in events if e.kind == "summary")
    assert "everybody folded" in summary.text
    assert g.hand_no == 2 and g.pot == 6 and g.stacks == [198] * 3  # nobody exempt


# --- trick play ---------------------------------------------------------------------------

def test_bou_13_first_active_player_from_dealers_left_leads() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold())
    for seat in (1, 2, 3):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.to_act() == [1]


def test_bou_14_illegal_card_is_refused_and_changes_nothing() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    everyone_plays(g)
    play(g, 0, "AH")
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(1, PlayCard(Card.parse("JS")))
    assert err.value.rule == "BOU-14" and "3♥" in str(err.value)
    with pytest.raises(IllegalAction):
        g.apply(1, PlayCard(Card.parse("AS")))  # not in hand
    with pytest.raises(IllegalAction):
        g.apply(2, PlayCard(Card.parse("5H")))  # out of turn
    assert g.to_dict() == before


def test_bou_15_sure_three_in_the_engine() -> None:
    hands = {0: "AS KS QS 2C 3C", 1: "4S 5S 6H 7H 8H", 2: "9D 10D JD QD 7S"}
    g = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(g)
    assert legal(g, 0) == {"AS"}  # sure of three: must lead the highest trump
    play(g, 0, "AS")
    assert legal(g, 1) == {"4S", "5S"}
    g2 = start(3, 2, hands, options={"ace_trump_lead": True})
    everyone_plays(g2)
    assert legal(g2, 0) == {"AS"}
    g3 = start(3, 2, hands)
    everyone_plays(g3)
    assert legal(g3, 0) == {"AS", "KS", "QS", "2C", "3C"}


def test_bou_16_highest_trump_wins() -> None:
    g = start(3, 2, {0: "AH 2S 3S 4S 5S", 1: "6S 7S 8S 9S 2D", 2: "10S JS QS KS 3D"})
    everyone_plays(g)  # trump diamonds
    play(g, 0, "AH"); play(g, 1, "2D"); events = play(g, 2, "3D")
    assert events[-1].data["winner"] == 2 and "{p2} wins trick 1" in events[-1].text
    assert g.to_act() == [2]


# --- settlement and the end ---------------------------------------------------------------

def test_bou_22_dealer_moves_left_skipping_a_player_who_left() -> None:
    g = start(4, 0, {0: "2S 3S 4S 5S 9D"})
    g.apply(1, Fold())
    g.leave(1)
    assert g.can_cash_out(1)
    g.cash_out(1)
    for seat in (2, 3, 0):
        g.apply(seat, Fold())
    assert g.dealer == 2 and g.hand_no == 2
    assert g.public_view()["seats"][1]["state"] == "left" and g.stacks[1] == 0


def test_bou_23_max_hands() -> None:
    g = Bourre.start([200] * 3, {"max_hands": 2}, seed=1)
    for _ in drive(g, random_policy, seed=1):
        pass
    assert g.is_over() and g.hand_no == 2 and g.pot == 0


def test_bou_23_end_on_double() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"end_on_double": True, "buy_in": 10},
              stacks=[19, 10, 10])
    g.apply(0, PlayHand()); g.apply(0, Exchange(())); g.apply(1, Fold())
    events = g.apply(2, Fold())  # seat 0 alone takes the pot of 3: stack 21 ≥ 20
    assert g.is_over() and g.stacks == [21, 9, 9]
    assert "doubled their buy-in" in next(e for e in events if e.kind == "summary").text


def test_bou_23_without_end_on_bust_a_broke_player_leaves() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8], options={"end_on_bust": False})
    everyone_plays(g)
    data = g.to_dict(); data["pot"] += 8; data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert not g.is_over() and g.stacks[3] == 0 and not g.seated[3]
    assert g.can_cash_out(3) and g.hand_no == 2
    assert g.public_view()["seats"][3]["state"] == "left"
    assert 3 not in g.order


def test_bou_24_extra_hands_until_the_pot_is_won() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8], options={"final_pot": "extra_hands"})
    everyone_plays(g)
    data = g.to_dict(); data["pot"] += 8; data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    assert not g.is_over() and g.extra == 1 and g.public_view()["extra_hand"] == 1
    assert "extra hands" in next(e for e in events if e.kind == "summary").text
    for _ in drive(g, random_policy, seed=3):
        pass
    assert g.is_over() and g.pot == 0 and 1 <= g.extra <= 5
    assert sum(g.stacks) == 616


# --- timeouts and leaving -----------------------------------------------------------------

def test_bou_26_timeouts() -> None:
    g = start(3, 2, {0: "2S 2C 2D 9H KS", 2: "3S 4S 5S 6S 7D"}, options={"turn_timeout_s": 45})
    assert g.turn_timeout_s() == 45
    assert g.timeout_action(0) == Fold()
    g.apply(0, PlayHand())
    assert g.timeout_action(0) == Exchange(())
    g.apply(0, Exchange(()))
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    g.apply(2, PlayHand()); g.apply(2, Exchange(()))
    # lowest rank first, ties broken clubs, diamonds, hearts, spades
    assert g.timeout_action(0) == PlayCard(Card.parse("2C"))


def test_last_seated_player_cannot_leave_mid_hand() -> None:
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold())
    g.leave(0)
    assert g.can_cash_out(0)
    g.cash_out(0)
    assert not g.can_cash_out(1)
    with pytest.raises(IllegalAction):
        g.cash_out(1)
    g.apply(1, PlayHand())
    assert g.is_over() and g.stacks[1] == 200 + 1 and g.pot == 0


def test_actions_round_trip_through_the_codec() -> None:
    for action in (PlayHand(), Fold(), Exchange(cards("AS 10H")), PlayCard(Card.parse("QD"))):
        assert action_from_dict(Bourre.action_types, action_to_dict(action)) == action
        assert len(action.label) <= 80


def test_to_dict_round_trip_mid_game() -> None:
    g = Bourre.start([200] * 6, {"folded_hands_to_stock": True}, seed=12)
    rng = random.Random(0)
    for _ in range(40):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        assert Bourre.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


# --- BOU-14 against a literal transcription of the rules' pseudo-code ---------------------

def _reference_legal(hand, played, trump, must_beat, must_trump, must_overtrump):
    """bourre.md BOU-14, line by line, on Card objects."""
    if not played:
        return list(hand)
    led = played[0].suit
    trumps_played = [c for c in played if c.suit == trump]
    if trumps_played:
        w = max(trumps_played, key=lambda c: c.high)
    else:
        w = max((c for c in played if c.suit == led), key=lambda c: c.high)
    f = [c for c in hand if c.suit == led]
    if f:
        if w.suit == led and must_beat:
            b = [c for c in f if c.high > w.high]
            return b if b else f
        return f
    r = [c for c in hand if c.suit == trump]
    if r and must_trump:
        if w.suit == trump and must_overtrump:
            b = [c for c in r if c.high > w.high]
            return b if b else r
        return r
    return list(hand)


@settings(derandomize=True, deadline=None, max_examples=400)
@given(cards=st.permutations(new_deck()), hand_size=st.integers(1, 5), trick_size=st.integers(0, 7),
       trump=st.sampled_from("SHDC"), flags=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_bou_14_matches_the_rules_pseudocode(cards, hand_size, trick_size, trump, flags) -> None:
    hand, played = cards[:hand_size], cards[hand_size:hand_size + trick_size]
    mb, mt, mo = flags
    got = legal_cards(hand, played, trump, must_beat=mb, must_trump=mt, must_overtrump=mo)
    assert got == _reference_legal(hand, played, trump, mb, mt, mo)


def test_bou_23_when_the_broke_leave_too_few_the_game_ends_and_the_others_share_the_pot() -> None:
    # BOU-23: "With end_on_bust = false, a player with stack 0 leaves the table instead";
    # BOU-24: the pot is divided "among the players seated at the end" - the broke player
    # has left, so seat 0 alone takes the pot of 2.
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"}, stacks=[200, 1], options={"end_on_bust": False})
    assert g.stacks == [199, 0] and g.pot == 2
    g.apply(0, Fold())
    events = g.apply(1, Fold())
    summary = next(e for e in events if e.kind == "summary").text
    assert g.is_over() and "{p1} went broke, leaving fewer than 2 players" in summary
    assert g.stacks == [201, 0] and g.pot == 0 and not g.seated[1]
