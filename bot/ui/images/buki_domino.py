"""Buki-Domino: the line as laid, left to right in rows, its two open ends tinted; below, a cell
per player with the tiles they hold (face down), their stake on a chip, the banker's cell framed
in gold and the player to move in blue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .parts import BANK, CELL, TURN, label, name
from .scene import GAP, HIDDEN, TILE_BOARD, Builder, Scene, parse_tile

PER_ROW = 10
TILE_GAP = 6
CELL_W, CELL_H = 184, 88


def board_scene(public: dict[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    if public["stage"] == "over":
        return None
    b = Builder(min_width=4 * (CELL_W + GAP) + GAP)
    line = public["line"]
    y = GAP
    step = 2 * TILE_BOARD + TILE_GAP
    for i, tile in enumerate(line):
        left, right = parse_tile(tile)
        b.tile(GAP + (i % PER_ROW) * step, y + (i // PER_ROW) * (TILE_BOARD + TILE_GAP), left, right,
               open_left=i == 0, open_right=i == len(line) - 1)
    if line:
        y += ((len(line) - 1) // PER_ROW + 1) * (TILE_BOARD + TILE_GAP) + GAP
    for seat in range(len(public["tile_counts"])):
        x = GAP + seat * (CELL_W + GAP)
        banker = seat == public["banker"]
        turn = seat == public["turn"] and public["stage"] == "play"
        b.panel(x, y, CELL_W, CELL_H, fill=CELL, outline=BANK if banker else TURN if turn else None,
                width=3 if banker else 2)
        label(b, x + 10, y + 8, name(names, seat), muted=not public["active"][seat])
        for t in range(public["tile_counts"][seat]):
            b.tile(x + 10 + (t % 4) * 36, y + 40 + (t // 4) * 20, HIDDEN, HIDDEN, 16)
        stake = public["stakes"][seat] or public["bets"][seat] or 0
        if not banker and stake:
            b.chip(x + CELL_W - 30, y + 30, stake, 20)
    return b.scene()
