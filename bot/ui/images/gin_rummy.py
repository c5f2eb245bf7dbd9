"""Gin Rummy: the stock and the discard pile (newest card on top, marked), the cards each player
took from the pile; after a hand, both hands as shown: melds, the defender's layoffs on the
knocker's melds (marked), and the deadwood apart, with its count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cards import Card

from .parts import label, name, pile, stock
from .scene import BOARD, GAP, SMALL, Builder, Scene

PILE_SHOWN = 6


def board_scene(public: dict[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    b = Builder(min_width=420)
    phase = public["phase_id"]
    y = GAP + 6
    if phase != "over":
        x = stock(b, GAP, y, public["stock_count"])
        pile(b, x + GAP, y, public["discard_pile"], PILE_SHOWN)
        y += BOARD.h + GAP
        for seat, taken in enumerate(public["taken"]):
            if taken:
                label(b, GAP, y, name(names, seat))
                b.fan(GAP + 150, y, taken, SMALL)
                y += SMALL.h + 8
    last = public.get("last_hand")
    if last and phase in ("first_offer", "over") and last["kind"] not in ("void", "forfeit"):
        y = _shown_hand(b, y + GAP, names, last, "knocker", last["layoffs"])
        _shown_hand(b, y, names, last, "defender", [])
    return b.scene()


def _shown_hand(b: Builder, y: int, names: list[str], last: dict[str, Any], who: str,
                layoffs: list[list[Any]]) -> int:
    """One player's showdown row: name, melds (layoffs joined to the meld they extend), deadwood."""
    seat = last[who]
    label(b, GAP, y, name(names, seat))
    x, y = GAP, y + 24
    laid = [c for c, _ in layoffs]
    for i, meld in enumerate(last[f"{who}_melds"]):
        cards = sorted([*meld, *(c for c, m in layoffs if m == i)], key=lambda c: Card.parse(c).rank)
        x = b.fan(x, y, cards, SMALL, marked=laid) + GAP
    dead = last[f"{who}_dead"]
    if dead:
        x = b.fan(x + GAP, y, dead, SMALL) + 8
    b.text(x + 6, y + SMALL.h // 2, f"{last[f'{who}_deadwood']}", 20, anchor="lm")
    return y + SMALL.h + GAP
