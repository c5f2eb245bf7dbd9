"""Bourré: the engine as a whole: registration, options, the codec."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import action_from_dict, action_to_dict
from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.cards import Card

from .helpers import start
from .rules_helpers import cards
from tests.english import label


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
def test_bad_options_raise_naming_the_option(options: dict[str, Any], name: str) -> None:
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
