"""Bourré: the trump upcard and the pot, then a cell per seat with its name, the card it played
to this trick (the card winning so far marked) and one small card back per trick won; folded
seats greyed. Between tricks the last trick stays on the table, its winner marked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ui.boards.bourre import current_winner

from .parts import CELL, TURN, label, name
from .scene import BACK, BOARD, GAP, SMALL, Builder, Scene

CELL_W, CELL_H = 150, 136
OUT = ("folded", "left", "sitting out")


def board_scene(public: dict[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    if public.get("over") or not public.get("upcard"):
        return None
    b = Builder()
    y = GAP
    b.card(GAP, y, public["upcard"], BOARD)
    b.chip(GAP + BOARD.w + 60, y + BOARD.h // 2, public.get("pot", 0), 30)
    y += BOARD.h + GAP
    trick = public.get("trick") or []
    last = public.get("last_trick")
    shown, winner, old = trick, current_winner(trick, public.get("trump", "S")), False
    if not trick and last and public.get("phase") == "Tricks":
        shown, winner, old = last["cards"], last["winner"], True
    played = {p["seat"]: p["card"] for p in shown}
    seats = public.get("seats", [])
    columns = len(seats) if len(seats) <= 5 else 4
    for i, s in enumerate(seats):
        x, top = GAP + (i % columns) * (CELL_W + GAP), y + (i // columns) * (CELL_H + GAP)
        seat, out = s["seat"], s["state"] in OUT
        b.panel(x, top, CELL_W, CELL_H, fill=CELL, outline=TURN if seat == public.get("turn") else None)
        label(b, x + 10, top + 8, name(names, seat), muted=out)
        if seat in played:
            b.card(x + 10, top + 34, played[seat], BOARD, marked=seat == winner, dim=old and seat != winner)
        for t in range(s.get("tricks", 0)):
            b.card(x + CELL_W - SMALL.w - 10 - t * 12, top + CELL_H - SMALL.h - 10, BACK, SMALL)
    return b.scene()
