"""The Bourré engine: a deterministic state machine over seats (BOU-1 … BOU-27).

Hands, the stock and tricks are lists of small int card ids (see `legal.py`), so that random
play runs thousands of hands a second; `Card` objects appear only at the edges (actions,
views, `to_dict`). Each hand is dealt as soon as the previous one is settled, so somebody is
always to act until the game is over.
"""

from __future__ import annotations

import random
from itertools import combinations
from operator import itemgetter
from typing import Any, Mapping, Self

from ..base import BuyIn, Event, IllegalAction, seat_key
from ..cards import SUIT_SYMBOLS, SUITS, Card, deal_rng
from .actions import ACTION_TYPES, Exchange, Fold, PlayCard, PlayHand
from .draw import DECLARE, EXCHANGE, NOTE, PRETTY, TRICKS, DrawPhase
from .legal import CARD_ID, CARDS, legal_ids, restrict, trick_winner_index
from .options import OPTION_SPECS, resolve
from . import scoring

FORMAT = 1

OVER = "over"
PHASE_NAMES = {DECLARE: "Play or fold", EXCHANGE: "Exchange", TRICKS: "Tricks", OVER: "Game over"}

PLAY_HAND = PlayHand()
FOLD = Fold()
PLAY_CARD = tuple(PlayCard(c) for c in CARDS)
_PLAY_CARD_ID = {id(a): i for i, a in enumerate(PLAY_CARD)}  # fast path for the shared actions


def _combo_getters(max_exchange: int) -> tuple[Any, ...]:
    """Functions taking a 5-card hand to each subset of at most `max_exchange` cards, as
    tuples, by size then hand order: the exchange choices in `legal_actions`."""
    out: list[Any] = []
    for k in range(max_exchange + 1):
        for combo in combinations(range(5), k):
            if k == 0:
                out.append(lambda h: ())
            elif k == 1:
                i = combo[0]
                out.append(lambda h, i=i: (h[i],))
            else:
                out.append(itemgetter(*combo))
    return tuple(out)


COMBO_GETTERS = tuple(_combo_getters(m) for m in range(6))

RULES_SUMMARY = """\
**Bourré** — 2 to 8 players, one 52-card deck, aces high.
• Each hand everyone antes; five cards each. The dealer's last card is dealt face up: its suit is **trump**.
• In turn from the dealer's left, each player says **Play** or **Fold**; a player who plays may throw up \
to 5 cards and draw as many. The dealer must play on an ace upcard.
• If only one player plays, they take the pot. Otherwise five tricks are played.
• You must follow suit and beat the winning card if you can; if you can't follow you must trump, \
overtrumping a winning trump if you can. Highest trump, else highest card of the led suit, wins.
• Most tricks alone takes the pot; a tie carries the pot to the next hand.
• A player who played and took no trick is **bourré**: they pay the pot's size into the next pot \
(never more than their stack) and skip the next ante, as do players tied for most tricks.
• The game ends after the agreed number of hands or when someone is broke; chips left in the pot \
are shared out."""


def _fresh_order(keys: list[float]) -> list[int]:
    return sorted(range(52), key=keys.__getitem__)


