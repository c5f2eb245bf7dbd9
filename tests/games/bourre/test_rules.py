"""Rule tests for Bourré, by rule id: worked cases, boundaries, ties and every option value."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.base import BuyIn, action_from_dict, action_to_dict
from bot.games.bourre import Bourre, legal_cards, scoring
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.bourre.legal import CARD_ID, trick_winner_index
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.simulate import play as drive
from bot.games.simulate import random_policy

from .helpers import everyone_plays, legal, play, start
from .test_examples import FOUR, FOUR_PLAYS
from tests.english import english, label


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


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


def L(hand: str, trick: str, trump: str = "H", **kw) -> set[str]:
    return {str(c) for c in legal_cards(parse_cards(hand), parse_cards(trick), trump, **kw)}


def timeouts_until_next_hand(g: Bourre) -> list:
    """Every seat on turn times out (BOU-26) until the current hand is settled."""
    hand = g.hand_no
    events: list = []
    while not g.is_over() and g.hand_no == hand:
        seat = g.to_act()[0]
        events = g.apply(seat, g.timeout_action(seat))
    return events


def with_pot(g: Bourre, extra: int, payer: int) -> Bourre:
    """Move `extra` chips from `payer`'s stack to the pot (a pot carried from earlier hands)."""
    data = g.to_dict()
    data["pot"] += extra
    data["stacks"][payer] -= extra
    return Bourre.from_dict(data)


def summary_of(events: list) -> str:
    return english(next(e for e in events if e.kind == "summary"))


# Trump spades (dealer D's upcard 7S). A leads 5H; B holds AH 3H; C is void in hearts with the
# 8S; D is void in hearts with 9S 7S.
OPT = {0: "5H 2D 3D 4D 6D", 1: "AH 3H 2C 3C 4C", 2: "8D 9D 10D JD 8S", 3: "QD KD AD 9S 7S"}


def _winner(trick: str, trump: str) -> int:
    t = "SHDC".index(trump)
    return trick_winner_index([CARD_ID[c] for c in parse_cards(trick)], t)


# --- options and registration -----------------------------------------------------------------

def test_registered_with_class_attributes() -> None:
    assert GAMES["bourre"] is Bourre
    assert (Bourre.min_players, Bourre.max_players) == (2, 8)
    names = {s.name for s in Bourre.option_specs if not s.shared}   # the rules table's
    assert names == {"min_players", "max_players", "buy_in", "ante", "max_exchange", "exchange_order",
                     "folded_hands_to_stock", "dealer_must_play_on_ace", "must_beat", "must_trump",
                     "must_overtrump", "ace_trump_lead", "sure_three_rule", "pot_limit", "ante_exemption",
                     "max_hands", "end_on_bust", "end_on_double", "final_pot", "turn_timeout_s"}


@pytest.mark.parametrize("options, name", [
    ({"colour": 1}, "colour"), ({"ante": 0}, "ante"), ({"max_exchange": 6}, "max_exchange"),
    ({"exchange_order": "sideways"}, "exchange_order"), ({"turn_timeout_s": 5}, "turn_timeout_s"),
    ({"min_players": 4, "max_players": 3}, "max_players"), ({"buy_in": 9}, "buy_in"),
])
def test_bad_options_raise_naming_the_option(options: dict, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        Bourre.start([200] * 4, options)


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
        assert len(label(action)) <= 80


def test_to_dict_round_trip_mid_game() -> None:
    g = Bourre.start([200] * 6, {"folded_hands_to_stock": True}, seed=12)
    rng = random.Random(0)
    for _ in range(40):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        assert Bourre.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


# --- BOU-1 ------------------------------------------------------------------------------------

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


def test_bou_1_game_ends_when_a_leaver_leaves_fewer_than_min_players() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"min_players": 3})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.leave(1)                     # asked to leave mid-hand: finishes this hand
    g.apply(1, Fold())
    g.apply(2, PlayHand()); g.apply(2, Exchange(()))
    assert g.phase == "tricks"
    events = timeouts_until_next_hand(g)
    assert g.is_over() and "fewer than 3 players are left" in summary_of(events)
    assert g.pot == 0 and sum(g.stacks) == 600


def test_bou_1_a_leaving_player_is_not_dealt_into_the_next_hand() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.leave(1)
    timeouts_until_next_hand(g)
    assert g.hand_no == 2 and 1 not in g.order and g.hands[1] == []
    assert len(g.stock) == 52 - 15


# --- BOU-2 ------------------------------------------------------------------------------------

