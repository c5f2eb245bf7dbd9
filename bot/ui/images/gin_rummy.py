"""Gin Rummy: the two players (whose turn, how many cards), the stock and the discard pile (the
card just discarded, taken or drawn haloed), the cards each player took from the pile; after a
hand, both hands as shown: melds, the defender's layoffs on the knocker's melds (framed in blue),
and the deadwood apart, with its count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cards import Card

from .parts import LAST_KEY, MARK, TURN_KEY, Key, label, legend, moved, name, pile, seat_strip, stock
from .scene import BOARD, GAP, SMALL, WIDTH, Builder, Scene

PILE_SHOWN = 6
NAME_COLUMN = 180
LAYOFF_KEY = Key("layoff", fill=(250, 250, 246), outline=MARK)


def board_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    b = Builder(min_width=WIDTH)
    phase = public["phase_id"]
    y = GAP
    keys = []
    if phase != "over":
        mover, last = moved(public)
        kind = (public.get("last_move") or {}).get("kind")
        seats = [(s, f"{n}", bool(public["left"][s])) for s, n in enumerate(public["hand_sizes"])]
        y = seat_strip(b, y, seats, names, {public["turn"]}, mover)
        label(b, GAP, y, labels.get("stock", ""))
        x = stock(b, GAP, y + 34, public["stock_count"], last=kind == "draw_stock")
        label(b, x + GAP, y, labels.get("discards", ""))
        pile(b, x + GAP, y + 34, public["discard_pile"], PILE_SHOWN, last=last if kind == "discard" else ())
        y += 34 + BOARD.h + GAP
        if any(public["taken"]):
            label(b, GAP, y, labels.get("taken", ""))
            y += 34
        for seat, taken in enumerate(public["taken"]):
            if taken:
                label(b, GAP, y + SMALL.h // 2 - 12, name(names, seat, NAME_COLUMN - 2 * GAP))
                b.fan(NAME_COLUMN, y, taken, SMALL, last=last if kind == "take_discard" and seat == mover else ())
                y += SMALL.h + 8
        keys = [TURN_KEY] + ([LAST_KEY] if mover is not None else [])
    last_hand = public.get("last_hand")
    if last_hand and phase in ("first_offer", "over") and _showable(last_hand):
        y = _showdown(b, y + GAP, names, labels, last_hand)
        keys += [LAYOFF_KEY] if last_hand.get("layoffs") else []
    legend(b, y, keys, labels)
    return b.scene()


def _showable(last: Mapping[str, Any]) -> bool:
    return last["kind"] not in ("void", "forfeit")


def _showdown(b: Builder, y: int, names: list[str], labels: Mapping[str, str], last: Mapping[str, Any]) -> int:
    y = _shown_hand(b, y, names, labels, last, "knocker", last["layoffs"])
    return _shown_hand(b, y, names, labels, last, "defender", [])


def final_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """The hand just ended: both hands as shown."""
    last = public.get("last_hand")
    if not last or not _showable(last):
        return None
    b = Builder(min_width=WIDTH)
    legend(b, _showdown(b, GAP, names, labels, last), [LAYOFF_KEY] if last.get("layoffs") else [], labels)
    return b.scene()


def _shown_hand(b: Builder, y: int, names: list[str], labels: Mapping[str, str], last: Mapping[str, Any],
                who: str, layoffs: list[list[Any]]) -> int:
    """One player's showdown: name and deadwood count, then melds (layoffs joined to the meld they
    extend), then the deadwood. Returns the y below."""
    seat = last[who]
    after = label(b, GAP, y, name(names, seat, WIDTH // 2))
    label(b, after + 2 * GAP, y, f"{labels.get('deadwood', '')} {last[f'{who}_deadwood']}".strip())
    x, y = GAP, y + 36
    laid = [c for c, _ in layoffs]
    for i, meld in enumerate(last[f"{who}_melds"]):
        cards = sorted([*meld, *(c for c, m in layoffs if m == i)], key=lambda c: Card.parse(c).rank)
        x = b.fan(x, y, cards, SMALL, marked=laid) + GAP
    dead = last[f"{who}_dead"]
    if dead:
        b.fan(x + GAP, y, dead, SMALL)
    return y + SMALL.h + GAP
