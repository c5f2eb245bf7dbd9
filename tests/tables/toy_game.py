"""A tiny card game that follows the whole engine contract, for table-service tests.

Each deal every player with chips antes 1 and gets one card; in seat order each shows or folds;
the highest shown card (ace high, then suit order) takes the pot. The game ends after `deals`
deals or when fewer than two players have chips.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from bot.games.actions import Action
from bot.games.base import BuyIn, Event, IllegalAction, player, seat_key
from bot.games.cards import Card, deal_rng, shuffled_deck
from bot.games.messages import LEGACY, Msg
from bot.games.options import OptionSpec, Preset, resolve_options


class Show(Action, kind="show"):
    @property
    def label(self) -> str:
        return "Show"

    @property
    def message(self) -> Msg:
        return say(self.label)


class Fold(Action, kind="fold"):
    @property
    def label(self) -> str:
        return "Fold"

    @property
    def message(self) -> Msg:
        return say(self.label)


ToyAction = Show | Fold


class HighCard:
    id: ClassVar[str] = "high_card"
    title: ClassVar[str] = "High Card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("deals", 3, "deals in a game", minimum=1, maximum=50),
        OptionSpec("buy_in", 20, "chips each player brings", minimum=2),
        OptionSpec("turn_timeout_s", 30, "seconds per turn", minimum=10, maximum=600))
    option_presets: ClassVar[tuple[Preset, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = (Show, Fold)

    def __init__(self, data: dict[str, Any]) -> None:
        self.d = data

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        return BuyIn(options["buy_in"], options["buy_in"], options["buy_in"])

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int = 0,
              deck: list[Card] | None = None) -> Self:
        opts = resolve_options(cls.option_specs, options)
        if not cls.min_players <= len(stacks) <= cls.max_players:
            raise ValueError(f"players must be {cls.min_players}–{cls.max_players}")
        game = cls({"format": 1, "options": opts, "seed": seed, "stacks": list(stacks), "out": [False] * len(stacks),
                    "deal_no": 0, "pot": 0, "hands": {}, "live": [], "shown": [], "turn": None, "over": False})
        game._deal(deck)
        return game

    # --- contract ---
    def to_act(self) -> list[int]:
        return [] if self.d["over"] or self.d["turn"] is None else [self.d["turn"]]

    def legal_actions(self, seat: int) -> list[ToyAction]:
        return [Show(), Fold()] if seat in self.to_act() else []

    def verify_action(self, seat: int, action: ToyAction) -> None:
        if seat not in self.to_act():
            raise IllegalAction(say("It is not your turn."), rule="TOY-1")
        if action not in self.legal_actions(seat):
            raise IllegalAction(say("You can only show or fold."), rule="TOY-2")

    def can_apply(self, seat: int, action: ToyAction) -> bool:
        try:
            self.verify_action(seat, action)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: int, action: ToyAction) -> list[Event]:
        self.verify_action(seat, action)
        d = self.d
        if isinstance(action, Show):
            d["shown"].append(seat)
            events = [Event("show", say(f"{player(seat)} shows {d['hands'][str(seat)]}."), seat)]
        else:
            events = [Event("fold", say(f"{player(seat)} folds."), seat)]
        later = [s for s in d["live"] if s > seat]
        d["turn"] = later[0] if later else None
        if d["turn"] is None:
            events += self._settle()
        return events

    def timeout_action(self, seat: int) -> ToyAction:
        return Fold()

    def bot_action(self, seat: int, rng: random.Random) -> ToyAction:
        card = Card.parse(self.private_view(seat)["hand"])
        return Show() if card.high >= 8 else Fold()

    def turn_timeout_s(self) -> int | None:
        return int(self.d["options"]["turn_timeout_s"])

    def public_view(self) -> dict[str, Any]:
        d = self.d
        return {"phase": "Game over" if d["over"] else "Showing", "deal": d["deal_no"], "pot": d["pot"],
                "shown": {str(s): d["hands"][str(s)] for s in d["shown"]}}

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"hand": self.d["hands"].get(str(seat), "")}

    def chips(self) -> dict[str, int]:
        return {**{seat_key(i): v for i, v in enumerate(self.d["stacks"])}, "pot": self.d["pot"]}

    def can_cash_out(self, seat: int) -> bool:
        return bool(self.d["over"]) or seat not in self.d["live"]

    def leave(self, seat: int) -> list[Event]:
        self.d["leaving"] = sorted(set(self.d.get("leaving", [])) | {seat})
        return []

    def cash_out(self, seat: int) -> list[Event]:
        d = self.d
        d["stacks"][seat] = 0
        d["out"][seat] = True
        if sum(1 for i, s in enumerate(d["stacks"]) if s > 0 and not d["out"][i]) < 2:
            d["over"] = True
        return [Event("cash_out", say(f"{player(seat)} cashes out."), seat)]

    def is_over(self) -> bool:
        return bool(self.d["over"])

    def to_dict(self) -> dict[str, Any]:
        return {**self.d, "stacks": list(self.d["stacks"]), "out": list(self.d["out"]),
                "hands": dict(self.d["hands"]), "live": list(self.d["live"]), "shown": list(self.d["shown"]),
                "leaving": list(self.d.get("leaving", []))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(cls({**data}).to_dict())

    # --- inside ---
    def _deal(self, deck: list[Card] | None = None) -> None:
        d = self.d
        live = [i for i, s in enumerate(d["stacks"]) if s > 0 and not d["out"][i] and i not in d.get("leaving", [])]
        if len(live) < 2 or d["deal_no"] >= d["options"]["deals"]:
            d.update(over=True, turn=None, live=[], hands={}, shown=[])
            return
        d["deal_no"] += 1
        cards = deck or shuffled_deck(deal_rng(d["seed"], d["deal_no"]))
        for s in live:
            d["stacks"][s] -= 1
        d.update(pot=len(live), live=live, shown=[], turn=live[0],
                 hands={str(s): str(cards[k]) for k, s in enumerate(live)})

    def _settle(self) -> list[Event]:
        d = self.d
        shown = d["shown"] or d["live"]
        def strength(seat: int) -> tuple[int, int]:
            card = Card.parse(d["hands"][str(seat)])
            return card.high, -card.suit_index
        winner = max(shown, key=strength)
        pot = d["pot"]
        d["stacks"][winner] += pot
        d["pot"] = 0
        text = f"Deal {d['deal_no']}: {player(winner)} wins the pot of {pot} with {d['hands'][str(winner)]}."
        d["live"] = []
        self._deal()
        return [Event("summary", say(text), winner)]


def say(text: str) -> Msg:
    """The toy game speaks English only, with `{pN}` seats: a message shown as it is written."""
    return Msg(LEGACY, {"text": text})