def test_bou_2_a_fresh_shuffle_of_all_52_cards_every_hand() -> None:
    g = Bourre.start([200] * 3, seed=5, dealer=0)
    first = [list(h) for h in g.hands]
    seen = set()
    for h in g.hands:
        seen.update(h)
    seen.update(g.stock)
    assert len(seen) == 52
    timeouts_until_next_hand(g)
    second = [sorted(h) for h in g.hands]
    assert second != [sorted(h) for h in first]
    assert len(set().union(*map(set, g.hands), g.stock)) == 52
    # The same seed gives the same second deal; a test deck replaces only the first shuffle.
    g2 = Bourre.start([200] * 3, seed=5, dealer=0)
    timeouts_until_next_hand(g2)
    assert [sorted(h) for h in g2.hands] == second


# --- BOU-3 ------------------------------------------------------------------------------------

def test_bou_3_and_bou_25_chips_are_only_moved_between_stacks_and_pot() -> None:
    g = Bourre.start([200] * 5, {"max_hands": 15, "pot_limit": 7}, seed=3)
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, g.bot_action(seat, __import__("random").Random(seat)))
        assert sum(g.chips().values()) == 1000
    assert g.chips()["pot"] == 0


# --- BOU-4 ------------------------------------------------------------------------------------

def test_bou_4_buy_in_is_fixed() -> None:
    assert Bourre.buy_in({}) == BuyIn(200, 200, 200)
    assert Bourre.buy_in({"buy_in": 50}) == BuyIn(50, 50, 50)


# --- BOU-5 ------------------------------------------------------------------------------------

def test_bou_5_first_dealer_is_random_but_reproducible() -> None:
    dealers = {Bourre.start([200] * 6, seed=s).dealer for s in range(40)}
    assert dealers == set(range(6))
    assert Bourre.start([200] * 6, seed=5).dealer == Bourre.start([200] * 6, seed=5).dealer


# --- BOU-6 ------------------------------------------------------------------------------------

def test_bou_6_antes_deal_draw_tricks_settlement_then_the_next_hand() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    assert g.pot == 3 and g.phase == "declare" and all(len(h) == 5 for h in g.hands)
    phases = []
    events: list = []
    while g.hand_no == 1:
        phases.append(g.phase)
        seat = g.to_act()[0]
        events = g.apply(seat, g.timeout_action(seat) if g.phase != "declare" else PlayHand())
    assert phases[:6] == ["declare", "exchange"] * 3
    assert phases[6:] == ["tricks"] * 15
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["summary", "hand"]  # settled (and end checked) before the next deal


# --- BOU-7 ------------------------------------------------------------------------------------

def test_bou_7_short_stack_antes_what_it_has() -> None:
    g = Bourre.start([200, 3, 200], {"ante": 5}, seed=1)
    assert g.stacks == [195, 0, 195] and g.pot == 13


def test_bou_7_the_ante_option_and_a_carried_pot() -> None:
    g = start(4, 3, FOUR, options={"ante": 3})
    assert g.pot == 12 and g.stacks == [197] * 4
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    # A took 12; C, D bourré paid 12 each (pot 24), exempt: only A and B ante 3 -> 30.
    assert g.pot == 30 and g.stacks == [197 + 12 - 3, 197 - 3, 185, 185]


# --- BOU-8 ------------------------------------------------------------------------------------

def test_bou_8_deal_order_upcard_and_stock() -> None:
    g = start(4, 1, {2: "AS KS QS JS 10S", 3: "2H 3H 4H 5H 6H", 0: "2D 3D 4D 5D 6D",
                     1: "2C 3C 4C 5C 7H"}, stock="AH")
    view = g.public_view()
    assert view["trump"] == "H" and view["upcard"] == "7H" and view["upcard_state"] == "face up"
    assert view["stock"] == 52 - 20
    assert g.to_act() == [2]  # the dealer's left speaks first
    assert g.private_view(1)["hand"] == ["7H", "5C", "4C", "3C", "2C"]
    assert g.private_view(2)["hand"] == ["AS", "KS", "QS", "JS", "10S"]


@pytest.mark.parametrize("n", range(2, 9))
def test_bou_8_five_cards_each_and_a_stock_of_52_minus_5n(n: int) -> None:
    g = Bourre.start([200] * n, seed=n, dealer=n - 1)
    assert all(len(g.hands[s]) == 5 for s in range(n))
    assert len(g.stock) == 52 - 5 * n
    assert g.upcard in g.hands[n - 1]
    assert g.public_view()["trump"] == str(Card.parse(g.public_view()["upcard"]).suit)


# --- BOU-9 ------------------------------------------------------------------------------------

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


