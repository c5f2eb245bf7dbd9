"""Marriage: the engine as a whole: registration, options, the codec."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import seat_key
from bot.games.cards import Card, card_texts, new_deck, parse_card_texts
from bot.games.marriage import Marriage
from bot.games.marriage.actions import (
    EndGame,
    NextDeal,
)
from bot.games.marriage.deal import end_deal
from bot.games.marriage.layout import group_hand
from bot.games.marriage.options import OPTION_SPECS, resolve

from .helpers import cards, game_in_play, set_position


def test_registered_and_summary_short() -> None:
    assert GAMES["marriage"] is Marriage
    names = {s.name for s in OPTION_SPECS}
    for name in ("seen_payment", "unseen_payment", "dublee_finish_bonus", "point_table", "marriage_scoring",
                 "ace_tiplu_wrap_marriage", "unseen_maal", "tunnela_declare_window", "taken_card_discard_ban",
                 "seen_may_take_unseen_wild_to_finish", "wild_pickup_ban", "dublee_discard_pickup",
                 "discard_pickup_before_seen", "dublee_enabled", "dublee_min_players",
                 "declared_tunnela_counts_as_dublee", "max_stock_rebuilds", "turn_timeout_seconds",
                 "declare_timeout_seconds", "chips_per_point", "min_chips_to_play", "short_stack_rule"):
        assert name in names


def test_bad_options_name_the_option() -> None:
    with pytest.raises(ValueError, match="seen_payment"):
        Marriage.start([100, 100], {"seen_payment": 101})
    with pytest.raises(ValueError, match="bogus"):
        Marriage.start([100, 100], {"bogus": 1})
    with pytest.raises(ValueError):
        Marriage.start([100])


def test_buy_in_is_free_above_a_minimum() -> None:
    b = Marriage.buy_in({})
    assert b.maximum is None and b.minimum >= 1 and b.default >= b.minimum


def test_cash_out_between_deals_and_game_end() -> None:
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


def test_a_state_saved_between_deals_with_one_player_left_can_still_end() -> None:
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


def test_private_view_marks_wild_cards_once_seen() -> None:
    g = game_in_play(2)
    set_position(g, {0: "7S 7H 6D 8D 2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 9C JC KC AH"}, turn=0,
                 pile=[("4S", 1, False)], tiplu="7D")
    assert g.private_view(0)["wild"] == []
    g.seen[0] = True
    v = g.private_view(0)
    assert set(v["wild"]) == {"7S", "7H", "6D", "8D"} and v["maal"]["poplu"] == "8D"


def test_fast_paths_return_fresh_equal_values() -> None:
    """The memoised hot paths (card notation, options, hand grouping) behave like the slow ones
    and never hand out shared mutable state."""
    card = Card.parse
    deck = new_deck(3)
    assert parse_card_texts(card_texts(deck)) == deck and card_texts(deck) == [str(c) for c in deck]
    assert card("qh#1") == Card.parse("QH#1") and card("10S") == Card(10, "S")
    first = resolve({"seen_payment": 4})
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.seen_payment = 99  # type: ignore[misc]  # options are immutable, so no caller can change another's
    assert resolve({"seen_payment": 4}).seen_payment == 4 and resolve({}).seen_payment == 3
    for _ in range(2):
        with pytest.raises(ValueError, match="seen_payment"):
            resolve({"seen_payment": 101})
    hand = cards("3C 4C 5C 9S 9S KD 2H")
    grouped = group_hand(hand)
    assert grouped == {"pure_sets": [["3C", "4C", "5C"]], "pairs": [["9S", "9S#1"]], "loose": [["2H"], ["KD"]]}
    grouped["pairs"][0].append("AS")
    assert group_hand(list(hand))["pairs"] == [["9S", "9S#1"]]
