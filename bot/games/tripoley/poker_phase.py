"""Tripoley's poker phase: hand choice, the betting round, showdown and layers (TRI-20 … TRI-28):
functions over the state. Michigan Rummy has no poker phase (its pool is `showdown.poker_pool`)."""

from __future__ import annotations

from ..actions import Action
from ..base import Event
from ..cards import Card
from ..messages import Msg, Seat, msg
from ..poker import best_hand
from . import michigan, rules
from .actions import Bet, Call, Check, Fold, Raise
from .betting import BettingRound, layers, uncalled_excess
from .options import TripoleyOptions
from .phases import Phase
from .showdown import poker_winner_events, reveal
from .state import DealState
from .table import comp, move, seat

FOLD = Fold()
CHECK = Check()


def options(s: DealState) -> TripoleyOptions:
    """The poker options: only Tripoley reaches its poker phase."""
    opts = s.opts
    assert isinstance(opts, TripoleyOptions)
    return opts


def poker_cards(s: DealState, p: int) -> list[Card]:
    return s.chosen.get(p) or s.hands[p]


def begin(s: DealState) -> list[Event]:
    if options(s).poker_hand_selection == "player_choice":
        s.phase = Phase.CHOOSE_HAND
        return [Event("poker", msg("tri.choose_hand"))]
    return begin_betting(s)


def begin_betting(s: DealState) -> list[Event]:
    opts = options(s)
    if not opts.tripoley_poker_betting:
        return showdown_all(s)
    if opts.poker_first_to_act == "dealer":
        first = s.dealer
    else:
        left = rules.left_of(s.dealer, s.dealt_in, s.n)
        assert left is not None
        first = left
    order = [first] + [q for q in rules.clockwise_from(first, s.dealt_in, s.n) if q != first]
    s.betting = BettingRound.open(order, s.stacks, s.mat["POT"])
    s.phase = Phase.BETTING
    events = [Event("poker", msg("tri.betting_begins"))]
    if s.betting.turn is None:
        events += end_betting(s)
    return events


def betting_legal(s: DealState, p: int) -> list[Action]:
    b = s.betting
    assert b is not None
    opts = options(s)
    owed, wallet = b.to_call(p), s.stacks[p]
    out: list[Action] = [FOLD]
    out.append(CHECK if owed == 0 else Call(min(owed, wallet)))
    if wallet > owed and b.can_raise(p, opts.poker_max_raises):
        lo, top = opts.poker_min_bet, opts.poker_max_bet or wallet
        room = wallet - owed
        incs = [room] if room < lo else rules.amounts(lo, min(top, room), 1)
        kind = Bet if b.current == 0 else Raise
        out += [kind(x) for x in incs]
    return out


def valid_increment(s: DealState, p: int, x: int) -> Msg | None:
    b = s.betting
    assert b is not None
    opts = options(s)
    owed, wallet = b.to_call(p), s.stacks[p]
    lo, top = opts.poker_min_bet, opts.poker_max_bet
    if owed + x > wallet:
        return msg("err.tri.raise_costs", chips=wallet, amount=x, cost=owed + x)
    if x == wallet - owed and wallet - owed < lo and x > 0:
        return None
    if x < lo or (top and x > top):
        return msg("err.tri.bet_range", low=lo, high=top) if top else msg("err.tri.bet_at_least", low=lo)
    return None


def apply_betting(s: DealState, p: int, action: Action) -> list[Event]:
    b = s.betting
    assert b is not None
    owed = b.to_call(p)
    if isinstance(action, Fold):
        b.folded.add(p)
        text = msg("tri.folds", player=Seat(p))
    elif isinstance(action, Check):
        text = msg("tri.checks", player=Seat(p))
    elif isinstance(action, Call):
        pay = min(owed, s.stacks[p])
        move(s, seat(p), comp("POT"), pay, "bet")
        b.contrib[p] += pay
        text = msg("tri.calls", player=Seat(p), amount=pay)
    else:
        assert isinstance(action, (Bet, Raise))
        pay = owed + action.amount
        move(s, seat(p), comp("POT"), pay, "bet")
        b.contrib[p] += pay
        b.bets += 1
        b.acted = set()
        text = msg("tri.bets" if isinstance(action, Bet) else "tri.raises", player=Seat(p), amount=action.amount,
                   total=b.contrib[p])
    if s.stacks[p] == 0 and p not in b.folded:
        b.allin.add(p)
        text = msg("tri.all_in", text=text)
    b.acted.add(p)
    b.turn = b.next_to_act(p)
    events = [Event("bet", text, seat=p)]
    if b.turn is None:
        events += end_betting(s)
    return events


def end_betting(s: DealState) -> list[Event]:
    b = s.betting
    assert b is not None
    live = b.live()
    if len(live) == 1:       # TRI-25
        w = live[0]
        move(s, comp("POT"), seat(w), s.mat["POT"], "poker")
        s.poker_winner = w
        return [Event("poker", msg("tri.all_folded", player=Seat(w)), seat=w)] \
            + michigan.begin(s, w)
    events: list[Event] = []
    top, excess = uncalled_excess(b.contrib)
    if top is not None:      # TRI-26.1
        move(s, comp("POT"), seat(top), excess, "return")
        b.contrib[top] -= excess
        events.append(Event("poker", msg("tri.uncalled", chips=excess, player=Seat(top)), seat=top))
    values = {p: best_hand(poker_cards(s, p)) for p in live}
    events.append(reveal(s, live, values))
    for chips, eligible in layers(b.contrib, b.folded, b.base):   # TRI-26.2/3
        best = max(values[p].key for p in eligible)
        winners = [p for p in eligible if values[p].key == best]
        each = chips // len(winners)
        for w in winners:
            move(s, comp("POT"), seat(w), each, "poker")
    events += poker_winner_events(s, live, values)
    return events + _michigan_after_poker(s)


def showdown_all(s: DealState) -> list[Event]:
    """TRI-28: no betting; the best hand takes POT, ties share (remainder stays)."""
    seats = list(s.dealt_in)
    values = {p: best_hand(poker_cards(s, p)) for p in seats}
    events = [reveal(s, seats, values)]
    best = max(v.key for v in values.values())
    winners = [p for p in seats if values[p].key == best]
    each = s.mat["POT"] // len(winners)
    for w in winners:
        move(s, comp("POT"), seat(w), each, "poker")
    events += poker_winner_events(s, seats, values)
    return events + _michigan_after_poker(s)


def _michigan_after_poker(s: DealState) -> list[Event]:
    """TRI-30: the poker winner leads the Michigan phase."""
    assert s.poker_winner is not None
    return michigan.begin(s, s.poker_winner)
