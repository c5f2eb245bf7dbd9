"""The Marriage engine: deals, turns, shows, going out and settlement (MAR-1 … MAR-25).

Between deals one seat (the next dealer) is asked to deal the next hand, so anybody may leave
with their stack in between (`can_cash_out`). The rules set no final deal: the game goes on deal
after deal until fewer than two players can be dealt in (MAR-2, MAR-25), whether they went broke
or left. (`EndGame` only rescues a state saved between deals with one player left, which older
versions could produce.)

Mixins: `Shows` (MAR-8 … MAR-10), `GoingOut` (going out and settlement), `Views`, `Seats`
(leaving, cashing out, deal and game end), `Restrictions` (MAR-4, MAR-6, MAR-7), `Persist` (JSON).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import BuyIn, Event, IllegalAction, player, seat_key
from ..cards import Card, card_texts, deal_rng, new_deck, pretty_cards
from . import seat_bot
from .actions import (
    ACTION_TYPES,
    DeclareDone,
    DeclareTunnela,
    Discard,
    DrawStock,
    EndGame,
    Finish,
    NextDeal,
    Show,
    ShowDublees,
    TakeAndFinish,
    TakeDiscard,
)
from .finish import finishing_discards
from .going_out import GoingOut
from .melds import face_of, wild_faces
from .options import OPTION_SPECS, resolve
from .persist import FORMAT, Persist
from .restrictions import Restrictions
from .seats import Seats
from .shows import Shows
from .views import Views

__all__ = ["FORMAT", "Marriage"]

RULES_SUMMARY = """\
**Marriage** — Nepali rummy with three packs (156 cards), 2–5 players, 21 cards each.
• **Goal:** arrange 21 cards into seven 3-card melds: *tunnela* (three identical cards), *sequence* \
(same suit, A-2-3 … Q-K-A, never K-A-2), *trial* (same rank, three suits).
• **Start:** you may declare dealt tunnelas (worth points, count as a pure set).
• **Turn:** draw from the stock or take the previous discard, then discard. A card taken from the \
pile (or an identical one) may not be discarded the same turn.
• **Show:** expose three *pure* sets (tunnelas or sequences) to *see* the secret **tiplu**. Then \
every card of its rank, plus the cards just above (*poplu*) and below (*jhiplu*) in its suit, are \
wild for you. Or show seven *dublees* (identical pairs) and go out with an eighth.
• **Finish:** after showing, go out when all cards but one form seven melds (wilds allowed). The \
bot lays out your melds; you choose the discard.
• **Maal:** tiplu, poplu, jhiplu and *marriages* (jhiplu-tiplu-poplu) score points for everyone.
• **Settlement:** each loser pays the winner 3 (seen) or 10 (unseen), and every pair settles the \
difference of their maal, in chips.
Seen players may not take a wild card discarded by an unseen player.
• **Leaving:** between deals you leave at once; mid-deal your turns are auto-played (draw, discard) \
until the deal ends and you are settled like everyone else.
"""


_FINISHERS: dict[tuple, tuple[Card, ...]] = {}  # finishing_discards by position, across reloads


def _meld_text(m: list[Card]) -> str:
    return pretty_cards(sorted(m))


class Marriage(Shows, GoingOut, Views, Seats, Restrictions, Persist):
    """One Marriage table: a sequence of deals over fixed seats."""

    id = "marriage"
    title = "Marriage"
    min_players = 2
    max_players = 5
    option_specs = OPTION_SPECS
    action_types = ACTION_TYPES
    rules_summary = RULES_SUMMARY

    # --- construction ----------------------------------------------------------------------

    def __init__(self, stacks: list[int], opts: dict[str, Any], seed: int | str) -> None:
        self.opts = opts
        self.seed = seed
        self.n = len(stacks)
        self.stacks = list(stacks)
        self.left = [False] * self.n      # cashed out: stack paid out, seat gone
        self.leaving = [False] * self.n   # asked to leave: dealt out of every later deal
        self.deal_no = 0
        self.dealer: int | None = None
        self.phase = "between"
        self.players: list[int] = []
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.declared: list[list[list[Card]]] = [[] for _ in range(self.n)]
        self.shown: list[list[list[Card]]] = [[] for _ in range(self.n)]
        self.dublees: list[list[list[Card]]] = [[] for _ in range(self.n)]
        self.route: list[str | None] = [None] * self.n
        self.seen = [False] * self.n
        self.declare_pending: list[int] = []
        self.declare_log: list[list[int]] = []
        self.first_turn_done = [False] * self.n
        self.stock: list[Card] = []
        self.tiplu: Card | None = None
        self.pile: list[tuple[Card, int | None, bool]] = []
        self.turn = 0
        self.drawn = False
        self.taken: Card | None = None
        self.drawn_card: Card | None = None
        self.rebuilds = 0
        self.result: dict[str, Any] | None = None
        self._cache: dict[Any, Any] = {}

    @classmethod
    def start(cls, stacks: list[int], options: dict | None = None, seed: int | str = 0,
              deck: list[Card] | None = None) -> Marriage:
        if not cls.min_players <= len(stacks) <= cls.max_players:
            raise ValueError(f"Marriage needs {cls.min_players} to {cls.max_players} players, got {len(stacks)}.")
        opts = resolve(options)
        if deck is not None and sorted(deck) != sorted(new_deck(3)):
            raise ValueError("deck must be the 156 cards of three packs")
        game = cls(list(stacks), opts, seed)
        game._start_deal(deck)
        return game

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        opts = resolve(options)
        minimum = max(opts["min_chips_to_play"], 20 * opts["chips_per_point"])
        return BuyIn(minimum=minimum, maximum=None, default=max(minimum, 500 * opts["chips_per_point"]))

    # --- helpers ---------------------------------------------------------------------------

    def _eligible(self) -> list[int]:
        return [i for i in range(self.n) if not self.left[i] and not self.leaving[i]
                and self.stacks[i] >= self.opts["min_chips_to_play"]]

    def _next_in(self, seats: list[int], after: int) -> int:
        for k in range(1, self.n + 1):
            s = (after + k) % self.n
            if s in seats:
                return s
        raise RuntimeError("no seat")

    def _owned(self, seat: int) -> list[Card]:
        """Every card the seat owns: hand and exposed (a declared tunnela counted as a dublee
        under `declared_tunnela_counts_as_dublee` appears in both lists but is owned once)."""
        out = list(self.hands[seat])
        for group in (self.declared[seat], self.shown[seat]):
            for m in group:
                out.extend(m)
        seen = set(out)
        for d in self.dublees[seat]:
            out.extend(c for c in d if c not in seen)
        return out

    def _drawable(self) -> int:
        return len(self.stock) - (1 if self.tiplu is not None else 0)

    def _wild(self) -> frozenset[int]:
        return wild_faces(None if self.tiplu is None else face_of(self.tiplu))

    def _dublee_allowed(self) -> bool:
        return bool(self.opts["dublee_enabled"]) and len(self.players) >= self.opts["dublee_min_players"]

    def _finish_options(self) -> dict[str, Any]:
        o = dict(self.opts)
        o["dublee_enabled"] = self._dublee_allowed()
        return o

    def _fixed_melds(self, seat: int) -> list[list[Card]]:
        return self.declared[seat] + self.shown[seat]

    def _show_need(self, seat: int) -> int:
        return 3 - min(3, len(self.declared[seat]))

    # --- deals -----------------------------------------------------------------------------

    def _start_deal(self, deck: list[Card] | None = None) -> list[Event]:
        eligible = self._eligible()
        if len(eligible) < 2:
            self.phase = "over"
            self.players = []
            return [Event("game_over", "The game is over: fewer than two players can be dealt in (MAR-2).")]
        rng = deal_rng(self.seed, self.deal_no)
        if self.dealer is None:
            self.dealer = eligible[rng.randrange(len(eligible))]
        else:
            self.dealer = self._next_in(eligible, self.dealer)
        if deck is None:
            deck = new_deck(3)
            rng.shuffle(deck)
        deck = list(deck)
        self.deal_no += 1
        self.players = eligible
        order = []
        s = self.dealer
        for _ in eligible:
            s = self._next_in(eligible, s)
            order.append(s)
        self.hands = [[] for _ in range(self.n)]
        pos = 0
        for _ in range(21):
            for seat in order:
                self.hands[seat].append(deck[pos])
                pos += 1
        for seat in order:
            self.hands[seat].sort()
        self.pile = [(deck[pos], None, False)]
        self.stock = deck[pos + 1:]
        self.declared = [[] for _ in range(self.n)]
        self.shown = [[] for _ in range(self.n)]
        self.dublees = [[] for _ in range(self.n)]
        self.route = [None] * self.n
        self.seen = [False] * self.n
        self.first_turn_done = [False] * self.n
        self.tiplu = None
        self.rebuilds = 0
        self.turn = order[0]
        self.drawn = False
        self.taken = None
        self.drawn_card = None
        self.result = None
        self.declare_log = []
        if self.opts["tunnela_declare_window"] == "before_play":
            self.phase = "declare"
            self.declare_pending = sorted(eligible)
        else:
            self.phase = "play"
            self.declare_pending = []
        text = (f"Deal {self.deal_no}: {player(self.dealer)} deals 21 cards each; "
                f"the upcard is {self.pile[-1][0].pretty}; {len(self.stock)} cards in the stock.")
        return [Event("deal", text, seat=self.dealer)]

    # --- contract: who acts ------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        if self.phase == "declare":
            return list(self.declare_pending)
        if self.phase == "play":
            return [self.turn]
        if self.phase == "between":
            eligible = self._eligible()
            if len(eligible) == 1:  # only in a state saved by an older version: EndGame closes it
                return eligible
            if not eligible:
                return []
            return [self._next_in(eligible, self.dealer if self.dealer is not None else -1)]
        return []

    def turn_timeout_s(self) -> int | None:
        if self.phase == "declare":
            return self.opts["declare_timeout_seconds"]
        if self.phase in ("play", "between"):
            return self.opts["turn_timeout_seconds"]
        return None

    def chips(self) -> dict[str, int]:
        return {seat_key(i): self.stacks[i] for i in range(self.n)}

    # --- legal actions -----------------------------------------------------------------------

    def _finishers(self, seat: int, extra: Card | None = None, taken: Card | None = None) -> list[Card]:
        """Discards that let `seat` go out now (one card per face), cached until the next action."""
        key = ("fin", seat, extra, taken, len(self.hands[seat]))
        if key in self._cache:
            return self._cache[key]
        route = self.route[seat]
        out: list[Card] = []
        if route is not None and self.tiplu is not None:
            cards = self._owned(seat) + ([extra] if extra is not None else [])
            fixed, dublees, opts = self._fixed_melds(seat), self.dublees[seat], self._finish_options()
            # the same position is asked about again after every reload (the table service loads
            # the state for each click), so the search result is kept across game objects
            memo = (tuple(sorted(cards)), self.tiplu, tuple(map(tuple, fixed)), tuple(map(tuple, dublees)),
                    route, taken, tuple(sorted(opts.items())))
            found = _FINISHERS.get(memo)
            if found is None:
                found = tuple(finishing_discards(cards, self.tiplu, fixed, dublees, route, taken, opts))
                if len(_FINISHERS) >= 1024:
                    _FINISHERS.clear()
                _FINISHERS[memo] = found
            out = list(found)
            if extra is not None and self.opts["taken_card_discard_ban"] == "copy":
                out = [c for c in out if c != extra]
        self._cache[key] = out
        return out

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act():
            return []
        if self.phase == "declare":
            return [DeclareTunnela(c) for c in self._declarable(seat)] + [DeclareDone()]
        if self.phase == "between":
            return [NextDeal()] if len(self._eligible()) >= 2 else [EndGame()]
        acts: list[Any] = []
        if not self.drawn:
            if self.opts["tunnela_declare_window"] == "before_own_first_draw" and not self.first_turn_done[seat]:
                acts += [DeclareTunnela(c) for c in self._declarable(seat)]
            acts.append(DrawStock())
            top = self.pile[-1][0]
            status = self._take_status(seat)[0]
            if status == "yes":
                acts.append(TakeDiscard(top))
            elif status == "finish":
                acts += [TakeAndFinish(top, d) for d in self._finishers(seat, extra=top, taken=top)]
            return acts
        if self.route[seat] is None:
            if self._show_options(seat):
                acts.append(Show())
            if self._dublee_show_ok(seat):
                acts.append(ShowDublees())
        else:
            acts += [Finish(d) for d in self._finishers(seat, taken=self.taken)]
        acts += [Discard(c) for c in self._discard_choices(seat)]
        return acts

    def timeout_action(self, seat: int) -> Any:
        """MAR-18: draw from the stock; discard the card drawn if allowed, else the last allowed card."""
        legal = self.legal_actions(seat)
        if self.phase == "declare":
            return DeclareDone()
        if self.phase == "between":
            return legal[0]
        if not self.drawn:
            return DrawStock()
        discards = [a for a in legal if isinstance(a, Discard)]
        if self.drawn_card is not None:
            for a in discards:
                if a.card.face == self.drawn_card.face:
                    return a
        return discards[-1]

    def bot_action(self, seat: int, rng: random.Random) -> Any:
        return seat_bot.choose_action(self.public_view(), self.private_view(seat), self.legal_actions(seat), rng)

    # --- apply -------------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("The game is over.", rule="MAR-17")
        if seat not in self.to_act():
            if self.phase == "play":
                raise IllegalAction(f"It is not your turn; wait for {player(self.turn)}.", rule="MAR-5")
            raise IllegalAction("Nothing is asked of you right now.", rule="MAR-5")
        handler = {DeclareTunnela: self._declare, DeclareDone: self._declare_done, DrawStock: self._draw_stock,
                   TakeDiscard: self._take, TakeAndFinish: self._take_and_finish, Show: self._show,
                   ShowDublees: self._show_dublees, Finish: self._finish, Discard: self._discard,
                   NextDeal: self._next_deal, EndGame: self._end_game}.get(type(action))
        if handler is None:
            raise IllegalAction("That is not a Marriage action.", rule="MAR-5")
        events = handler(seat, action)
        self._cache.clear()
        return events

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(f"You cannot {what} now.", rule="MAR-5")

    def _declare(self, seat: int, a: DeclareTunnela) -> list[Event]:
        if self.phase == "play":
            if self.opts["tunnela_declare_window"] != "before_own_first_draw" or self.first_turn_done[seat] \
                    or self.drawn:
                raise IllegalAction("Dealt tunnelas can only be declared before play starts.", rule="MAR-4")
        else:
            self._need_phase("declare", "declare a tunnela")
        group = [c for c in self.hands[seat] if c.face == a.card.face]
        if len(group) != 3:
            raise IllegalAction(f"You do not hold three {a.card.pretty} to declare.", rule="MAR-4")
        for c in group:
            self.hands[seat].remove(c)
        self.declared[seat].append(sorted(group))
        if self.phase == "declare":
            return [Event("declare", f"You declare the tunnela {_meld_text(group)}; it is announced when "
                                     f"everyone has answered.", seat=seat, private_to=seat)]
        return [Event("declare", f"{player(seat)} declares the dealt tunnela {_meld_text(group)}.", seat=seat,
                      data={"cards": card_texts(group)})]

    def _declare_done(self, seat: int, a: DeclareDone) -> list[Event]:
        self._need_phase("declare", "finish declaring")
        self.declare_pending.remove(seat)
        if self.declare_pending:
            return []
        self.phase = "play"
        parts = [f"{player(s)}: {', '.join(_meld_text(m) for m in self.declared[s])}"
                 for s in self.players if self.declared[s]]
        text = "Declared tunnelas — " + ("; ".join(parts) if parts else "none") + \
            f". {player(self.turn)} plays first."
        return [Event("declared", text)]

    def _draw_stock(self, seat: int, a: DrawStock) -> list[Event]:
        self._need_phase("play", "draw")
        if self.drawn:
            raise IllegalAction("You have already drawn this turn; discard a card (or show / finish).",
                                rule="MAR-5")
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.drawn, self.drawn_card, self.taken = True, card, None
        self.first_turn_done[seat] = True
        return [Event("draw", f"{player(seat)} draws from the stock.", seat=seat),
                Event("drew", f"You drew {card.pretty}.", seat=seat, private_to=seat)]

    def _check_take(self, seat: int, card: Card) -> str:
        self._need_phase("play", "take the discard")
        if self.drawn:
            raise IllegalAction("You have already drawn this turn; discard a card (or show / finish).",
                                rule="MAR-5")
        top = self.pile[-1][0]
        if card != top:
            raise IllegalAction(f"Only the top discard ({top.pretty}) can be taken.", rule="MAR-6")
        status, reason, rule = self._take_status(seat)
        return status if status != "no" else self._refuse(reason, rule)

    @staticmethod
    def _refuse(reason: str, rule: str) -> str:
        raise IllegalAction(reason, rule=rule)

    def _take(self, seat: int, a: TakeDiscard) -> list[Event]:
        status = self._check_take(seat, a.card)
        if status == "finish":
            raise IllegalAction(self._take_status(seat)[1] + " Use “take and finish”, or draw from the stock.",
                                rule="MAR-6")
        self.pile.pop()
        self.hands[seat].append(a.card)
        self.hands[seat].sort()
        self.drawn, self.drawn_card, self.taken = True, None, a.card
        self.first_turn_done[seat] = True
        return [Event("take", f"{player(seat)} takes {a.card.pretty} from the discard pile.", seat=seat,
                      data={"card": str(a.card)})]

    def _take_and_finish(self, seat: int, a: TakeAndFinish) -> list[Event]:
        self._check_take(seat, a.card)
        if self.route[seat] is None:
            raise IllegalAction("Show first: only a player who has shown can go out.", rule="MAR-13")
        if a.discard not in self._finishers(seat, extra=a.card, taken=a.card):
            raise IllegalAction(f"Taking {a.card.pretty} and discarding {a.discard.pretty} does not go out; "
                                f"draw from the stock instead.", rule="MAR-6")
        self.pile.pop()
        self.hands[seat].append(a.card)
        self.hands[seat].sort()
        self.drawn, self.drawn_card, self.taken = True, None, a.card
        events = [Event("take", f"{player(seat)} takes {a.card.pretty} from the discard pile to go out.",
                        seat=seat, data={"card": str(a.card)})]
        return events + self._go_out(seat, a.discard)

    def _finish(self, seat: int, a: Finish) -> list[Event]:
        self._need_phase("play", "go out")
        if not self.drawn:
            raise IllegalAction("Draw first, then go out.", rule="MAR-5")
        if self.route[seat] is None:
            raise IllegalAction("Show first (three pure sets or seven dublees); then you can go out.",
                                rule="MAR-13")
        if a.discard not in self.hands[seat]:
            raise IllegalAction(f"{a.discard.pretty} is not in your hand.", rule="MAR-13")
        if not any(c.face == a.discard.face for c in self._finishers(seat, taken=self.taken)):
            raise IllegalAction(f"Discarding {a.discard.pretty} does not leave a finished hand; "
                                f"choose another discard or discard normally.", rule="MAR-13")
        return self._go_out(seat, a.discard)

    def _discard(self, seat: int, a: Discard) -> list[Event]:
        self._need_phase("play", "discard")
        if not self.drawn:
            raise IllegalAction("Draw first: from the stock or the discard pile.", rule="MAR-5")
        if a.card not in self.hands[seat]:
            raise IllegalAction(f"{a.card.pretty} is not in your hand (exposed cards cannot be discarded).",
                                rule="MAR-5")
        if self._banned(a.card):
            which = "it" if self.opts["taken_card_discard_ban"] == "copy" else "that card or an identical one"
            raise IllegalAction(f"You took {self.taken.pretty} from the pile this turn, so you may not discard "
                                f"{which}; choose another card.", rule="MAR-7")
        self.hands[seat].remove(a.card)
        self.pile.append((a.card, seat, self.seen[seat]))
        events = [Event("discard", f"{player(seat)} discards {a.card.pretty}.", seat=seat,
                        data={"card": str(a.card)})]
        self.turn = self._next_in(self.players, seat)
        self.drawn, self.taken, self.drawn_card = False, None, None
        if self._drawable() == 0:
            events += self._rebuild()
        return events

    def _rebuild(self, force: bool = False) -> list[Event]:
        """MAR-16: shuffle all discards but the top onto the stock, above the indicator."""
        if len(self.pile) < 2 or (not force and self.rebuilds >= self.opts["max_stock_rebuilds"]):
            if force:
                return []
            return self._abandon()
        rng = deal_rng(self.seed, f"{self.deal_no}:rebuild:{self.rebuilds}")
        cards = [c for c, _, _ in self.pile[:-1]]
        rng.shuffle(cards)
        self.pile = self.pile[-1:]
        self.stock = cards + self.stock
        self.rebuilds += 1
        return [Event("rebuild", f"The stock is empty: {len(cards)} discards are shuffled into a new stock "
                                 f"(rebuild {self.rebuilds}).")]

    def _abandon(self) -> list[Event]:
        self.result = {"abandoned": True, "winner": None, "tiplu": str(self.tiplu) if self.tiplu else None,
                       "points": {}, "owed": {}, "transfers": [], "melds": [], "dublees": [], "discard": None,
                       "hands": {str(s): card_texts(sorted(self._owned(s))) for s in self.players}}
        if self.rebuilds >= self.opts["max_stock_rebuilds"]:
            why = f"the stock ran out after {self.opts['max_stock_rebuilds']} rebuilds"
        else:
            why = "the stock ran out and there are no discards to rebuild it from"
        text = f"Deal {self.deal_no} is abandoned: {why} (MAR-16). No points, no payments."
        events = [Event("summary", text, data={"abandoned": True})]
        return events + self._end_deal()
