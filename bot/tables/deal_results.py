"""Who won a deal, for the per-game statistics.

A deal is won by the seat its summary names (a gin hand's scorer, a domino hand's winner, the
player who went out in Marriage); where the game names nobody (a Tripoley mat, a Bourré pot),
by every seat that came out of the deal with more chips than it went in with.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.base import Event


def deal_winners(summary: Event, stacks: Mapping[int, tuple[int | None, int]]) -> dict[int, bool | None]:
    """Each seat dealt in -> whether it won. `stacks`: seat -> (chips as the deal began, chips
    now); None when the start is unknown (a table saved before starts were recorded)."""
    named = summary.seat if summary.seat is not None else summary.data.get("winner")
    if isinstance(named, int) and not isinstance(named, bool):
        return {seat: seat == named for seat in stacks}
    return {seat: None if before is None else after > before for seat, (before, after) in stacks.items()}
