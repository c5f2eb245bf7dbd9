"""Who acts, what they may do, and each move (DOM-10, DOM-11, DOM-15 … DOM-17, DOM-23, DOM-24,
DOM-27).

Off-turn bets (the contract's optional moves): from the deal until its deadline tile — in the
`deadline`, `early_bets` and `play` phases, never while the banker sets the limits (DOM-15) — a
non-banker who has not bet finds its Bet actions in `legal_actions` even when it is not in
`to_act()`. Such a bet never blocks the game, is never made by a timeout, and does not move the
turn. Every other action is on-turn only.

Every move checks everything first, then changes the state, so an illegal one changes nothing.
"""

from __future__ import annotations

from ..actions import Action
from ..base import Event, IllegalAction
from ..messages import SEAT_VALUES, Msg, Seat, Tiles, msg
from ..moves import Moves, move
from ..tiles import Tile
from . import spectators
from .actions import AcceptSpectatorBet, Bet, ChooseDeadline, Play, RefuseSpectatorBet, SetLimits
from .errors import bet_between, nth
from .hands import after_limits, begin_play, end_game, end_hand
from .line import HI, LO, NAMES, NUMS, TILES
from .money import bet_amounts, bet_range, payout, record_bet
from .phases import BET_PHASES, Phase
from .state import SEATS, BukiState

# Module constants: an enum member lookup is slow on Python 3.11, and these are on the hot path.
PLAY, OVER, EARLY_BETS = Phase.PLAY, Phase.OVER, Phase.EARLY_BETS

BETS: tuple[Bet, ...] = tuple(Bet(n) for n in range(256))
TILE_WORDS: tuple[Tiles, ...] = tuple(Tiles((name,)) for name in NAMES)
"""The tile of each code as a message parameter (`messages.Tiles`)."""
LEAD: tuple[Play, ...] = tuple(Play(TILES[c], "L") for c in range(36))
"""The lead move of each tile code."""
ON_LEFT: tuple[dict[int, Play], ...] = tuple({n: Play(t, "L", n) for n in (t.high, t.low)} for t in TILES)
"""ON_LEFT[code][number on the left end] -> the move; built once, actions are immutable."""
ON_RIGHT: tuple[dict[int, Play], ...] = tuple({n: Play(t, "R", n) for n in (t.high, t.low)} for t in TILES)
DEADLINES: tuple[Action, ...] = (ChooseDeadline(3), ChooseDeadline(4))


def _bets(amounts: list[int]) -> list[Action]:
    return [BETS[n] if n < 256 else Bet(n) for n in amounts]


# --- who acts, and what they may do -----------------------------------------------------------

def to_act(g: BukiState) -> list[int]:
    ph = g.phase
    if ph == PLAY:
        return [g.turn]
    if ph == OVER:
        return []
    if ph == EARLY_BETS:
        seats = [p for p in range(SEATS) if p != g.banker and g.bets[p] is None]
        if spectators.pending(g):
            seats.append(g.banker)
            seats.sort()
        return seats
    return [g.banker]


def must_bet(g: BukiState, seat: int) -> bool:
    """DOM-16: a non-banker without a bet bets before its `deadline`-th tile."""
    return seat != g.banker and g.bets[seat] is None and g.placed[seat] == g.deadline - 1


def bet_open(g: BukiState, seat: int) -> bool:
    """The seat's bet window (DOM-15/16/17/24): from the deal, once the limits are set, until
    it places its `deadline`-th tile; non-bankers only, one bet a hand. On its own turn or not."""
    return g.phase in BET_PHASES and type(seat) is int and 0 <= seat < SEATS and seat != g.banker \
        and g.bets[seat] is None and g.placed[seat] < g.deadline


def _optional_bets(g: BukiState, seat: int) -> list[Action]:
    """The optional moves of a seat not in `to_act()`: its bets while its window is open."""
    return _bets(bet_amounts(g, seat)) if bet_open(g, seat) else []


def _plays(g: BukiState, seat: int) -> list[Action]:
    """The moves of `line.legal_codes` as actions (heaviest first, L before R), from the tables."""
    left = g.left
    hand = g.hands[seat]
    if left < 0:
        return [LEAD[c] for c in hand]
    right = g.right
    out: list[Action] = []
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


