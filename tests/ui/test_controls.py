"""Controls offer exactly the legal actions, within Discord's component limits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

import pytest

from bot.errors import PlayerError
from bot.games.actions import Discard
from bot.games.cards import Card, parse_cards
from bot.games.messages import LEGACY, Msg
from bot.ui import custom_ids
from bot.ui.controls import layout
from bot.ui.views import chip_amount

from tests.tables.toy_game import Fold, HighCard, Show


@dataclass(frozen=True, slots=True)
class Exchange:
    kind: ClassVar[str] = "exchange"
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        return "Exchange"

    @property
    def message(self) -> Msg:
        return Msg(LEGACY, {"text": self.label})


@dataclass(frozen=True, slots=True)
class Bet:
    kind: ClassVar[str] = "bet"
    amount: int

    @property
    def label(self) -> str:
        return f"Bet {self.amount}"

    @property
    def message(self) -> Msg:
        return Msg(LEGACY, {"text": self.label})


TYPES = (Discard, Exchange, Bet, Show, Fold)


def test_few_actions_are_buttons_that_decode_back() -> None:
    out = layout(7, 3, [Show(), Fold()])
    assert [b.label for b in out.buttons()] == ["Show", "Fold"]
    assert [b.style for b in out.buttons()] == ["play", "danger"]
    for button, action in zip(out.buttons(), [Show(), Fold()]):
        m = re.fullmatch(custom_ids.ACTION_PATTERN, button.custom_id)
        assert m is not None and (m["table"], m["version"]) == ("7", "3")
        assert custom_ids.decode_action(HighCard.action_types, m["kind"], m["args"]) == action


def test_many_cards_become_one_select_with_every_card() -> None:
    hand = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    out = layout(1, 1, [Discard(c) for c in hand] + [Fold()])
    [select] = out.selects()
    assert select.placeholder == "Choose a card to discard"
    assert len(select.options) == 11
    decoded = [custom_ids.decode_action(TYPES, "discard", o.value) for o in select.options]
    assert decoded == [Discard(c) for c in hand]
    assert [b.label for b in out.buttons()] == ["Fold"]


def test_choosing_several_cards_is_a_multi_select() -> None:
    hand = parse_cards("AS KH 10D 2C 5C")
    actions = [Exchange(())] + [Exchange((c,)) for c in hand] + [Exchange(tuple(hand))]
    [select] = layout(1, 1, actions).selects()
    assert (select.min_values, select.max_values) == (0, 5)
    assert "m:exchange" in select.custom_id
    assert custom_ids.decode_action(TYPES, "exchange", "+".join(["AS", "KH"])) == Exchange(tuple(parse_cards("AS KH")))
    assert custom_ids.decode_action(TYPES, "exchange", "") == Exchange(())


def test_long_amount_lists_are_thinned_keeping_both_ends() -> None:
    [select] = layout(1, 1, [Bet(n) for n in range(1, 201)]).selects()
    values = [custom_ids.decode_action(TYPES, "bet", o.value).amount for o in select.options]
    assert len(values) == 25 and values[0] == 1 and values[-1] == 200
    assert values == sorted(set(values))


def test_never_more_than_five_rows_and_ids_fit() -> None:
    actions: list[object] = [Bet(n) for n in range(30)] + [Discard(c) for c in parse_cards("AS 2S 3S 4S 5S 6S")]
    actions += [Show(), Fold()]
    out = layout(123456789012345678, 99999, actions)
    assert len(out.rows) <= 5
    for button in out.buttons():
        assert len(button.custom_id) <= 100
    for select in out.selects():
        assert len(select.custom_id) <= 100 and len(select.options) <= 25


def test_custom_id_codec_rejects_what_does_not_fit() -> None:
    with pytest.raises(ValueError):
        custom_ids.decode_action(TYPES, "discard", "ZZ")
    with pytest.raises(ValueError):
        custom_ids.decode_action(TYPES, "nonsense", None)
    with pytest.raises(ValueError):
        custom_ids.decode_action(TYPES, "bet", "1,2")
    with pytest.raises(ValueError):
        custom_ids.verb(1, "explode")
    assert re.fullmatch(custom_ids.VERB_PATTERN, custom_ids.verb(42, "hand"))


def test_an_empty_value_is_refused_where_the_action_needs_one() -> None:
    """`~` (no value) fits only an optional field; elsewhere it is a control that no longer fits."""
    with pytest.raises(ValueError):
        custom_ids.decode_action((Discard,), "discard", "~")


@pytest.mark.parametrize("typed, reply", [("-5", "above zero"), ("0", "above zero"), (str(2**63), "at most"),
                                          ("lots", "whole number")])
def test_typed_chip_amounts_get_a_clear_reply(typed: str, reply: str) -> None:
    with pytest.raises(PlayerError, match=reply):
        chip_amount(typed)
    assert chip_amount("1,200") == 1200
