"""The Buki-Domino seat bot: decides only from `public_view`, `private_view` and the legal actions.

- Play: rates every legal move. It dumps heavy tiles early (a block is won on pips), keeps its
  options open (tiles that fit the new ends, many different numbers in hand), prefers ends the
  opponents are known or likely to lack (passes, tiles already seen), and when it can see that a
  move blocks the line it blocks only if its pip total wins (certainly or on expectation).
- Bets: estimates its chance to win the hand by sampling the hidden tiles (consistent with the
  tile counts and the numbers each player has shown to lack by passing) and playing the hand
  out; it bets the most when the chance beats the bank's break-even 1 / (1 + payout), the
  least when it does not, and waits for more information until the deadline unless the hand
  is already clearly strong.
- Banker: keeps the table's limits, refuses late bets (less information for the bettors), and
  accepts spectator bets when the odds favour the bank (below 3×) or its own hand is strong.

The table's `bot_strength` picks a `Style`: an easy bot plays its heaviest tile and samples few
deals for its bets; a strong one samples twice as many as a normal one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action
from ..options import BotStrength
from ..shuffle import shuffled
from .actions import AcceptSpectatorBet, Bet, ChooseDeadline, Play, RefuseSpectatorBet, SetLimits
from .line import HI, LO, NUMS, PIPS, RANK, legal_codes
from .views import PrivateView, PublicView

BATCH = 8      # deals sampled at a time for one estimate


def code_of_text(text: str) -> int:
    """"[3|7]" or "[7|3]" -> the tile's code (either orientation)."""
    a, b = int(text[1]), int(text[3])
    h, lo = (a, b) if a > b else (b, a)
    return h * (h - 1) // 2 + lo


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot of one strength plays."""

    samples: int     # the most deals sampled for one estimate of its chance to win
    careful: bool    # rates every move (blocks, voids, keeping numbers); else plays its heaviest tile


STYLES: dict[BotStrength, Style] = {
    "easy": Style(samples=8, careful=False),
    "normal": Style(samples=32, careful=True),
    "strong": Style(samples=64, careful=True),
}


def choose(public: PublicView, private: PrivateView, legal: Sequence[Action], rng: random.Random,
           strength: BotStrength = "normal") -> Action:
    if not legal:
        raise ValueError("no legal action")
    style = STYLES[strength]
    first = legal[0]
    if isinstance(first, SetLimits):
        return first  # the table's limits
    if isinstance(first, ChooseDeadline):
        return ChooseDeadline(3)
    answers = [a for a in legal if isinstance(a, (AcceptSpectatorBet, RefuseSpectatorBet))]
    if answers:
        return _answer_spectator(public, private, answers, rng)
    plays = [a for a in legal if isinstance(a, Play)]
    bets = [a for a in legal if isinstance(a, Bet)]
    info = _Info(public, private, style.samples)
    if bets:
        if not plays:
            even = _break_even(public)
            return _bet(bets, info.win_chance(rng, (even - 0.05, even + 0.08)), public)
        p = info.win_chance(rng, (0.5,))
        if p >= 0.5:   # clearly strong: bet now rather than wait for the deadline
            return _bet(bets, p, public)
    if not style.careful:
        return plays[0]   # the legal moves come heaviest tile first
    return _best_play(info, plays)


# --- what the bot knows -----------------------------------------------------------------------

class _Info:
    def __init__(self, public: PublicView, private: PrivateView, samples: int = 32) -> None:
        self.samples = samples
        self.seat = private["seat"]
        self.hand = [code_of_text(t) for t in private["hand"]]
        self.line = [code_of_text(t) for t in public["line"]]
        ends = public["ends"]
        self.left, self.right = (ends[0], ends[1]) if ends else (-1, -1)
        self.counts = list(public["tile_counts"])
        seen = set(self.hand) | set(self.line)
        self.unseen = [c for c in range(36) if c not in seen]
        self.voids: list[int] = [0, 0, 0, 0]  # bitmask of numbers each seat showed it lacks
        for seat, a, b in public["passes"]:
            self.voids[seat] |= (1 << a) | (1 << b)
        banker = public["banker"]
        self.banker = -1 if banker is None else banker  # None only once the game is over
        self.step = 1 if public["direction"] == "clockwise" else 3
        turn = public["turn"]
        self.turn = self.banker if turn is None else turn
        self.multiplier = float(public["payout_multiplier"])

    def unseen_with(self, number: int) -> int:
        return sum(1 for c in self.unseen if HI[c] == number or LO[c] == number)

    def opponents(self) -> list[int]:
        return [s for s in range(4) if s != self.seat and self.counts[s] > 0]

    def win_chance(self, rng: random.Random, thresholds: tuple[float, ...] = ()) -> float:
        """The share of sampled deals of the hidden tiles in which this seat wins the hand.

        The caller only needs to know on which side of each of `thresholds` the chance lies:
        sampling stops, after a batch, once the estimate is two standard errors clear of them."""
        wins = samples = 0
        while samples < self.samples:
            for _ in range(BATCH):
                hands = self._sample(rng)
                if hands is not None and _playout(hands, self.left, self.right, self.turn, self.step) == self.seat:
                    wins += 1
            samples += BATCH
            p = wins / samples
            margin = 2 * math.sqrt(max(p * (1 - p), 0.05) / samples)
            if thresholds and all(abs(p - t) > margin for t in thresholds):
                break
        return wins / samples

    def _sample(self, rng: random.Random) -> list[list[int]] | None:
        for _attempt in range(6):
            pool = shuffled(self.unseen, rng)
            hands: list[list[int]] = [[], [], [], []]
            hands[self.seat] = self.hand
            for s in range(4):
                if s == self.seat:
                    continue
                need, void = self.counts[s], self.voids[s]
                take = [c for c in pool if not NUMS[c] & void][:need] if void else pool[:need]
                if len(take) < need:
                    break
                hands[s] = take
                pool = [c for c in pool if c not in take] if void else pool[need:]
            else:
                return hands
        return None


def _playout(hands: list[list[int]], left: int, right: int, turn: int, step: int) -> int | None:
    """Play the hand to the end, everyone laying their heaviest fitting tile; the winner or None."""
    hands = [sorted(h, key=RANK.__getitem__) for h in hands]
    masks = [_numbers(h) for h in hands]
    if left >= 0 and not (masks[0] | masks[1] | masks[2] | masks[3]) & ((1 << left) | (1 << right)):
        return _block_winner(hands)
    s = turn
    while True:
        hand = hands[s]
        if left < 0:
            c = hand[0]
            left, right = HI[c], LO[c]
            hand.remove(c)
        else:
            ends = (1 << left) | (1 << right)
            if masks[s] & ends:
                for c in hand:
                    if HI[c] == left or LO[c] == left:
                        left = LO[c] if HI[c] == left else HI[c]
                        break
                    if HI[c] == right or LO[c] == right:
                        right = LO[c] if HI[c] == right else HI[c]
                        break
                hand.remove(c)
            else:
                s = (s + step) % 4
                continue
        if not hand:
            return s
        masks[s] = _numbers(hand)
        if not (masks[0] | masks[1] | masks[2] | masks[3]) & ((1 << left) | (1 << right)):
            return _block_winner(hands)
        s = (s + step) % 4


def _numbers(hand: list[int]) -> int:
    """The numbers the tiles show, as a bitmask."""
    m = 0
    for c in hand:
        m |= NUMS[c]
    return m


def _block_winner(hands: list[list[int]]) -> int | None:
    totals = [sum(PIPS[x] for x in h) for h in hands]
    low = min(totals)
    return totals.index(low) if totals.count(low) == 1 else None


# --- decisions --------------------------------------------------------------------------------

def _break_even(public: PublicView) -> float:
    """The chance of winning at which a bet paid `payout_multiplier` times breaks even."""
    return 1.0 / (1.0 + float(public["payout_multiplier"]))


def _bet(bets: list[Bet], p: float, public: PublicView) -> Bet:
    """Most when the chance beats the bank's break-even, least when it clearly does not."""
    amounts = [b.amount for b in bets]
    even = _break_even(public)
    if p >= even + 0.08:
        return bets[-1]
    if p <= even - 0.05:
        return bets[0]
    share = (p - (even - 0.05)) / 0.13
    return bets[min(len(bets) - 1, int(round(share * (len(amounts) - 1))))]


