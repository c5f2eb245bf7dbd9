"""Marriage: the players (whose turn, how many cards), the stock and the discard pile (the card
just discarded haloed), then each player's sets on the table (declared tunnelas, shown pure sets,
dublees). The tiplu is drawn only once the deal is over (MAR-17): then the winner's melds with the
tiplu beside them and every wild card starred and framed in gold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cards import Card
from bot.ui.boards.marriage import meld_order

from .parts import BANK, LAST_KEY, TURN_KEY, Key, label, legend, moved, name, pile, seat_strip, stock
from .scene import BOARD, GAP, SMALL, WIDTH, Builder, Scene

PILE_SHOWN = 6
NAME_COLUMN = 170
WILD_KEY = Key("wild", fill=(250, 250, 246), outline=BANK)


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


def board_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    if public.get("phase_id") not in ("declare", "play"):
        return final_scene(public, names, labels)
    b = Builder(min_width=WIDTH)
    mover, last = moved(public)
    kind = (public.get("last_move") or {}).get("kind")
    seats = [(s["seat"], f"{s['hand_size']}", not s["in_deal"] or s["left"]) for s in public.get("seats", [])]
    y = seat_strip(b, GAP, seats, names, set(public.get("to_act") or []), mover)
    label(b, GAP, y, labels.get("stock", ""))
    x = stock(b, GAP, y + 34, public.get("stock_count", 0), last=kind == "draw_stock")
    label(b, x + GAP, y, labels.get("discards", ""))
    pile(b, x + GAP, y + 34, public.get("discard_pile", []), PILE_SHOWN, last=last if kind == "discard" else ())
    y += 34 + BOARD.h + GAP
    tiplu = public.get("tiplu")
    for s in public.get("seats", []):
        melds = [*s["declared"], *s["shown"], *s["dublees"]]
        if melds:
            y = _melds_row(b, y, name(names, s["seat"], NAME_COLUMN - 2 * GAP), melds, tiplu)
    legend(b, y, [TURN_KEY] + ([LAST_KEY] if mover is not None else []), labels)
    return b.scene()


def final_scene(public: Mapping[str, Any], names: list[str], labels: Mapping[str, str]) -> Scene | None:
    """The deal just won: the tiplu, the winning discard and the winner's melds, wild cards marked."""
    last = public.get("last_deal")
    if not last or last.get("abandoned"):
        return None
    b = Builder(min_width=WIDTH)
    tiplu = last["tiplu"]
    label(b, GAP, GAP, labels.get("tiplu", ""))
    b.card(GAP, GAP + 34, tiplu, BOARD, wild=True)
    if last.get("discard"):
        x = GAP + max(BOARD.w, 120) + 2 * GAP
        label(b, x, GAP, labels.get("final_discard", ""))
        pile(b, x, GAP + 34, [last["discard"]], 1)
    y = GAP + 34 + BOARD.h + GAP
    melds = last["dublees"] if last.get("route") == "dublee" else last["melds"]
    y = _melds_row(b, y, name(names, last["winner"], NAME_COLUMN - 2 * GAP), melds, tiplu)
    legend(b, y, [WILD_KEY], labels)
    return b.scene()


def _melds_row(b: Builder, y: int, who: str, melds: list[list[str]], tiplu: str | None) -> int:
    """A player's melds in small fans after their name, wrapping to fit. Returns the y below."""
    label(b, GAP, y + SMALL.h // 2 - 12, who)
    x = NAME_COLUMN
    for meld in melds:
        cards = meld_order(meld)
        w = (len(cards) - 1) * SMALL.step + SMALL.w
        if x > NAME_COLUMN and x + w > WIDTH - GAP:
            x, y = NAME_COLUMN, y + SMALL.h + 8
        x = b.fan(x, y, cards, SMALL, wild=wild_cards(tiplu, list(meld))) + GAP
    return y + SMALL.h + GAP
