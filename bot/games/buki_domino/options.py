"""Buki-Domino table options (the option table of rules/dominoes.md) and the payout maths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from ..options import BotStrength, OptionSpec, bot_strength, clash, label, option, options_of, specs_of, word

if TYPE_CHECKING:  # PEP 586 has no float literals; at run time the Literal lists the choices
    Multiplier = float
else:
    Multiplier = Literal[2, 2.5, 3]


GAME = "buki_domino"
"""The catalog names this game's options under `opt.buki_domino`."""


@dataclass(frozen=True, slots=True)
class BukiOptions:
    buy_in: int = option(100, "DOM-4", minimum=20)
    min_bet: int = option(2, "DOM-15", minimum=1)
    max_bet: int = option(6, "DOM-15", minimum=1)
    first_banker_sets_limits: bool = option(True, "DOM-15")
    payout_multiplier: Multiplier = option(2.5, "DOM-20")
    payout_rounding: Literal["floor", "ceil", "even_bets_only"] = option("floor", "DOM-21")
    tiles_per_player: Literal[6, 7] = option(6, "DOM-5")
    play_direction: Literal["clockwise", "counterclockwise"] = option("clockwise", "DOM-2")
    bet_deadline_tile: Literal[3, 4] = option(3, "DOM-16")
    late_bet_variant: bool = option(False, "DOM-24")
    early_bets_after_bank_change: bool = option(True, "DOM-17")
    spectator_bets: bool = option(True, "DOM-23")
    spectator_odds: Multiplier = option(2.5, "DOM-23")
    max_hands: int = option(12, "DOM-25", minimum=1)
    turn_timeout_s: int = option(60, "DOM-27", minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(BukiOptions)


def ratio(multiplier: float) -> tuple[int, int]:
    """2.5 -> (5, 2): the multiplier as an exact fraction, so no float ever touches a chip."""
    frac = Fraction(str(multiplier)).limit_denominator(100)
    return frac.numerator, frac.denominator


def pay(amount: int, num: int, den: int, ceil: bool) -> int:
    """`num/den × amount`, rounded down or up (DOM-21)."""
    if ceil:
        return -((-amount * num) // den)
    return (amount * num) // den


def check_options(opts: BukiOptions) -> None:
    """The checks between options (DOM-15, DOM-21, DOM-4); ValueError naming the option."""
    if opts.max_bet < opts.min_bet:
        raise clash("at_least", GAME, "max_bet", opts.max_bet, other=label(GAME, "min_bet"), minimum=opts.min_bet)
    if opts.payout_rounding == "even_bets_only":
        for name in ("min_bet", "max_bet"):
            if getattr(opts, name) % 2:
                raise clash("even_with", GAME, name, getattr(opts, name), other=label(GAME, "payout_rounding"),
                            choice=word(GAME, "payout_rounding", "even_bets_only"))
    num, den = ratio(opts.payout_multiplier)
    need = pay(opts.max_bet, num, den, opts.payout_rounding == "ceil")
    if opts.buy_in < need:
        raise clash("banker_cover", GAME, "buy_in", opts.buy_in, other=label(GAME, "max_bet"), need=need)


def resolve(given: Mapping[str, Any] | None) -> BukiOptions:
    """Defaults overlaid with `given`, each value and the checks between them validated."""
    opts = options_of(BukiOptions, given)
    check_options(opts)
    return opts
