"""The shared domino tiles module (bot/games/tiles.py)."""

from __future__ import annotations

import pytest

from bot.games.cards import deal_rng
from bot.games.tiles import Tile, format_tiles, full_set, parse_tiles, shuffled_set, sort_tiles


def test_parse_and_notation() -> None:
    assert str(Tile.parse("[6|3]")) == "[6|3]"
    assert Tile.parse("[3|6]") == Tile.parse("6|3") == Tile.parse(" 6-3 ") == Tile(3, 6) == Tile(6, 3)
    assert Tile(6, 3).pips == 9 and Tile(6, 3).high == 6 and Tile(6, 3).low == 3
    assert Tile(6, 3).has(3) and not Tile(6, 3).has(4) and Tile(6, 3).other(6) == 3
    assert repr(Tile(6, 3)) == "Tile('[6|3]')"
    for bad in ("[6|]", "63", "[10|2]", "[a|b]", ""):
        with pytest.raises(ValueError, match="not a tile|no such tile"):
            Tile.parse(bad)
    with pytest.raises(ValueError):
        Tile(6, 3).other(5)


def test_parse_tiles_and_format() -> None:
    tiles = parse_tiles("[6|3] [5|2],[2|5][1|0]")
    assert format_tiles(tiles) == "[6|3] [5|2] [5|2] [1|0]"
    assert parse_tiles(format_tiles(full_set())) == full_set()


def test_ordering_by_weight() -> None:
    # pips first, then the higher end (DOM-6): [8|5] beats [7|6] though both have 13
    assert Tile(8, 5) > Tile(7, 6) > Tile(8, 4)
    assert max(full_set()) == Tile(8, 7) and min(full_set()) == Tile(1, 0)
    assert [str(t) for t in sort_tiles(parse_tiles("[1|0] [7|6] [8|5]"))] == ["[8|5]", "[7|6]", "[1|0]"]
    assert len(set(full_set())) == 36 and sorted(full_set()) == sorted(set(full_set()))


def test_sets_and_seeded_shuffle() -> None:
    assert len(full_set()) == 36 and all(not t.is_double for t in full_set())
    assert len(full_set(6, doubles=True)) == 28
    a = shuffled_set(deal_rng("table-1", 3))
    b = shuffled_set(deal_rng("table-1", 3))
    c = shuffled_set(deal_rng("table-1", 4))
    assert a == b and a != c and sorted(a) == sorted(full_set())
