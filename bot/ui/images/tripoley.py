"""Tripoley and Michigan Rummy: the mat (each compartment's cards with its chips, the pot in the
middle as on the real board), then what is on the table now: the Michigan run being played, or
the poker showdown once the deal is over."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import Card

from .parts import BANK as GOLD
from .parts import CELL, label, name
from .scene import BOARD, GAP, SMALL, Builder, Scene, fan_width

CELL_W, CELL_H = 236, 100
POOLS = ("POT", "KITTY", "POKER_POOL")


def _cards_of(comp: dict[str, Any]) -> list[str]:
    """The cards a compartment pictures: its card, K♥ Q♥, or the ranks of the run (any suit)."""
    code = comp["code"]
    if code == "KQ":
        return ["KH", "QH"]
    if code == "RUN":
        return [f"{rank}?" for rank in re.findall(r"\d+", comp["name"])]
    try:
        Card.parse(code)
    except ValueError:
        return []
    return [code]


def _arranged(mat: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Nine compartments on a 3×3 board with the pot in the centre."""
    pot = [c for c in mat if c["code"] == "POT"]
    rest = [c for c in mat if c["code"] != "POT"]
    return rest[:4] + pot + rest[4:] if pot and len(rest) >= 4 else list(mat)


def board_scene(public: dict[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """`labels` may name compartments by code (“KITTY”: “Kitty”), in the reader's language."""
    b = Builder()
    for i, comp in enumerate(_arranged(public["mat"])):
        x, y = GAP + (i % 3) * (CELL_W + GAP), GAP + (i // 3) * (CELL_H + GAP)
        chips = comp["chips"]
        b.panel(x, y, CELL_W, CELL_H, fill=(14, 66, 40) if comp["code"] in POOLS else CELL,
                outline=GOLD if chips else None)
        cards = _cards_of(comp)
        end = b.fan(x + 12, y + (CELL_H - BOARD.h) // 2, cards, BOARD, dim=not chips) if cards else x
        if comp["code"] in labels:
            label(b, x + 12, y + 8, labels[comp["code"]], muted=not chips)
        if chips:
            b.chip((end + x + CELL_W) // 2, y + CELL_H // 2, chips, 30 if comp["code"] in POOLS else 24)
    y = GAP + 3 * (CELL_H + GAP)
    mich = public.get("michigan")
    phase = public["phase_id"]
    if mich and phase == "michigan" and mich["sequence"]:
        label(b, GAP, y, name(names, mich["sequence"][0][0]))
        b.fan(GAP, y + 24, [c for _, c in mich["sequence"]], BOARD)
    elif phase in ("between", "over") and public.get("showdown"):
        _showdown(b, y, public, names)
    return b.scene()


def _showdown(b: Builder, top: int, public: dict[str, Any], names: list[str]) -> None:
    """Each poker hand shown, three to a row; the winner's cards marked."""
    width = max(fan_width(5, SMALL), 150) + GAP * 2
    for i, shown in enumerate(public["showdown"]):
        x, y = GAP + (i % 3) * (width + GAP), top + (i // 3) * (SMALL.h + 36)
        won = shown["seat"] == public.get("poker_winner")
        label(b, x, y, name(names, shown["seat"]), muted=not won)
        b.fan(x, y + 22, shown["cards"], SMALL, marked=shown["cards"] if won else ())
