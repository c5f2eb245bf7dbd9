"""What the table sees and what each seat sees (DOM-28), built fresh from the state.

The view types are what the board reads; a renamed key is a type error there, not a silent gap.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..messages import MsgJson, msg_json
from .line import PIPS, RANK, TILES, legal_codes
from .money import bet_range, payout, spayout
from .phases import PHASE_KEYS, Phase
from .spectators import window_open
from .state import SEATS, BukiState, HandRecord, SpectatorBet
from .turn import bet_open, must_bet, to_act


class PublicView(TypedDict):
    phase: MsgJson               # the phase's name (`messages.msg_json`)
    stage: str                  # the phase's id (`Phase`)
    hand_no: int
    max_hands: int
    banker: int | None
    turn: int | None
    to_act: list[int]
    direction: Literal["clockwise", "counterclockwise"]
    min_bet: int
    max_bet: int
    bet_deadline_tile: int
    payout_multiplier: float
    line: list[str]
    ends: list[int] | None
    tile_counts: list[int]
    placed: list[int]
    passes: list[list[int]]     # [seat, left, right] of each pass
    bets: list[int | None]
    carried: list[int]
    stakes: list[int]
    stacks: list[int]
    active: list[bool]
    leaving: list[bool]
    spectator_bets: list[SpectatorBet]
    spectator_window: bool
    spectator_odds: float
    last_hand: HandRecord | None
    end_reason: Any
    last_move: NotRequired[dict[str, Any]]   # who moved last and what, once anyone has (`Engine.apply`)


class PrivateView(TypedDict):
    seat: int
    hand: list[str]
    pips: int
    is_banker: bool
    playable: list[str]
    moves: list[list[str]]      # [tile, end] of each legal move, on the seat's turn
    may_bet: bool
    may_bet_off_turn: bool
    must_bet: bool
    bet_range: list[int] | None
    my_bet: int | None
    my_carried: int
    my_stake: int
    win_pays: int | None
    bet_pays: list[list[int]]   # [bet, what it would win]
    spectator_requests: list[list[int]]  # [bet id, spectator, seat, amount, pays], for the banker


def _copy_record(last: HandRecord) -> HandRecord:
    out: HandRecord = {**last, "totals": list(last["totals"]), "stakes": list(last["stakes"]),
                       "hands": [list(h) for h in last["hands"]], "stamm": list(last["stamm"]),
                       "change": list(last["change"]), "line": list(last["line"])}
    return out


def public_view(g: BukiState) -> PublicView:
    over = g.phase == Phase.OVER
    o = g.opts
    view: PublicView = {
        "phase": msg_json(PHASE_KEYS[g.phase]),
        "stage": g.phase.value,
        "hand_no": g.hands_done + (0 if over else 1),
        "max_hands": o.max_hands,
        "banker": None if over else g.banker,
        "turn": g.turn if g.phase == Phase.PLAY else None,
        "to_act": to_act(g),
        "direction": o.play_direction,
        "min_bet": g.min_bet,
        "max_bet": g.max_bet,
        "bet_deadline_tile": g.deadline,
        "payout_multiplier": o.payout_multiplier,
        "line": [f"[{a}|{b}]" for a, b in g.line],
        "ends": [g.left, g.right] if g.left >= 0 else None,
        "tile_counts": [len(h) for h in g.hands],
        "placed": list(g.placed),
        "passes": [list(p) for p in g.passes],
        "bets": list(g.bets),
        "carried": list(g.carried),
        "stakes": list(g.stakes),
        "stacks": list(g.stacks),
        "active": list(g.active),
        "leaving": list(g.leaving),
        "spectator_bets": [{**x} for x in g.spec],
        "spectator_window": window_open(g),
        "spectator_odds": o.spectator_odds,
        "last_hand": None if g.last is None else _copy_record(g.last),
        "end_reason": g.end_reason,
    }
    if g.last_move is not None:
        view["last_move"] = g.last_move
    return view


def private_view(g: BukiState, seat: int) -> PrivateView:
    seated = 0 <= seat < SEATS
    hand = g.hands[seat] if seated else []
    moves = legal_codes(hand, g.left, g.right)
    playable = sorted({c for c, _ in moves}, key=RANK.__getitem__)
    acting = seat in to_act(g)
    may_bet = bet_open(g, seat)  # DOM-16: on this seat's turn or not
    bettor = seated and seat != g.banker
    return {
        "seat": seat,
        "hand": [str(TILES[c]) for c in hand],
        "pips": sum(PIPS[c] for c in hand),
        "is_banker": seat == g.banker,
        "playable": [str(TILES[c]) for c in playable],
        "moves": [[str(TILES[c]), e] for c, e in moves] if acting and g.phase == Phase.PLAY else [],
        "may_bet": may_bet,
        "may_bet_off_turn": may_bet and not acting,
        "must_bet": acting and bettor and (g.phase == Phase.EARLY_BETS or must_bet(g, seat))
        and g.bets[seat] is None,
        "bet_range": list(bet_range(g, seat)) if may_bet else None,
        "my_bet": g.bets[seat] if seated else None,
        "my_carried": g.carried[seat] if seated else 0,
        "my_stake": g.stakes[seat] if seated else 0,
        "win_pays": payout(g, g.stakes[seat]) if bettor and g.bets[seat] is not None else None,
        "bet_pays": [[n, payout(g, g.carried[seat] + n)] for n in sorted(set(bet_range(g, seat)))]
        if may_bet else [],
        "spectator_requests": [[x["id"], x["spectator"], x["seat"], x["amount"], spayout(g, x["amount"])]
                               for x in g.spec if x["status"] == "pending"] if seat == g.banker else [],
    }