def test_bou_9_max_exchange_0_means_no_exchange_step() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"max_exchange": 0})
    g.apply(0, PlayHand())
    assert g.phase == "declare" and g.to_act() == [1]
    g.apply(1, PlayHand())
    g.apply(2, PlayHand())
    assert g.phase == "tricks" and g.public_view()["upcard_state"] == "kept"
    assert [g.public_view()["seats"][s]["exchanged"] for s in range(3)] == [0, 0, 0]


def test_bou_9_max_exchange_3_offers_up_to_three_cards() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S"}, options={"max_exchange": 3})
    g.apply(0, PlayHand())
    acts = g.legal_actions(0)
    assert len(acts) == 1 + 5 + 10 + 10 and max(len(a.cards) for a in acts) == 3
    with pytest.raises(IllegalAction, match="at most 3"):
        g.apply(0, Exchange(cards("AS KS QS JS")))


def test_bou_9_declare_then_exchange_with_one_player_skips_the_exchange() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"exchange_order": "declare_then_exchange"})
    g.apply(0, Fold())
    g.apply(1, PlayHand())
    assert g.phase == "declare" and g.to_act() == [2]  # nobody exchanges before all declared
    events = g.apply(2, Fold())
    assert "{p1} was the only player to play and takes 3 chips" in summary_of(events)


def test_bou_9_exchange_count_is_public_and_the_cards_private() -> None:
    g = start(3, 2, {0: "AS KS QS JS 10S", 2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand())
    events = g.apply(0, Exchange(cards("JS 10S")))
    public = [e for e in events if e.private_to is None]
    private = [e for e in events if e.private_to is not None]
    assert any("exchanges 2 cards" in english(e) for e in public)
    assert all("J♠" not in english(e) and "10♠" not in english(e) for e in public)
    assert private and private[0].private_to == 0 and "J♠" in english(private[0])
    assert "JS" not in json.dumps(g.public_view()) and "10S" not in json.dumps(g.public_view())


# --- BOU-10 -----------------------------------------------------------------------------------

def test_bou_10_dealer_discarding_the_upcard_is_public() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand(), Fold()]
    g.apply(2, PlayHand())
    g.apply(2, Exchange(cards("9D 2S")))
    view = g.public_view()
    assert view["upcard_state"] == "discarded" and view["trump"] == "D" and view["upcard_out"]


def test_bou_10_dealer_may_fold_on_an_ace_when_the_option_is_off() -> None:
    g = start(3, 2, {2: "2H 3H 4H 5H AD"}, options={"dealer_must_play_on_ace": False})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    assert g.legal_actions(2) == [PlayHand(), Fold()]
    assert g.timeout_action(2) == Fold()


def test_bou_10_dealer_keeping_the_upcard() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    g.apply(2, PlayHand())
    assert g.public_view()["upcard_state"] == "face up"  # until the dealer has acted
    g.apply(2, Exchange(cards("2S 3S")))
    view = g.public_view()
    assert view["upcard_state"] == "kept" and not view["upcard_out"] and view["trump"] == "D"
    assert "9D" in g.private_view(2)["hand"]


# --- BOU-11 -----------------------------------------------------------------------------------

def test_bou_11_folded_hands_go_under_the_stock() -> None:
    g = Bourre.start([200] * 5, {"folded_hands_to_stock": True}, seed=8, dealer=4)
    assert g.public_view()["stock"] == 27
    g.apply(0, Fold())
    assert g.public_view()["stock"] == 32
    g2 = Bourre.start([200] * 5, seed=8, dealer=4)
    g2.apply(0, Fold())
    assert g2.public_view()["stock"] == 27


def test_bou_11_folded_hands_stay_out_of_the_stock_by_default() -> None:
    g = Bourre.start([200] * 8, seed=21, dealer=7)
    folded = set(g.hands[0])
    g.apply(0, Fold())
    for seat in range(1, 8):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand))))
        assert not folded & set(g.hands[seat])
    assert not folded & set(g.stock)
    assert g.reshuffles == 3 and g.phase == "tricks"


def test_bou_11_folded_hands_go_under_the_stock_and_are_drawn() -> None:
    g = Bourre.start([200] * 8, {"folded_hands_to_stock": True}, seed=21, dealer=7)
    folded = set(g.hands[0])
    g.apply(0, Fold())
    assert len(g.stock) == 17 and set(g.stock[12:]) == folded
    got = set()
    for seat in (1, 2, 3):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand))))
        got |= set(g.hands[seat]) & folded
    assert len(got) == 3 and g.reshuffles == 0 and len(g.stock) == 2


