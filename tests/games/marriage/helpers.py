"""Building Marriage positions for tests: physical copies assigned in order of appearance."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.marriage import Marriage


def cards(text: str, used: Counter[tuple[int, str]] | None = None) -> list[Card]:
    """`"QH QH 5S"` -> [QH, QH#1, 5S]: repeated faces become different physical copies.

    `used` carries copies already handed out, so several calls never repeat a physical card."""
    used = used if used is not None else Counter()
    out = []
    for c in parse_cards(text):
        out.append(Card(c.rank, c.suit, used[c.face]))
        used[c.face] += 1
    return out


def game_in_play(n: int = 4, options: dict[str, Any] | None = None, stacks: list[int] | None = None,
                 seed: int = 0) -> Marriage:
    """A fresh deal past the declaration phase (nobody declares)."""
    g = Marriage.start(stacks or [500] * n, options, seed=seed)
    for s in list(g.to_act()):
        if g.phase == "declare":
            g.apply(s, g.legal_actions(s)[-1])
    return g


def set_position(g: Marriage, hands: dict[int, str], turn: int, pile: list[tuple[str, int | None, bool]] | None = None,
                 stock: str | None = None, tiplu: str | None = None) -> Counter[tuple[int, str]]:
    """Overwrite hands, pile, stock and tiplu with explicit cards (copies distinct across all)."""
    used: Counter[tuple[int, str]] = Counter()
    for s, text in hands.items():
        g.hands[s] = sorted(cards(text, used))
    if pile is not None:
        g.pile = [(cards(c, used)[0], by, seen) for c, by, seen in pile]
    if tiplu is not None:
        g.tiplu = cards(tiplu, used)[0]
    if stock is not None:
        g.stock = cards(stock, used)
    else:
        left = [c for c in new_deck(3) if used[c.face] <= c.copy]
        g.stock = left[:40]
    if g.tiplu is not None:
        g.stock.append(g.tiplu)
    g.turn, g.drawn, g.taken, g.drawn_card = turn, False, None, None
    return used
