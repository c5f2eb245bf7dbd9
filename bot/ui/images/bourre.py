"""Bourré: the trump upcard and the pot, then a cell per seat with its name, the card it played to
this trick (the card winning so far framed in blue, the card just played haloed) and a card back
with the number of tricks it has won; seats out of the hand greyed. Between tricks the last trick
stays on the table, its winner framed. After a hand: its last trick and the tricks each seat took."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bot.ui.boards.bourre import current_winner

from .parts import CELL, LAST_KEY, MARK, MUTED, TURN, TURN_KEY, Key, label, legend, moved, name
from .scene import BACK, BOARD, GAP, SMALL, TEXT, WIDTH, Builder, Scene

OUT = ("folded", "left", "sitting out")
CELL_H = 150
BACK_COLOUR = (30, 60, 150)
WINNING_KEY = Key("winning", fill=(250, 250, 246), outline=MARK)
TRICKS_KEY = Key("tricks", fill=BACK_COLOUR)
OUT_KEY = Key("out", fill=MUTED)


def _columns(n: int) -> int:
    return n if n <= 4 else math.ceil(n / 2)


def _header(b: Builder, public: Mapping[str, Any], labels: Mapping[str, str], upcard: str, pot: int | None) -> int:
    """The trump card and the pot, labelled; returns the y below them."""
    after = label(b, GAP, GAP, labels.get("trump", ""))
    b.card(GAP, GAP + 34, upcard, BOARD)
    if pot is not None:
        x = max(after, GAP + BOARD.w) + 3 * GAP
        label(b, x, GAP, labels.get("pot", ""))
        b.chip(x + 34, GAP + 34 + BOARD.h // 2, pot, 30)
    return GAP + 34 + BOARD.h + GAP


def _cells(b: Builder, y: int, seats: Sequence[Mapping[str, Any]], names: list[str], played: Mapping[int, str],
           *, turn: int | None, winner: int | None, old: bool, mover: int | None, last: set[str]) -> int:
    """A cell per seat; returns the y below them."""
    columns = _columns(len(seats))
    cell_w = (WIDTH - (columns + 1) * GAP) // columns
    for i, s in enumerate(seats):
        x, top = GAP + (i % columns) * (cell_w + GAP), y + (i // columns) * (CELL_H + GAP)
        seat, out = s["seat"], s["state"] in OUT
        b.panel(x, top, cell_w, CELL_H, fill=CELL, outline=TURN if seat == turn else None, width=3)
        room = cell_w - 24 - (22 if seat == mover else 0)
        end = label(b, x + 12, top + 10, name(names, seat, room), muted=out)
        if seat == mover:
            b.panel(end + 8, top + 16, 14, 14, fill=LAST_KEY.fill, width=0)
        if seat in played:
            card = played[seat]
            b.card(x + 12, top + 48, card, BOARD, marked=seat == winner, dim=old and seat != winner,
                   last=card in last and not old)
        if s.get("tricks", 0):
            right = x + cell_w - 12
            b.card(right - SMALL.w - 34, top + CELL_H - SMALL.h - 12, BACK, SMALL)
            b.text(right, top + CELL_H - 12 - SMALL.h // 2, f"{s['tricks']}", TEXT, anchor="rm", bold=True)
    rows = math.ceil(len(seats) / columns)
    return y + rows * (CELL_H + GAP)


def board_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    if public.get("over"):
        return final_scene(public, names, labels)
    if not public.get("upcard"):
        return None
    b = Builder(min_width=WIDTH)
    y = _header(b, public, labels, public["upcard"], public.get("pot", 0))
    trick = public.get("trick") or []
    last_trick = public.get("last_trick")
    shown, winner, old = trick, current_winner(trick, public.get("trump", "S")), False
    if not trick and last_trick and public.get("phase_id") == "tricks":
        shown, winner, old = last_trick["cards"], last_trick["winner"], True
        label(b, GAP + BOARD.w + 3 * GAP + 200, GAP, labels.get("last_trick", ""))
    mover, last = moved(public)
    y = _cells(b, y, public.get("seats", []), names, {p["seat"]: p["card"] for p in shown},
               turn=public.get("turn"), winner=winner, old=old, mover=mover, last=last)
    seats = public.get("seats", [])
    keys = [k for k, on in ((TURN_KEY, public.get("turn") is not None), (LAST_KEY, mover is not None),
                               (WINNING_KEY, winner is not None and bool(shown)),
                               (TRICKS_KEY, any(s.get("tricks") for s in seats)),
                               (OUT_KEY, any(s["state"] in OUT for s in seats))) if on]
    legend(b, y, keys, labels)
    return b.scene()


def final_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """The hand just played: its last trick, its winner framed, and the tricks each seat took."""
    last = public.get("last_hand")
    if not last:
        return None
    b = Builder(min_width=WIDTH)
    y = _header(b, public, labels, last["upcard"], None)
    label(b, GAP + BOARD.w + 3 * GAP, GAP, labels.get("last_trick", ""))
    seats = [{"seat": s, "state": "in", "tricks": last["tricks"][s]} for s in last["dealt"]]
    y = _cells(b, y, seats, names, {p["seat"]: p["card"] for p in last["trick"]},
               turn=None, winner=last["winner"], old=False, mover=None, last=set())
    legend(b, y, [WINNING_KEY, TRICKS_KEY], labels)
    return b.scene()