def test_bou_11_the_rebuilt_stock_never_holds_the_drawers_own_discards() -> None:
    g = Bourre.start([200] * 8, seed=4, dealer=7)
    for seat in range(8):
        g.apply(seat, PlayHand())
        hand = g.private_view(seat)["hand"]
        thrown = hand if seat % 2 else hand[:4]
        g.apply(seat, Exchange(cards(" ".join(thrown))))
        assert not set(g.private_view(seat)["hand"]) & set(thrown)
        assert len(g.hands[seat]) == 5
    assert g.reshuffles >= 2 and g.phase == "tricks"


# --- BOU-12 -----------------------------------------------------------------------------------

def test_bou_12_everybody_folds_pot_stays() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    for seat in range(3):
        events = g.apply(seat, Fold())
    summary = next(e for e in events if e.kind == "summary")
    assert "everybody folded" in english(summary)
    assert g.hand_no == 2 and g.pot == 6 and g.stacks == [198] * 3  # nobody exempt


def test_bou_12_and_bou_19_lone_player_takes_at_most_the_pot_limit() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, options={"pot_limit": 10})
    g = with_pot(g, 20, 0)
    assert g.pot == 23
    g.apply(0, Fold())
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    events = g.apply(2, Fold())
    text = summary_of(events)
    assert "takes 10 chips" in text and "13 chips stay in the pot (pot limit)" in text
    assert g.pot == 13 + 3 and g.stacks == [179 - 1, 199 + 10 - 1, 199 - 1]


def test_bou_12_a_lone_player_hand_clears_earlier_exemptions() -> None:
    g = start(4, 3, FOUR)
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.skipped_ante == [2, 3]     # hand 2: the bourré players skip the ante
    # BOU-20: the exemption lasts one hand; hand 2 ends by folds (BOU-12) -> all ante in hand 3.
    events = timeouts_until_next_hand(g)
    assert g.hand_no == 3 and g.skipped_ante == []
    assert "Antes 4;" in english(events[-1]) and "skip" not in english(events[-1])


# --- BOU-13 -----------------------------------------------------------------------------------

def test_bou_13_first_active_player_from_dealers_left_leads() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold())
    for seat in (1, 2, 3):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    assert g.phase == "tricks" and g.to_act() == [1]


def test_bou_13_folded_players_are_skipped_and_the_winner_leads() -> None:
    g = start(4, 3, FOUR)
    g.apply(0, PlayHand()); g.apply(0, Exchange(()))
    g.apply(1, Fold())
    for seat in (2, 3):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    turns = []
    winners = []
    while g.hand_no == 1:
        seat = g.to_act()[0]
        turns.append(seat)
        events = g.apply(seat, g.timeout_action(seat))
        winners += [e.data["winner"] for e in events if e.kind == "card" and "winner" in e.data]
    assert 1 not in turns and turns[:3] == [0, 2, 3]
    for k in range(1, 5):  # trick k+1 is led by the winner of trick k
        assert turns[3 * k] == winners[k - 1]


# --- BOU-14 -----------------------------------------------------------------------------------

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


