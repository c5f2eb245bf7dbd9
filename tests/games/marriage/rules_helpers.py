"""What several of the Marriage rule modules share: positions and small helpers."""

from __future__ import annotations

from typing import Any

from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.melds import MeldType, classify_meld

from .helpers import cards, set_position

PLAIN = "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"  # no pure set, no pair


PLAIN_WITH_AD = "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC AD 6D AH 2H 4H"


DUBLEE_HAND = "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"


def kind(text: str, tiplu: str | None, **kw: Any) -> MeldType:
    return classify_meld(cards(text), None if tiplu is None else Card.parse(tiplu), **kw)


def _winner_position(g: Marriage, tiplu: str, hand: str, shown: list[str], others: str = PLAIN_WITH_AD) -> None:
    hands = {s: others for s in g.players if s != 0}
    hands[0] = hand
    used = set_position(g, hands, turn=0, pile=[("4S", None, False)], tiplu=tiplu)
    g.shown[0] = [cards(m, used) for m in shown]
    g.seen[0], g.route[0], g.drawn = True, "normal", True
