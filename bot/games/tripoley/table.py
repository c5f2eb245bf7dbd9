"""Where chips move (CHIP-1 … CHIP-6) and who breaks ties (§0), over the state.

Every chip moves through `move`, which keeps the deal's ledger for its summary and refuses a
transfer that would make anything negative.
"""

from __future__ import annotations

from . import rules
from .state import DealState


def seat(p: int) -> str:
    """A seat's wallet as a ledger place."""
    return f"seat:{p}"


def comp(code: str) -> str:
    """A mat compartment as a ledger place."""
    return f"mat:{code}"


def move(s: DealState, src: str, dst: str, amount: int, reason: str) -> None:
    """The only way a chip moves (CHIP-2); refuses, before changing anything, a transfer
    the source cannot cover (CHIP-4/6: that would be a bug, never a game event)."""
    if amount <= 0:
        return
    kind, _, name = src.partition(":")
    have = s.stacks[int(name)] if kind == "seat" else s.mat[name]
    if have < amount:
        raise RuntimeError(f"chip bug: {src} holds {have}, cannot pay {amount} ({reason})")
    for place, sign in ((src, -1), (dst, 1)):
        kind, _, name = place.partition(":")
        if kind == "seat":
            s.stacks[int(name)] += sign * amount
        else:
            s.mat[name] += sign * amount
    s.ledger.append((src, dst, amount, reason))


def tie_order(s: DealState, among: list[int]) -> list[int]:
    """TRI-27: the order that breaks ties among these seats."""
    return rules.tie_order(s.dealer, among, s.n, s.opts.tie_priority == "dealer_first")