def legal_actions(g: BukiState, seat: int) -> list[Action]:
    ph = g.phase
    if ph == PLAY:
        if seat != g.turn:
            return _optional_bets(g, seat)
        if seat == g.banker:
            out = _plays(g, seat)
            if g.left < 0 and g.spec:
                out += spectators.answers(g)
            return out
        if g.bets[seat] is None and g.placed[seat] < g.deadline:
            bets = _bets(bet_amounts(g, seat))
            if g.placed[seat] == g.deadline - 1:
                return bets
            return _plays(g, seat) + bets
        return _plays(g, seat)
    if ph == OVER:
        return []
    if seat not in to_act(g):
        return _optional_bets(g, seat)
    if ph == Phase.EARLY_BETS:
        if seat == g.banker:
            return spectators.answers(g)
        return _bets(bet_amounts(g, seat))
    if ph == Phase.LIMITS:
        return limit_choices(g)
    return [*DEADLINES, *spectators.answers(g)]


def limit_choices(g: BukiState) -> list[Action]:
    """The menu of DOM-15: the table's limits first, then the pairs (m, 3m), (m, 2m), (m, m)
    the bank can cover, at most 25 in all. `apply` accepts any valid pair."""
    table = (g.opts.min_bet, g.opts.max_bet)
    stack = g.stacks[g.banker]
    step = 2 if g.even else 1
    pairs: list[tuple[int, int]] = []
    seen = {table}
    for k in (3, 2, 1):
        for m in range(step, 41, step):
            pair = (m, k * m)
            if payout(g, pair[1]) > stack or len(pairs) == 24:
                break
            if pair not in seen:
                seen.add(pair)
                pairs.append(pair)
    out: list[Action] = [SetLimits(*table)]
    out += [SetLimits(*p) for p in sorted(pairs)]
    return out


def timeout_action(g: BukiState, seat: int) -> Action:
    """DOM-27: the heaviest legal tile (L before R), n_min, deadline 3, the table's limits,
    and an unanswered spectator request lapses (refused). Only for a seat in `to_act()`: an
    off-turn bet is optional and never made by a timeout."""
    if seat not in to_act(g):
        raise IllegalAction(msg("err.not_your_turn"), rule="DOM-11")
    legal = legal_actions(g, seat)
    first = legal[0]
    if isinstance(first, (AcceptSpectatorBet, RefuseSpectatorBet)):
        return next(a for a in legal if isinstance(a, RefuseSpectatorBet))
    if isinstance(first, Bet):
        return Bet(bet_range(g, seat)[0])
    if isinstance(first, ChooseDeadline):
        return ChooseDeadline(3)
    return first  # a Play (heaviest first), the table's limits, or refusing the oldest request


# --- moves ------------------------------------------------------------------------------------

def verify_turn(g: BukiState, seat: int) -> None:
    if g.phase == OVER:
        raise IllegalAction(msg("err.game_over"), rule="DOM-25")
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction(msg("err.no_such_seat"), rule="DOM-2")


def _not_an_action(g: BukiState) -> IllegalAction:
    return IllegalAction(msg("err.dom.not_an_action"))


def _tile_code(tile: object) -> int:
    """The code of a tile in the set, -1 for a tile of no set; IllegalAction for no tile at all."""
    if type(tile) is not Tile:
        raise IllegalAction(msg("err.dom.not_a_tile"), rule="DOM-3")
    if tile.low < tile.high <= 8:
        h = tile.high
        return h * (h - 1) // 2 + tile.low
    return -1


def _onto(g: BukiState, a: Play) -> int | None:
    """The number of the end the tile goes onto (None for the lead), or IllegalAction (DOM-10)."""
    left, right = g.left, g.right
    if left < 0:
        if a.end != "L" or a.onto is not None:
            raise IllegalAction(msg("err.dom.lead_left"), rule="DOM-10")
        return None
    if a.end == "L":
        return left
    if a.end != "R":
        raise IllegalAction(msg("err.dom.choose_end"), rule="DOM-10")
    if left == right:
        raise IllegalAction(msg("err.dom.same_ends"), rule="DOM-10")
    return right


