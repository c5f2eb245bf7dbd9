"""Buki-Domino: the line as a snake (left to right, then back, so it fits a phone and stays one
chain), its two open ends tinted and the tile just laid haloed; below, a cell per player with
their name, the banker labelled and framed in gold, each other player's bet on a chip, and the
tiles they hold face down. After a hand: the final line and every player's tiles, face up, with
what the hand won or cost them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .parts import BANK, CELL, LAST_KEY, MUTED, NAME_COLOUR, OPEN_END, TURN, TURN_KEY, Key, label, legend, moved, name
from .scene import GAP, HIDDEN, TEXT, TILE_BOARD, WIDTH, Builder, Scene, parse_tile

TILE_GAP = 8
STEP = 2 * TILE_BOARD + TILE_GAP
PER_ROW = (WIDTH - 2 * GAP + TILE_GAP) // STEP
SEATS = 4
CELL_W = (WIDTH - (SEATS + 1) * GAP) // SEATS
CELL_H = 150
BACK_SIDE = 18          # the tiles a player holds, face down: only their number matters
FINAL_NAME = 146        # the final picture's name column
FINAL_TILE = 40         # seven tiles beside it still fit
OPEN_KEY = Key("open_end", fill=OPEN_END)
BANK_KEY = Key("banker", outline=BANK)


def snake(b: Builder, y: int, line: Sequence[str], *, open_ends: bool, last: int | None = None) -> int:
    """The line in rows of PER_ROW, every other row right to left with its tiles turned round, so
    each tile touches the one it was laid against. Returns the y below it."""
    for i, tile in enumerate(line):
        row, k = divmod(i, PER_ROW)
        left, right = parse_tile(tile)
        back = row % 2 == 1
        x = GAP + (PER_ROW - 1 - k if back else k) * STEP
        first, final = i == 0, i == len(line) - 1
        b.tile(x, y + row * (TILE_BOARD + TILE_GAP), *((right, left) if back else (left, right)),
               open_left=open_ends and (first or (final and back)), open_right=open_ends and final and not back,
               last=i == last)
    rows = (len(line) - 1) // PER_ROW + 1 if line else 0
    return y + rows * (TILE_BOARD + TILE_GAP) + GAP


def _last_laid(public: Mapping[str, Any]) -> int | None:
    """Where in the line the last move laid its tile."""
    last = public.get("last_move") or {}
    if last.get("kind") != "play" or not public["line"]:
        return None
    return 0 if last.get("end") == "L" else len(public["line"]) - 1


def board_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    if public["stage"] == "over":
        return final_scene(public, names, labels)
    b = Builder(min_width=WIDTH)
    y = snake(b, GAP, public["line"], open_ends=True, last=_last_laid(public))
    mover, _ = moved(public)
    acting = {public["turn"]} if public["stage"] == "play" else set(public["to_act"])
    for seat in range(len(public["tile_counts"])):
        _cell(b, GAP + seat * (CELL_W + GAP), y, public, names, labels, seat, mover, seat in acting)
    keys = [k for k, on in ((TURN_KEY, bool(acting)), (LAST_KEY, mover is not None),
                               (BANK_KEY, public["banker"] is not None), (OPEN_KEY, bool(public["line"]))) if on]
    legend(b, y + CELL_H + GAP, keys, labels)
    return b.scene()


def _cell(b: Builder, x: int, y: int, public: Mapping[str, Any], names: list[str], labels: Mapping[str, str],
          seat: int, mover: int | None, turn: bool) -> None:
    banker = seat == public["banker"]
    b.panel(x, y, CELL_W, CELL_H, fill=CELL, outline=TURN if turn else BANK if banker else None, width=3)
    room = CELL_W - 24 - (22 if seat == mover else 0)
    end = label(b, x + 12, y + 10, name(names, seat, room), muted=not public["active"][seat])
    if seat == mover:
        b.panel(end + 8, y + 16, 14, 14, fill=LAST_KEY.fill, width=0)
    middle = y + 66
    if banker:
        b.text(x + 12, middle, labels.get("banker", ""), TEXT, colour=BANK, anchor="lm")
    else:
        stake = public["stakes"][seat] or public["bets"][seat] or 0
        if stake:
            after = b.text(x + 12, middle, labels.get("bet", ""), TEXT, colour=NAME_COLOUR, anchor="lm")
            b.chip(after + 8 + 22, middle, stake, 22)
    for t in range(public["tile_counts"][seat]):
        b.tile(x + 12 + (t % 4) * (2 * BACK_SIDE + 4), y + 96 + (t // 4) * (BACK_SIDE + 6), HIDDEN, HIDDEN, BACK_SIDE)


def final_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """The hand just settled: its line as it ended, then each player's tiles face up and what the
    hand won or cost them, the winner's row first."""
    last = public.get("last_hand")
    if not last:
        return None
    b = Builder(min_width=WIDTH)
    y = snake(b, GAP, last["line"], open_ends=False)
    order = sorted(range(len(last["hands"])), key=lambda s: (s != last["winner"], s))
    for seat in order:
        change = last["change"][seat]
        colour = NAME_COLOUR if change >= 0 else MUTED
        label(b, GAP, y + 2, name(names, seat, FINAL_NAME - GAP))
        after = b.text(GAP, y + 32, f"{change:+,}", TEXT, colour=colour, bold=True)
        if seat == last["banker"]:
            b.text(after + 10, y + 32, labels.get("banker", ""), TEXT, colour=BANK)
        for k, tile in enumerate(last["hands"][seat]):
            b.tile(FINAL_NAME + k * (2 * FINAL_TILE + 6), y + 8, *parse_tile(tile), FINAL_TILE)
        y += FINAL_TILE + 34
    return b.scene()
