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

TIMES = {2: "2×", 2.5: "2.5×", 3: "3×"}


@dataclass(frozen=True, slots=True)
class BukiOptions:
    buy_in: int = option(100, "Starting stack of each player; at least the payout of the largest bet",
                         "DOM-4", label="Buy-in", minimum=20)
    min_bet: int = option(2, "Smallest new bet a non-banker may make in a hand", "DOM-15", label="Smallest bet",
                          minimum=1)
    max_bet: int = option(6, "Largest new bet a non-banker may make in a hand (at least the smallest bet)",
                          "DOM-15", label="Largest bet", minimum=1)
    first_banker_sets_limits: bool = option(
        True, "The first banker may change the smallest and largest bet for the whole game", "DOM-15",
        label="First banker sets the limits")
    payout_multiplier: Multiplier = option(
        2.5, "What the banker pays a winning non-banker, times the stake", "DOM-20", label="Payout", words=TIMES)
    payout_rounding: Literal["floor", "ceil", "even_bets_only"] = option(
        "floor", "How half chips are settled", "DOM-21", label="Half chips",
        words={"floor": "Rounded down", "ceil": "Rounded up", "even_bets_only": "Even bets only"})
    tiles_per_player: Literal[6, 7] = option(6, "Tiles dealt to each player (the rest is set aside unused)", "DOM-5",
                                             label="Tiles per player", words={6: "6", 7: "7"})
    play_direction: Literal["clockwise", "counterclockwise"] = option(
        "clockwise", "Order of turns", "DOM-2", label="Direction of play",
        words={"clockwise": "Clockwise", "counterclockwise": "Counterclockwise"})
    bet_deadline_tile: Literal[3, 4] = option(
        3, "A non-banker bets before placing this tile of the hand", "DOM-16", label="Bet before tile",
        words={3: "3rd tile", 4: "4th tile"})
    late_bet_variant: bool = option(
        False, "Each hand the banker decides whether bets are allowed until the 4th tile", "DOM-24",
        label="Banker allows late bets")
    early_bets_after_bank_change: bool = option(
        True, "After a change of banker, everybody bets before the first tile", "DOM-17",
        label="Early bets for a new banker")
    spectator_bets: bool = option(True, "Spectators may back a non-banker, if the banker accepts", "DOM-23",
                                  label="Spectator bets")
    spectator_odds: Multiplier = option(2.5, "What the banker pays a winning spectator, times the bet", "DOM-23",
                                        label="Spectator payout", words=TIMES)
    max_hands: int = option(12, "The game ends after this many hands (draws count)", "DOM-25",
                            label="Hands in a game", minimum=1)
    turn_timeout_s: int = option(60, "Seconds for each decision", "DOM-27", label="Turn timer (seconds)",
                                 minimum=10, maximum=600)
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
