"""The Tripoley / Michigan Rummy engine: one state machine, the variant as configuration.

A deal runs: ante (TRI-4/5, MICH-3) → deal (TRI-6/7) → spare hand (TRI-9..14) → pay cards
(TRI-15..18, only with `pay_timing = on_hold`) → Tripoley: poker (TRI-20..28) then Michigan
(TRI-29..36); Michigan Rummy: Michigan with pay-on-play (MICH-6..8) then the poker pool
(MICH-9) → end of deal (TRI-37..39). Between deals the next dealer starts the next deal, so a
player who wants to leave can cash out there (TRI-2).

Every chip moves through `_move`, which keeps a ledger of the deal for its summary and refuses
a transfer that would make anything negative (CHIP-1..6).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from ..base import BuyIn, Event, IllegalAction, player, seat_key
from ..cards import Card, deal_rng, new_deck, pretty_cards, shuffled_deck, sort_hand
from ..options import OptionSpec
from ..poker import best_hand
from . import rules
from .actions import (ACTION_TYPES, AuctionSpare, Bet, Bid, Call, Check, ChoosePokerHand, Fold, KeepHand,
                      Lead, NextDeal, PassBid, Raise, Suit, SwapSpare)
from .betting import BettingRound, layers, uncalled_excess
from .options import MICHIGAN_OPTIONS, TRIPOLEY_OPTIONS, resolve
from .summary import summary_text
from .variant import MARRIAGE, MICHIGAN_RUMMY, TRIPOLEY, Variant

FORMAT = 1

PHASE_NAMES = {"spare": "Spare hand", "auction": "Spare-hand auction", "spare_after": "Spare hand (unsold)",
               "choose_hand": "Choosing poker hands", "betting": "Poker betting", "michigan": "Michigan",
               "between": "Between deals", "over": "Game over"}

ACTIVE, BROKE, OUT, LEFT = "active", "broke", "out", "left"


def _cards(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def _parse(cards: list[str]) -> list[Card]:
    return [Card.parse(c) for c in cards]


class TripoleyGame:
    """Tripoley (Three in One); `MichiganRummyGame` is the same engine with another `variant`."""

    id: ClassVar[str] = "tripoley"
    title: ClassVar[str] = "Tripoley"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    option_specs: ClassVar[tuple[OptionSpec, ...]] = TRIPOLEY_OPTIONS
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    variant: ClassVar[Variant] = TRIPOLEY
    default_buy_in: ClassVar[int] = 100
    rules_summary: ClassVar[str] = (
        "**Tripoley** (2–9 players): three games on one deal.\n"
        "• Everyone antes 1 chip into each of the 9 mat compartments; unwon chips stay for later deals.\n"
        "• All 52 cards are dealt to the players plus a spare hand. The dealer may **swap** for it unseen, "
        "**auction** it (one round of bids from the dealer's left, paid to the dealer) or **keep** their hand.\n"
        "• **Pay cards:** holders of A♥ K♥ Q♥ J♥ 10♥ take those compartments; K♥+Q♥ together also take KQ; "
        "8-9-10 of one suit share RUN (remainders stay).\n"
        "• **Poker:** your best five cards; one betting round (bets/raises 1–5, opening bet + 3 raises, "
        "all-ins make side pots). The best hand takes POT.\n"
        "• **Michigan:** the poker winner leads the lowest card of a suit; whoever holds the next card up "
        "plays it automatically, until the suit stops. The stopper leads another suit. The first player "
        "out of cards takes KITTY, and everyone else pays 1 chip per card left into it.\n"
        "• A player with no chips is out; when one is left (or the deal limit is reached) the mat goes "
        "to the last Michigan winner.")

    def __init__(self) -> None:  # use start / from_dict
        self.opts: dict[str, Any] = {}
        self.seed: int | str = 0
        self.n = 0
        self.stacks: list[int] = []
        self.status: list[str] = []
        self.dealer = 0
        self.deal_no = 0
        self.deals_done = 0
        self.phase = "between"
        self.dealt_in: list[int] = []
        self.hands: list[list[Card]] = []
        self.spare: list[Card] = []
        self.dead: list[Card] = []
        self.dead_from: int | None = None       # seat whose dealt hand died; None = the spare hand
        self.mat: dict[str, int] = {}
        self.spare_choice: str | None = None
        self.auction: dict[str, Any] | None = None
        self.chosen: dict[int, list[Card]] = {}
        self.betting: BettingRound | None = None
        self.showdown: list[dict[str, Any]] = []
        self.poker_winner: int | None = None
        self.pay_results: list[list[Any]] = []
        self.mich: dict[str, Any] | None = None
        self.mich_winner: int | None = None
        self.last_mich_winner: int | None = None
        self.ledger: list[list[Any]] = []
        self.draw: list[list[Any]] = []
        self.final: list[list[Any]] = []
        self.revealed_dead: list[Card] = []

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        minimum = int(options.get("min_chips_to_join", dict((s.name, s.default) for s in cls.option_specs)
                                  ["min_chips_to_join"]))
        return BuyIn(minimum=minimum, maximum=None, default=max(cls.default_buy_in, minimum))

    @classmethod
    def start(cls, stacks: list[int], options: dict | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, *, dealer: int | None = None) -> TripoleyGame:
        """A new game dealt at once. `deck` fixes the first deal's cards (top first) and
        `dealer` the first dealer, for tests; otherwise TRI-3 chooses the dealer."""
        game = cls._new(stacks, options, seed)
        if dealer is None:
            dealer = game._first_dealer()
        elif not 0 <= dealer < game.n:
            raise ValueError(f"dealer must be a seat 0..{game.n - 1}")
        game._start_deal(deck=deck, dealer=dealer)
        return game

    @classmethod
    def _new(cls, stacks: list[int], options: dict | None, seed: int | str) -> TripoleyGame:
        if not cls.min_players <= len(stacks) <= cls.max_players:
            raise ValueError(f"{cls.title} needs {cls.min_players} to {cls.max_players} players, "
                             f"got {len(stacks)}")
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, not negative")
        game = cls()
        game.opts = resolve(cls.option_specs, options)
        game.seed = seed
        game.n = len(stacks)
        game.stacks = list(stacks)
        game.status = [ACTIVE if s > 0 else BROKE for s in stacks]
        game.hands = [[] for _ in stacks]
        game.mat = {code: 0 for code in cls.variant.codes}
        return game

    def _first_dealer(self) -> int:
        """TRI-3: high-card draw (ties redraw from a fresh deck) or a uniform random pick."""
        rng = deal_rng(self.seed, 0)
        seats = [p for p in range(self.n) if self.status[p] == ACTIVE] or list(range(self.n))
        if self.opts["first_dealer"] == "random":
            return rng.choice(seats)
        while True:
            deck = shuffled_deck(rng)
            drawn = dict(zip(seats, deck))
            self.draw.append([[p, str(c)] for p, c in drawn.items()])
            top = max(c.high for c in drawn.values())
            seats = [p for p, c in drawn.items() if c.high == top]
            if len(seats) == 1:
                return seats[0]

    # ---- small helpers --------------------------------------------------------------------

    @property
    def active(self) -> list[int]:
        return [p for p in range(self.n) if self.status[p] == ACTIVE]

    def _tie_order(self, among: list[int]) -> list[int]:
        return rules.tie_order(self.dealer, among, self.n, self.opts["tie_priority"] == "dealer_first")

    def _move(self, src: str, dst: str, amount: int, reason: str) -> None:
        """The only way a chip moves (CHIP-2); refuses to make anything negative (CHIP-4/6)."""
        if amount <= 0:
            return
        for place, sign in ((src, -1), (dst, 1)):
            kind, _, name = place.partition(":")
            if kind == "seat":
                self.stacks[int(name)] += sign * amount
                if self.stacks[int(name)] < 0:
                    raise RuntimeError(f"chip bug: {place} would go negative")
            else:
                self.mat[name] += sign * amount
                if self.mat[name] < 0:
                    raise RuntimeError(f"chip bug: {place} would go negative")
        self.ledger.append([src, dst, amount, reason])

    @staticmethod
    def _seat(p: int) -> str:
        return f"seat:{p}"

    @staticmethod
    def _comp(code: str) -> str:
        return f"mat:{code}"

    # ---- a deal -----------------------------------------------------------------------------

    def _start_deal(self, deck: list[Card] | None = None, dealer: int | None = None) -> list[Event]:
        events: list[Event] = []
        self.deal_no += 1
        self.ledger = []
        self.pay_results, self.showdown, self.chosen = [], [], {}
        self.poker_winner = self.mich_winner = None
        self.auction = self.mich = self.betting = None
        self.spare_choice = None
        self.dead, self.spare, self.dead_from, self.revealed_dead = [], [], None, []
        if dealer is None:
            dealer = self._next_dealer()
        if self.status[dealer] != ACTIVE:
            dealer = rules.left_of(dealer, self.active, self.n)
        if self.opts["short_ante"] == "eliminate":     # TRI-5 option
            while True:
                short = [p for p in self.active if self.stacks[p] < self._ante_for_dealer(p, dealer)]
                if not short:
                    break
                for p in short:
                    self.status[p] = OUT
                    events.append(Event("eliminated", f"{player(p)} cannot pay the full ante and is out of the "
                                                      f"game (keeps {self.stacks[p]} chips).", seat=p))
                if dealer in short and self.active:
                    dealer = rules.left_of(dealer, self.active, self.n)
            if len(self.active) < self.opts["min_active_players"]:
                self.deal_no -= 1
                return events + self._finish_game(before_deal=True)
        self.dealer = dealer
        self.dealt_in = self.active
        for p in range(self.n):
            self.hands[p] = []
        self._ante()
        if deck is None:
            deck = shuffled_deck(deal_rng(self.seed, self.deal_no))
        if sorted(deck) != new_deck():
            raise ValueError("the deck must be the 52 cards of one pack")
        players = rules.clockwise_from(dealer, self.dealt_in, self.n)
        order: list[int | None] = players + [None]
        if self.opts["spare_deal_position"] == "before_first":
            order = [None] + players
        dealt = rules.deal_hands(deck, order)
        for p in players:
            self.hands[p] = dealt[p]
        self.spare = dealt[None]
        self.phase = "spare"
        sizes = ", ".join(f"{player(p)} {len(self.hands[p])}" for p in players)
        events.append(Event("deal", f"Deal {self.deal_no}: {player(dealer)} deals. Hands: {sizes}; "
                                    f"spare hand {len(self.spare)} cards.", seat=dealer))
        for p in players:
            events.append(Event("hand", f"Your hand: {pretty_cards(sort_hand(self.hands[p], True))}",
                                seat=p, private_to=p))
        return events

    def _ante_for_dealer(self, p: int, dealer: int) -> int:
        return 9

    def _ante_passes(self, p: int) -> int:
        """How many passes over the mat seat `p` pays this deal (MICH-3 doubles the dealer's)."""
        return 1

    def _ante(self) -> None:
        """TRI-4/TRI-5 partial: one chip per compartment in canonical order while the wallet lasts."""
        for p in self.dealt_in:
            for _ in range(self._ante_passes(p)):
                for code in self.variant.codes:
                    if self.stacks[p] == 0:
                        break
                    self._move(self._seat(p), self._comp(code), 1, "ante")

    def _next_dealer(self) -> int:
        return rules.left_of(self.dealer, self.active, self.n)  # type: ignore[return-value]

    # ---- spare hand (TRI-9..14) -----------------------------------------------------------

    def _restricted(self, p: int) -> bool:
        """TRI-14: with the option on, a pay-card holder may neither swap nor bid."""
        return bool(self.opts["spare_requires_no_pay_cards"]) and bool(rules.holds_pay(self.variant, self.hands[p]))

    def _spare_legal(self) -> list[Any]:
        out: list[Any] = []
        if not self._restricted(self.dealer):
            out.append(SwapSpare())
        if self.phase == "spare" and self.opts["spare_auction"] != "off":
            out.append(AuctionSpare())
        out.append(KeepHand())
        return out

    def _apply_spare(self, p: int, action: Any) -> list[Event]:
        if isinstance(action, SwapSpare):
            self.spare_choice = "swap"
            self.dead, self.hands[p], self.spare = self.hands[p], self.spare, []
            self.dead_from = p
            events = [Event("spare", f"{player(p)} swaps for the spare hand, unseen.", seat=p),
                      Event("hand", f"Your new hand: {pretty_cards(sort_hand(self.hands[p], True))}",
                            seat=p, private_to=p)]
            return events + self._after_spare()
        if isinstance(action, KeepHand):
            if self.phase == "spare":
                self.spare_choice = "keep"
            self.dead, self.spare = self.spare, []
            text = (f"{player(p)} keeps their hand; the spare hand is dead." if self.phase == "spare"
                    else f"{player(p)} leaves the unsold spare hand; it is dead.")
            return [Event("spare", text, seat=p)] + self._after_spare()
        self.spare_choice = "auction"
        bidders = [q for q in rules.clockwise_from(p, self.dealt_in, self.n) if q != p]
        self.auction = {"order": bidders, "pos": 0, "turn": None, "high": 0, "high_seat": None,
                        "passed": [], "log": []}
        self.phase = "auction"
        return [Event("spare", f"{player(p)} auctions the spare hand.", seat=p)] + self._auction_next()

    def _min_bid(self) -> int:
        a = self.auction
        assert a is not None
        if a["high_seat"] is None:
            return self.opts["spare_min_bid"]
        return a["high"] + self.opts["spare_bid_increment"]

    def _auction_next(self) -> list[Event]:
        """Find the next bidder (auto-passing those who cannot afford a bid, TRI-10.3) or finish."""
        a = self.auction
        assert a is not None
        events: list[Event] = []
        order = a["order"]
        if self.opts["spare_auction"] == "single_round":
            while a["pos"] < len(order):
                q = order[a["pos"]]
                if self.stacks[q] < self._min_bid():
                    a["log"].append([q, 0])
                    events.append(Event("auction", f"{player(q)} cannot afford a bid and passes.", seat=q))
                    a["pos"] += 1
                    continue
                a["turn"] = q
                return events
            return events + self._auction_end()
        # open ascending (TRI-11): clockwise, skipping players who passed; ends when all others passed
        start = 0 if a["turn"] is None else (order.index(a["turn"]) + 1) % len(order)
        for i in range(len(order) * 2):
            in_play = [q for q in order if q not in a["passed"]]
            if not in_play or in_play == [a["high_seat"]]:
                return events + self._auction_end()
            q = order[(start + i) % len(order)]
            if q in a["passed"] or q == a["high_seat"]:
                continue
            if self.stacks[q] < self._min_bid():
                a["passed"].append(q)
                a["log"].append([q, 0])
                events.append(Event("auction", f"{player(q)} cannot afford a bid and passes.", seat=q))
                continue
            a["turn"] = q
            return events
        return events + self._auction_end()

    def _auction_end(self) -> list[Event]:
        a = self.auction
        assert a is not None
        a["turn"] = None
        w = a["high_seat"]
        if w is None:
            if self.opts["dealer_takes_unsold_spare"]:
                self.phase = "spare_after"
                return [Event("auction", "Nobody bid; the dealer may still swap for the spare hand.")]
            self.dead, self.spare = self.spare, []
            return [Event("auction", "Nobody bid; the spare hand is dead.")] + self._after_spare()
        self._move(self._seat(w), self._seat(self.dealer), a["high"], "auction")
        self.dead, self.hands[w], self.spare = self.hands[w], self.spare, []
        self.dead_from = w
        return [Event("auction", f"{player(w)} buys the spare hand for {a['high']}, paid to "
                                 f"{player(self.dealer)}.", seat=w),
                Event("hand", f"Your new hand: {pretty_cards(sort_hand(self.hands[w], True))}",
                      seat=w, private_to=w)] + self._after_spare()

    def _auction_legal(self, p: int) -> list[Any]:
        out: list[Any] = []
        if not self._restricted(p):
            lo, hi, step = self._min_bid(), self.stacks[p], self.opts["spare_bid_increment"]
            out = [Bid(b) for b in _amounts(lo, hi, step)]
        return out + [PassBid()]

    def _apply_auction(self, p: int, action: Any) -> list[Event]:
        a = self.auction
        assert a is not None
        if isinstance(action, Bid):
            a["high"], a["high_seat"] = action.amount, p
            a["log"].append([p, action.amount])
            events = [Event("auction", f"{player(p)} bids {action.amount}.", seat=p)]
        else:
            a["log"].append([p, 0])
            a["passed"].append(p)
            events = [Event("auction", f"{player(p)} passes.", seat=p)]
        if self.opts["spare_auction"] == "single_round":
            a["pos"] += 1
        return events + self._auction_next()

    # ---- after the spare hand ------------------------------------------------------------------

    def _after_spare(self) -> list[Event]:
        events: list[Event] = []
        if self.opts["pay_timing"] == "on_hold":
            events += self._pay_on_hold()
        if self.variant.poker_first:
            return events + self._begin_poker()
        return events + self._begin_michigan(self._mich_first_leader())

    def _mich_first_leader(self) -> int:
        return rules.left_of(self.dealer, self.dealt_in, self.n)  # type: ignore[return-value]

    def _pay_on_hold(self) -> list[Event]:
        """TRI-15..18: every claim at once, automatically; remainders stay (CHIP-3)."""
        hands = {p: self.hands[p] for p in self.dealt_in}
        events = []
        for code, shares in rules.claims(self.variant, hands, self.opts["run_shares"]):
            total = sum(shares.values())
            each = self.mat[code] // total
            for p, k in shares.items():
                self._move(self._comp(code), self._seat(p), each * k, f"pay:{code}")
            self.pay_results.append([code, sorted(shares), each])
            who = " and ".join(player(p) for p in sorted(shares))
            text = f"{who} share {code}: {each} a share." if len(shares) > 1 else f"{who} takes {code}: {each}."
            events.append(Event("pay", text))
        return events

    # ---- poker (TRI-20..28) -----------------------------------------------------------------

    def _poker_cards(self, p: int) -> list[Card]:
        return self.chosen.get(p) or self.hands[p]

    def _begin_poker(self) -> list[Event]:
        if self.opts["poker_hand_selection"] == "player_choice":
            self.phase = "choose_hand"
            return [Event("poker", "Each player chooses five cards as their poker hand.")]
        return self._begin_betting()

    def _begin_betting(self) -> list[Event]:
        if not self.opts["tripoley_poker_betting"]:
            return self._showdown_all()
        first = self.dealer if self.opts["poker_first_to_act"] == "dealer" else \
            rules.left_of(self.dealer, self.dealt_in, self.n)
        order = [first] + [q for q in rules.clockwise_from(first, self.dealt_in, self.n) if q != first]
        self.betting = BettingRound.open(order, self.stacks, self.mat["POT"])
        self.phase = "betting"
        events = [Event("poker", "Poker betting begins.")]
        if self.betting.turn is None:
            events += self._end_betting()
        return events

    def _betting_legal(self, p: int) -> list[Any]:
        b = self.betting
        assert b is not None
        owed, wallet = b.to_call(p), self.stacks[p]
        out: list[Any] = [Fold()]
        out.append(Check() if owed == 0 else Call(min(owed, wallet)))
        if wallet > owed and b.can_raise(p, self.opts["poker_max_raises"]):
            lo, top = self.opts["poker_min_bet"], self.opts["poker_max_bet"] or wallet
            room = wallet - owed
            incs = [room] if room < lo else _amounts(lo, min(top, room), 1)
            kind = Bet if b.current == 0 else Raise
            out += [kind(x) for x in incs]
        return out

    def _valid_increment(self, p: int, x: int) -> str | None:
        b = self.betting
        assert b is not None
        owed, wallet = b.to_call(p), self.stacks[p]
        lo, top = self.opts["poker_min_bet"], self.opts["poker_max_bet"]
        if owed + x > wallet:
            return f"You have {wallet} chips; raising by {x} would cost {owed + x}."
        if x == wallet - owed and wallet - owed < lo and x > 0:
            return None
        if x < lo or (top and x > top):
            limit = f"{lo} to {top}" if top else f"at least {lo}"
            return f"A bet or raise must be {limit} chips."
        return None

    def _apply_betting(self, p: int, action: Any) -> list[Event]:
        b = self.betting
        assert b is not None
        owed = b.to_call(p)
        if isinstance(action, Fold):
            b.folded.add(p)
            text = f"{player(p)} folds."
        elif isinstance(action, Check):
            text = f"{player(p)} checks."
        elif isinstance(action, Call):
            pay = min(owed, self.stacks[p])
            self._move(self._seat(p), self._comp("POT"), pay, "bet")
            b.contrib[p] += pay
            text = f"{player(p)} calls {pay}."
        else:
            pay = owed + action.amount
            self._move(self._seat(p), self._comp("POT"), pay, "bet")
            b.contrib[p] += pay
            b.bets += 1
            b.acted = set()
            verb = "bets" if isinstance(action, Bet) else "raises by"
            text = f"{player(p)} {verb} {action.amount} (in for {b.contrib[p]})."
        if self.stacks[p] == 0 and p not in b.folded:
            b.allin.add(p)
            text += " All-in."
        b.acted.add(p)
        b.turn = b.next_to_act(p)
        events = [Event("bet", text, seat=p)]
        if b.turn is None:
            events += self._end_betting()
        return events

    def _end_betting(self) -> list[Event]:
        b = self.betting
        assert b is not None
        live = b.live()
        if len(live) == 1:       # TRI-25
            w = live[0]
            self._move(self._comp("POT"), self._seat(w), self.mat["POT"], "poker")
            self.poker_winner = w
            return [Event("poker", f"Everybody else folded: {player(w)} takes POT without showing.", seat=w)] \
                + self._begin_michigan(w)
        events: list[Event] = []
        top, excess = uncalled_excess(b.contrib)
        if top is not None:      # TRI-26.1
            self._move(self._comp("POT"), self._seat(top), excess, "return")
            b.contrib[top] -= excess
            events.append(Event("poker", f"{excess} uncalled chips go back to {player(top)}.", seat=top))
        values = {p: best_hand(self._poker_cards(p)) for p in live}
        events.append(self._reveal(live, values))
        for chips, eligible in layers(b.contrib, b.folded, b.base):   # TRI-26.2/3
            best = max(values[p].key for p in eligible)
            winners = [p for p in eligible if values[p].key == best]
            each = chips // len(winners)
            for w in winners:
                self._move(self._comp("POT"), self._seat(w), each, "poker")
        events += self._poker_winner_events(live, values)
        return events + self._begin_michigan(self.poker_winner)  # type: ignore[arg-type]

    def _reveal(self, seats: list[int], values: dict[int, Any]) -> Event:
        for p in seats:
            v = values[p]
            self.showdown.append({"seat": p, "cards": _cards(list(v.cards)), "category": v.category,
                                  "text": v.text})
        lines = [f"{player(p)}: {pretty_cards(values[p].cards)} — {values[p].text}" for p in seats]
        return Event("showdown", "Showdown:\n" + "\n".join(lines))

    def _poker_winner_events(self, seats: list[int], values: dict[int, Any]) -> list[Event]:
        """TRI-27: the best hand; ties go to the first in tie-priority order."""
        best = max(values[p].key for p in seats)
        tied = [p for p in self._tie_order(seats) if values[p].key == best]
        self.poker_winner = tied[0]
        return [Event("poker", f"{player(tied[0])} wins the poker with {values[tied[0]].text}.", seat=tied[0])]

    def _showdown_all(self) -> list[Event]:
        """TRI-28: no betting; the best hand takes POT, ties share (remainder stays)."""
        seats = list(self.dealt_in)
        values = {p: best_hand(self._poker_cards(p)) for p in seats}
        events = [self._reveal(seats, values)]
        best = max(v.key for v in values.values())
        winners = [p for p in seats if values[p].key == best]
        each = self.mat["POT"] // len(winners)
        for w in winners:
            self._move(self._comp("POT"), self._seat(w), each, "poker")
        events += self._poker_winner_events(seats, values)
        return events + self._begin_michigan(self.poker_winner)  # type: ignore[arg-type]

    # ---- Michigan (TRI-29..36, MICH-6..8) ---------------------------------------------------------

    def _begin_michigan(self, leader: int) -> list[Event]:
        self.phase = "michigan"
        self.mich = {"leader": leader, "forbidden": None, "played": [], "by": {str(p): [] for p in self.dealt_in},
                     "start": {str(p): _cards(self.hands[p]) for p in self.dealt_in}, "seq": [], "log": []}
        return [Event("michigan", f"Michigan: {player(leader)} leads first.", seat=leader)] + self._mich_advance()

    def _mich_advance(self) -> list[Event]:
        """Find who leads next (TRI-34); play automatically when only one suit is allowed."""
        m = self.mich
        assert m is not None
        events: list[Event] = []
        while self.phase == "michigan":
            order = [m["leader"]] + [q for q in rules.clockwise_from(m["leader"], self.dealt_in, self.n)
                                     if q != m["leader"]]
            leader = next((q for q in order if rules.lead_suits(self.hands[q], m["forbidden"])), None)
            if leader is None:
                return events + self._end_michigan(None)
            if leader != m["leader"]:
                events.append(Event("michigan", f"{player(m['leader'])} cannot lead; the lead passes to "
                                                f"{player(leader)}.", seat=leader))
                m["leader"] = leader
            suits = rules.lead_suits(self.hands[leader], m["forbidden"])
            if len(suits) > 1:
                return events
            events += self._mich_lead(leader, suits[0])
        return events

    def _mich_lead(self, p: int, suit: str) -> list[Event]:
        """Play the leader's lowest card of `suit`, then every next card by its holder (TRI-31..35)."""
        m = self.mich
        assert m is not None
        owner = {c: q for q in self.dealt_in for c in self.hands[q]}
        card = rules.lowest_of_suit(self.hands[p], suit)
        assert card is not None
        seq: list[list[Any]] = []
        events: list[Event] = []
        holder = p
        while True:
            seq.append([holder, str(card)])
            events += self._mich_play(holder, card)
            if not self.hands[holder]:
                m["seq"] = seq
                events.insert(0, self._seq_event(p, seq, out=holder))
                return events + self._end_michigan(holder)
            nxt = rules.next_card(card)
            if nxt is None or nxt not in owner:
                break
            card, holder = nxt, owner[nxt]
        m["seq"] = seq
        m["leader"], m["forbidden"] = holder, suit
        events.insert(0, self._seq_event(p, seq, out=None))
        return events

    def _seq_event(self, p: int, seq: list[list[Any]], out: int | None) -> Event:
        parts: list[str] = []
        for q, c in seq:
            parts.append(f"{Card.parse(c).pretty} ({player(q)})")
        end = f" — {player(out)} is out of cards!" if out is not None else \
            f" — stop; {player(seq[-1][0])} leads next."
        text = f"{player(p)} leads: " + ", ".join(parts) + end
        assert self.mich is not None
        self.mich["log"] = (self.mich["log"] + [text])[-12:]
        return Event("michigan", text, seat=p, data={"cards": [c for _, c in seq]})

    def _mich_play(self, p: int, card: Card) -> list[Event]:
        m = self.mich
        assert m is not None
        self.hands[p].remove(card)
        m["played"].append(str(card))
        m["by"][str(p)].append(str(card))
        if self.opts["pay_timing"] != "on_play":
            return []
        events = []
        mine = set(m["by"][str(p)])
        for code, pay in self.variant.single_pay:          # TRI-19, MICH-7
            if card == pay:
                events += self._take(p, code, f"plays {card.pretty}")
        if card in MARRIAGE and all(str(c) in mine for c in MARRIAGE):     # MICH-8
            events += self._take(p, "KQ", "has played Q♥ and K♥")
        if card.high in self.variant.run_ranks and \
                all(str(Card(r, card.suit)) in mine for r in self.variant.run_ranks):
            events += self._take(p, "RUN", "has played the run")
        return events

    def _take(self, p: int, code: str, why: str) -> list[Event]:
        amount = self.mat[code]
        self._move(self._comp(code), self._seat(p), amount, f"pay:{code}")
        self.pay_results.append([code, [p], amount])
        return [Event("pay", f"{player(p)} {why} and takes {code}: {amount}.", seat=p)]

    def _end_michigan(self, winner: int | None) -> list[Event]:
        """TRI-35/36: card payments into the prize compartment; the winner takes it all."""
        prize = self.variant.michigan_prize
        events: list[Event] = []
        self.mich_winner = winner
        if winner is not None or self.opts["no_winner_payment"] == "per_card":
            for q in self.dealt_in:
                if q != winner:
                    self._move(self._seat(q), self._comp(prize), min(len(self.hands[q]), self.stacks[q]),
                               "mich_pay")
        if winner is not None:
            self.last_mich_winner = winner
            amount = self.mat[prize]
            self._move(self._comp(prize), self._seat(winner), amount, "mich_prize")
            events.append(Event("michigan", f"{player(winner)} wins the Michigan phase and takes "
                                            f"{prize}: {amount}.", seat=winner))
        else:
            self.last_mich_winner = None
            events.append(Event("michigan", f"Nobody can lead: no Michigan winner; {prize} stays."))
        if not self.variant.poker_first:
            events += self._poker_pool()
        return events + self._end_deal()

    def _poker_pool(self) -> list[Event]:
        return []

    # ---- end of deal and game (TRI-37..39) ----------------------------------------------------------

    def _end_deal(self) -> list[Event]:
        events: list[Event] = []
        self.revealed_dead = list(self.dead) if self.opts["reveal_dead_hand"] else []
        if self.revealed_dead:
            events.append(Event("dead_hand", f"The dead hand: {pretty_cards(sort_hand(self.dead, True))}"))
        notes: list[str] = []
        for p in self.dealt_in:
            if self.status[p] == ACTIVE and self.stacks[p] == 0:
                self.status[p] = BROKE
                notes.append(f"{player(p)} has no chips left and is out.")
        self.deals_done += 1
        over = len(self.active) < self.opts["min_active_players"] or \
            (self.opts["max_deals"] and self.deals_done >= self.opts["max_deals"])
        if over:
            tail = self._finish_game()
        else:
            self.phase = "between"
            tail = []
        text = summary_text(self, notes)
        return events + [Event("summary", text, data={"deal": self.deal_no})] + tail

    def _recipients(self) -> list[int]:
        active = self.active
        if active:
            return active
        return [p for p in self.dealt_in if self.status[p] != LEFT]

    def _finish_game(self, before_deal: bool = False) -> list[Event]:
        """TRI-39: the mat is emptied; the game is over."""
        self.phase = "over"
        total = sum(self.mat.values())
        who = self._recipients()
        shares: list[tuple[int, int]] = []
        how = ""
        if total and who:
            mode = self.opts["leftover_mat"]
            if len(who) == 1:
                shares, how = [(who[0], total)], "the last player takes"
            elif mode == "last_michigan_winner" and self.last_mich_winner in who:
                shares, how = [(self.last_mich_winner, total)], "the last Michigan winner takes"
            elif mode == "final_showdown":
                shares, how = self._final_showdown(who, total), "the final showdown wins"
            else:
                order = self._tie_order(who)
                each, rest = divmod(total, len(order))
                shares, how = [(p, each + (1 if i < rest else 0)) for i, p in enumerate(order)], "split equally"
        self.final = []
        for p, amount in shares:
            for code in self.variant.codes:
                if amount == 0:
                    break
                take = min(amount, self.mat[code])
                self._move(self._comp(code), self._seat(p), take, "final")
                amount -= take
        lines = [f"{player(p)} gets {a}" for p, a in shares if a]
        self.final = [[p, a] for p, a in shares]
        ranking = sorted((p for p in range(self.n) if self.status[p] != LEFT), key=lambda p: -self.stacks[p])
        text = "Game over." + (f" Chips left on the mat ({total}): {how} — " + ", ".join(lines) + "." if lines else "")
        text += "\nFinal wallets: " + ", ".join(f"{player(p)} {self.stacks[p]}" for p in ranking)
        events = [Event("game_over", text, data={"ranking": ranking})]
        if before_deal:
            events.append(Event("summary", text))
        return events

    def _final_showdown(self, who: list[int], total: int) -> list[tuple[int, int]]:
        rng = deal_rng(self.seed, self.deal_no + 1)
        deck = shuffled_deck(rng)
        order = rules.clockwise_from(self.dealer, who, self.n)
        hands = rules.deal_hands(deck[:5 * len(order)], order)
        values = {p: best_hand(hands[p]) for p in order}  # type: ignore[index]
        self.showdown = [{"seat": p, "cards": _cards(list(values[p].cards)), "category": values[p].category,
                          "text": values[p].text} for p in order]
        best = max(v.key for v in values.values())
        tied = [p for p in self._tie_order(order) if values[p].key == best]
        each, rest = divmod(total, len(tied))
        return [(p, each + (1 if i < rest else 0)) for i, p in enumerate(tied)]

    # ---- the contract -------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        ph = self.phase
        if ph in ("spare", "spare_after"):
            return [self.dealer]
        if ph == "auction":
            t = self.auction["turn"]  # type: ignore[index]
            return [t] if t is not None else []
        if ph == "choose_hand":
            return [p for p in self.dealt_in if p not in self.chosen]
        if ph == "betting":
            t = self.betting.turn  # type: ignore[union-attr]
            return [t] if t is not None else []
        if ph == "michigan":
            return [self.mich["leader"]]  # type: ignore[index]
        if ph == "between":
            return [self._next_dealer()]
        return []

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act():
            return []
        ph = self.phase
        if ph in ("spare", "spare_after"):
            return self._spare_legal()
        if ph == "auction":
            return self._auction_legal(seat)
        if ph == "choose_hand":
            return [ChoosePokerHand(tuple(best_hand(self.hands[seat]).cards))]
        if ph == "betting":
            return self._betting_legal(seat)
        if ph == "michigan":
            return [Lead(Suit.of(s)) for s in rules.lead_suits(self.hands[seat], self.mich["forbidden"])]  # type: ignore[index]
        return [NextDeal()]

    def _check(self, seat: int, action: Any) -> None:
        """Every reason `action` is illegal now, before anything changes."""
        if self.phase == "over":
            raise IllegalAction("The game is over.", rule="TRI-38")
        if not 0 <= seat < self.n or seat not in self.to_act():
            raise IllegalAction("It is not your turn; wait for the players named in the turn line.")
        ph = self.phase
        if ph == "choose_hand":
            if not isinstance(action, ChoosePokerHand):
                raise IllegalAction("Choose the five cards of your poker hand.", rule="TRI-20")
            cards = list(action.cards)
            if len(cards) != 5 or len(set(cards)) != 5 or any(c not in self.hands[seat] for c in cards):
                raise IllegalAction("Choose exactly five different cards from your hand.", rule="TRI-20")
            return
        if ph == "betting" and isinstance(action, (Bet, Raise)):
            legal = self._betting_legal(seat)
            kind = Bet if self.betting.current == 0 else Raise  # type: ignore[union-attr]
            if not any(isinstance(a, kind) for a in legal):
                if not isinstance(action, kind):
                    raise IllegalAction(f"You cannot {'bet' if kind is Raise else 'raise'} now; "
                                        f"{'raise' if kind is Raise else 'bet'} instead, call, check or fold.",
                                        rule="TRI-23")
                raise IllegalAction("No more bets or raises are allowed now; call, check or fold.", rule="TRI-23")
            if not isinstance(action, kind):
                raise IllegalAction(f"There is {'no' if kind is Bet else 'already a'} bet; "
                                    f"{'bet' if kind is Bet else 'raise'} instead.", rule="TRI-23")
            problem = self._valid_increment(seat, action.amount)
            if problem:
                raise IllegalAction(problem, rule="TRI-23")
            return
        if ph == "auction" and isinstance(action, Bid):
            if self._restricted(seat):
                raise IllegalAction("You hold a pay card, so you may not bid; pass instead.", rule="TRI-14")
            lo = self._min_bid()
            if action.amount < lo:
                raise IllegalAction(f"The smallest bid now is {lo}.", rule="TRI-10")
            if action.amount > self.stacks[seat]:
                raise IllegalAction(f"You cannot bid more than your {self.stacks[seat]} chips.", rule="TRI-10")
            return
        if action not in self.legal_actions(seat):
            labels = ", ".join(a.label for a in self.legal_actions(seat)[:6])
            rule = {"spare": "TRI-9", "spare_after": "TRI-12", "auction": "TRI-10", "betting": "TRI-23",
                    "michigan": "TRI-31"}.get(ph)
            raise IllegalAction(f"That is not allowed now. You can: {labels}.", rule=rule)

    def apply(self, seat: int, action: Any) -> list[Event]:
        self._check(seat, action)
        ph = self.phase
        if ph in ("spare", "spare_after"):
            return self._apply_spare(seat, action)
        if ph == "auction":
            return self._apply_auction(seat, action)
        if ph == "choose_hand":
            self.chosen[seat] = list(action.cards)
            events = [Event("poker", f"{player(seat)} has chosen a poker hand.", seat=seat)]
            if len(self.chosen) == len(self.dealt_in):
                events += self._begin_betting()
            return events
        if ph == "betting":
            return self._apply_betting(seat, action)
        if ph == "michigan":
            events = self._mich_lead(seat, action.suit.letter)
            if self.phase == "michigan":
                events += self._mich_advance()
            return events
        return self._start_deal()

    def timeout_action(self, seat: int) -> Any:
        """TRI-41."""
        ph = self.phase
        if ph in ("spare", "spare_after"):
            return KeepHand()
        if ph == "auction":
            return PassBid()
        if ph == "choose_hand":
            return self.legal_actions(seat)[0]
        if ph == "betting":
            return Check() if self.betting.to_call(seat) == 0 else Fold()  # type: ignore[union-attr]
        if ph == "michigan":
            return Lead(Suit.of(rules.timeout_suit(list(self.hands[seat]), self.mich["forbidden"])))  # type: ignore[index]
        return NextDeal()

    def bot_action(self, seat: int, rng: random.Random) -> Any:
        from .seat_bot import choose
        return choose(self, seat, rng)

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == "over" else int(self.opts["turn_timeout_s"])

    def chips(self) -> dict[str, int]:
        out = {seat_key(p): self.stacks[p] for p in range(self.n)}
        for code in self.variant.codes:
            out[f"mat:{code}"] = self.mat[code]
        return out

    def can_cash_out(self, seat: int) -> bool:
        if self.phase in ("between", "over"):
            return True
        return self.status[seat] != ACTIVE or seat not in self.dealt_in

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction("You can leave at the end of this deal.", rule="TRI-2")
        if self.status[seat] == LEFT:
            return []
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        was_active = self.status[seat] == ACTIVE
        self.status[seat] = LEFT
        if self.last_mich_winner == seat:
            self.last_mich_winner = None
        events = [Event("left", f"{player(seat)} leaves the table with {amount} chips.", seat=seat)]
        if self.phase == "between" and was_active and len(self.active) < self.opts["min_active_players"]:
            self.ledger = []
            events += self._finish_game()
            events.append(Event("summary", summary_text(self, [], deal=False)))
        return events

    # ---- views ----------------------------------------------------------------------------------------

    def _compartments(self) -> list[dict[str, Any]]:
        return [{"code": code, "name": name, "chips": self.mat[code]} for code, name in self.variant.compartments]

    def public_view(self) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": self.id, "phase": PHASE_NAMES[self.phase], "phase_id": self.phase,
            "deal": self.deal_no, "deals_done": self.deals_done, "max_deals": self.opts["max_deals"],
            "dealer": self.dealer, "mat": self._compartments(), "mat_total": sum(self.mat.values()),
            "stacks": list(self.stacks), "status": list(self.status), "dealt_in": list(self.dealt_in),
            "hand_sizes": [len(h) if p in self.dealt_in else None for p, h in enumerate(self.hands)],
            "spare_size": len(self.spare), "dead_size": len(self.dead), "spare_choice": self.spare_choice,
            "to_act": self.to_act(), "pay_timing": self.opts["pay_timing"],
            "pay_results": [list(r) for r in self.pay_results],
            "showdown": [dict(s) for s in self.showdown], "poker_winner": self.poker_winner,
            "michigan_winner": self.mich_winner, "last_michigan_winner": self.last_mich_winner,
            "dead_hand": _cards(sort_hand(self.revealed_dead, True)),
            "first_dealer_draw": [list(map(list, r)) for r in self.draw] if self.deal_no == 1 else [],
            "final": [list(f) for f in self.final],
        }
        if self.auction is not None:
            a = self.auction
            v["auction"] = {"order": list(a["order"]), "turn": a["turn"], "high": a["high"],
                            "high_seat": a["high_seat"], "bids": [list(x) for x in a["log"]],
                            "min_bid": self._min_bid() if self.phase == "auction" else None}
        if self.betting is not None:
            b = self.betting
            v["betting"] = {"contrib": [b.contrib.get(p, 0) for p in range(self.n)], "current": b.current,
                            "folded": sorted(b.folded), "allin": sorted(b.allin), "bets": b.bets,
                            "max_bets": 1 + self.opts["poker_max_raises"], "turn": b.turn,
                            "min_bet": self.opts["poker_min_bet"], "max_bet": self.opts["poker_max_bet"]}
        if self.mich is not None:
            m = self.mich
            v["michigan"] = {"leader": m["leader"], "forbidden": m["forbidden"], "played": list(m["played"]),
                             "sequence": [list(x) for x in m["seq"]], "log": list(m["log"])}
        return v

    def private_view(self, seat: int) -> dict[str, Any]:
        hand = self.hands[seat] if 0 <= seat < self.n else []
        v: dict[str, Any] = {"seat": seat, "hand": _cards(sort_hand(hand, True)), "wallet": self.stacks[seat],
                             "pay_cards": _cards(self._pay_marks(hand))}
        if len(hand) >= 5:
            best = best_hand(hand)
            v["best_poker"] = {"cards": _cards(list(best.cards)), "category": best.category, "text": best.text}
        if seat in self.chosen:
            chosen = best_hand(self.chosen[seat])
            v["poker_hand"] = {"cards": _cards(list(chosen.cards)), "category": chosen.category,
                               "text": chosen.text}
        if self.phase == "betting" and self.betting is not None and seat in self.betting.contrib:
            v["to_call"] = self.betting.to_call(seat)
        if self.phase == "michigan" and self.mich is not None:
            v["lead_suits"] = rules.lead_suits(hand, self.mich["forbidden"])
        return v

    def _pay_marks(self, hand: list[Card]) -> list[Card]:
        if self.opts["pay_timing"] == "on_hold":
            return rules.holds_pay(self.variant, hand)
        got = set(hand)
        marks = {c for _, c in self.variant.single_pay if c in got} | {c for c in MARRIAGE if c in got}
        for suit in "SHDC":
            run = [Card(r, suit) for r in self.variant.run_ranks]
            if all(c in got for c in run):
                marks |= set(run)
        return sorted(marks)

    # ---- serialisation ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "game": self.id, "opts": dict(self.opts), "seed": self.seed, "n": self.n,
            "stacks": list(self.stacks), "status": list(self.status), "dealer": self.dealer,
            "deal_no": self.deal_no, "deals_done": self.deals_done, "phase": self.phase,
            "dealt_in": list(self.dealt_in), "hands": [_cards(h) for h in self.hands],
            "spare": _cards(self.spare), "dead": _cards(self.dead), "dead_from": self.dead_from,
            "mat": [[c, self.mat[c]] for c in self.variant.codes], "spare_choice": self.spare_choice,
            "auction": _jsonable(self.auction), "chosen": [[p, _cards(c)] for p, c in sorted(self.chosen.items())],
            "betting": self.betting.to_dict() if self.betting else None,
            "showdown": _jsonable(self.showdown), "poker_winner": self.poker_winner,
            "pay_results": _jsonable(self.pay_results), "mich": _jsonable(self.mich),
            "mich_winner": self.mich_winner, "last_mich_winner": self.last_mich_winner,
            "ledger": _jsonable(self.ledger), "draw": _jsonable(self.draw), "final": _jsonable(self.final),
            "revealed_dead": _cards(self.revealed_dead),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TripoleyGame:
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown {cls.id} state format {data.get('format')!r}")
        g = cls()
        g.opts = dict(data["opts"])
        g.seed, g.n = data["seed"], data["n"]
        g.stacks, g.status = list(data["stacks"]), list(data["status"])
        g.dealer, g.deal_no, g.deals_done, g.phase = data["dealer"], data["deal_no"], data["deals_done"], data["phase"]
        g.dealt_in = list(data["dealt_in"])
        g.hands = [_parse(h) for h in data["hands"]]
        g.spare, g.dead, g.dead_from = _parse(data["spare"]), _parse(data["dead"]), data["dead_from"]
        g.mat = {c: v for c, v in data["mat"]}
        g.spare_choice = data["spare_choice"]
        g.auction = _jsonable(data["auction"])
        g.chosen = {p: _parse(c) for p, c in data["chosen"]}
        g.betting = BettingRound.from_dict(data["betting"]) if data["betting"] else None
        g.showdown = _jsonable(data["showdown"])
        g.poker_winner = data["poker_winner"]
        g.pay_results = _jsonable(data["pay_results"])
        g.mich = _jsonable(data["mich"])
        g.mich_winner, g.last_mich_winner = data["mich_winner"], data["last_mich_winner"]
        g.ledger, g.draw, g.final = _jsonable(data["ledger"]), _jsonable(data["draw"]), _jsonable(data["final"])
        g.revealed_dead = _parse(data["revealed_dead"])
        return g


