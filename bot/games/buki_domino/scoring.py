"""Ending a hand: the winner of a block (DOM-14), settlement (DOM-20, DOM-22) and its summary.

Pure functions over plain lists, so the worked examples D8–D13 can be checked in isolation
and the engine only moves the numbers these return.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..messages import Msg, Seat, msg


def block_winner(totals: Sequence[int]) -> int | None:
    """The seat with the lowest pip total, or None when two or more share it (a draw, DOM-14)."""
    low = min(totals)
    holders = [s for s, t in enumerate(totals) if t == low]
    return holders[0] if len(holders) == 1 else None


@dataclass(slots=True)
class Settlement:
    """What a hand's end moves. `stacks`/`stakes` are the new values; `lines` explain each payment."""

    stacks: list[int]
    stakes: list[int]
    carried: list[int]
    spectator_paid: list[tuple[int, int]] = field(default_factory=list)
    """(spectator id, chips paid out from escrow to their balance), in bet order."""
    lines: list[Msg] = field(default_factory=list)


def settle(stacks: Sequence[int], stakes: Sequence[int], banker: int, winner: int | None,
           spectator_bets: Sequence[tuple[int, int, int]], payout: Callable[[int], int],
           spayout: Callable[[int], int]) -> Settlement:
    """Settle a finished hand.

    `stakes[p]` is p's stake S in escrow (carried + new bet); `spectator_bets` are the accepted
    (spectator id, backed seat, amount) bets; `winner` None means a draw. Returns new stacks and
    stakes and every payment in words. Chips only move between the arguments: nothing is
    created or destroyed.
    """
    st = list(stacks)
    stk = list(stakes)
    out = Settlement(st, stk, [0] * len(st))
    lines = out.lines
    b = banker
    if winner is None:
        for p, s in enumerate(stk):
            if p != b and s:
                lines.append(msg("dom.stake_stays", player=Seat(p), stake=s))
        out.carried = [s if p != b else 0 for p, s in enumerate(stk)]
        for sid, p, a in spectator_bets:
            out.spectator_paid.append((sid, a))
            lines.append(msg("dom.spectator_returned", spectator=f"<@{sid}>", amount=a, player=Seat(p)))
        return out
    for p, s in enumerate(stk):
        if p == b:
            continue
        if p == winner:
            win = payout(s)
            st[p] += s + win
            st[b] -= win
            lines.append(msg("dom.wins_stake", player=Seat(p), stake=s, win=win, banker=Seat(b)))
        elif s:
            st[b] += s
            lines.append(msg("dom.stake_to_banker", player=Seat(p), stake=s, banker=Seat(b)))
        stk[p] = 0
    for sid, p, a in spectator_bets:
        if p == winner:
            win = spayout(a)
            st[b] -= win
            out.spectator_paid.append((sid, a + win))
            lines.append(msg("dom.spectator_wins", spectator=f"<@{sid}>", player=Seat(p), amount=a, win=win))
        else:
            st[b] += a
            lines.append(msg("dom.spectator_loses", spectator=f"<@{sid}>", amount=a, player=Seat(p),
                             banker=Seat(b)))
    return out