def _answer_spectator(public: PublicView, private: PrivateView,
                      answers: list[AcceptSpectatorBet | RefuseSpectatorBet], rng: random.Random) -> Action:
    bet_id = answers[0].bet_id
    accept = next((a for a in answers if isinstance(a, AcceptSpectatorBet) and a.bet_id == bet_id), None)
    refuse = next(a for a in answers if isinstance(a, RefuseSpectatorBet) and a.bet_id == bet_id)
    if accept is None:
        return refuse
    if float(public["spectator_odds"]) < 3:
        return accept
    info = _Info(public, private, STYLES["normal"].samples)
    return accept if info.win_chance(rng, (0.3,)) >= 0.3 else refuse


def _ends_after(info: _Info, move: Play) -> tuple[int, int]:
    t = move.tile
    if info.left < 0:
        return t.high, t.low
    if move.end == "L":
        return (t.low if t.high == info.left else t.high), info.right
    return info.left, (t.low if t.high == info.right else t.high)


def _best_play(info: _Info, plays: list[Play]) -> Play:
    best, best_score = plays[0], float("-inf")
    for move in plays:
        score = _rate(info, move)
        if score > best_score:
            best, best_score = move, score
    return best


def _rate(info: _Info, move: Play) -> float:
    t = move.tile
    code = t.high * (t.high - 1) // 2 + t.low
    rest = [c for c in info.hand if c != code]
    if not rest:
        return 1e9  # domino
    nl, nr = _ends_after(info, move)
    score = 1.0 * PIPS[code]  # dump weight while it is cheap to do so
    mine_fit = len({c for c, _ in legal_codes(rest, nl, nr)})
    rest_numbers = 0
    for c in rest:
        rest_numbers |= NUMS[c]
    score += 3.0 * mine_fit + 1.5 * bin(rest_numbers).count("1")
    unseen_l, unseen_r = info.unseen_with(nl), info.unseen_with(nr) if nr != nl else 0
    open_for_them = unseen_l + unseen_r
    my_pips = sum(PIPS[c] for c in rest)
    opps = info.opponents()
    if open_for_them == 0:
        if mine_fit:  # nobody else can move: I keep the line to myself
            score += 40.0
        else:  # a certain block: take it only if my pips win
            pool = sorted(PIPS[c] for c in info.unseen)
            counts = [info.counts[s] for s in opps]
            avg = sum(pool) / len(pool) if pool else 0.0
            lowest = [sum(pool[:n]) for n in counts]
            if all(my_pips < lo for lo in lowest):
                return 1e8
            if all(my_pips < avg * n - 2 for n in counts):
                score += 60.0
            else:
                score -= 200.0
    else:
        # opponents who showed a void on both new ends must pass
        nxt = (info.seat + info.step) % 4
        if info.voids[nxt] & (1 << nl) and info.voids[nxt] & (1 << nr):
            score += 4.0
        # ahead on pips and tiles: squeeze the line (fewer numbers left for them)
        pool = [PIPS[c] for c in info.unseen]
        avg = sum(pool) / len(pool) if pool else 0.0
        ahead = min((avg * info.counts[s] for s in opps), default=0.0) - my_pips
        if ahead > 0:
            score += min(ahead, 20.0) * (10 - open_for_them) / 10.0
    return score
