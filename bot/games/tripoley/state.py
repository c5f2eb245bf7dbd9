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
from ..cards import Card, card_texts, deal_rng, parse_card_texts, shuffled_deck, sort_hand
from ..options import OptionSpec
from ..poker import best_hand
from . import rules, seat_bot
from .actions import (ACTION_TYPES, AuctionSpare, Bet, Bid, Call, Check, ChoosePokerHand, Fold, KeepHand,
                      Lead, NextDeal, PassBid, Raise, Suit, SwapSpare)
from .betting import BettingRound
from .deal import DealMixin
from .michigan import MichiganMixin
from .options import TRIPOLEY_OPTIONS, resolve
from .poker_phase import PokerMixin
from .rules import ACTIVE, BROKE, LEFT
from .spare import SpareMixin
from .summary import summary_text
from .variant import TRIPOLEY, Variant

FORMAT = 1

PHASE_NAMES = {"spare": "Spare hand", "auction": "Spare-hand auction", "spare_after": "Spare hand (unsold)",
               "choose_hand": "Choosing poker hands", "betting": "Poker betting", "michigan": "Michigan",
               "between": "Between deals", "over": "Game over"}



class TripoleyGame(DealMixin, SpareMixin, PokerMixin, MichiganMixin):
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
        self.leaving: set[int] = set()          # asked to leave during the deal (TRI-2)
        self.stop_requested = False             # the host asked to stop (TRI-38 c)
        self.cashed: set[int] = set()           # paid out by the table

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
        """The only way a chip moves (CHIP-2); refuses, before changing anything, a transfer
        the source cannot cover (CHIP-4/6: that would be a bug, never a game event)."""
        if amount <= 0:
            return
        kind, _, name = src.partition(":")
        have = self.stacks[int(name)] if kind == "seat" else self.mat[name]
        if have < amount:
            raise RuntimeError(f"chip bug: {src} holds {have}, cannot pay {amount} ({reason})")
        for place, sign in ((src, -1), (dst, 1)):
            kind, _, name = place.partition(":")
            if kind == "seat":
                self.stacks[int(name)] += sign * amount
            else:
                self.mat[name] += sign * amount
        self.ledger.append([src, dst, amount, reason])

    @staticmethod
    def _seat(p: int) -> str:
        return f"seat:{p}"

    @staticmethod
    def _comp(code: str) -> str:
        return f"mat:{code}"

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
            return [self._next_dealer()] if self.active else []
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
            return self._hand_choices(seat)
        if ph == "betting":
            return self._betting_legal(seat)
        if ph == "michigan":
            return [Lead(Suit.of(s)) for s in rules.lead_suits(self.hands[seat], self.mich["forbidden"])]  # type: ignore[index]
        return [NextDeal()]

    def _hand_choices(self, seat: int) -> list[Any]:
        """TRI-20 player_choice: the best five first (the timeout choice), then groups of five
        covering every other card, so a multi-select offers the whole hand; `apply` accepts any
        five cards of the hand."""
        hand = sort_hand(self.hands[seat], True)
        out = [ChoosePokerHand(tuple(best_hand(hand).cards))]
        seen = [set(out[0].cards)]
        for i in range(0, len(hand), 5):
            chunk = hand[i:i + 5]
            chunk += [c for c in hand if c not in chunk][:5 - len(chunk)]
            if set(chunk) not in seen:
                seen.append(set(chunk))
                out.append(ChoosePokerHand(tuple(chunk)))
        return out

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
            why = self._why_illegal(seat, action)
            if why is not None:
                raise IllegalAction(*why)
            labels = ", ".join(a.label for a in self.legal_actions(seat)[:6])
            rule = {"spare": "TRI-9", "spare_after": "TRI-12", "auction": "TRI-10", "betting": "TRI-23",
                    "michigan": "TRI-31"}.get(ph)
            raise IllegalAction(f"That is not allowed now. You can: {labels}.", rule=rule)

    def _why_illegal(self, seat: int, action: Any) -> tuple[str, str] | None:
        """A sentence for the common mistakes of each phase (with the rule), or None."""
        ph = self.phase
        if ph == "michigan" and isinstance(action, Lead):
            suit, name = action.suit.letter, action.suit.value
            others = ", ".join(Suit.of(s).value for s in rules.lead_suits(self.hands[seat], self.mich["forbidden"]))  # type: ignore[index]
            if suit == self.mich["forbidden"]:  # type: ignore[index]
                return (f"You cannot lead {name}: that suit has just stopped. Lead {others} instead.", "TRI-31")
            if not any(c.suit == suit for c in self.hands[seat]):
                return (f"You have no {name}. Lead {others} instead.", "TRI-31")
        if ph == "betting" and isinstance(action, (Check, Call)):
            owed = self.betting.to_call(seat)  # type: ignore[union-attr]
            if owed == 0:
                return ("There is nothing to call; check, bet or fold.", "TRI-23")
            if isinstance(action, Check):
                return (f"You cannot check: there are {owed} to call. Call, raise or fold.", "TRI-23")
            pay = min(owed, self.stacks[seat])
            return (f"A call now costs {pay}: choose Call {pay}.", "TRI-23")
        if ph in ("spare", "spare_after"):
            if isinstance(action, SwapSpare) and self._restricted(seat):
                return ("You hold a pay card, so you may not swap for the spare hand; keep your hand"
                        + (" or auction the spare." if AuctionSpare() in self._spare_legal() else "."), "TRI-14")
            if isinstance(action, AuctionSpare) and ph == "spare_after":
                return ("The spare hand has already been auctioned without a bid; swap for it or leave it.",
                        "TRI-12")
            if isinstance(action, AuctionSpare):
                return ("There is no auction at this table; swap for the spare hand or keep your hand.", "TRI-9")
        return None

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
        return seat_bot.choose(self, seat, rng)

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == "over" else int(self.opts["turn_timeout_s"])

    def chips(self) -> dict[str, int]:
        out = {seat_key(p): self.stacks[p] for p in range(self.n)}
        for code in self.variant.codes:
            out[f"mat:{code}"] = self.mat[code]
        return out

    def leave(self, seat: int) -> list[Event]:
        """TRI-2/TRI-37 (0): a seat in the current deal plays it out (the table times its turns
        out), then is no longer active: dealt out of later deals, never paid from the mat.
        Between deals it stops being active at once, unless it is the last active player: then
        the game ends at the next deal's start (TRI-38 a) and it takes the mat (TRI-39)."""
        if self.phase == "over" or self.status[seat] == LEFT or seat in self.leaving:
            return []
        in_deal = self.phase != "between" and seat in self.dealt_in and self.status[seat] == ACTIVE
        if in_deal or self.active == [seat]:
            self.leaving.add(seat)
        else:
            self._depart(seat)
        return []

    def request_stop(self) -> list[Event]:
        """TRI-38 (c): the host asked to stop. Between deals the game ends now; during a deal it
        ends when the deal does. Either way the mat is emptied by TRI-39."""
        if self.phase == "over":
            raise IllegalAction("The game is already over.", rule="TRI-38")
        if self.phase == "between":
            return [Event("stop", "The host stopped the game.")] + self._finish_game(before_deal=True)
        if self.stop_requested:
            raise IllegalAction("The game already ends after this deal.", rule="TRI-38")
        self.stop_requested = True
        return [Event("stop", "The host asked to stop: the game ends when this deal does.")]

    def _depart(self, seat: int) -> None:
        self.status[seat] = LEFT
        self.leaving.discard(seat)
        if self.last_mich_winner == seat:
            self.last_mich_winner = None

    def can_cash_out(self, seat: int) -> bool:
        """Nothing at stake: game over, already paid out, not active, or between deals while
        someone else is still active (the last one plays on until the game ends)."""
        if self.phase == "over" or seat in self.cashed or self.status[seat] != ACTIVE:
            return True
        if self.phase == "between":
            return self.active != [seat]
        return seat not in self.dealt_in

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction("You can leave at the end of this deal.", rule="TRI-2")
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        self.cashed.add(seat)
        if self.phase != "over":
            self._depart(seat)
        return [Event("left", f"{player(seat)} leaves the table with {amount} chips.", seat=seat)]

    # ---- views ----------------------------------------------------------------------------------------

    def _compartments(self) -> list[dict[str, Any]]:
        return [{"code": code, "name": name, "chips": self.mat[code]} for code, name in self.variant.compartments]

    def public_view(self) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": self.id, "phase": PHASE_NAMES[self.phase], "phase_id": self.phase,
            "deal": self.deal_no, "deals_done": self.deals_done, "max_deals": self.opts["max_deals"],
            "stop_requested": self.stop_requested,
            "dealer": self.dealer, "mat": self._compartments(), "mat_total": sum(self.mat.values()),
            "stacks": list(self.stacks), "dealt_in": list(self.dealt_in),
            "status": ["leaving" if p in self.leaving else s for p, s in enumerate(self.status)],
            "hand_sizes": [len(h) if p in self.dealt_in else None for p, h in enumerate(self.hands)],
            "spare_size": len(self.spare), "dead_size": len(self.dead), "spare_choice": self.spare_choice,
            "to_act": self.to_act(), "pay_timing": self.opts["pay_timing"],
            "pay_results": [list(r) for r in self.pay_results],
            "showdown": [dict(s) for s in self.showdown], "poker_winner": self.poker_winner,
            "michigan_winner": self.mich_winner, "last_michigan_winner": self.last_mich_winner,
            "dead_hand": card_texts(sort_hand(self.revealed_dead, True)),
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
        v: dict[str, Any] = {"seat": seat, "hand": card_texts(sort_hand(hand, True)), "wallet": self.stacks[seat],
                             "pay_cards": card_texts(self._pay_marks(hand))}
        if len(hand) >= 5:
            best = best_hand(hand)
            v["best_poker"] = {"cards": card_texts(list(best.cards)), "category": best.category, "text": best.text}
        if seat in self.chosen:
            chosen = best_hand(self.chosen[seat])
            v["poker_hand"] = {"cards": card_texts(list(chosen.cards)), "category": chosen.category,
                               "text": chosen.text}
        if self.phase == "betting" and self.betting is not None and seat in self.betting.contrib:
            v["to_call"] = self.betting.to_call(seat)
        if self.phase == "michigan" and self.mich is not None:
            v["lead_suits"] = rules.lead_suits(hand, self.mich["forbidden"])
        return v

    def _pay_marks(self, hand: list[Card]) -> list[Card]:
        """The cards that collect a compartment: held (on_hold), or played by this seat (on_play).
        After the spare phase a hand only shrinks, so both are the on-hold holdings: QH and KH
        count only together in Michigan Rummy (MICH-8), a run only when complete (TRI-17/19)."""
        return rules.holds_pay(self.variant, hand)

    # ---- serialisation ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "game": self.id, "opts": dict(self.opts), "seed": self.seed, "n": self.n,
            "stacks": list(self.stacks), "status": list(self.status), "dealer": self.dealer,
            "deal_no": self.deal_no, "deals_done": self.deals_done, "phase": self.phase,
            "dealt_in": list(self.dealt_in), "hands": [card_texts(h) for h in self.hands],
            "spare": card_texts(self.spare), "dead": card_texts(self.dead), "dead_from": self.dead_from,
            "mat": [[c, self.mat[c]] for c in self.variant.codes], "spare_choice": self.spare_choice,
            "auction": _jsonable(self.auction), "chosen": [[p, card_texts(c)] for p, c in sorted(self.chosen.items())],
            "betting": self.betting.to_dict() if self.betting else None,
            "showdown": _jsonable(self.showdown), "poker_winner": self.poker_winner,
            "pay_results": _jsonable(self.pay_results), "mich": _jsonable(self.mich),
            "mich_winner": self.mich_winner, "last_mich_winner": self.last_mich_winner,
            "ledger": _jsonable(self.ledger), "draw": _jsonable(self.draw), "final": _jsonable(self.final),
            "revealed_dead": card_texts(self.revealed_dead), "leaving": sorted(self.leaving),
            "cashed": sorted(self.cashed), "stop_requested": self.stop_requested,
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
        g.hands = [parse_card_texts(h) for h in data["hands"]]
        g.spare, g.dead, g.dead_from = parse_card_texts(data["spare"]), parse_card_texts(data["dead"]), data["dead_from"]
        g.mat = {c: v for c, v in data["mat"]}
        g.spare_choice = data["spare_choice"]
        g.auction = _jsonable(data["auction"])
        g.chosen = {p: parse_card_texts(c) for p, c in data["chosen"]}
        g.betting = BettingRound.from_dict(data["betting"]) if data["betting"] else None
        g.showdown = _jsonable(data["showdown"])
        g.poker_winner = data["poker_winner"]
        g.pay_results = _jsonable(data["pay_results"])
        g.mich = _jsonable(data["mich"])
        g.mich_winner, g.last_mich_winner = data["mich_winner"], data["last_mich_winner"]
        g.ledger, g.draw, g.final = _jsonable(data["ledger"]), _jsonable(data["draw"]), _jsonable(data["final"])
        g.revealed_dead = parse_card_texts(data["revealed_dead"])
        g.leaving = set(data.get("leaving", []))
        g.cashed = set(data.get("cashed", []))
        g.stop_requested = bool(data.get("stop_requested", False))
        return g


def _jsonable(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts, scalars)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