@settings(derandomize=True, deadline=None, max_examples=400)
@given(cards=st.permutations(new_deck()), hand_size=st.integers(1, 5), trick_size=st.integers(0, 7),
       trump=st.sampled_from("SHDC"), flags=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_bou_14_matches_the_rules_pseudocode(cards, hand_size, trick_size, trump, flags) -> None:
    hand, played = cards[:hand_size], cards[hand_size:hand_size + trick_size]
    mb, mt, mo = flags
    got = legal_cards(hand, played, trump, must_beat=mb, must_trump=mt, must_overtrump=mo)
    assert got == _reference_legal(hand, played, trump, mb, mt, mo)


@pytest.mark.parametrize("options, b, c, d", [
    ({}, {"AH"}, {"8S"}, {"9S"}),
    ({"must_beat": False}, {"AH", "3H"}, {"8S"}, {"9S"}),
    ({"must_trump": False}, {"AH"}, {"8D", "9D", "10D", "JD", "8S"}, {"QD", "KD", "AD", "9S", "7S"}),
    ({"must_overtrump": False}, {"AH"}, {"8S"}, {"9S", "7S"}),
])
def test_bou_14_each_switch_changes_the_legal_cards(options, b, c, d) -> None:
    g = start(4, 3, OPT, options=options)
    everyone_plays(g)
    play(g, 0, "5H")
    assert legal(g, 1) == b
    play(g, 1, "AH")
    assert legal(g, 2) == c
    play(g, 2, "8S")
    assert legal(g, 3) == d


def test_bou_14_switches_on_the_rule_function() -> None:
    assert L("AS 2S 3H", "KS", must_beat=False) == {"AS", "2S"}
    assert L("2H 9C 3D", "10S", must_trump=False) == {"2H", "9C", "3D"}
    assert L("4H KH 9C 2D", "10S 5H", must_overtrump=False) == {"4H", "KH"}
    # a trump already winning: following suit with must_beat still allows any card of the suit
    assert L("AS 2S", "10S 5H") == {"AS", "2S"}


def test_bou_14_refusal_names_the_legal_cards() -> None:
    g = start(4, 3, OPT)
    everyone_plays(g)
    play(g, 0, "5H")
    with pytest.raises(IllegalAction) as err:
        g.apply(1, PlayCard(Card.parse("3H")))
    assert err.value.rule == "BOU-14" and "A♥" in str(err.value) and "follow suit" in str(err.value)


# --- BOU-15 -----------------------------------------------------------------------------------

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


def test_bou_15_ace_trump_lead_only_binds_the_holder_of_the_ace_on_lead() -> None:
    assert L("KH 2S 3S KD 4C", "", ace_trump_lead=True) == {"KH", "2S", "3S", "KD", "4C"}
    assert L("AH 2S 3S KD 4C", "5S", ace_trump_lead=True) == {"2S", "3S"}


def test_bou_15_ace_trump_lead_in_the_engine_and_its_refusal() -> None:
    # Trump hearts (dealer 2's upcard 9H); seat 0 leads holding AH.
    g = start(3, 2, {0: "AH 2S 3S KD 4C", 2: "2D 3D 4D 5D 9H"}, options={"ace_trump_lead": True})
    everyone_plays(g)
    assert legal(g, 0) == {"AH"}
    with pytest.raises(IllegalAction) as err:
        g.apply(0, PlayCard(Card.parse("2S")))
    assert err.value.rule == "BOU-15" and "ace of trumps" in str(err.value)
    g2 = start(3, 2, {0: "AH 2S 3S KD 4C", 2: "2D 3D 4D 5D 9H"})
    everyone_plays(g2)
    assert legal(g2, 0) == {"AH", "2S", "3S", "KD", "4C"}  # off by default


def test_bou_15_sure_three_counts_tricks_already_won() -> None:
    assert L("AH 2C 3C", "", sure_three_rule=True, tricks_won=2) == {"AH"}
    assert L("AH 2C 3C", "", sure_three_rule=True, tricks_won=1) == {"AH", "2C", "3C"}
    # KH is sure only if AH is known out of play
    assert L("KH QH JH 2C 3C", "", sure_three_rule=True) == {"KH", "QH", "JH", "2C", "3C"}
    assert L("KH QH JH 2C 3C", "", sure_three_rule=True, out_of_play=parse_cards("AH")) == {"KH"}


def test_bou_15_sure_three_leaves_the_bou_14_set_when_the_top_trump_is_not_legal() -> None:
    # must follow spades: the top trump is not legal, so BOU-14 applies unchanged
    assert L("AH KH QH 2S 3S", "5S", sure_three_rule=True) == {"2S", "3S"}


def test_bou_15_sure_three_uses_the_discarded_upcard_as_out_of_play() -> None:
    hands = {0: "KH QH JH 2C 3C", 2: "2D 3D 4D 5D AH"}  # upcard AH: trump hearts
    g = start(3, 2, hands, options={"sure_three_rule": True})
    for seat in (0, 1):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    g.apply(2, PlayHand()); g.apply(2, Exchange(cards("AH")))
    assert legal(g, 0) == {"KH"}
    with pytest.raises(IllegalAction) as err:
        g.apply(0, PlayCard(Card.parse("2C")))
    assert err.value.rule == "BOU-15" and "sure of three tricks" in str(err.value)
    kept = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(kept)  # the dealer keeps AH: KH is not a sure trick
    assert legal(kept, 0) == {"KH", "QH", "JH", "2C", "3C"}


def test_bou_15_a_folded_dealers_upcard_is_out_of_play() -> None:
    # Upcard KH (trump hearts): once the dealer folds, AH QH JH are three sure trumps.
    hands = {0: "AH QH JH 2C 3C", 2: "2D 3D 4D 5D KH"}
    g = start(3, 2, hands, options={"sure_three_rule": True})
    for seat in (0, 1):
        g.apply(seat, PlayHand()); g.apply(seat, Exchange(()))
    g.apply(2, Fold())
    assert g.public_view()["upcard_out"] and legal(g, 0) == {"AH"}
    kept = start(3, 2, hands, options={"sure_three_rule": True})
    everyone_plays(kept)  # the dealer holds KH: only AH is sure
    assert legal(kept, 0) == {"AH", "QH", "JH", "2C", "3C"}


@pytest.mark.parametrize("drawn, restricted", [(0, True), (5, False)])
def test_bou_15_a_folded_upcard_under_the_stock_counts_only_while_nobody_can_have_drawn_it(
        drawn: int, restricted: bool) -> None:
    # folded_hands_to_stock: the folded dealer's hand (with the upcard KH) goes under the stock;
    # once players have drawn into it, the upcard may be in a hand and is no longer known out.
    hands = {0: "AH QH JH 2C 3C", 7: "2D 3D 4D 5D KH"}
    g = start(8, 7, hands, options={"sure_three_rule": True, "folded_hands_to_stock": True,
                                    "exchange_order": "declare_then_exchange"})
    for seat in range(7):
        g.apply(seat, PlayHand())
    g.apply(7, Fold())
    assert len(g.stock) == 12 + 5
    g.apply(0, Exchange(()))
    for seat in range(1, 7):
        hand = g.private_view(seat)["hand"]
        g.apply(seat, Exchange(cards(" ".join(hand[:drawn]))))
    assert g.phase == "tricks" and g.public_view()["upcard_out"] is restricted
    assert (legal(g, 0) == {"AH"}) is restricted


# --- BOU-16 -----------------------------------------------------------------------------------

def test_bou_16_highest_trump_wins() -> None:
    g = start(3, 2, {0: "AH 2S 3S 4S 5S", 1: "6S 7S 8S 9S 2D", 2: "10S JS QS KS 3D"})
    everyone_plays(g)  # trump diamonds
    play(g, 0, "AH"); play(g, 1, "2D"); events = play(g, 2, "3D")
    assert events[-1].data["winner"] == 2 and "{p2} wins trick 1" in english(events[-1])
    assert g.to_act() == [2]


def test_bou_16_highest_trump_else_highest_of_led_suit() -> None:
    assert _winner("10S AD 2H 3H", "H") == 3
    assert _winner("10S AD KS", "H") == 2     # a third-suit ace never wins
    assert _winner("10S AD", "C") == 0
    assert _winner("2H AH KH", "H") == 1      # trumps led
    assert _winner("QS 2D AS", "D") == 1      # the only trump beats a later ace of the led suit


# --- BOU-17 -----------------------------------------------------------------------------------

def test_bou_17_and_bou_18_winner_takes_p_and_bourre_pays_p() -> None:
    g = with_pot(start(4, 3, FOUR), 8, 1)
    assert g.pot == 12
    everyone_plays(g)
    events = []
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    text = summary_of(events)
    assert "{p0} took the most tricks and wins 12 chips" in text
    assert "{p2} is bourré and pays 12 chips" in text and "{p3} is bourré and pays 12 chips" in text
    assert "Next pot: 24 chips." in text


def test_bou_17_and_bou_20_two_player_hand_tie_is_impossible_and_bourre_exempt() -> None:
    # With two active players one of them takes at least three tricks: never a tie.
    g = Bourre.start([200] * 2, {"max_hands": 0}, seed=9)
    for _ in range(10):
        hand = g.hand_no
        while g.hand_no == hand:
            seat = g.to_act()[0]
            g.apply(seat, PlayHand() if g.phase == "declare" else g.timeout_action(seat))
        assert "tie" not in g.last_summary


# --- BOU-19 -----------------------------------------------------------------------------------

def test_bou_19_bourre_pays_the_limit_even_when_the_winner_took_less_than_p() -> None:
    g = with_pot(start(4, 3, FOUR, options={"pot_limit": 5}), 16, 1)
    assert g.pot == 20
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    text = summary_of(events)
    assert "wins 5 chips" in text and "The pot limit leaves 15 chips in the pot" in text
    assert "{p2} is bourré and pays 5 chips" in text
    assert g.pot == 15 + 5 + 5 + 2  # + the next antes of A and B


# --- BOU-20 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("mode, skipped", [("bourre_and_tied", [2, 3]), ("bourre_only", [2, 3]),
                                           ("none", [])])
