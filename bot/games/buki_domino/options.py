"""Buki-Domino table options (the option table of rules/dominoes.md) and the payout maths."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..options import OptionSpec, resolve_options

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("buy_in", 100, "Starting stack of each player; at least payout(max_bet), so someone can bank.",
               "DOM-4", minimum=20),
    OptionSpec("min_bet", 2, "Smallest new bet a non-banker may make in a hand.", "DOM-15", minimum=1),
    OptionSpec("max_bet", 6, "Largest new bet a non-banker may make in a hand (at least min_bet).",
               "DOM-15", minimum=1),
    OptionSpec("first_banker_sets_limits", True,
               "The first banker may change min_bet and max_bet for the whole game.", "DOM-15"),
    OptionSpec("payout_multiplier", 2.5, "What the bank pays a winning non-banker, times the stake.",
               "DOM-20", choices=(2, 2.5, 3)),
    OptionSpec("payout_rounding", "floor", "How half chips are settled: floor, ceil, or even bets only.",
               "DOM-21", choices=("floor", "ceil", "even_bets_only")),
    OptionSpec("tiles_per_player", 6, "Tiles dealt to each player (the rest is the Stamm).", "DOM-5",
               choices=(6, 7)),
    OptionSpec("play_direction", "clockwise", "Order of turns.", "DOM-2",
               choices=("clockwise", "counterclockwise")),
    OptionSpec("bet_deadline_tile", 3, "A non-banker bets before placing this tile of the hand.", "DOM-16",
               choices=(3, 4)),
    OptionSpec("late_bet_variant", False,
               "Each hand the banker decides whether bets are allowed until the 4th tile.", "DOM-24"),
    OptionSpec("early_bets_after_bank_change", True,
               "After a change of banker, everybody bets before the first tile.", "DOM-17"),
    OptionSpec("spectator_bets", True, "Onlookers may back a non-banker, if the banker accepts.", "DOM-23"),
    OptionSpec("spectator_odds", 2.5, "What the bank pays a winning spectator, times the bet.", "DOM-23",
               choices=(2, 2.5, 3)),
    OptionSpec("max_hands", 12, "The game ends after this many hands (draws count).", "DOM-25", minimum=1),
    OptionSpec("turn_timeout_s", 60, "Seconds for each decision.", "DOM-27", minimum=10, maximum=600),
)


def ratio(multiplier: Any) -> tuple[int, int]:
    """2.5 -> (5, 2): the multiplier as an exact fraction, so no float ever touches a chip."""
    frac = Fraction(str(multiplier)).limit_denominator(100)
    return frac.numerator, frac.denominator


def pay(amount: int, num: int, den: int, ceil: bool) -> int:
    """`num/den × amount`, rounded down or up (DOM-21)."""
    if ceil:
        return -((-amount * num) // den)
    return (amount * num) // den


def check_options(opts: Mapping[str, Any]) -> None:
    """The checks between options (DOM-15, DOM-21, DOM-4); ValueError naming the option."""
    if opts["max_bet"] < opts["min_bet"]:
        raise ValueError(f"max_bet must be at least min_bet ({opts['min_bet']}); got {opts['max_bet']}.")
    even = opts["payout_rounding"] == "even_bets_only"
    if even and opts["min_bet"] % 2:
        raise ValueError(f"min_bet must be even with payout_rounding even_bets_only; got {opts['min_bet']}.")
    if even and opts["max_bet"] % 2:
        raise ValueError(f"max_bet must be even with payout_rounding even_bets_only; got {opts['max_bet']}.")
    num, den = ratio(opts["payout_multiplier"])
    need = pay(opts["max_bet"], num, den, opts["payout_rounding"] == "ceil")
    if opts["buy_in"] < need:
        raise ValueError(f"buy_in must be at least payout(max_bet) = {need}, or nobody could be banker; "
                         f"got {opts['buy_in']}.")


def resolve(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with `given`, each value and the checks between them validated."""
    opts = resolve_options(OPTION_SPECS, given)
    check_options(opts)
    return opts