def verify_play(g: BukiState, seat: int, a: Play) -> None:
    """DOM-10, DOM-11: the seat on turn places a tile it holds on a matching end."""
    if g.phase != PLAY:
        raise IllegalAction(_waiting_text(g), rule="DOM-15")
    if seat != g.turn:
        if bet_open(g, seat):
            raise IllegalAction(msg("err.dom.bet_off_turn"), rule="DOM-11")
        raise IllegalAction(msg("err.dom.wait_move"), rule="DOM-11")
    if seat != g.banker and g.bets[seat] is None and g.placed[seat] == g.deadline - 1:   # `must_bet`, inline
        raise IllegalAction(msg("err.dom.bet_first", nth=nth(g.deadline)), rule="DOM-16")
    code = _tile_code(a.tile)
    if code < 0 or code not in g.hands[seat]:
        raise IllegalAction(msg("err.dom.not_held", tile=Tiles((str(a.tile),))), rule="DOM-11")
    onto = _onto(g, a)
    if onto is not None and HI[code] != onto and LO[code] != onto:
        raise IllegalAction(msg("err.dom.no_match_left" if a.end == "L" else "err.dom.no_match_right",
                                tile=Tiles((str(a.tile),)), end=onto), rule="DOM-10")
    if a.onto is not None and a.onto != onto:
        raise IllegalAction(msg("err.dom.end_changed", end=onto if onto is not None else "—"), rule="DOM-10")


def play(g: BukiState, seat: int, a: Play) -> list[Event]:
    """Place the tile (DOM-10: a lead puts the higher number on the left); the passes that follow
    are automatic, and a domino or a block (DOM-12, DOM-13) ends the hand at once."""
    code = _tile_code(a.tile)
    hand = g.hands[seat]
    hand.remove(code)
    m = 0
    for c in hand:
        m |= NUMS[c]
    masks = g.masks
    masks[seat] = m
    events: list[Event] = []
    h, lo, name, end = HI[code], LO[code], NAMES[code], a.end
    left, right = g.left, g.right
    if left < 0:
        g.line.append([h, lo])
        g.left, g.right = h, lo
        text = msg("dom.leads", player=SEAT_VALUES[seat], tile=TILE_WORDS[code])
        if g.spec:
            spectators.close_window(g, events)
    elif end == "L":
        outer = lo if h == left else h
        g.line.insert(0, [outer, left])
        g.left = outer
        text = msg("dom.plays_left", player=SEAT_VALUES[seat], tile=TILE_WORDS[code])
    else:
        outer = lo if h == right else h
        g.line.append([right, outer])
        g.right = outer
        text = msg("dom.plays_right", player=SEAT_VALUES[seat], tile=TILE_WORDS[code])
    g.placed[seat] += 1
    events.append(Event("play", text, seat, None, {"tile": name, "end": end}))
    if not hand:
        end_hand(g, events, seat, "domino")
        return events
    nl, nr = g.left, g.right
    ends = (1 << nl) | (1 << nr)
    if not (masks[0] & ends or masks[1] & ends or masks[2] & ends or masks[3] & ends):
        end_hand(g, events, None, "block")
        return events
    step = g.step
    s = (seat + step) % SEATS
    while not masks[s] & ends:   # DOM-11: who cannot play passes
        g.passes.append([s, nl, nr])
        events.append(Event("pass", msg("dom.passes_two" if nl != nr else "dom.passes", player=SEAT_VALUES[s],
                                        left=nl, right=nr), s, None, {}))
        s = (s + step) % SEATS
    g.turn = s
    return events


def _waiting_text(g: BukiState) -> Msg:
    if g.phase == Phase.LIMITS:
        return msg("err.dom.wait_limits")
    if g.phase == Phase.DEADLINE:
        return msg("err.dom.wait_late")
    return msg("err.dom.wait_bets")


def verify_bet(g: BukiState, seat: int, a: Bet) -> None:
    """DOM-15, DOM-16: a non-banker's one bet of the hand, at any time from the deal until its
    deadline tile, on its own turn or not."""
    if seat == g.banker:
        raise IllegalAction(msg("err.dom.banker_no_bet"), rule="DOM-15")
    if g.phase not in BET_PHASES:  # the banker is still setting the limits (DOM-15)
        raise IllegalAction(_waiting_text(g), rule="DOM-15")
    placed = g.bets[seat]
    if placed is not None:
        raise IllegalAction(msg("err.dom.already_bet", amount=placed), rule="DOM-15")
    if g.placed[seat] >= g.deadline:
        raise IllegalAction(msg("err.dom.bets_closed", nth=nth(g.deadline)), rule="DOM-16")
    lo, hi = bet_range(g, seat)
    n = a.amount
    if not isinstance(n, int) or isinstance(n, bool) or not lo <= n <= hi or (g.even and n % 2):
        raise IllegalAction(bet_between(g, lo, hi), rule="DOM-15")


