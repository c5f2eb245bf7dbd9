"""Fast card notation for the hot paths (from_dict, to_dict, views): the table service loads and
saves the whole state on every move, and `Card.parse` of ~160 cards dominated that.

Every physical card of the three packs is parsed and formatted once; anything else (another
spelling, a test's extra copy) falls back to `Card.parse` / `str`.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card, new_deck

_BY_TEXT: dict[str, Card] = {str(c): c for c in new_deck(3)}
_TEXT: dict[Card, str] = {c: t for t, c in _BY_TEXT.items()}


def card(text: str) -> Card:
    c = _BY_TEXT.get(text)
    return c if c is not None else Card.parse(text)


def card_or_none(text: str | None) -> Card | None:
    return None if text is None or text == "" else card(text)


def parse_list(texts: Iterable[str]) -> list[Card]:
    get = _BY_TEXT.get
    return [get(t) or Card.parse(t) for t in texts]


def text(c: Card) -> str:
    t = _TEXT.get(c)
    return t if t is not None else str(c)


def text_list(cards: Iterable[Card]) -> list[str]:
    get = _TEXT.get
    return [get(c) or str(c) for c in cards]
