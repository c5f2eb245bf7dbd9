"""Saving and loading a Marriage game as JSON (`to_dict` / `from_dict`, format 1).

A mixin of `Marriage`. The table service loads and saves the state on every move, so cards go
through the notation tables of `codec` rather than `Card.parse`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import Card
from .codec import card as _card, card_or_none as _card_or_none, parse_list as _parse, text as _text
from .codec import text_list as _cards
from .options import resolve

FORMAT = 1


def _melds_str(melds: list[list[Card]]) -> list[list[str]]:
    return [_cards(m) for m in melds]


def _melds_parse(melds: list[list[str]]) -> list[list[Card]]:
    return [_parse(m) for m in melds]


class Persist:
    """`to_dict` and `from_dict`."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "opts": dict(self.opts), "seed": self.seed, "stacks": list(self.stacks),
            "left": list(self.left), "leaving": list(self.leaving), "deal_no": self.deal_no,
            "dealer": self.dealer, "phase": self.phase,
            "players": list(self.players), "hands": [_cards(h) for h in self.hands],
            "declared": [_melds_str(d) for d in self.declared], "shown": [_melds_str(d) for d in self.shown],
            "dublees": [_melds_str(d) for d in self.dublees], "route": list(self.route), "seen": list(self.seen),
            "declare_pending": list(self.declare_pending), "first_turn_done": list(self.first_turn_done),
            "stock": _cards(self.stock), "tiplu": _text(self.tiplu) if self.tiplu is not None else None,
            "pile": [[_text(c), by, seen] for c, by, seen in self.pile], "turn": self.turn, "drawn": self.drawn,
            "taken": _text(self.taken) if self.taken is not None else None,
            "drawn_card": _text(self.drawn_card) if self.drawn_card is not None else None,
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
        g.hands = [_parse(h) for h in data["hands"]]
        g.declared = [_melds_parse(d) for d in data["declared"]]
        g.shown = [_melds_parse(d) for d in data["shown"]]
        g.dublees = [_melds_parse(d) for d in data["dublees"]]
        g.route, g.seen = list(data["route"]), list(data["seen"])
        g.declare_pending = list(data["declare_pending"])
        g.first_turn_done = list(data["first_turn_done"])
        g.stock = _parse(data["stock"])
        g.tiplu = _card_or_none(data["tiplu"])
        g.pile = [(_card(c), by, seen) for c, by, seen in data["pile"]]
        g.turn, g.drawn = data["turn"], data["drawn"]
        g.taken = _card_or_none(data["taken"])
        g.drawn_card = _card_or_none(data["drawn_card"])
        g.rebuilds = data["rebuilds"]
        g.result = data["result"]
        return g