def _jsonable(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts, scalars)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _amounts(lo: int, hi: int, step: int) -> list[int]:
    """Amounts lo, lo+step, … up to hi: every one while there are few, else a spread of ≤ 25
    (the UI's select limit); apply accepts any valid amount."""
    if hi < lo:
        return []
    count = (hi - lo) // step + 1
    if count <= 25:
        return list(range(lo, hi + 1, step))
    vals = {lo + i * step for i in range(15)}
    x = lo + 15 * step
    while x < hi and len(vals) < 24:
        x = lo + ((x - lo) * 3 // 2 // step) * step
        if x < hi:
            vals.add(x)
    vals.add(lo + ((hi - lo) // step) * step)
    return sorted(vals)


class MichiganRummyGame(TripoleyGame):
    """Michigan Rummy: the Tripoley engine with its own mat, double dealer ante, pay-on-play,
    Michigan first and an automatic poker-pool showdown (MICH-1..10)."""

    id: ClassVar[str] = "michigan_rummy"
    title: ClassVar[str] = "Michigan Rummy"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    option_specs: ClassVar[tuple[OptionSpec, ...]] = MICHIGAN_OPTIONS
    variant: ClassVar[Variant] = MICHIGAN_RUMMY
    default_buy_in: ClassVar[int] = 150
    rules_summary: ClassVar[str] = (
        "**Michigan Rummy** (3–8 players).\n"
        "• Everyone antes 1 chip into each of the 9 mat compartments, the dealer 2; unwon chips stay.\n"
        "• All 52 cards are dealt to the players plus a spare hand. The dealer may **swap** for it unseen, "
        "**auction** it (one round of bids from the dealer's left, paid to the dealer) or **keep** their hand.\n"
        "• **Michigan:** the player left of the dealer leads the lowest card of a suit; whoever holds the "
        "next card up plays it automatically until the suit stops; the stopper leads another suit.\n"
        "• **Pay cards pay when played:** A♥, K♣, Q♦, J♠, 10♥ take their compartments; playing both Q♥ "
        "and K♥ takes KQ; playing 7-8-9 of one suit takes RUN.\n"
        "• The first player out of cards takes the POT, into which everyone else pays 1 chip per card left.\n"
        "• Then everyone shows the best poker hand of the hand they started with: it takes the POKER POOL "
        "(no betting).\n"
        "• A player with no chips is out; when one is left the mat goes to the last Michigan winner.")

    def _ante_passes(self, p: int) -> int:
        return 2 if p == self.dealer and self.opts["mich_dealer_double_ante"] else 1

    def _ante_for_dealer(self, p: int, dealer: int) -> int:
        return 18 if p == dealer and self.opts["mich_dealer_double_ante"] else 9

    def _mich_first_leader(self) -> int:
        if self.opts["mich_first_leader"] == "dealer":
            return self.dealer
        return super()._mich_first_leader()

    def _poker_pool(self) -> list[Event]:
        """MICH-9: every player dealt in shows; the best hand takes POKER_POOL, ties share."""
        assert self.mich is not None
        if self.opts["mich_poker_cards"] == "full_hand":
            hands = {p: _parse(self.mich["start"][str(p)]) for p in self.dealt_in}
        else:
            hands = {p: list(self.hands[p]) for p in self.dealt_in}
        hands = {p: h for p, h in hands.items() if len(h) >= 5}
        if not hands:
            return [Event("poker", "Nobody has five cards left: the poker pool stays.")]
        seats = [p for p in self.dealt_in if p in hands]
        values = {p: best_hand(hands[p]) for p in seats}
        events = [self._reveal(seats, values)]
        best = max(v.key for v in values.values())
        winners = [p for p in self._tie_order(seats) if values[p].key == best]
        each = self.mat["POKER_POOL"] // len(winners)
        for w in winners:
            self._move(self._comp("POKER_POOL"), self._seat(w), each, "poker")
        self.poker_winner = winners[0]
        names = " and ".join(player(w) for w in winners)
        events.append(Event("poker", f"{names} {'share' if len(winners) > 1 else 'takes'} the poker pool "
                                     f"with {values[winners[0]].text}.", seat=winners[0]))
        return events
