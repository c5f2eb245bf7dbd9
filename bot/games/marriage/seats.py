"""Seats between and across deals: leaving (MAR-18), cashing out, topping up (MAR-25), and the
steps between deals: the next deal or the end of the game (MAR-2)."""

from __future__ import annotations

from ..base import Event, IllegalAction
from ..messages import Seat, msg
from .actions import EndGame, NextDeal
from .deal import start_deal
from .phases import Phase
from .state import MarriageState
from .table import eligible, need_phase

BETWEEN, OVER = Phase.BETWEEN, Phase.OVER


def leave(st: MarriageState, seat: int) -> list[Event]:
    """The seat asked to leave (MAR-18): it is dealt out of every deal that starts from now on.

    In the middle of a deal it is dealt in, its turns are played by `timeout_action` until
    the deal ends and it is settled normally; then `can_cash_out` turns true. Between deals
    it may cash out at once, and the game ends when fewer than two players can be dealt in
    (every chip is then in a seat stack).
    """
    if st.phase == OVER or st.left[seat] or st.leaving[seat]:
        return []
    st.leaving[seat] = True
    if st.phase in (Phase.DECLARE, Phase.PLAY) and seat in st.players:
        return [Event("leaving", msg("mar.leaving", player=Seat(seat), deal=st.deal_no),
                      seat=seat)]
    return _too_few_left(st)


def _too_few_left(st: MarriageState) -> list[Event]:
    """Between deals, the game ends as soon as fewer than two players can be dealt in (MAR-2)."""
    if st.phase != BETWEEN or len(eligible(st)) >= 2:
        return []
    st.phase = OVER
    return [Event("game_over", msg("mar.over_too_few"))]


def top_up(st: MarriageState, seat: int, amount: int) -> list[Event]:
    """MAR-25: between deals a player may add chips from their wallet to their stack (the
    table moves them wallet -> escrow in the same transaction), e.g. to be dealt in again."""
    if st.phase != BETWEEN:
        raise IllegalAction(msg("err.top_up_between"), rule="MAR-25")
    if st.left[seat] or st.leaving[seat]:
        raise IllegalAction(msg("err.top_up_leaving"), rule="MAR-25")
    if amount < 1:
        raise IllegalAction(msg("err.top_up_at_least_one"), rule="MAR-25")
    st.stacks[seat] += amount
    return [Event("top_up", msg("mar.top_up", player=Seat(seat), amount=amount, stack=st.stacks[seat]),
                  seat=seat)]


def can_cash_out(st: MarriageState, seat: int) -> bool:
    """Nothing at stake: between deals, game over, already out, or not dealt into this deal."""
    return st.left[seat] or st.phase in (BETWEEN, OVER) or seat not in st.players


def cash_out(st: MarriageState, seat: int) -> list[Event]:
    if not can_cash_out(st, seat):
        raise IllegalAction(msg("err.leave_after_deal_chips"), rule="MAR-18")
    if st.left[seat]:
        return []
    # the table service announces the payout itself; only consequences for the game are events
    st.stacks[seat] = 0
    st.left[seat] = True
    st.leaving[seat] = True
    return _too_few_left(st)


def verify_next_deal(st: MarriageState, seat: int, a: NextDeal) -> None:
    need_phase(st, BETWEEN, "deal")
    if len(eligible(st)) < 2:
        raise IllegalAction(msg("err.mar.nobody_left"), rule="MAR-2")


def next_deal(st: MarriageState, seat: int, a: NextDeal) -> list[Event]:
    return start_deal(st)


def verify_end_game(st: MarriageState, seat: int, a: EndGame) -> None:
    need_phase(st, BETWEEN, "end_game")
    if len(eligible(st)) >= 2:
        raise IllegalAction(msg("err.mar.deal_on"), rule="MAR-2")


def end_game(st: MarriageState, seat: int, a: EndGame) -> list[Event]:
    st.phase = OVER
    return [Event("game_over", msg("mar.over_alone", player=Seat(seat)))]
