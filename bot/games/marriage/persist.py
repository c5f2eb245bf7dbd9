"""Saving and loading a Marriage game as JSON (`to_dict` / `from_dict`, format 1).

A mixin of `Marriage`. The table service loads and saves the state on every move, so cards go
through the notation tables of `codec` rather than `Card.parse`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card, card_texts, group_texts, parse_card_texts
from .options import resolve

FORMAT = 1


def _groups(melds: list[list[str]]) -> list[list[Card]]:
    return [parse_card_texts(m) for m in melds]


def _card_or_none(text: str | None) -> Card | None:
    return None if not text else Card.parse(text)


class Persist:
    """`to_dict` and `from_dict`."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "opts": dict(self.opts), "seed": self.seed, "stacks": list(self.stacks),
            "left": list(self.left), "leaving": list(self.leaving), "deal_no": self.deal_no,
            "dealer": self.dealer, "phase": self.phase,
            "players": list(self.players), "hands": [card_texts(h) for h in self.hands],
            "declared": [group_texts(d) for d in self.declared], "shown": [group_texts(d) for d in self.shown],
            "dublees": [group_texts(d) for d in self.dublees], "route": list(self.route), "seen": list(self.seen),
            "declare_pending": list(self.declare_pending), "first_turn_done": list(self.first_turn_done),
            "stock": card_texts(self.stock), "tiplu": str(self.tiplu) if self.tiplu is not None else None,
            "pile": [[str(c), by, seen] for c, by, seen in self.pile], "turn": self.turn, "drawn": self.drawn,
            "taken": str(self.taken) if self.taken is not None else None,
            "drawn_card": str(self.drawn_card) if self.drawn_card is not None else None,
            "rebuilds": self.rebuilds, "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown Marriage state format {data.get('format')!r}")
        g = cls(list(data["stacks"]), resolve(data["opts"]), data["seed"])
        g.left = list(data["left"])
        g.leaving = list(data.get("leaving") or data["left"])
        g.deal_no, g.dealer, g.phase = data["deal_no"], data["dealer"], data["phase"]
        g.players = list(data["players"])
        g.hands = [parse_card_texts(h) for h in data["hands"]]
        g.declared = [_groups(d) for d in data["declared"]]
        g.shown = [_groups(d) for d in data["shown"]]
        g.dublees = [_groups(d) for d in data["dublees"]]
        g.route, g.seen = list(data["route"]), list(data["seen"])
        g.declare_pending = list(data["declare_pending"])
        g.first_turn_done = list(data["first_turn_done"])
        g.stock = parse_card_texts(data["stock"])
        g.tiplu = _card_or_none(data["tiplu"])
        g.pile = [(Card.parse(c), by, seen) for c, by, seen in data["pile"]]
        g.turn, g.drawn = data["turn"], data["drawn"]
        g.taken = _card_or_none(data["taken"])
        g.drawn_card = _card_or_none(data["drawn_card"])
        g.rebuilds = data["rebuilds"]
        g.result = data["result"]
        return g
