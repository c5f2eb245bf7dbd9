"""The money rules every phase needs: payouts (DOM-20, DOM-21, DOM-23), the bet range with the
bank's cover cap (DOM-15, DOM-19) and recording a bet."""

from __future__ import annotations

from .options import pay
from .state import BukiState


def payout(g: BukiState, stake: int) -> int:
    """payout(x) of DOM-20/21."""
    return pay(stake, g.p_num, g.p_den, g.ceil)


def spayout(g: BukiState, amount: int) -> int:
    """spayout(a) of DOM-23."""
    return pay(amount, g.s_num, g.s_den, g.ceil)


def backed(g: BukiState, seat: int) -> int:
    """SP(p) of DOM-19: what accepted spectator bets on `seat` could cost the bank."""
    if not g.spec:
        return 0
    return sum(spayout(g, b["amount"]) for b in g.spec if b["seat"] == seat and b["status"] == "accepted")


def bet_range(g: BukiState, seat: int) -> tuple[int, int]:
    """(n_min, n_max) of DOM-15 with the cover cap of DOM-19."""
    bank = g.stacks[g.banker]
    c = g.carried[seat]
    sp = backed(g, seat)
    n = min(g.max_bet, g.stacks[seat])
    while n > 0 and payout(g, c + n) + sp > bank:
        n -= 1
    if g.even:
        n -= n % 2
    return min(g.min_bet, n), n


def bet_amounts(g: BukiState, seat: int) -> list[int]:
    lo, hi = bet_range(g, seat)
    return list(range(lo, hi + 1, 2 if g.even else 1))


def record_bet(g: BukiState, seat: int, n: int) -> None:
    """The bet goes from the stack into the stake held in escrow (DOM-15, DOM-22)."""
    g.bets[seat] = n
    g.stacks[seat] -= n
    g.stakes[seat] += n
