"""The Buki-Domino engine: deal, banker, line, bets, settlement (rules/dominoes.md, DOM-1 … DOM-28).

Flow of a hand (one `_start_hand` per hand, called right after the previous one settles):

1. Deal (DOM-5), banker (DOM-6/7/8), end-of-game checks (DOM-25).
2. `limits` phase (first hand, `first_banker_sets_limits`): the banker picks the bet limits.
3. `deadline` phase (`late_bet_variant`): the banker picks bet deadline 3 or 4 (DOM-24).
4. `early_bets` phase (DOM-17, after a change of banker): every non-banker bets at once.
5. `play` phase: the banker leads; each turn the player places a tile (DOM-11). A non-banker
   without a bet may bet at any time before their `deadline`-th tile (DOM-16), on their turn or
   not; on the turn of that tile they must bet first. Players without a legal move pass
   automatically; a block is detected right after the placement that causes it (DOM-13).
6. Domino or block: missing bets become n_min (DOM-18), settlement (DOM-20/22), a "summary"
   event, and the next hand is dealt at once (or the game ends).

Off-turn bets (the contract's optional moves): from the deal until its deadline tile — in the
`deadline`, `early_bets` and `play` phases, never while the banker sets the limits (DOM-15) — a
non-banker who has not bet finds its Bet actions in `legal_actions` even when it is not in
`to_act()`. Such a bet never blocks the game, is never made by a timeout, and does not move the
turn. Every other action is on-turn only.

Steps 1 and 6 and the money rules are in `hands.py`; spectator bets (DOM-23) in `spectators.py`;
the views in `views.py`; settlement arithmetic in `scoring.py`; the seat bot in `seat_bot.py`.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..base import BuyIn, Event, IllegalAction, player, seat_key
from ..tiles import Tile
from . import line as ln
from . import seat_bot
from .actions import (ACTION_TYPES, AcceptSpectatorBet, Bet, ChooseDeadline, Play, RefuseSpectatorBet,
                      SetLimits, ordinal)
from .line import HI, LO, NAMES, NUMS, TILES
from .options import OPTION_SPECS, ratio, resolve
from .hands import PLAYER, SEATS, HandFlow
from .spectators import SpectatorBets
from .views import Views

FORMAT = 1
BET_PHASES = ("deadline", "early_bets", "play")
"""The phases in which a non-banker's bet window can be open (DOM-15/16/17/24)."""

RULES_SUMMARY = """\
**Buki-Domino** — a Viennese banking domino game for exactly 4 players, 36 tiles ([8|7] … [1|0], no doubles).
• Each hand everyone gets 6 tiles (7 by option); the rest (the *Stamm*) is not used and shown after the hand.
• One player is the **banker** (Buki): in the first hand whoever holds the heaviest tile, then the winner of \
the last hand (the same banker after a draw). The banker must be able to cover the top payout.
• The banker leads any tile; then each player in turn must place a tile matching one of the two open ends \
of the line, or pass when they cannot (passes are automatic).
• The hand ends when someone places their last tile (**domino**, they win) or nobody can move (**block**: \
the lowest pip total in hand wins; a tie is a draw).
• Every non-banker bets between the limits (default 2–6) at any time, on their turn or not, before placing \
their 3rd tile (4th by option); a bet is never changed. After a change of banker everyone bets before the \
first tile. No bet by the end → the minimum.
• A winning non-banker gets the stake back plus 2.5× (rounded down by default) from the banker; the other \
stakes go to the banker. If the banker wins, the banker takes all stakes. After a draw stakes carry over.
• Onlookers may back a non-banker before the first tile, if the banker accepts; they are paid at the \
spectator odds.
• The game ends after 12 hands (option), when no one can bank, or when a player cannot bet the minimum. \
It needs four players: a player who leaves has the hand in progress finished for them (minimum bet, \
heaviest tile), then the game ends and carried stakes go back.
"""