def bet(g: BukiState, seat: int, a: Bet) -> list[Event]:
    """The bet is recorded; an off-turn bet leaves the turn where it is."""
    n = a.amount
    record_bet(g, seat, n)
    events = [Event("bet", msg("dom.bets_carried" if g.carried[seat] else "dom.bets", player=Seat(seat), amount=n,
                               stake=g.stakes[seat], carried=g.carried[seat]), seat=seat, data={"amount": n})]
    if g.phase == Phase.EARLY_BETS and all(g.bets[p] is not None for p in range(SEATS) if p != g.banker):
        begin_play(g)
    return events


def _limits_ok(g: BukiState, lo: int, hi: int) -> Msg | None:
    if not (isinstance(lo, int) and isinstance(hi, int)) or lo < 1 or hi < lo:
        return msg("err.dom.limits_whole")
    if g.even and (lo % 2 or hi % 2):
        return msg("err.dom.limits_even")
    if payout(g, hi) > g.stacks[g.banker]:
        return msg("err.dom.limits_cover", stack=g.stacks[g.banker], high=hi, payout=payout(g, hi))
    return None


def verify_limits(g: BukiState, seat: int, a: SetLimits) -> None:
    """DOM-15: the first banker sets the limits for the whole game, once."""
    if g.phase != Phase.LIMITS:
        raise IllegalAction(msg("err.dom.limits_set"), rule="DOM-15")
    if seat != g.banker:
        raise IllegalAction(msg("err.dom.banker_limits"), rule="DOM-15")
    why = _limits_ok(g, a.min_bet, a.max_bet)
    if why:
        raise IllegalAction(why, rule="DOM-15")


def set_limits(g: BukiState, seat: int, a: SetLimits) -> list[Event]:
    g.min_bet, g.max_bet = a.min_bet, a.max_bet
    g.limits_set = True
    events = [Event("limits", msg("dom.limits", player=Seat(seat), low=a.min_bet, high=a.max_bet),
                    seat=seat, data={"min_bet": a.min_bet, "max_bet": a.max_bet})]
    short = [p for p in range(SEATS) if p != g.banker and g.stacks[p] < g.min_bet]
    if short:  # DOM-25 with the new minimum: the first hand is void
        end_game(g, events, msg("dom.end_cannot_bet", player=Seat(short[0]), min=g.min_bet))
        return events
    after_limits(g, events)
    return events


def verify_deadline(g: BukiState, seat: int, a: ChooseDeadline) -> None:
    """DOM-24: the banker refuses (3) or accepts (4) late bets."""
    if g.phase != Phase.DEADLINE:
        if not g.opts.late_bet_variant:
            raise IllegalAction(msg("err.dom.no_late_bets", nth=nth(g.opts.bet_deadline_tile)), rule="DOM-24")
        if g.phase == Phase.LIMITS:
            raise IllegalAction(_waiting_text(g), rule="DOM-15")
        raise IllegalAction(msg("err.dom.deadline_decided"), rule="DOM-24")
    if seat != g.banker:
        raise IllegalAction(msg("err.dom.banker_late"), rule="DOM-24")
    if a.tile not in (3, 4):
        raise IllegalAction(msg("err.dom.choose_deadline"), rule="DOM-24")


def choose_deadline(g: BukiState, seat: int, a: ChooseDeadline) -> list[Event]:
    g.deadline = a.tile
    begin_play(g)
    key = "dom.late_bets_accepted" if a.tile == 4 else "dom.late_bets_refused"
    return [Event("deadline", msg(key, player=Seat(seat)), seat=seat, data={"tile": a.tile})]


def verify_answer(g: BukiState, seat: int, a: AcceptSpectatorBet | RefuseSpectatorBet) -> None:
    """DOM-23: only the banker answers, while it is to act."""
    if seat != g.banker or g.phase == Phase.LIMITS or seat not in to_act(g):
        raise IllegalAction(msg("err.dom.banker_answers"), rule="DOM-23")
    spectators.verify_answer(g, a)


MOVES: Moves[BukiState] = Moves({
    Play: move(verify_play, play), Bet: move(verify_bet, bet),
    AcceptSpectatorBet: move(verify_answer, spectators.answer),
    RefuseSpectatorBet: move(verify_answer, spectators.answer),
    SetLimits: move(verify_limits, set_limits), ChooseDeadline: move(verify_deadline, choose_deadline),
}, verify_turn, _not_an_action)
"""Every kind of move of Buki-Domino, on turn or not."""
