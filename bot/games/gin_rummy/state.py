"""The Gin Rummy engine: a match of hands between two seats (GIN-1 … GIN-24).

Phases of a hand: `first_offer` (GIN-7) -> `draw` / `discard` turns (GIN-8) -> a knock goes to
the showdown, through `arrange` when the knocker picks their melds (GIN-14). A scored hand
updates the match (GIN-19) and the next hand is dealt at once; a finished match is `over`.
Seat stacks are the players' escrow (GIN-21): every payment moves chips between them.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from ..base import BuyIn, Event, IllegalAction, player, seat_key
from ..cards import Card, deal_rng, shuffled_deck
from ..options import OptionSpec
from . import seat_bot
from .actions import (ACTION_TYPES, Arrangement, Discard, DrawStock, Knock, Pass, Resign,
                      ShowMelds, TakeDiscard)
from .hand_end import HandEnd
from .melds import VALUE, discard_deadwoods, min_deadwood, normalise
from .options import OPTION_SPECS, resolve
from .rules_summary import RULES_SUMMARY
from .showdown import auto_best, knocker_options
from .views import notation, parse_list, private_view, public_view

FORMAT = 1


class GinRummy(HandEnd):
    """One match of Gin Rummy between two seats."""

    id: ClassVar[str] = "gin_rummy"
    title: ClassVar[str] = "Gin Rummy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    rules_summary: ClassVar[str] = RULES_SUMMARY

    def __init__(self) -> None:
        self.opts: dict[str, Any] = {}
        self.seed: int | str = 0
        self.stacks: list[int] = [0, 0]
        self.left: list[bool] = [False, False]
        self.scores: list[int] = [0, 0]
        self.hands_won: list[int] = [0, 0]
        self.deal_no = 0          # deals made, void ones included (the rng's deal number)
        self.hand_no = 0          # the current hand, counting from 1
        self.dealer = 0
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []     # index 0 is the top
        self.pile: list[Card] = []      # the discard pile, last is the top
        self.phase = "first_offer"
        self.turn = 0
        self.passes = 0                 # first-offer passes so far (GIN-7)
        self.refused: Card | None = None  # classic: the refused upcard, not to be taken
        self.pickup: Card | None = None   # the card taken from the pile this turn (GIN-9)
        self.taken: list[list[Card]] = [[], []]  # cards each seat took from the pile (GIN-24)
        self.knock: dict[str, Any] | None = None  # pending knock while the knocker arranges
        self.last_hand: dict[str, Any] | None = None
        self.result: dict[str, Any] | None = None

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def start(cls, stacks: list[int], options: dict | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, dealer: int | None = None) -> GinRummy:
        """A new match. `deck` (top first) replaces the first shuffle and `dealer` the first
        dealer's draw, for tests; otherwise the first dealer is chosen at random (GIN-6)."""
        if len(stacks) != 2:
            raise ValueError(f"Gin Rummy is for exactly 2 players; got {len(stacks)}.")
        if any(s < 0 for s in stacks):
            raise ValueError("stacks must not be negative")
        game = cls()
        game.opts = resolve(options)
        game.seed = seed
        game.stacks = list(stacks)
        rng = deal_rng(seed, 0)
        game.dealer = rng.randrange(2) if dealer is None else dealer
        if deck is not None and len(deck) != 52:
            raise ValueError("a test deck must have all 52 cards")
        game._deal(list(deck) if deck is not None else None)
        return game

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        """GIN-21: each player escrows escrow_points × stake_per_point chips."""
        opts = resolve(options)
        amount = opts["escrow_points"] * opts["stake_per_point"]
        return BuyIn(amount, amount, amount)

    def _deal(self, deck: list[Card] | None = None) -> None:
        """GIN-6: ten cards each, one at a time from the non-dealer; then the upcard."""
        if deck is None:
            deck = shuffled_deck(deal_rng(self.seed, self.deal_no + 1))
        self.deal_no += 1
        self.hand_no += 1
        nd = 1 - self.dealer
        self.hands = [[], []]
        for i in range(20):
            self.hands[nd if i % 2 == 0 else self.dealer].append(deck[i])
        self.pile = [deck[20]]
        self.stock = deck[21:]
        self.phase = "first_offer"
        self.turn = nd
        self.passes = 0
        self.refused = None
        self.pickup = None
        self.taken = [[], []]
        self.knock = None

    # --- queries --------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == "over" else self.opts["turn_timeout_s"]

    def chips(self) -> dict[str, int]:
        return {seat_key(i): self.stacks[i] for i in range(2)}

    def can_cash_out(self, seat: int) -> bool:
        """The escrow is at stake until the match ends (GIN-21); leaving ends it by forfeit
        (`leave`, GIN-22), so a seat may cash out once the match is over."""
        return self.phase == "over" and not self.left[seat]

    def _discard_dws(self, seat: int) -> dict[Card, int]:
        return discard_deadwoods(self.hands[seat])

    def _may_discard(self, card: Card) -> bool:
        return self.opts["allow_discard_of_pickup"] or card != self.pickup

    def legal_actions(self, seat: int) -> list[Any]:
        if self.phase == "over" or seat != self.turn:
            return []
        top = self.pile[-1] if self.pile else None
        if self.phase == "first_offer":
            return [TakeDiscard(top), Pass(top), Resign()]
        if self.phase == "draw":
            out: list[Any] = [DrawStock()]
            if top is not None and top != self.refused:
                out.append(TakeDiscard(top))
            return out + [Resign()]
        if self.phase == "discard":
            dws = self._discard_dws(seat)
            cards = sorted(c for c in self.hands[seat] if self._may_discard(c))
            limit = self.opts["knock_limit"]
            knocks = [Knock(c, dws[c]) for c in cards if dws[c] <= limit]
            gin_forced = self.opts["gin_mandatory"]
            discards = [Discard(c) for c in cards if not (gin_forced and dws[c] == 0)]
            return knocks + discards + [Resign()]
        if self.phase == "arrange":
            return [ShowMelds(Arrangement(a)) for a in knocker_options(self.hands[seat])] + [Resign()]
        return []

    def timeout_action(self, seat: int) -> Any:
        """GIN-22: pass the first offer, draw from the stock, discard the card leaving the
        least deadwood (ties: higher value, higher rank, suit order); never knock, except the
        automatic gin of GIN-11. A timed-out knocker shows the `auto_best` melds."""
        if seat != self.turn or self.phase == "over":
            raise IllegalAction("It is not your turn.", rule="GIN-22")
        if self.phase == "first_offer":
            return Pass(self.pile[-1])
        if self.phase == "draw":
            return DrawStock()
        if self.phase == "discard":
            dws = self._discard_dws(seat)
            cards = [c for c in self.hands[seat] if self._may_discard(c)]
            card = min(cards, key=lambda c: (dws[c], -VALUE[c.rank], -c.rank, c.suit_index))
            if dws[card] == 0 and self.opts["gin_mandatory"]:
                return Knock(card, 0)
            return Discard(card)
        if self.phase == "arrange":
            other = 1 - seat
            arr, _ = auto_best(self.hands[seat], self.hands[other], False)
            return ShowMelds(Arrangement(arr))
        raise IllegalAction("Nothing to do now.")

    def bot_action(self, seat: int, rng: random.Random) -> Any:
        return seat_bot.choose(self.public_view(), self.private_view(seat),
                               self.legal_actions(seat), rng)

    # --- views ----------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        return private_view(self, seat)

    # --- actions --------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Check everything first, then mutate (an illegal action changes nothing)."""
        if self.phase == "over":
            raise IllegalAction("The match is over.", rule="GIN-19")
        if seat not in (0, 1):
            raise IllegalAction("You are not seated at this table.")
        if seat != self.turn:
            raise IllegalAction(f"It is not your turn; wait for {player(self.turn)}.", rule="GIN-8")
        if isinstance(action, Resign):
            return self._finish_match(1 - seat, forfeit=seat)
        handler = {
            "first_offer": self._apply_first_offer,
            "draw": self._apply_draw,
            "discard": self._apply_discard,
            "arrange": self._apply_arrange,
        }[self.phase]
        return handler(seat, action)

    def _apply_first_offer(self, seat: int, action: Any) -> list[Event]:
        top = self.pile[-1]
        if isinstance(action, (TakeDiscard, Pass)) and action.card != top:
            raise IllegalAction(f"The upcard is {top.pretty}; take it or pass.", rule="GIN-7")
        if isinstance(action, TakeDiscard):
            return self._take_pile(seat)
        if not isinstance(action, Pass):
            raise IllegalAction("First take the upcard or pass.", rule="GIN-7")
        other = 1 - seat
        events = [Event("pass", f"{player(seat)} passes on the upcard {top.pretty}.", seat)]
        if self.opts["first_turn"] == "classic" and self.passes == 0:
            self.passes = 1                 # classic: the dealer may now take it or pass
        else:
            if self.opts["first_turn"] == "classic":
                self.refused = top          # both passed: it may not be taken (GIN-7)
            self.phase = "draw"             # source: the dealer's normal turn; classic: the
        self.turn = other                   # non-dealer draws from the stock
        return events

    def _apply_draw(self, seat: int, action: Any) -> list[Event]:
        top = self.pile[-1] if self.pile else None
        if isinstance(action, DrawStock):
            card = self.stock.pop(0)
            self.hands[seat].append(card)
            self.pickup = None
            self.refused = None
            self.phase = "discard"
            events = [Event("draw", f"{player(seat)} draws from the stock ({len(self.stock)} left).", seat),
                      Event("drew", f"You drew {card.pretty}.", seat, private_to=seat,
                            data={"card": str(card)})]
            return events + self._check_big_gin(seat)
        if isinstance(action, TakeDiscard):
            if top is None or action.card != top:
                shown = top.pretty if top else "nothing"
                raise IllegalAction(f"Only the top discard ({shown}) can be taken.", rule="GIN-8")
            if top == self.refused:
                raise IllegalAction(f"The refused upcard {top.pretty} cannot be taken now; "
                                    "draw from the stock.", rule="GIN-7")
            return self._take_pile(seat)
        raise IllegalAction("Draw first: take the top card of the stock or of the discard pile.",
                            rule="GIN-8")

    def _take_pile(self, seat: int) -> list[Event]:
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.taken[seat].append(card)
        self.pickup = card
        self.refused = None
        self.phase = "discard"
        events = [Event("take", f"{player(seat)} takes {card.pretty} from the discard pile.", seat,
                        data={"card": str(card)})]
        return events + self._check_big_gin(seat)

    def _check_big_gin(self, seat: int) -> list[Event]:
        """GIN-12: with the option on, 11 melded cards end the hand at once."""
        if self.opts["big_gin"] and min_deadwood(self.hands[seat]) == 0:
            return self._showdown(seat, None, big_gin=True)
        return []

    def _apply_discard(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, (Discard, Knock)):
            raise IllegalAction("Discard a card, or knock.", rule="GIN-8")
        card = action.card
        if card not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {card.pretty}.", rule="GIN-8")
        if not self._may_discard(card):
            raise IllegalAction(f"You just took {card.pretty} from the discard pile and may not "
                                "discard it this turn; choose another card.", rule="GIN-9")
        rest = [c for c in self.hands[seat] if c != card]
        dw = min_deadwood(rest)
        if isinstance(action, Knock):
            limit = self.opts["knock_limit"]
            if dw > limit:
                raise IllegalAction(f"You can knock with at most {limit} deadwood; discarding "
                                    f"{card.pretty} leaves {dw}.", rule="GIN-10")
            if action.deadwood != dw:
                raise IllegalAction(f"Knocking with {card.pretty} leaves {dw} deadwood, not "
                                    f"{action.deadwood}; choose the knock again.", rule="GIN-10")
            return self._knock(seat, card)
        if dw == 0 and self.opts["gin_mandatory"]:
            return self._knock(seat, card)   # GIN-11: the discard makes gin
        self.hands[seat] = rest
        self.pile.append(card)
        self.pickup = None
        events = [Event("discard", f"{player(seat)} discards {card.pretty}.", seat,
                        data={"card": str(card)})]
        if len(self.stock) == 2:
            return events + self._void_hand()
        self.turn = 1 - seat
        self.phase = "draw"
        return events

    def _knock(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat] = [c for c in self.hands[seat] if c != card]
        self.pickup = None
        dw = min_deadwood(self.hands[seat])
        self.knock = {"knocker": seat, "discard": str(card), "deadwood": dw}
        word = "goes gin" if dw == 0 else f"knocks with {dw} deadwood"
        events = [Event("knock", f"{player(seat)} {word}.", seat, data={"deadwood": dw}),
                  Event("knock_discard", f"You discarded {card.pretty} face down.", seat, private_to=seat)]
        # GIN-14 player_choice: only a real choice is asked for (against gin nothing is laid
        # off, so every arrangement scores the same).
        if self.opts["knocker_arrangement"] == "player_choice" and dw > 0 \
                and len(knocker_options(self.hands[seat])) > 1:
            self.phase = "arrange"
            return events
        return events + self._showdown(seat, None)

    def _apply_arrange(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, ShowMelds):
            raise IllegalAction("Choose which melds to show.", rule="GIN-14")
        options = knocker_options(self.hands[seat])
        # Any writing of a collection reaching K is that collection (melds and cards in any
        # order, adjacent runs split or not): compare canonical forms.
        chosen = normalise(action.arrangement.melds)
        if chosen not in options:
            raise IllegalAction(f"Those melds do not leave exactly your knock's {self.knock['deadwood']} "
                                "deadwood; choose one of the offered arrangements.", rule="GIN-14")
        return self._showdown(seat, chosen)

    # --- leaving --------------------------------------------------------------------------

    def leave(self, seat: int) -> list[Event]:
        """GIN-22: a player who leaves forfeits; the match ends and is settled at once, so
        the seat can cash out straight away."""
        if self.phase == "over" or self.left[seat]:
            return []
        return self._finish_match(1 - seat, forfeit=seat)

    def cash_out(self, seat: int) -> list[Event]:
        """Take the seat's stack out (the table pays it). Called mid-match (without `leave`)
        it forfeits first, as leaving does (GIN-22)."""
        if self.left[seat]:
            raise IllegalAction("You have already left this table.")
        events = self.leave(seat)
        events.append(Event("leave", f"{player(seat)} leaves with {self.stacks[seat]:,} chips.", seat))
        self.stacks[seat] = 0
        self.left[seat] = True
        return events

    # --- persistence ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "opts": dict(self.opts), "seed": self.seed,
            "stacks": list(self.stacks), "left": list(self.left),
            "scores": list(self.scores), "hands_won": list(self.hands_won),
            "deal_no": self.deal_no, "hand_no": self.hand_no, "dealer": self.dealer,
            "hands": [notation(h) for h in self.hands], "stock": notation(self.stock),
            "pile": notation(self.pile), "phase": self.phase, "turn": self.turn,
            "passes": self.passes,
            "refused": str(self.refused) if self.refused else None,
            "pickup": str(self.pickup) if self.pickup else None,
            "taken": [notation(t) for t in self.taken],
            "knock": dict(self.knock) if self.knock else None,
            "last_hand": self.last_hand, "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GinRummy:
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown gin_rummy state format {data.get('format')!r}")
        g = cls()
        g.opts = resolve(data["opts"])
        g.seed = data["seed"]
        g.stacks = list(data["stacks"])
        g.left = list(data["left"])
        g.scores = list(data["scores"])
        g.hands_won = list(data["hands_won"])
        g.deal_no, g.hand_no, g.dealer = data["deal_no"], data["hand_no"], data["dealer"]
        g.hands = [parse_list(h) for h in data["hands"]]
        g.stock = parse_list(data["stock"])
        g.pile = parse_list(data["pile"])
        g.phase, g.turn, g.passes = data["phase"], data["turn"], data["passes"]
        g.refused = Card.parse(data["refused"]) if data["refused"] else None
        g.pickup = Card.parse(data["pickup"]) if data["pickup"] else None
        g.taken = [parse_list(t) for t in data["taken"]]
        g.knock = dict(data["knock"]) if data["knock"] else None
        g.last_hand = data["last_hand"]
        g.result = data["result"]
        return g