class Bourre(DrawPhase):
    """One table's game of Bourré."""

    id = "bourre"
    title = "Bourré"
    min_players = 2
    max_players = 8
    option_specs = OPTION_SPECS
    action_types = ACTION_TYPES
    rules_summary = RULES_SUMMARY

    # --- construction --------------------------------------------------------------------

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        amount = resolve(options)["buy_in"]
        return BuyIn(amount, amount, amount)

    @classmethod
    def start(cls, stacks: list[int], options: dict | None = None, seed: int | str = 0,
              deck: list[Card] | None = None, dealer: int | None = None) -> Self:
        """A new game, first hand dealt. `deck` (52 cards, top first) replaces the first
        shuffle and `dealer` the random first dealer (BOU-5); both are for tests."""
        opts = resolve(options)
        n = len(stacks)
        if not cls.min_players <= n <= cls.max_players:
            raise ValueError(f"Bourré needs {cls.min_players} to {cls.max_players} players; got {n}.")
        if n < opts["min_players"]:
            raise ValueError(f"min_players is {opts['min_players']}; only {n} players are seated.")
        if n > opts["max_players"]:
            raise ValueError(f"max_players is {opts['max_players']}; {n} players are seated.")
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, at least 0.")
        ids = None
        if deck is not None:
            ids = [CARD_ID.get(c, -1) for c in deck]
            if len(ids) != 52 or -1 in ids or len(set(ids)) != 52:
                raise ValueError("deck must be the 52 cards of one pack, top first.")
        game = cls.__new__(cls)
        game.opts = opts
        game.seed = seed
        game.n = n
        game.stacks = list(stacks)
        game.seated = [True] * n
        game.leaving = [False] * n
        game.pot = 0
        if dealer is None:
            dealer = deal_rng(seed, 0).randrange(n)
        elif not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0–{n - 1}; got {dealer}.")
        game.dealer = dealer
        game.hand_no = 0
        game.extra = None
        game.exempt = [False] * n
        game.over = False
        game.last_summary = ""
        game._start_hand([], ids)
        return game

    # --- the hand ------------------------------------------------------------------------

    def _start_hand(self, events: list[Event], ids: list[int] | None = None) -> None:
        """Antes (BOU-7), the deal and the trump upcard (BOU-8)."""
        n = self.n
        self.hand_no += 1
        if self.extra is not None:
            self.extra += 1
        stacks = self.stacks
        seated = self.seated
        ante = self.opts["ante"]
        d = self.dealer
        order = [(d + 1 + i) % n for i in range(n)]
        leaving = self.leaving
        order = [s for s in order if seated[s] and not leaving[s]]
        self.order = order
        anted = [0] * n
        exempt = self.exempt
        for s in order:
            if not exempt[s]:
                pay = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= pay
                anted[s] = pay
                self.pot += pay
        self.skipped_ante = [s for s in order if exempt[s]]
        self.exempt = [False] * n
        if ids is None:
            rng = deal_rng(self.seed, self.hand_no)
            r = rng.random
            ids = _fresh_order([r() for _ in range(52)])
        m = len(order)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i, s in enumerate(order):
            hands[s] = sorted(ids[i:5 * m:m])
        self.hands = hands
        self.upcard = ids[5 * m - 1]
        self.trump = self.upcard // 13
        self.stock = ids[5 * m:]
        self.pool: list[int] = []
        self.mucked: list[int] = []
        self.reshuffles = 0
        self.upcard_state = "face up"
        self.upcard_reach: int | None = None
        self.status: list[str] = ["out"] * n
        for s in order:
            self.status[s] = ""
        self.exchanged: list[int | None] = [None] * n
        self.idx = 0
        self.turn = order[0]
        self.phase = DECLARE
        self.active: list[int] = []
        self.xorder: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks_won = [0] * n
        self.played: list[int] = []
        self.last_trick: list[tuple[int, int]] = []
        self.last_winner: int | None = None
        self.pot_start = self.pot
        self.upcard_out = False
        total = sum(anted)
        skipped = ""
        if self.skipped_ante:
            skipped = " (" + ", ".join("{p%d}" % s for s in self.skipped_ante) + " skip it)"
        short = [s for s in order if not exempt[s] and anted[s] < ante]
        if short:
            skipped += "; " + ", ".join("{p%d} antes %d" % (s, anted[s]) for s in short) + ", all they had"
        extra = f" (extra hand {self.extra})" if self.extra is not None else ""
        events.append(Event(
            "hand",
            f"Hand {self.hand_no}{extra}: {{p{d}}} deals; the upcard {PRETTY[self.upcard]} makes "
            f"{SUIT_SYMBOLS[SUITS[self.trump]]} trump. Antes {total}{skipped}; pot {self.pot}.",
            seat=d, data={"hand": self.hand_no, "upcard": NOTE[self.upcard], "pot": self.pot,
                          "antes": total}))

    def _can_fold(self, seat: int) -> bool:
        """BOU-10: the dealer may not fold on an ace upcard (by default)."""
        return not (seat == self.dealer and self.upcard % 13 == 12
                    and self.opts["dealer_must_play_on_ace"])

    def _legal(self, seat: int) -> list[int]:
        """BOU-14 and BOU-15 for the seat on turn."""
        o = self.opts
        trick = self.trick
        hand = self.hands[seat]
        if not trick and not (o["ace_trump_lead"] or o["sure_three_rule"]):
            return list(hand)
        legal = legal_ids(hand, trick, self.trump, o["must_beat"], o["must_trump"], o["must_overtrump"])
        if o["ace_trump_lead"] or o["sure_three_rule"]:
            out = list(self.played)
            if self.upcard_out:
                out.append(self.upcard)
            legal = restrict(hand, legal, not trick, self.trump,
                             ace_trump_lead=o["ace_trump_lead"], sure_three_rule=o["sure_three_rule"],
                             tricks_won=self.tricks_won[seat], out_of_play=out,
                             last_to_play=len(trick) == len(self.active) - 1)
        return legal

    # --- the contract --------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn]

    def is_over(self) -> bool:
        return self.over

    def turn_timeout_s(self) -> int | None:
        return None if self.over else self.opts["turn_timeout_s"]

    def legal_actions(self, seat: int) -> list[Any]:
        if self.over or seat != self.turn:
            return []
        phase = self.phase
        if phase == TRICKS:
            legal = self._legal(seat)
            self._legal_memo = (self.hand_no, len(self.played), legal)
            return [PLAY_CARD[c] for c in legal]
        if phase == DECLARE:
            return [PLAY_HAND, FOLD] if self._can_fold(seat) else [PLAY_HAND]
        hand = [CARDS[c] for c in self.hands[seat]]
        return [Exchange(g(hand)) for g in COMBO_GETTERS[self.opts["max_exchange"]]]

    def timeout_action(self, seat: int) -> Any:
        """BOU-26: fold (or play if folding is not allowed), keep all cards, or the lowest
        legal card with ties broken clubs, diamonds, hearts, spades."""
        if self.over or seat != self.turn:
            raise IllegalAction("It is not this seat's turn.", rule="BOU-26")
        if self.phase == DECLARE:
            return FOLD if self._can_fold(seat) else PLAY_HAND
        if self.phase == EXCHANGE:
            return Exchange(())
        legal = self._legal(seat)
        return PLAY_CARD[min(legal, key=lambda c: (c % 13, -(c // 13)))]

    def bot_action(self, seat: int, rng: random.Random) -> Any:
        from .seat_bot import choose
        return choose(self.public_view(), self.private_view(seat), self.legal_actions(seat), rng)

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.over:
            raise IllegalAction("The game is over; no more moves.", rule="BOU-23")
        if seat != self.turn:
            raise IllegalAction(f"It is not your turn; wait for {{p{self.turn}}}.", rule="BOU-9"
                                if self.phase != TRICKS else "BOU-13")
        phase = self.phase
        cls = type(action)
        if phase == TRICKS:
            if cls is not PlayCard:
                raise IllegalAction("Play a card to the trick.", rule="BOU-13")
            c = _PLAY_CARD_ID.get(id(action), -1)
            if c < 0 or PLAY_CARD[c] is not action:
                c = CARD_ID.get(action.card, -1)
            if c not in self.hands[seat]:
                raise IllegalAction(f"You don't hold {action.card.pretty}; play a card from your hand.",
                                    rule="BOU-14")
            memo = getattr(self, "_legal_memo", None)
            if memo is not None and memo[0] == self.hand_no and memo[1] == len(self.played):
                legal = memo[2]  # computed by legal_actions for this very turn
            else:
                legal = self._legal(seat)
            if c not in legal:
                raise IllegalAction(
                    f"You may not play {PRETTY[c]} now ({self._why(seat, c)}); play one of "
                    f"{' '.join(PRETTY[x] for x in legal)}.", rule="BOU-15" if self._bou15_only(seat, c)
                    else "BOU-14")
            return self._play_card(seat, c)
        if phase == DECLARE:
            if cls is PlayHand:
                return self._declare(seat, True)
            if cls is Fold:
                if not self._can_fold(seat):
                    raise IllegalAction("The upcard is an ace: the dealer must play this hand.",
                                        rule="BOU-10")
                return self._declare(seat, False)
            raise IllegalAction("First choose Play or Fold.", rule="BOU-9")
        if cls is not Exchange:
            raise IllegalAction("Choose the cards to exchange (or none).", rule="BOU-9")
        limit = self.opts["max_exchange"]
        hand = self.hands[seat]
        ids = [CARD_ID.get(c, -1) for c in action.cards]
        for card, c in zip(action.cards, ids):
            if c not in hand:
                raise IllegalAction(f"You don't hold {card.pretty}; choose cards from your hand.",
                                    rule="BOU-9")
        if len(set(ids)) != len(ids):
            raise IllegalAction("Choose each card to exchange only once.", rule="BOU-9")
        if len(ids) > limit:
            raise IllegalAction(f"You may exchange at most {limit} cards; choose fewer.", rule="BOU-9")
        return self._exchange(seat, ids)

    def _why(self, seat: int, c: int) -> str:
        if self._bou15_only(seat, c):
            hand = self.hands[seat]
            ace = self.trump * 13 + 12
            if not self.trick and self.opts["ace_trump_lead"] and ace in hand:
                return "you hold the ace of trumps and must lead it"
            return "you are sure of three tricks and must play your highest trump"
        return "you must follow suit and beat the winning card, or trump and overtrump, if you can"

    def _bou15_only(self, seat: int, c: int) -> bool:
        o = self.opts
        return c in legal_ids(self.hands[seat], self.trick, self.trump, o["must_beat"],
                              o["must_trump"], o["must_overtrump"])

    # --- trick play ----------------------------------------------------------------------

    def _play_card(self, seat: int, c: int) -> list[Event]:
        self.hands[seat].remove(c)
        trick = self.trick
        trick.append(c)
        seats = self.trick_seats
        seats.append(seat)
        self.played.append(c)
        if len(trick) < len(self.active):
            self.turn = self.next_active[seat]
            return [Event("card", "{p%d} plays %s." % (seat, PRETTY[c]), seat,
                          data={"card": NOTE[c]})]
        w = seats[trick_winner_index(trick, self.trump)]
        self.tricks_won[w] += 1
        self.last_trick = list(zip(seats, trick))
        self.last_winner = w
        self.trick = []
        self.trick_seats = []
        done = len(self.played) // len(self.active)
        events = [Event("card", "{p%d} plays %s; {p%d} wins trick %d." % (seat, PRETTY[c], w, done), seat,
                        data={"card": NOTE[c], "trick": done, "winner": w})]
        if done < 5:
            self.turn = w
            return events
        before = sum(self.stacks) + self.pot
        return self._end_hand(scoring.settle_tricks(self), events, before)

    # --- end of hand and game ------------------------------------------------------------

    def _end_hand(self, lines: list[str], events: list[Event], before: int) -> list[Event]:
        """Settlement is done: the end-of-game check (BOU-23, BOU-24), then the next deal.
        `before` is stacks + pot before the settlement: BOU-25 asserts nothing changed it."""
        lines.extend(scoring.end_check(self))
        after = sum(self.stacks) + self.pot
        if after != before:
            raise RuntimeError(f"BOU-25: settlement changed the chips on the table from {before} "
                               f"to {after}")
        if not self.over and any(self.exempt):
            free = [s for s in self.order if self.exempt[s]]
            lines.append("Skipping the next ante: " + ", ".join("{p%d}" % s for s in free) + ".")
        text = "\n".join(lines)
        self.last_summary = text
        events.append(Event("summary", text, data={"hand": self.hand_no, "pot": self.pot}))
        if self.over:
            self.phase = OVER
            return events
        self.dealer = self._next_seated(self.dealer)
        self._start_hand(events)
        return events

    def _next_seated(self, seat: int) -> int:
        n = self.n
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.seated[s] and not self.leaving[s]:
                return s
        return seat

    # --- chips and leaving ---------------------------------------------------------------

    def chips(self) -> dict[str, int]:
        out = {seat_key(i): s for i, s in enumerate(self.stacks)}
        out["pot"] = self.pot
        return out

    def leave(self, seat: int) -> list[Event]:
        """The seat asked to leave: it is dealt out of every later hand (BOU-1: players
        leave between hands); it may cash out once it has folded or its hand is over."""
        if self.over or not self.seated[seat] or self.leaving[seat]:
            return []
        self.leaving[seat] = True
        return []

    def can_cash_out(self, seat: int) -> bool:
        """Game over, already gone, not dealt into this hand, or folded in it (nothing more
        at stake) while somebody else stays seated."""
        if self.over or not self.seated[seat]:
            return True
        if self.status[seat] not in ("fold", "out"):
            return False
        return sum(self.seated) > 1

    def cash_out(self, seat: int) -> list[Event]:
        if not self.can_cash_out(seat):
            raise IllegalAction("You can leave once you have folded or the hand is over.", rule="BOU-1")
        amount = self.stacks[seat]
        self.stacks[seat] = 0
        was = self.seated[seat]
        self.seated[seat] = False
        text = "{p%d} leaves the table with %d chips." % (seat, amount) if was or amount else \
            "{p%d} has left the table." % seat
        return [Event("leave", text, seat=seat, data={"chips": amount})]

    # --- views ---------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        from .views import public_view
        return public_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        from .views import private_view
        return private_view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        from .views import to_dict
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        from .views import from_dict
        return from_dict(cls, data)
