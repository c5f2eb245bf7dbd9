"""Building engine positions for the worked examples: hands, wallets and mat as the rules state them.

Every card not listed in a hand goes to the dead hand (the examples' "unavailable" cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.tripoley import MichiganRummyGame, TripoleyGame
from bot.games.tripoley.game import DealGame

ANN, BOB, CAL, DEE, EVE = range(5)


def position(cls: type[DealGame] = TripoleyGame, wallets: Sequence[int] = (), hands: Mapping[int, str] | None = None,
             mat: Mapping[str, int] | None = None, dealer: int = 0,
             options: Mapping[str, Any] | None = None) -> DealGame:
    game = cls.seated(list(wallets), options, seed=0)
    game.dealer = dealer
    game.deal_no = 1
    game.dealt_in = list(range(len(wallets)))
    used: set[Card] = set()
    for seat, text in (hands or {}).items():
        game.hands[seat] = parse_cards(text)
        used |= set(game.hands[seat])
    game.dead = [c for c in new_deck() if c not in used]
    for code, chips in (mat or {}).items():
        game.mat[code] = chips
    return game


def total(game: Any) -> int:
    return sum(game.chips().values())


__all__ = ["ANN", "BOB", "CAL", "DEE", "EVE", "MichiganRummyGame", "TripoleyGame", "position", "total"]
