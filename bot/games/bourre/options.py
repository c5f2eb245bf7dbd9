"""The table options of Bourré, with the rules file's defaults and ranges."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import BotStrength, OptionSpec, Preset, bot_strength, clash, label, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class BourreOptions:
    min_players: int = option(2, "BOU-1", minimum=2, maximum=8)
    max_players: int = option(8, "BOU-1", minimum=2, maximum=8)
    buy_in: int = option(200, "BOU-4", minimum=10)
    ante: int = option(1, "BOU-7", minimum=1)
    max_exchange: int = option(5, "BOU-9", minimum=0, maximum=5)
    exchange_order: Literal["single_pass", "declare_then_exchange"] = option("single_pass", "BOU-9")
    folded_hands_to_stock: bool = option(False, "BOU-11")
    dealer_must_play_on_ace: bool = option(True, "BOU-10")
    must_beat: bool = option(True, "BOU-14")
    must_trump: bool = option(True, "BOU-14")
    must_overtrump: bool = option(True, "BOU-14")
    ace_trump_lead: bool = option(False, "BOU-15")
    sure_three_rule: bool = option(False, "BOU-15")
    pot_limit: int = option(0, "BOU-19", minimum=0, named=(0,))
    ante_exemption: Literal["bourre_and_tied", "bourre_only", "none"] = option("bourre_and_tied", "BOU-20")
    max_hands: int = option(20, "BOU-23", minimum=0, named=(0,))
    end_on_bust: bool = option(True, "BOU-23")
    end_on_double: bool = option(False, "BOU-23")
    final_pot: Literal["split", "extra_hands"] = option("split", "BOU-24")
    turn_timeout_s: int = option(60, "BOU-26", minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(BourreOptions)

PRESETS: tuple[Preset, ...] = (
    Preset({"min_players": 3, "max_players": 6, "folded_hands_to_stock": True, "ante_exemption": "bourre_only",
            "end_on_double": True}).check(OPTION_SPECS),
)


def resolve(given: Mapping[str, Any] | None) -> BourreOptions:
    """The options with defaults filled in; bad values raise ValueError naming the option."""
    opts = options_of(BourreOptions, given)
    if opts.max_players < opts.min_players:
        raise clash("at_least", "bourre", "max_players", opts.max_players,
                    other=label("bourre", "min_players"), minimum=opts.min_players)
    return opts
