"""The table options of Bourré, with the rules file's defaults and ranges."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import OptionSpec, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class BourreOptions:
    min_players: int = option(2, "Fewest seated players needed to deal", "BOU-1", minimum=2, maximum=8)
    max_players: int = option(8, "Most seats at the table", "BOU-1", minimum=2, maximum=8)
    buy_in: int = option(200, "Chips each player brings to the table", "BOU-4", minimum=10)
    ante: int = option(1, "Ante per player per hand", "BOU-7", minimum=1)
    max_exchange: int = option(5, "Most cards one player may exchange", "BOU-9", minimum=0, maximum=5)
    exchange_order: Literal["single_pass", "declare_then_exchange"] = option(
        "single_pass", "Declare and exchange in one pass, or all declare first", "BOU-9")
    folded_hands_to_stock: bool = option(False, "Folded hands go under the stock", "BOU-11")
    dealer_must_play_on_ace: bool = option(
        True, "The dealer may not fold when the upcard is an ace", "BOU-10")
    must_beat: bool = option(True, "A player following suit must beat the winning card if able", "BOU-14")
    must_trump: bool = option(True, "A player void in the led suit must trump if able", "BOU-14")
    must_overtrump: bool = option(True, "A player trumping must beat a winning trump if able", "BOU-14")
    ace_trump_lead: bool = option(False, "A player on lead holding the trump ace must lead it", "BOU-15")
    sure_three_rule: bool = option(False, "A player sure of three tricks must play their top trump", "BOU-15")
    pot_limit: int = option(0, "Most a winner takes and a bourré player pays (0 = no limit)", "BOU-19",
                            minimum=0)
    ante_exemption: Literal["bourre_and_tied", "bourre_only", "none"] = option(
        "bourre_and_tied", "Who skips the next ante", "BOU-20")
    max_hands: int = option(20, "Hands in a game (0 = no limit)", "BOU-23", minimum=0)
    end_on_bust: bool = option(True, "The game ends when a player's stack is 0", "BOU-23")
    end_on_double: bool = option(False, "The game ends when a stack reaches twice the buy-in", "BOU-23")
    final_pot: Literal["split", "extra_hands"] = option(
        "split", "What happens to chips left in the pot at the end", "BOU-24")
    turn_timeout_s: int = option(60, "Seconds for each decision", "BOU-26", minimum=10, maximum=600)


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(BourreOptions)


def resolve(given: Mapping[str, Any] | None) -> BourreOptions:
    """The options with defaults filled in; bad values raise ValueError naming the option."""
    opts = options_of(BourreOptions, given)
    if opts.max_players < opts.min_players:
        raise ValueError(f"max_players must be at least min_players ({opts.min_players}); "
                         f"got {opts.max_players}.")
    return opts
