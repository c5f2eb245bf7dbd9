"""The one codec: actions checked where they enter, states with a format version and upgrades."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.actions import Action, Discard, DrawStock
from bot.games.base import MalformedAction, action_from_dict, action_to_dict
from bot.games.cards import Card
from bot.games.codec import Range, StateCodec, action_from_text, action_to_text
from bot.games.messages import Cards, Msg
from bot.games.tiles import Tile

TRIPOLEY = GAMES["tripoley"].action_types


class Wager(Action, kind="wager"):
    card: Card
    amount: Annotated[int, Range(1, 50)]


class Lay(Action, kind="lay"):
    tiles: tuple[Tile, ...]
    left: bool
    note: str | None = None

    @property
    def label(self) -> str:
        return "Lay"


TYPES = (Wager, Lay, Discard, DrawStock)


@pytest.mark.parametrize("amount", [2.5, 1.5, True, "3", -1, None, [3]])
@pytest.mark.parametrize("kind", ["bet", "bid", "raise"])
def test_a_chip_amount_must_be_a_whole_non_negative_number(kind: str, amount: Any) -> None:
    with pytest.raises(IllegalAction, match="whole number"):
        action_from_dict(TRIPOLEY, {"kind": kind, "amount": amount})
    assert action_from_dict(TRIPOLEY, {"kind": kind, "amount": 3}).amount == 3


@pytest.mark.parametrize("data", [
    {"kind": "wager", "card": "ZZ", "amount": 3},          # no such card
    {"kind": "wager", "card": 5, "amount": 3},             # not a card's text
    {"kind": "wager", "card": "QH"},                       # a field missing
    {"kind": "wager", "card": "QH", "amount": 0},          # below the declared range
    {"kind": "wager", "card": "QH", "amount": 51},         # above it
    {"kind": "lay", "tiles": "[6|3]", "left": True},       # not a list
    {"kind": "lay", "tiles": ["[6|3]"], "left": 1},        # not a bool
    {"kind": "fly"},                                       # no such kind
])
def test_malformed_actions_are_illegal_and_value_errors(data: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction) as info:
        action_from_dict(TYPES, data)
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)


def test_actions_round_trip_through_json_and_control_text() -> None:
    actions: list[Any] = [Wager(Card.parse("QH#1"), 7), Lay((Tile(6, 3), Tile(2, 1)), True),
                          Lay((), False, "x"), Discard(Card.parse("10S")), DrawStock()]
    for action in actions:
        assert action_from_dict(TYPES, action_to_dict(action)) == action
        assert action_from_text(TYPES, action.kind, action_to_text(action) or None) == action
    assert action_to_dict(actions[0]) == {"kind": "wager", "card": "QH#1", "amount": 7}
    assert action_to_text(actions[1]) == "[6|3]+[2|1],t,~"


@pytest.mark.parametrize("kind,text", [("wager", "QH,2.5"), ("wager", "QH"), ("lay", "[6|3],yes,~"),
                                       ("wager", "QH,99")])
def test_malformed_control_text_is_refused(kind: str, text: str) -> None:
    with pytest.raises(MalformedAction):
        action_from_text(TYPES, kind, text)


def test_the_action_base_makes_frozen_tagged_values() -> None:
    wager = Wager(Card.parse("AS"), 5)
    assert wager.kind == "wager" and wager.message == Msg("act.wager", {"card": Cards(("AS",)), "amount": 5})
    assert wager == Wager(Card.parse("AS"), 5) and len({wager, Wager(Card.parse("AS"), 5)}) == 1
    with pytest.raises(AttributeError):
        wager.amount = 6  # type: ignore[misc]
    assert Discard.prompt and Discard.prompt_key() == "act.discard.prompt"
    assert not Wager.prompt and Wager.prompt_key() is None   # no prompt: the select is titled by its kind


@dataclass
class Toy:
    hands: list[list[Card]] = field(default_factory=list)
    owed: dict[int, int] = field(default_factory=dict)
    seed: int | str = 0
    pot: int = 0


def test_states_carry_a_format_and_older_formats_are_upgraded() -> None:
    codec = StateCodec(version=2, upgrades={1: lambda old: {**old, "pot": old.pop("bank")}})
    toy = Toy([[Card.parse("QH")], []], {3: 10}, "s", 4)
    saved = codec.dump(toy)
    assert saved == {"format": 2, "hands": [["QH"], []], "owed": {"3": 10}, "seed": "s", "pot": 4}
    assert codec.load(Toy, saved) == toy
    old = {"format": 1, "hands": [], "owed": {}, "seed": 1, "bank": 9}
    assert codec.load(Toy, old) == Toy([], {}, 1, 9)
    with pytest.raises(ValueError, match="format"):
        codec.load(Toy, {"format": 7})
    with pytest.raises(ValueError):
        codec.load(Toy, {"format": 2, "pot": "4"})


@dataclass(frozen=True)
class _Opts:
    limit: int = 10
    style: str = "plain"


@dataclass
class _Holder:
    opts: _Opts
    counts: list[int] = field(default_factory=list)


def test_a_frozen_record_of_scalars_is_written_once_and_each_caller_gets_its_own_copy() -> None:
    codec = StateCodec(version=1)
    held = _Holder(_Opts())
    first = codec.dump(held)
    first["opts"]["limit"] = 99          # a caller extending what it got changes nothing after
    held.counts.append(3)                 # mutable parts are written as they are now
    again = codec.dump(held)
    assert again == {"format": 1, "opts": {"limit": 10, "style": "plain"}, "counts": [3]}
    other = _Holder(_Opts(limit=4))       # another object is written for itself
    assert codec.dump(other)["opts"] == {"limit": 4, "style": "plain"}
