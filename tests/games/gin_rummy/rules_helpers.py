"""What several of the Gin Rummy rule modules share: positions and small helpers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.actions import Action
from bot.games.cards import Card
from bot.games.gin_rummy import GinRummy

from tests.english import english

G7_KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C JC 4D"        # scores 23 against G7_DEFENDER


G7_DEFENDER = "4S 5S 7S 8H 8D KC QC 2H 3H 6C"


ND_HAND = "2H 5H 8H JH 3D 6D 9D QD 4C 7C"


D_HAND = "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"


GIN_HAND = "AC 2C 3C 4C 5C 5H 5S 5D 6D 9D"     # gin after drawing 7D


OTHER = "KS KH 2H 3D 8S 8C 4H 9C JH QH"


def c(text: str) -> Card:
    return Card.parse(text)


G9_KNOCKER = "2S 3S 4S 8H 8D 8C JD QD KD 6C"


G9_DEFENDER = "5S 9H 9D 9C 7H 7D 7S AC 2D 3C"


def summary(events: list[Any]) -> str:
    return next(english(e) for e in events if e.kind == "summary")


def illegal(g: GinRummy, seat: int, action: Action) -> IllegalAction:
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        g.apply(seat, action)
    assert json.dumps(g.to_dict(), sort_keys=True) == before      # nothing changed
    assert str(info.value).endswith(".") and len(str(info.value)) > 15
    return info.value