def test_bou_20_bourre_players_skip_the_next_ante(mode: str, skipped: list[int]) -> None:
    g = start(4, 3, FOUR, options={"ante_exemption": mode})
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.skipped_ante == skipped
    assert g.pot == 4 + 4 + 4 - len(skipped)  # P 4, two bourré pay 4 each, then the antes


def test_bou_20_an_exempt_player_who_folds_still_skipped_the_ante() -> None:
    g = start(4, 3, FOUR)
    everyone_plays(g)
    for seat, card in FOUR_PLAYS:
        play(g, seat, card)
    assert g.dealer == 0 and g.stacks[2] == 195
    g.apply(1, Fold())
    g.apply(2, Fold())
    assert g.stacks[2] == 195  # the exemption applied whether or not they play


# --- BOU-21 -----------------------------------------------------------------------------------

def test_bou_21_a_player_with_no_chips_may_still_play() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200])
    assert g.stacks[1] == 0
    g.apply(0, Fold())
    assert PlayHand() in g.legal_actions(1)
    g.apply(1, PlayHand()); g.apply(1, Exchange(()))
    events = g.apply(2, Fold())
    assert "{p1} was the only player to play and takes 3 chips" in summary_of(events)
    assert not g.is_over() and g.stacks[1] == 3 - 1


