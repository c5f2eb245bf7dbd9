"""A hand as it is shown: runs of cards or tiles in display order. The hand text and the hand
picture are both drawn from the same groups, so they always sort and group alike."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Group:
    """One run of a hand.

    `kind` says what the run is (``meld``, ``pair``, ``suit``, ``deadwood``, ``tiles``;
    ``table`` for cards already laid on the table). `marked` are items to point out (pay cards,
    playable cards, the card just taken); `wild` are wild cards (Marriage, once the tiplu is seen).
    """

    kind: str
    items: tuple[str, ...]
    marked: frozenset[str] = frozenset()
    wild: frozenset[str] = frozenset()
