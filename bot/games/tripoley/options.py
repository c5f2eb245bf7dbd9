"""Table options of Tripoley and Michigan Rummy (rules §5), declared once per game.

Options that apply to both games are `DealOptions`; the poker-betting options exist only in
Tripoley and the `mich_*` options only in Michigan Rummy (MICH-5 says the betting options do not
apply). The two games differ in two defaults: the chips needed to sit down and when pay cards pay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ..options import OptionSpec, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class DealOptions:
    min_chips_to_join: int = option(9, "Chips a player needs to sit down", "TRI-2", minimum=1)
    min_active_players: Literal[2, 3] = option(
        2, "The game ends when fewer players than this are active", "TRI-38")
    first_dealer: Literal["high_card_draw", "random"] = option(
        "high_card_draw", "How the first dealer is chosen", "TRI-3")
    short_ante: Literal["partial", "eliminate"] = option(
        "partial", "A player who cannot pay the full ante pays what they can (partial) or is eliminated "
        "(eliminate)", "TRI-5")
    spare_deal_position: Literal["after_dealer", "before_first"] = option(
        "after_dealer", "Where the spare hand sits in the deal order", "TRI-7")
    spare_auction: Literal["single_round", "open_ascending", "off"] = option(
        "single_round", "How the dealer may auction the spare hand", "TRI-9")
    spare_min_bid: int = option(1, "Smallest opening bid for the spare hand", "TRI-10", minimum=1)
    spare_bid_increment: int = option(1, "Smallest raise over the highest bid", "TRI-10", minimum=1)
    dealer_takes_unsold_spare: bool = option(
        False, "After an auction without bids the dealer may still swap", "TRI-12")
    spare_requires_no_pay_cards: bool = option(
        False, "Only a player holding no pay card may swap or bid", "TRI-14")
    pay_timing: Literal["on_hold", "on_play"] = option(
        "on_hold", "Pay cards collect when held (on_hold) or when played in the Michigan phase (on_play)",
        "TRI-19")
    run_shares: Literal["per_player", "per_run"] = option(
        "per_player", "How RUN is split among several runs", "TRI-17")
    reveal_dead_hand: bool = option(False, "Show the dead hand at the end of the deal", "TRI-13")
    tie_priority: Literal["left_of_dealer_first", "dealer_first"] = option(
        "left_of_dealer_first", "Order that breaks ties", "TRI-27")
    no_winner_payment: Literal["per_card", "none"] = option(
        "per_card", "Whether players pay per card when nobody goes out", "TRI-36")
    max_deals: int = option(0, "Deals in the game (0 = no limit)", "TRI-38", minimum=0)
    leftover_mat: Literal["last_michigan_winner", "split_equal", "final_showdown"] = option(
        "last_michigan_winner", "Who gets the chips left on the mat at the end", "TRI-39")
    turn_timeout_s: int = option(60, "Seconds per decision before the bot acts", "TRI-41",
                                 minimum=10, maximum=600)


@dataclass(frozen=True, slots=True)
class TripoleyOptions(DealOptions):
    poker_hand_selection: Literal["auto_best", "player_choice"] = option(
        "auto_best", "Poker hand: the best five automatically, or each player designates five", "TRI-20")
    tripoley_poker_betting: bool = option(True, "Play a betting round in the poker phase", "TRI-28")
    poker_first_to_act: Literal["left_of_dealer", "dealer"] = option(
        "left_of_dealer", "Who opens the betting", "TRI-22")
    poker_min_bet: int = option(1, "Smallest bet or raise", "TRI-23", minimum=1)
    poker_max_bet: int = option(5, "Largest bet or raise (0 = no limit)", "TRI-23", minimum=0)
    poker_max_raises: int = option(3, "Raises allowed after the opening bet", "TRI-23", minimum=0, maximum=10)


@dataclass(frozen=True, slots=True)
class MichiganOptions(DealOptions):
    min_chips_to_join: int = option(18, "Chips a player needs to sit down", "TRI-2", minimum=1)
    pay_timing: Literal["on_hold", "on_play"] = option(
        "on_play", "Pay cards collect when held (on_hold) or when played in the Michigan phase (on_play)",
        "TRI-19")
    mich_dealer_double_ante: bool = option(True, "The dealer antes two chips per compartment", "MICH-3")
    mich_first_leader: Literal["left_of_dealer", "dealer"] = option(
        "left_of_dealer", "Who leads first in the Michigan phase", "MICH-6")
    mich_poker_cards: Literal["full_hand", "remaining_cards"] = option(
        "full_hand", "Poker hands from the whole hand or the cards left", "MICH-9")


TRIPOLEY_OPTIONS: tuple[OptionSpec, ...] = specs_of(TripoleyOptions)
MICHIGAN_OPTIONS: tuple[OptionSpec, ...] = specs_of(MichiganOptions)

OptionsT = TypeVar("OptionsT", bound=DealOptions)


def resolve(cls: type[OptionsT], given: Mapping[str, Any] | None) -> OptionsT:
    """Options with defaults filled in and cross-checked; ValueError names a bad option."""
    opts = options_of(cls, given)
    if isinstance(opts, TripoleyOptions) and opts.poker_max_bet and opts.poker_max_bet < opts.poker_min_bet:
        raise ValueError(f"poker_max_bet must be 0 (no limit) or at least poker_min_bet "
                         f"({opts.poker_min_bet}); got {opts.poker_max_bet}.")
    return opts