# --- BOU-22 -----------------------------------------------------------------------------------

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


def test_bou_22_the_button_moves_left_after_every_hand() -> None:
    g = start(3, 1, {1: "2S 3S 4S 5S 9D"})
    dealers = [g.dealer]
    for _ in range(4):
        timeouts_until_next_hand(g)
        dealers.append(g.dealer)
    assert dealers == [1, 2, 0, 1, 2]


# --- BOU-23 -----------------------------------------------------------------------------------

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
    assert "doubled their buy-in" in english(next(e for e in events if e.kind == "summary"))


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


def test_bou_23_when_the_broke_leave_too_few_the_game_ends_and_the_others_share_the_pot() -> None:
    # BOU-23: "With end_on_bust = false, a player with stack 0 leaves the table instead";
    # BOU-24: the pot is divided "among the players seated at the end" - the broke player
    # has left, so seat 0 alone takes the pot of 2.
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"}, stacks=[200, 1], options={"end_on_bust": False})
    assert g.stacks == [199, 0] and g.pot == 2
    g.apply(0, Fold())
    events = g.apply(1, Fold())
    summary = english(next(e for e in events if e.kind == "summary"))
    assert g.is_over() and "{p1} went broke, leaving fewer than 2 players" in summary
    assert g.stacks == [201, 0] and g.pot == 0 and not g.seated[1]


def test_bou_23_max_hands_0_means_no_limit() -> None:
    g = Bourre.start([200] * 3, {"max_hands": 0}, seed=2)
    for _ in range(25):
        timeouts_until_next_hand(g)
    assert not g.is_over() and g.hand_no == 26


def test_bou_23_end_on_double_is_off_by_default() -> None:
    for opts, over in [({}, False), ({"end_on_double": True}, True)]:
        g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[399, 200, 200], options=opts)
        g.apply(0, PlayHand()); g.apply(0, Exchange(()))
        g.apply(1, Fold()); g.apply(2, Fold())
        assert g.is_over() is over and g.stacks[0] >= 400 - (0 if over else 1)


def test_bou_23_end_on_bust_false_broke_player_leaves_before_the_final_split() -> None:
    # max_hands reached in the hand where seat 1 went broke (its ante took its last chip):
    # it leaves the table "instead", so the split is among the seated seats 0 and 2.
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200],
              options={"end_on_bust": False, "max_hands": 1})
    for seat in range(3):
        events = g.apply(seat, Fold())
    text = summary_of(events)
    assert g.is_over() and "{p1} has no chips left and leaves the table" in text
    assert g.stacks == [199 + 2, 0, 199 + 1] and not g.seated[1] and g.pot == 0


def test_bou_23_end_on_bust_true_keeps_the_broke_player_for_the_split() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 1, 200])
    for seat in range(3):
        events = g.apply(seat, Fold())
    assert g.is_over() and "{p1} went broke" in summary_of(events)
    assert g.stacks == [199 + 1, 0 + 1, 199 + 1]


def test_bou_23_end_on_bust_false_when_everybody_is_broke_they_share_the_pot() -> None:
    g = start(2, 1, {1: "2S 3S 4S 5S 9D"}, stacks=[1, 1], options={"end_on_bust": False})
    assert g.stacks == [0, 0] and g.pot == 2
    g.apply(0, Fold())
    events = g.apply(1, Fold())
    assert g.is_over() and "everybody went broke" in summary_of(events)
    assert g.stacks == [1, 1] and g.pot == 0


# --- BOU-24 -----------------------------------------------------------------------------------

def test_bou_24_extra_hands_until_the_pot_is_won() -> None:
    g = start(4, 3, FOUR, stacks=[208, 200, 200, 8], options={"final_pot": "extra_hands"})
    everyone_plays(g)
    data = g.to_dict(); data["pot"] += 8; data["stacks"][0] -= 8
    g = Bourre.from_dict(data)
    for seat, card in FOUR_PLAYS:
        events = play(g, seat, card)
    assert not g.is_over() and g.extra == 1 and g.public_view()["extra_hand"] == 1
    assert "extra hands" in english(next(e for e in events if e.kind == "summary"))
    for _ in drive(g, random_policy, seed=3):
        pass
    assert g.is_over() and g.pot == 0 and 1 <= g.extra <= 5
    assert sum(g.stacks) == 616


