"""What several of the Buki-Domino rule modules share: positions and small helpers."""

from __future__ import annotations

from typing import Any

from bot.games.buki_domino import BukiDomino, Play
from bot.games.tiles import Tile

from .decks import D6_HANDS, D6_STAMM, new_game

T = Tile.parse


def d6_to_second_hand(**options: Any) -> BukiDomino:
    """D6 played out: P2 wins the block and banks the second hand (a change of banker)."""
    g = new_game(D6_HANDS, D6_STAMM, **options)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    assert g.hands_done == 1 and g.banker == 1
    return g


def finish_hand(g: BukiDomino) -> list[Any]:
    """Play the current hand out by timeouts; the events of the last action."""
    start = g.hands_done
    ev: list[Any] = []
    while not g.is_over() and g.hands_done == start:
        seat = g.to_act()[0]
        ev = g.apply(seat, g.timeout_action(seat))
    return ev


def play_d6(g: BukiDomino) -> list[Any]:
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    return g.apply(1, Play(T("[3|1]"), "R"))


def play_d7(g: BukiDomino) -> list[Any]:
    ev: list[Any] = []
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        ev = g.apply(seat, Play(T(tile), end))
    return ev
