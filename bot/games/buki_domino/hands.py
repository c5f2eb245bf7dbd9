"""The life of a hand: deal, banker, the phases before play, settlement and the end of the game
(DOM-5 … DOM-8, DOM-13/14, DOM-17 … DOM-22, DOM-25).

The next hand is dealt the moment a hand settles, so `end_hand` calls `start_hand`, which may
end the game instead.
"""

from __future__ import annotations

from functools import partial
from typing import Literal

from ..base import DEAL_STACKS, Event
from ..cards import deal_rng
from ..messages import Join, Msg, Seat, Tiles, joined, lines, msg, seats, to_json
from .line import NAMES, PIPS, RANK, TILES
from .money import bet_range, payout, record_bet, spayout
from .phases import Phase
from .scoring import block_winner, settle
from .spectators import close_window
from .state import SEATS, BukiState, HandRecord

ALL36 = tuple(range(36))


def next_seat(g: BukiState, seat: int) -> int:
    return (seat + g.step) % SEATS


def reset_hand(g: BukiState) -> None:
    """Clear what belongs to one hand (DOM-5)."""
    g.phase = Phase.PLAY
    g.hands = [[] for _ in range(SEATS)]
    g.stamm = []
    g.line = []
    g.left = g.right = -1
    g.turn = -1
    g.placed = [0] * SEATS
    g.passes = []
    g.bets = [None] * SEATS
    g.deadline = g.opts.bet_deadline_tile
    g.masks = [0] * SEATS


def _designated_banker(g: BukiState) -> tuple[int, Msg]:
    """Who should bank this hand, and why: the heaviest dealt tile first (DOM-6), then the
    last hand's winner or the same banker (DOM-7)."""
    if g.hands_done == 0:  # RANK 0 is the heaviest
        designated = min((RANK[h[0]], s) for s, h in enumerate(g.hands))[1]
        return designated, msg("dom.why_heaviest", tile=Tiles((str(TILES[g.hands[designated][0]]),)))
    designated = g.next_banker
    if g.last is not None and g.last.get("winner") is None:
        return designated, msg("dom.why_draw")
    return designated, msg("dom.why_won_stays" if designated == g.prev_banker else "dom.why_won")


def start_hand(g: BukiState, events: list[Event], deck: list[int] | None = None) -> None:
    """Deal the next hand and run the start-of-hand rules (DOM-5, 6, 7, 8, 17, 25)."""
    reset_hand(g)
    g.spec = []
    g.spec_seen = []
    gone = [p for p in range(SEATS) if g.leaving[p]]
    if gone:  # DOM-25: the game needs four; a leaver plays no further hand
        end_game(g, events, msg("dom.end_left", players=seats(gone, "and")))
        return
    if g.hands_done >= g.opts.max_hands:
        end_game(g, events, msg("dom.end_hands", hands=g.opts.max_hands))
        return
    g.deal_no += 1
    if deck is None:
        rnd = deal_rng(g.seed, g.deal_no).random
        keys = [rnd() for _ in ALL36]
        deck = sorted(ALL36, key=keys.__getitem__)  # a uniform shuffle, faster than shuffle()
    n = g.opts.tiles_per_player
    rank = RANK.__getitem__
    for s in range(SEATS):
        g.hands[s] = sorted(deck[s * n:(s + 1) * n], key=rank)
    g.stamm = sorted(deck[SEATS * n:], key=rank)
    g.refresh_masks()
    designated, why = _designated_banker(g)
    need = payout(g, g.opts.max_bet if not g.limits_set else g.max_bet)
    banker = -1
    s = designated
    for _ in range(SEATS):
        if g.active[s] and g.stacks[s] >= need:
            banker = s
            break
        s = next_seat(g, s)
    if banker < 0:
        end_game(g, events, msg("dom.end_no_banker", need=need))
        return
    if banker != designated:
        why = msg("dom.why_passed_on", player=Seat(designated), need=need)
    g.banker = banker
    if g.stakes[banker]:  # DOM-8: a carried stake goes back to the new banker's stack
        back = g.stakes[banker]
        g.stacks[banker] += back
        g.stakes[banker] = g.carried[banker] = 0
        events.append(Event("refund", msg("dom.refund", player=Seat(banker), stake=back), seat=banker,
                            data={"amount": back}))
    short = [p for p in range(SEATS) if p != banker and g.stacks[p] < g.min_bet]
    if short:
        end_game(g, events, msg("dom.end_cannot_bet", player=Seat(short[0]), min=g.min_bet))
        return
    g.hand_start = [g.stacks[p] + g.stakes[p] for p in range(SEATS)]
    events.append(Event("deal", msg("dom.deal", hand=g.hands_done + 1, player=Seat(banker), why=why), seat=banker,
                        data={"hand": g.hands_done + 1, "banker": banker, DEAL_STACKS: list(g.hand_start)}))
    for p in range(SEATS):
        dealt = Tiles(tuple(NAMES[c] for c in g.hands[p]))
        events.append(Event("hand", msg("dom.dealt_you", hand=g.hands_done + 1, tiles=dealt), seat=p,
                            private_to=p))
    if g.hands_done == 0 and not g.limits_set:
        g.phase = Phase.LIMITS
    else:
        after_limits(g, events)