def test_bou_24_split_odd_chips_from_the_last_dealers_left() -> None:
    g = with_pot(start(4, 1, {1: "2S 3S 4S 5S 9D"}, options={"max_hands": 1}), 3, 0)
    assert g.pot == 7
    for seat in (2, 3, 0, 1):
        events = g.apply(seat, Fold())
    assert g.is_over() and "one odd chip each to {p2}, {p3}, {p0}" in summary_of(events)
    assert g.stacks == [196 + 2, 199 + 1, 199 + 2, 199 + 2] and sum(g.stacks) == 800


def test_bou_24_at_most_five_extra_hands_then_split() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"},
              options={"max_hands": 1, "final_pot": "extra_hands", "dealer_must_play_on_ace": False})
    for _ in range(6):
        assert not g.is_over()
        timeouts_until_next_hand(g)   # everybody folds: the pot is never won
    assert g.is_over() and g.hand_no == 6 and g.extra == 5
    assert g.pot == 0 and sum(g.stacks) == 600 and g.stacks == [200, 200, 200]


def test_bou_24_extra_hands_do_not_apply_the_other_end_conditions() -> None:
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"}, stacks=[200, 3, 200],
              options={"max_hands": 1, "final_pot": "extra_hands", "dealer_must_play_on_ace": False})
    timeouts_until_next_hand(g)
    assert g.extra == 1 and g.stacks[1] == 1
    timeouts_until_next_hand(g)   # seat 1 antes its last chip in extra hand 2
    assert g.extra == 2 and g.stacks[1] == 0
    timeouts_until_next_hand(g)   # settled with a stack of 0: no end on bust during extra hands
    assert not g.is_over() and g.seated[1] and g.extra == 3


# --- BOU-25 -----------------------------------------------------------------------------------

def test_bou_25_a_settlement_that_changes_the_total_is_refused(monkeypatch) -> None:
    real = scoring.settle_draw

    def leaky(game, active):
        lines = real(game, active)
        game.stacks[0] += 1  # a chip created from nothing
        return lines

    monkeypatch.setattr(scoring, "settle_draw", leaky)
    g = start(3, 2, {2: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold()); g.apply(1, Fold())
    with pytest.raises(RuntimeError, match="BOU-25"):
        g.apply(2, Fold())


# --- BOU-26 -----------------------------------------------------------------------------------

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


def test_bou_26_lowest_legal_card_ties_broken_clubs_diamonds_hearts_spades() -> None:
    hands = {0: "2S 2H 2D AC KC", 2: "3D 4D 5D 6D 9H"}
    g = start(3, 2, hands)
    everyone_plays(g)
    assert g.timeout_action(0) == PlayCard(Card.parse("2D"))
    g2 = start(3, 2, {0: "2S 2H 2D 2C KC", 2: "3D 4D 5D 6D 9H"})
    everyone_plays(g2)
    assert g2.timeout_action(0) == PlayCard(Card.parse("2C"))
    g3 = start(3, 2, {0: "2S 2H AD AC KC", 2: "3D 4D 5D 6D 9H"})
    everyone_plays(g3)
    assert g3.timeout_action(0) == PlayCard(Card.parse("2H"))


def test_bou_26_timeout_respects_the_legal_set_and_the_exchange_phase() -> None:
    g = start(4, 3, OPT, options={"exchange_order": "declare_then_exchange"})
    for seat in range(4):
        g.apply(seat, PlayHand())
    assert g.phase == "exchange" and g.timeout_action(0) == Exchange(())
    for seat in range(4):
        g.apply(seat, g.timeout_action(seat))
    play(g, 0, "5H")
    assert g.timeout_action(1) == PlayCard(Card.parse("AH"))  # the only legal card, not 3H
    assert g.timeout_action(1) in g.legal_actions(1)


# --- BOU-27 -----------------------------------------------------------------------------------

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


def test_bou_27_folded_hands_and_the_stock_stay_private() -> None:
    g = start(4, 3, FOUR)
    g.apply(0, Fold())
    public = json.dumps(g.public_view())
    for c in FOUR[0].split():
        assert f'"{c}"' not in public
    for c in g.to_dict()["stock"]:
        assert f'"{c}"' not in public
    assert g.private_view(1)["hand"] and "AC" not in json.dumps(g.private_view(1))
