"""The table options of Bourré, with the rules file's defaults and ranges (bourre.md, options)."""

from __future__ import annotations

from typing import Any, Mapping

from ..options import OptionSpec, resolve_options

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("min_players", 2, "Fewest seated players needed to deal", "BOU-1", minimum=2, maximum=8),
    OptionSpec("max_players", 8, "Most seats at the table", "BOU-1", minimum=2, maximum=8),
    OptionSpec("buy_in", 200, "Chips each player brings to the table", "BOU-4", minimum=10),
    OptionSpec("ante", 1, "Ante per player per hand", "BOU-7", minimum=1),
    OptionSpec("max_exchange", 5, "Most cards one player may exchange", "BOU-9", minimum=0, maximum=5),
    OptionSpec("exchange_order", "single_pass", "Declare and exchange in one pass, or all declare first",
               "BOU-9", choices=("single_pass", "declare_then_exchange")),
    OptionSpec("folded_hands_to_stock", False, "Folded hands go under the stock", "BOU-11"),
    OptionSpec("dealer_must_play_on_ace", True, "The dealer may not fold when the upcard is an ace", "BOU-10"),
    OptionSpec("must_beat", True, "A player following suit must beat the winning card if able", "BOU-14"),
    OptionSpec("must_trump", True, "A player void in the led suit must trump if able", "BOU-14"),
    OptionSpec("must_overtrump", True, "A player trumping must beat a winning trump if able", "BOU-14"),
    OptionSpec("ace_trump_lead", False, "A player on lead holding the trump ace must lead it", "BOU-15"),
    OptionSpec("sure_three_rule", False, "A player sure of three tricks must play their top trump", "BOU-15"),
    OptionSpec("pot_limit", 0, "Most a winner takes and a bourré player pays (0 = no limit)", "BOU-19",
               minimum=0),
    OptionSpec("ante_exemption", "bourre_and_tied", "Who skips the next ante", "BOU-20",
               choices=("bourre_and_tied", "bourre_only", "none")),
    OptionSpec("max_hands", 20, "Hands in a game (0 = no limit)", "BOU-23", minimum=0),
    OptionSpec("end_on_bust", True, "The game ends when a player's stack is 0", "BOU-23"),
    OptionSpec("end_on_double", False, "The game ends when a stack reaches twice the buy-in", "BOU-23"),
    OptionSpec("final_pot", "split", "What happens to chips left in the pot at the end", "BOU-24",
               choices=("split", "extra_hands")),
    OptionSpec("turn_timeout_s", 60, "Seconds for each decision", "BOU-26", minimum=10, maximum=600),
)


def resolve(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with defaults filled in; bad values raise ValueError naming the option."""
    opts = resolve_options(OPTION_SPECS, given)
    if opts["max_players"] < opts["min_players"]:
        raise ValueError(f"max_players must be at least min_players ({opts['min_players']}); "
                         f"got {opts['max_players']}.")
    return opts
