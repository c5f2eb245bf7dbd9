"""The table options of Bourré, with the rules file's defaults and ranges."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import BotStrength, OptionSpec, Preset, bot_strength, clash, label, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class BourreOptions:
    min_players: int = option(2, "Fewest seated players needed to deal", "BOU-1", label="Fewest players",
                              minimum=2, maximum=8)
    max_players: int = option(8, "Most seats at the table", "BOU-1", label="Most players", minimum=2, maximum=8)
    buy_in: int = option(200, "Chips each player brings to the table", "BOU-4", label="Buy-in", minimum=10)
    ante: int = option(1, "Ante per player per hand", "BOU-7", label="Ante", minimum=1)
    max_exchange: int = option(5, "Most cards one player may exchange", "BOU-9", label="Cards to exchange",
                               minimum=0, maximum=5)
    exchange_order: Literal["single_pass", "declare_then_exchange"] = option(
        "single_pass", "Declare and exchange in one pass, or all declare first", "BOU-9", label="Exchange order",
        words={"single_pass": "Each declares and exchanges in turn",
               "declare_then_exchange": "All declare, then all exchange"})
    folded_hands_to_stock: bool = option(False, "Folded hands go under the stock", "BOU-11",
                                         label="Folded hands to the stock")
    dealer_must_play_on_ace: bool = option(
        True, "The dealer may not fold when the upcard is an ace", "BOU-10", label="Dealer plays on an ace")
    must_beat: bool = option(True, "A player following suit must beat the winning card if able", "BOU-14",
                             label="Must beat")
    must_trump: bool = option(True, "A player void in the led suit must trump if able", "BOU-14",
                              label="Must trump")
    must_overtrump: bool = option(True, "A player trumping must beat a winning trump if able", "BOU-14",
                                  label="Must overtrump")
    ace_trump_lead: bool = option(False, "A player on lead holding the trump ace must lead it", "BOU-15",
                                  label="Lead the trump ace")
    sure_three_rule: bool = option(False, "A player sure of three tricks must play their top trump", "BOU-15",
                                   label="Sure of three tricks")
    pot_limit: int = option(0, "Most a winner takes and a bourré player pays (0 = no limit)", "BOU-19",
                            label="Pot limit", words={0: "No limit"}, minimum=0)
    ante_exemption: Literal["bourre_and_tied", "bourre_only", "none"] = option(
        "bourre_and_tied", "Who skips the next ante", "BOU-20", label="Ante exemption",
        words={"bourre_and_tied": "Bourré and tied players", "bourre_only": "Bourré players only",
               "none": "Nobody"})
    max_hands: int = option(20, "Hands in a game (0 = no limit)", "BOU-23", label="Hands in a game",
                            words={0: "No limit"}, minimum=0)
    end_on_bust: bool = option(True, "The game ends when a player's stack is 0 (else that player leaves)",
                               "BOU-23", label="End when a player is broke")
    end_on_double: bool = option(False, "The game ends when a stack reaches twice the buy-in", "BOU-23",
                                 label="End when a stack doubles")
    final_pot: Literal["split", "extra_hands"] = option(
        "split", "What happens to chips left in the pot at the end", "BOU-24", label="Pot at the end",
        words={"split": "Split among the players", "extra_hands": "Up to 5 extra hands, then split"})
    turn_timeout_s: int = option(60, "Seconds for each decision", "BOU-26", label="Turn timer (seconds)",
                                 minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(BourreOptions)

PRESETS: tuple[Preset, ...] = (
    Preset("Commercial edition", "3 to 6 players, folded hands to the stock, only bourré skips the ante, "
           "a doubled stack ends the game",
           {"min_players": 3, "max_players": 6, "folded_hands_to_stock": True, "ante_exemption": "bourre_only",
            "end_on_double": True}).check(OPTION_SPECS),
)


def resolve(given: Mapping[str, Any] | None) -> BourreOptions:
    """The options with defaults filled in; bad values raise ValueError naming the option."""
    opts = options_of(BourreOptions, given)
    if opts.max_players < opts.min_players:
        raise clash("at_least", "bourre", "max_players", opts.max_players,
                    other=label("bourre", "min_players"), minimum=opts.min_players)
    return opts