def is_early(g: BukiState) -> bool:
    """DOM-17: a hand whose banker differs from the previous hand's."""
    return g.opts.early_bets_after_bank_change and g.hands_done > 0 \
        and g.prev_banker >= 0 and g.banker != g.prev_banker


def after_limits(g: BukiState, events: list[Event]) -> None:
    """The phase after the limits: the late-bet decision (DOM-24), early bets (DOM-17) or play."""
    early = is_early(g)
    if g.opts.late_bet_variant and not early:
        g.phase = Phase.DEADLINE
    elif early:
        g.phase = Phase.EARLY_BETS
        events.append(Event("early_bets", msg("dom.early_bets", player=Seat(g.banker))))
    else:
        begin_play(g)


def begin_play(g: BukiState) -> None:
    g.phase = Phase.PLAY
    g.turn = g.banker


# --- end of a hand, end of the game ---------------------------------------------------------

def end_hand(g: BukiState, events: list[Event], winner: int | None, how: Literal["domino", "block"]) -> None:
    """Missing bets (DOM-18), the winner of a block (DOM-14), settlement (DOM-20 … DOM-22),
    the summary, and the next hand (or the end of the game)."""
    b = g.banker
    said: list[Msg] = []
    for p in range(SEATS):  # DOM-18
        if p != b and g.bets[p] is None:
            n = bet_range(g, p)[0]
            record_bet(g, p, n)
            said.append(msg("dom.min_recorded", player=Seat(p), min=n))
    totals = [sum(PIPS[c] for c in h) for h in g.hands]
    if how == "domino" and winner is not None:
        head = msg("dom.domino", player=Seat(winner))
    else:
        winner = block_winner(totals)
        detail = joined(msg("dom.pips_of", player=Seat(p), pips=t) for p, t in enumerate(totals))
        head = msg("dom.blocked_draw", pips=detail) if winner is None else \
            msg("dom.blocked_win", pips=detail, player=Seat(winner))
    acc = [(x["spectator"], x["seat"], x["amount"]) for x in g.spec if x["status"] == "accepted"]
    stakes = list(g.stakes)
    res = settle(g.stacks, g.stakes, b, winner, acc, partial(payout, g), partial(spayout, g))
    g.stacks = res.stacks
    g.stakes = res.stakes
    g.carried = res.carried
    for sid, amount in res.spectator_paid:
        g.due[sid] = g.due.get(sid, 0) + amount
    g.spec = []
    change = [g.stacks[p] + g.stakes[p] - g.hand_start[p] for p in range(SEATS)]
    shown = [[NAMES[c] for c in h] for h in g.hands]
    stamm = [NAMES[c] for c in g.stamm]
    hands_text = Join(tuple(msg("dom.tiles_of", player=Seat(p), tiles=Tiles(tuple(h)) if h else "—")
                            for p, h in enumerate(shown)), "semi")
    net = joined(msg("dom.net_of", player=Seat(p), change=f"{d:+d}", stack=g.stacks[p]) for p, d in enumerate(change))
    text = lines([msg("dom.head", hand=g.hands_done + 1, banker=Seat(b)), head, *said, *res.lines,
                  msg("dom.chips", net=net), msg("dom.tiles_left", hands=hands_text),
                  msg("dom.stamm", tiles=Tiles(tuple(stamm)))])
    record: HandRecord = {
        "hand": g.hands_done + 1, "banker": b, "winner": winner, "how": how,
        "totals": totals, "stakes": stakes, "hands": shown, "stamm": stamm, "change": change,
        "line": [f"[{x}|{y}]" for x, y in g.line],
    }
    g.last = record
    events.append(Event("summary", text, seat=winner, data=dict(record)))
    g.prev_banker = b
    g.next_banker = b if winner is None else winner
    g.hands_done += 1
    start_hand(g, events)


def end_game(g: BukiState, events: list[Event], reason: Msg) -> None:
    """DOM-25: carried stakes go back to their owners; open spectator requests lapse."""
    close_window(g, events, refund_accepted=True)
    said = []
    for p in range(SEATS):
        if g.stakes[p]:
            said.append(msg("dom.carried_returns", player=Seat(p), stake=g.stakes[p]))
            g.stacks[p] += g.stakes[p]
            g.stakes[p] = 0
        g.carried[p] = 0
    g.phase = Phase.OVER
    g.turn = -1
    g.end_reason = to_json(reason)
    final = joined(msg("dom.stack_of", player=Seat(p), chips=g.stacks[p]) for p in range(SEATS) if g.active[p])
    said = [msg("dom.game_over", reason=reason), *said, msg("dom.final", stacks=final)]
    events.append(Event("game_over", lines(said),
                        data={"reason": to_json(reason), "stacks": list(g.stacks)}))
