"""Marriage: the stock and the discard pile, then each player's sets on the table (declared
tunnelas, shown pure sets, dublees). The tiplu is drawn only once the deal is over (MAR-17): then
the winner's melds with the tiplu beside them and every wild card starred."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cards import Card
from bot.ui.boards.marriage import meld_order

from .parts import label, name, pile, stock
from .scene import BOARD, GAP, SMALL, Builder, Scene

PILE_SHOWN = 6
NAME_COLUMN = 150


def wild_cards(tiplu: str | None, cards: list[str]) -> set[str]:
    """The cards wild under a tiplu: every card of its rank and the same suit's ranks on either
    side, ace and king adjacent (MAR-11)."""
    if not tiplu:
        return set()
    t = Card.parse(tiplu)
    side = {t.rank % 13 + 1, (t.rank - 2) % 13 + 1}
    wild = set()
    for c in cards:
        card = Card.parse(c)
        if card.rank == t.rank or (card.suit == t.suit and card.rank in side):
            wild.add(c)
    return wild


def board_scene(public: dict[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    b = Builder(min_width=480)
    phase = public.get("phase_id")
    y = GAP + 6
    if phase in ("declare", "play"):
        x = stock(b, GAP, y, public.get("stock_count", 0))
        pile(b, x + GAP, y, public.get("discard_pile", []), PILE_SHOWN)
        y += BOARD.h + GAP
        tiplu = public.get("tiplu")
        for s in public.get("seats", []):
            melds = [*s["declared"], *s["shown"], *s["dublees"]]
            if melds:
                y = _melds_row(b, y, name(names, s["seat"]), melds, tiplu)
        return b.scene()
    last = public.get("last_deal")
    if not last or last.get("abandoned"):
        return None
    tiplu = last["tiplu"]
    b.card(GAP, y, tiplu, BOARD, wild=True)
    pile(b, GAP + BOARD.w + 3 * GAP, y, [last["discard"]], 1)
    y += BOARD.h + GAP
    melds = last["dublees"] if last.get("route") == "dublee" else last["melds"]
    _melds_row(b, y, name(names, last["winner"]), melds, tiplu)
    return b.scene()


def _melds_row(b: Builder, y: int, who: str, melds: list[list[str]], tiplu: str | None) -> int:
    """A player's melds in small fans after their name, wrapping past five melds."""
    label(b, GAP, y + SMALL.h // 2 - 8, who)
    x = NAME_COLUMN
    for i, meld in enumerate(melds):
        if i and i % 5 == 0:
            x, y = NAME_COLUMN, y + SMALL.h + 8
        x = b.fan(x, y, meld_order(meld), SMALL, wild=wild_cards(tiplu, list(meld))) + GAP
    return y + SMALL.h + GAP