class BukiDomino(HandFlow, SpectatorBets, Views):
    """One Buki-Domino game at one table (four seats, a series of hands)."""

    id = "buki_domino"
    title = "Buki-Domino"
    min_players = SEATS
    max_players = SEATS
    option_specs = OPTION_SPECS
    action_types = ACTION_TYPES
    rules_summary = RULES_SUMMARY

    # --- creation --------------------------------------------------------------------------

    def __init__(self) -> None:  # use start() or from_dict()
        self.opts: dict[str, Any] = {}
        self.masks = [0] * SEATS
        self.start_events: list[Event] = []
        """The events of the first deal (`start` cannot return them); not part of the state."""

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        amount = resolve(options)["buy_in"]
        return BuyIn(amount, amount, amount)

    @classmethod
    def start(cls, stacks: list[int], options: dict | None = None, seed: int | str = 0,
              deck: Sequence[Tile] | None = None) -> BukiDomino:
        """A new game; `deck` (36 tiles, first dealt first: P1's tiles, P2's, …, then the Stamm)
        replaces the shuffle of the first deal, for tests."""
        if len(stacks) != SEATS:
            raise ValueError(f"Buki-Domino needs exactly {SEATS} players; got {len(stacks)}.")
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError("stacks must be whole numbers of chips, at least 0.")
        opts = resolve(options)
        if deck is not None:
            codes = [ln.code_of(t) for t in deck]
            if sorted(codes) != list(range(36)):
                raise ValueError("deck must hold each of the 36 tiles exactly once.")
        g = cls()
        g.opts = opts
        g.seed = seed
        g.stacks = list(stacks)
        g.active = [True] * SEATS
        g.leaving = [False] * SEATS
        g.deal_no = 0
        g.hands_done = 0
        g.min_bet = opts["min_bet"]
        g.max_bet = opts["max_bet"]
        g.limits_set = not opts["first_banker_sets_limits"]
        g.banker = -1
        g.prev_banker = -1
        g.next_banker = -1
        g.carried = [0] * SEATS
        g.stakes = [0] * SEATS
        g.spec = []
        g.spec_seen = []
        g.next_spec_id = 1
        g.due = {}
        g.last = None
        g.end_reason = None
        g.hand_start = list(stacks)
        g._init_derived()
        g._reset_hand()
        events: list[Event] = []
        g._start_hand(events, [ln.code_of(t) for t in deck] if deck is not None else None)
        g.start_events = events
        return g

    def _init_derived(self) -> None:
        o = self.opts
        self.step = 1 if o["play_direction"] == "clockwise" else SEATS - 1
        self.p_num, self.p_den = ratio(o["payout_multiplier"])
        self.s_num, self.s_den = ratio(o["spectator_odds"])
        self.ceil = o["payout_rounding"] == "ceil"
        self.even = o["payout_rounding"] == "even_bets_only"

    def _reset_hand(self) -> None:
        self.phase = "play"
        self.hands = [[] for _ in range(SEATS)]
        self.stamm: list[int] = []
        self.line: list[list[int]] = []
        self.left = self.right = -1
        self.turn = -1
        self.placed = [0] * SEATS
        self.passes: list[list[int]] = []
        self.bets: list[int | None] = [None] * SEATS
        self.deadline = self.opts["bet_deadline_tile"]
        self.masks = [0] * SEATS


    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        ph = self.phase
        if ph == "play":
            return [self.turn]
        if ph == "over":
            return []
        if ph == "early_bets":
            seats = [p for p in range(SEATS) if p != self.banker and self.bets[p] is None]
            if self._pending():
                seats.append(self.banker)
                seats.sort()
            return seats
        return [self.banker]

    def _must_bet(self, seat: int) -> bool:
        return seat != self.banker and self.bets[seat] is None and self.placed[seat] == self.deadline - 1

    def _bet_open(self, seat: int) -> bool:
        """The seat's bet window (DOM-15/16/17/24): from the deal, once the limits are set, until
        it places its `deadline`-th tile; non-bankers only, one bet a hand. On its own turn or not."""
        return self.phase in BET_PHASES and type(seat) is int and 0 <= seat < SEATS and seat != self.banker \
            and self.bets[seat] is None and self.placed[seat] < self.deadline

    def _optional_bets(self, seat: int) -> list[Bet]:
        """The optional moves of a seat not in `to_act()`: its bets while its window is open."""
        return _bets(self.bet_amounts(seat)) if self._bet_open(seat) else []

    def _plays(self, seat: int) -> list[Play]:
        """The moves of `legal_codes` as actions (heaviest first, L before R), from the tables."""
        left = self.left
        hand = self.hands[seat]
        if left < 0:
            return [LEAD[c] for c in hand]
        right = self.right
        out = []
        if left == right:
            for c in hand:
                if HI[c] == left or LO[c] == left:
                    out.append(ON_LEFT[c][left])
            return out
        for c in hand:
            h = HI[c]
            lo = LO[c]
            if h == left or lo == left:
                out.append(ON_LEFT[c][left])
            if h == right or lo == right:
                out.append(ON_RIGHT[c][right])
        return out

    def legal_actions(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == "play":
            if seat != self.turn:
                return self._optional_bets(seat)
            if seat == self.banker:
                out: list[Any] = self._plays(seat)
                if self.left < 0 and self.spec:
                    out += self._spectator_actions()
                return out
            if self.bets[seat] is None and self.placed[seat] < self.deadline:
                bets = _bets(self.bet_amounts(seat))
                if self.placed[seat] == self.deadline - 1:
                    return bets
                return self._plays(seat) + bets
            return self._plays(seat)
        if ph == "over":
            return []
        if seat not in self.to_act():
            return self._optional_bets(seat)
        if ph == "early_bets":
            if seat == self.banker:
                return self._spectator_actions()
            return _bets(self.bet_amounts(seat))
        if ph == "limits":
            return self._limit_choices()
        return [ChooseDeadline(3), ChooseDeadline(4)] + self._spectator_actions()

    def _limit_choices(self) -> list[SetLimits]:
        """The menu of DOM-15: the table's limits first, then the pairs (m, 3m), (m, 2m), (m, m)
        the bank can cover, at most 25 in all. `apply` accepts any valid pair."""
        table = (self.opts["min_bet"], self.opts["max_bet"])
        stack = self.stacks[self.banker]
        step = 2 if self.even else 1
        pairs: list[tuple[int, int]] = []
        seen = {table}
        for k in (3, 2, 1):
            for m in range(step, 41, step):
                pair = (m, k * m)
                if self.payout(pair[1]) > stack or len(pairs) == 24:
                    break
                if pair not in seen:
                    seen.add(pair)
                    pairs.append(pair)
        return [SetLimits(*table)] + [SetLimits(*p) for p in sorted(pairs)]

    def _limits_ok(self, lo: int, hi: int) -> str | None:
        if not (isinstance(lo, int) and isinstance(hi, int)) or lo < 1 or hi < lo:
            return "The limits must be whole numbers with 1 ≤ minimum ≤ maximum."
        if self.even and (lo % 2 or hi % 2):
            return "With even bets only, both limits must be even."
        if self.payout(hi) > self.stacks[self.banker]:
            return (f"Your stack of {self.stacks[self.banker]} cannot cover payout({hi}) = {self.payout(hi)}; "
                    "choose a lower maximum.")
        return None

    def timeout_action(self, seat: int) -> Any:
        """DOM-27: the heaviest legal tile (L before R), n_min, deadline 3, the table's limits,
        and an unanswered spectator request lapses (refused). Only for a seat in `to_act()`: an
        off-turn bet is optional and never made by a timeout."""
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn.", rule="DOM-11")
        legal = self.legal_actions(seat)
        first = legal[0]
        if isinstance(first, (AcceptSpectatorBet, RefuseSpectatorBet)):
            return next(a for a in legal if isinstance(a, RefuseSpectatorBet))
        if isinstance(first, Bet):
            return Bet(self.bet_range(seat)[0])
        if isinstance(first, ChooseDeadline):
            return ChooseDeadline(3)
        return first  # a Play (heaviest first), the table's limits, or refusing the oldest request

    def turn_timeout_s(self) -> int | None:
        return None if self.phase == "over" else self.opts["turn_timeout_s"]

    def bot_action(self, seat: int, rng: random.Random) -> Any:
        return seat_bot.choose(self.private_view(seat), self.public_view(), self.legal_actions(seat), rng)

    # --- apply ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("The game is over.", rule="DOM-25")
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction("There is no such seat.", rule="DOM-2")
        t = type(action)
        if t is Play:
            return self._apply_play(seat, action)
        if t is Bet:
            return self._apply_bet(seat, action)
        if t is AcceptSpectatorBet or t is RefuseSpectatorBet:
            return self._apply_spectator_decision(seat, action)
        if t is SetLimits:
            return self._apply_limits(seat, action)
        if t is ChooseDeadline:
            return self._apply_deadline(seat, action)
        raise IllegalAction("That is not a Buki-Domino action.")

    def _apply_play(self, seat: int, a: Play) -> list[Event]:
        if self.phase != "play":
            raise IllegalAction(self._waiting_text(), rule="DOM-15")
        if seat != self.turn:
            if self._bet_open(seat):
                raise IllegalAction("It is not your turn to place a tile; wait for it. You may place your bet "
                                    "now, though.", rule="DOM-11")
            raise IllegalAction("It is not your turn; wait for the player to move.", rule="DOM-11")
        if seat != self.banker and self.bets[seat] is None and self.placed[seat] == self.deadline - 1:
            raise IllegalAction(f"Place your bet before your {ordinal(self.deadline)} tile; then play.",
                                rule="DOM-16")
        tile = a.tile
        hand = self.hands[seat]
        if type(tile) is Tile and tile.low < tile.high <= 8:
            h, lo = tile.high, tile.low
            code = h * (h - 1) // 2 + lo
        elif type(tile) is Tile:
            code = -1
        else:
            raise IllegalAction("That is not a domino tile; choose one of your tiles, written like [6|3].",
                                rule="DOM-3")
        if code < 0 or code not in hand:
            raise IllegalAction(f"You do not hold {tile}; choose one of your tiles.", rule="DOM-11")
        end = a.end
        left, right = self.left, self.right
        if left < 0:
            if end != "L" or a.onto is not None:
                raise IllegalAction("The first tile opens the line: lead it on the left, onto no end.",
                                    rule="DOM-10")
            onto = None
        elif end == "L":
            onto = left
        elif end == "R":
            if left == right:
                raise IllegalAction("Both ends show the same number: play the tile on the left.", rule="DOM-10")
            onto = right
        else:
            raise IllegalAction("Choose the left (L) or the right (R) end.", rule="DOM-10")
        if onto is not None and h != onto and lo != onto:
            raise IllegalAction(f"{tile} does not match the {'left' if end == 'L' else 'right'} end ({onto}).",
                                rule="DOM-10")
        if a.onto is not None and a.onto != onto:
            raise IllegalAction(f"That end now shows {onto}; choose again.", rule="DOM-10")
        # --- checked; now change the state
        events: list[Event] = []
        hand.remove(code)
        m = 0
        for c in hand:
            m |= NUMS[c]
        masks = self.masks
        masks[seat] = m
        name = NAMES[code]
        if onto is None:  # the lead: L = the higher number, R = the lower (DOM-10)
            self.line.append([h, lo])
            nl, nr = h, lo
            text = f"{PLAYER[seat]} leads {name}."
            self.left, self.right = nl, nr
            if self.spec:
                self._close_window(events)
        else:
            outer = lo if h == onto else h
            if end == "L":
                self.line.insert(0, [outer, onto])
                nl, nr = outer, right
                text = f"{PLAYER[seat]} plays {name} on the left."
            else:
                self.line.append([onto, outer])
                nl, nr = left, outer
                text = f"{PLAYER[seat]} plays {name} on the right."
            self.left, self.right = nl, nr
        self.placed[seat] += 1
        events.append(Event("play", text, seat, None, {"tile": name, "end": end}))
        if not hand:
            self._end_hand(events, seat, "domino")
            return events
        ends = (1 << nl) | (1 << nr)
        if not (masks[0] & ends or masks[1] & ends or masks[2] & ends or masks[3] & ends):
            self._end_hand(events, None, "block")
            return events
        step = self.step
        s = (seat + step) % SEATS
        while not masks[s] & ends:
            self.passes.append([s, nl, nr])
            events.append(Event("pass", f"{PLAYER[s]} cannot play on {nl} or {nr} and passes." if nl != nr else
                                f"{PLAYER[s]} cannot play on {nl} and passes.", s, None, {}))
            s = (s + step) % SEATS
        self.turn = s
        return events

    def _waiting_text(self) -> str:
        if self.phase == "limits":
            return "Wait: the banker is setting the bet limits."
        if self.phase == "deadline":
            return "Wait: the banker is deciding on late bets."
        return "Wait until every player has bet; then the banker leads."

    def _apply_bet(self, seat: int, a: Bet) -> list[Event]:
        ph = self.phase
        if seat == self.banker:
            raise IllegalAction("The banker does not bet; the bank pays the winners.", rule="DOM-15")
        if ph not in BET_PHASES:  # the banker is still setting the limits (DOM-15)
            raise IllegalAction(self._waiting_text(), rule="DOM-15")
        # DOM-16: at any time from the deal until the deadline tile, on one's own turn or not;
        # an off-turn bet leaves the turn where it is.
        if self.bets[seat] is not None:
            raise IllegalAction(f"You have already bet {self.bets[seat]}; a bet is never changed.", rule="DOM-15")
        if self.placed[seat] >= self.deadline:
            raise IllegalAction(f"Bets close before your {ordinal(self.deadline)} tile.", rule="DOM-16")
        lo, hi = self.bet_range(seat)
        n = a.amount
        if not isinstance(n, int) or isinstance(n, bool) or not lo <= n <= hi or (self.even and n % 2):
            parity = " (even amounts only)" if self.even else ""
            raise IllegalAction(f"Bet between {lo} and {hi}{parity}.", rule="DOM-15")
        self._record_bet(seat, n)
        events = [Event("bet", f"{player(seat)} bets {n}" +
                        (f" (stake {self.stakes[seat]} with the carried {self.carried[seat]})."
                         if self.carried[seat] else "."), seat=seat, data={"amount": n})]
        if ph == "early_bets" and all(self.bets[p] is not None for p in range(SEATS) if p != self.banker):
            self._begin_play()
        return events

    def _apply_limits(self, seat: int, a: SetLimits) -> list[Event]:
        if self.phase != "limits":
            raise IllegalAction("The bet limits are already set for this game.", rule="DOM-15")
        if seat != self.banker:
            raise IllegalAction("Only the banker sets the bet limits.", rule="DOM-15")
        why = self._limits_ok(a.min_bet, a.max_bet)
        if why:
            raise IllegalAction(why, rule="DOM-15")
        self.min_bet, self.max_bet = a.min_bet, a.max_bet
        self.limits_set = True
        events = [Event("limits", f"{player(seat)} sets the bets at {a.min_bet} to {a.max_bet} for this game.",
                        seat=seat, data={"min_bet": a.min_bet, "max_bet": a.max_bet})]
        short = [p for p in range(SEATS) if p != self.banker and self.stacks[p] < self.min_bet]
        if short:  # DOM-25 with the new minimum: the first hand is void
            self._end_game(events, f"{player(short[0])} cannot bet the minimum of {self.min_bet} (DOM-25)")
            return events
        self._after_limits(events)
        return events

    def _apply_deadline(self, seat: int, a: ChooseDeadline) -> list[Event]:
        if self.phase != "deadline":
            if not self.opts["late_bet_variant"]:
                raise IllegalAction(f"This table has no late bets: bets always close before the "
                                    f"{ordinal(self.opts['bet_deadline_tile'])} tile.", rule="DOM-24")
            if self.phase == "limits":
                raise IllegalAction(self._waiting_text(), rule="DOM-15")
            raise IllegalAction("The bet deadline is already decided for this hand.", rule="DOM-24")
        if seat != self.banker:
            raise IllegalAction("Only the banker decides on late bets.", rule="DOM-24")
        if a.tile not in (3, 4):
            raise IllegalAction("Choose 3 (refuse late bets) or 4 (accept them).", rule="DOM-24")
        self.deadline = a.tile
        word = "accepts late bets: bets are open until the 4th tile" if a.tile == 4 else \
            "refuses late bets: bets close before the 3rd tile"
        self._begin_play()
        return [Event("deadline", f"{player(seat)} {word}.", seat=seat, data={"tile": a.tile})]

    # --- chips, persistence ---------------------------------------------------------------

    def chips(self) -> dict[str, int]:
        out = {seat_key(i): self.stacks[i] for i in range(SEATS)}
        for i in range(SEATS):
            out[f"stake:{i}"] = self.stakes[i]
        for x in self.spec:
            key = f"spectator:{x['spectator']}"
            out[key] = out.get(key, 0) + x["amount"]
        for sid, amount in self.due.items():
            out[f"spectator_due:{sid}"] = amount
        return out

    _FIELDS = ("seed", "stacks", "active", "deal_no", "hands_done", "min_bet", "max_bet", "limits_set",
               "banker", "prev_banker", "next_banker", "carried", "stakes", "next_spec_id", "last",
               "end_reason", "phase", "line", "left", "right", "turn", "placed", "passes",
               "bets", "deadline", "spec_seen", "hand_start", "leaving")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"format": FORMAT, "game": self.id, "options": dict(self.opts)}
        for name in self._FIELDS:
            d[name] = _copy(getattr(self, name))
        d["hands"] = [[NAMES[c] for c in h] for h in self.hands]
        d["stamm"] = [NAMES[c] for c in self.stamm]
        d["spec"] = [dict(x) for x in self.spec]
        d["due"] = [[sid, amount] for sid, amount in sorted(self.due.items())]
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BukiDomino:
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown Buki-Domino state format {data.get('format')!r}")
        g = cls()
        g.opts = resolve(data["options"])
        for name in cls._FIELDS:
            setattr(g, name, _copy(data[name] if name != "leaving" else data.get(name, [False] * SEATS)))
        g.hands = [[ln.code_of(Tile.parse(t)) for t in h] for h in data["hands"]]
        g.stamm = [ln.code_of(Tile.parse(t)) for t in data["stamm"]]
        g.spec = [dict(x) for x in data["spec"]]
        g.due = {int(sid): int(amount) for sid, amount in data["due"]}
        g._init_derived()
        g._refresh_masks()
        return g


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (lists and dicts of scalars)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


BETS: tuple[Bet, ...] = tuple(Bet(n) for n in range(256))


def _bets(amounts: list[int]) -> list[Bet]:
    return [BETS[n] if n < 256 else Bet(n) for n in amounts]


LEAD: tuple[Play, ...] = tuple(Play(TILES[c], "L") for c in range(36))
"""The lead move of each tile code."""
PLAY: tuple[dict[str, tuple[Play | None, ...]], ...] = tuple(
    {e: tuple(Play(TILES[c], e, n) if TILES[c].has(n) else None for n in range(9)) for e in ("L", "R")}
    for c in range(36))
"""PLAY[code][end][number on that end] -> the move; built once, actions are immutable."""
ON_LEFT = tuple(PLAY[c]["L"] for c in range(36))
ON_RIGHT = tuple(PLAY[c]["R"] for c in range(36))
