"""Tripoley and Michigan Rummy: the mat (each compartment's cards with its chips, the pot in the
middle as on the real board; a compartment holding chips framed in gold), then what is on the
table now: the Michigan run being played (its newest card haloed), or the poker showdown once the
deal is over (the winner's cards framed in blue)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import Card

from .parts import BANK as GOLD
from .parts import CELL, LAST_KEY, MARK, POOL, TURN_KEY, Key, label, legend, moved, name, seat_strip
from .scene import BOARD, GAP, SMALL, WIDTH, Builder, Scene

CELL_W = (WIDTH - 4 * GAP) // 3
CELL_H = 112
POOLS = ("POT", "KITTY", "POKER_POOL")
CHIPS_KEY = Key("chips", outline=GOLD)
WINNER_KEY = Key("poker_winner", fill=(250, 250, 246), outline=MARK)


def _cards_of(comp: dict[str, Any], run_ranks: Sequence[int]) -> list[str]:
    """The cards a compartment pictures: its card, K♥ Q♥, or the ranks of the run (any suit)."""
    code = comp["code"]
    if code == "KQ":
        return ["KH", "QH"]
    if code == "RUN":
        return [f"{rank}?" for rank in run_ranks]
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


def board_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """`labels` may name compartments by code (“KITTY”: “Kitty”), in the reader's language."""
    return _scene(public, names, labels, players=True)


def final_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """The deal just ended: the mat as it left it and the poker hands shown."""
    return _scene(public, names, labels, players=False)


def _scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str], players: bool) -> Scene:
    b = Builder(min_width=WIDTH)
    mover, _ = moved(public) if players else (None, set())
    acting = set(public.get("to_act") or []) if players else set()
    seats = [(s, f"{public['hand_sizes'][s]}", public["status"][s] != "active") for s in public["dealt_in"]]
    top = seat_strip(b, GAP, seats, names, acting, mover) if players else GAP
    mat = _arranged(public["mat"])
    for i, comp in enumerate(mat):
        x, y = GAP + (i % 3) * (CELL_W + GAP), top + (i // 3) * (CELL_H + GAP)
        chips = comp["chips"]
        b.panel(x, y, CELL_W, CELL_H, fill=POOL if comp["code"] in POOLS else CELL, outline=GOLD if chips else None,
                width=3)
        cards = _cards_of(comp, public["run_ranks"])
        end = b.fan(x + 12, y + (CELL_H - BOARD.h) // 2, cards, BOARD, dim=not chips) if cards else x
        if comp["code"] in labels:
            label(b, x + 12, y + 8, labels[comp["code"]], muted=not chips)
        if chips:
            b.chip((end + x + CELL_W) // 2, y + CELL_H // 2 + (10 if not cards else 0), chips,
                   30 if comp["code"] in POOLS else 24)
    y = top + (len(mat) + 2) // 3 * (CELL_H + GAP)
    keys = [k for k, on in ((TURN_KEY, bool(acting)), (LAST_KEY, mover is not None),
                            (CHIPS_KEY, any(c["chips"] for c in mat))) if on]
    mich = public.get("michigan")
    phase = public["phase_id"]
    if mich and phase == "michigan" and mich["sequence"]:
        run = [c for _, c in mich["sequence"]]
        label(b, GAP, y, labels.get("run", ""))
        b.fan(GAP, y + 34, run, BOARD, last=run[-1:])
        y += 34 + BOARD.h + GAP
        keys += [] if LAST_KEY in keys else [LAST_KEY]
    elif phase in ("between", "over") and public.get("showdown"):
        y = _showdown(b, y, public, names)
        keys.append(WINNER_KEY)
    legend(b, y, keys, labels)
    return b.scene()


def _showdown(b: Builder, top: int, public: Mapping[str, Any], names: list[str]) -> int:
    """Each poker hand shown, three to a row; the winner's cards marked. Returns the y below."""
    width = (WIDTH - 4 * GAP) // 3
    rows = 0
    for i, shown in enumerate(public["showdown"]):
        x, y = GAP + (i % 3) * (width + GAP), top + (i // 3) * (SMALL.h + 48)
        won = shown["seat"] == public.get("poker_winner")
        label(b, x, y, name(names, shown["seat"], width), muted=not won)
        b.fan(x, y + 34, shown["cards"], SMALL, marked=shown["cards"] if won else ())
        rows = i // 3 + 1
    return top + rows * (SMALL.h + 48) + GAP
