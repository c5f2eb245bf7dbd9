"""Explicit deals for Buki-Domino tests (tiles in notation, seats P1–P4 = 0–3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.buki_domino import BukiDomino
from bot.games.tiles import Tile, full_set, parse_tiles

D6_HANDS = ["[8|4] [8|2] [7|6] [7|1] [3|2] [2|0]", "[6|5] [6|4] [6|0] [4|2] [3|1] [3|0]",
            "[8|5] [8|3] [7|0] [5|2] [4|3] [4|0]", "[8|7] [8|6] [8|0] [7|3] [6|3] [5|3]"]
D6_STAMM = "[5|1] [6|2] [1|0] [6|1] [8|1] [7|5] [7|2] [5|4] [2|1] [4|1] [5|0] [7|4]"
D7_HANDS = ["[8|2] [8|1] [7|4] [5|3] [5|2] [2|0]", "[8|5] [7|6] [6|2] [4|2] [3|1] [3|0]",
            "[8|6] [8|3] [6|0] [3|2] [2|1] [1|0]", "[8|4] [6|5] [5|4] [5|1] [4|1] [4|0]"]
D7_STAMM = "[5|0] [6|4] [4|3] [7|2] [7|3] [6|3] [8|0] [7|0] [6|1] [7|5] [7|1] [8|7]"


def make_deck(hands: Sequence[str | None], stamm: str = "", per_player: int = 6) -> list[Tile]:
    """P1's tiles, P2's, P3's, P4's, then the Stamm. A hand given as None, or short, is filled
    with the lightest tiles not named anywhere; `stamm` tiles go to the Stamm first."""
    named = [parse_tiles(h) if h else [] for h in hands] + [[] for _ in range(4 - len(hands))]
    reserved = parse_tiles(stamm)
    used = {t for h in named for t in h} | set(reserved)
    spare = [t for t in sorted(full_set()) if t not in used]
    deck: list[Tile] = []
    for h in named:
        while len(h) < per_player:
            h.append(spare.pop(0))
        deck += h
    deck += reserved + spare
    assert sorted(deck) == sorted(full_set())
    return deck


def new_game(hands: Sequence[str | None], stamm: str = "", stacks: list[int] | None = None,
             **options: Any) -> BukiDomino:
    options.setdefault("first_banker_sets_limits", False)
    per = options.get("tiles_per_player", 6)
    return BukiDomino.start(stacks or [100] * 4, options, seed=7, deck=make_deck(hands, stamm, per))
