"""Table options of Tripoley and Michigan Rummy (rules §5), declared once per game.

Options that apply to both games are `DealOptions`; the poker-betting options exist only in
Tripoley and the `mich_*` options only in Michigan Rummy (MICH-5 says the betting options do not
apply). The two games differ in two defaults: the chips needed to sit down and when pay cards pay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ..options import BotStrength, OptionSpec, Preset, bot_strength, clash, label, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class DealOptions:
    min_chips_to_join: int = option(9, "TRI-2", minimum=1)
    min_active_players: Literal[2, 3] = option(2, "TRI-38")
    first_dealer: Literal["high_card_draw", "random"] = option("high_card_draw", "TRI-3")
    short_ante: Literal["partial", "eliminate"] = option("partial", "TRI-5")
    spare_deal_position: Literal["after_dealer", "before_first"] = option("after_dealer", "TRI-7")
    spare_auction: Literal["single_round", "open_ascending", "off"] = option("single_round", "TRI-9")
    spare_min_bid: int = option(1, "TRI-10", minimum=1)
    spare_bid_increment: int = option(1, "TRI-10", minimum=1)
    dealer_takes_unsold_spare: bool = option(False, "TRI-12")
    spare_requires_no_pay_cards: bool = option(False, "TRI-14")
    pay_timing: Literal["on_hold", "on_play"] = option("on_hold", "TRI-19")
    run_shares: Literal["per_player", "per_run"] = option("per_player", "TRI-17")
    reveal_dead_hand: bool = option(False, "TRI-13")
    tie_priority: Literal["left_of_dealer_first", "dealer_first"] = option("left_of_dealer_first", "TRI-27")
    no_winner_payment: Literal["per_card", "none"] = option("per_card", "TRI-36")
    max_deals: int = option(0, "TRI-38", minimum=0, named=(0,))
    leftover_mat: Literal["last_michigan_winner", "split_equal", "final_showdown"] = option(
        "last_michigan_winner", "TRI-39")
    turn_timeout_s: int = option(60, "TRI-41", minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


@dataclass(frozen=True, slots=True)
class TripoleyOptions(DealOptions):
    poker_hand_selection: Literal["auto_best", "player_choice"] = option("auto_best", "TRI-20")
    tripoley_poker_betting: bool = option(True, "TRI-28")
    poker_first_to_act: Literal["left_of_dealer", "dealer"] = option("left_of_dealer", "TRI-22")
    poker_min_bet: int = option(1, "TRI-23", minimum=1)
    poker_max_bet: int = option(5, "TRI-23", minimum=0, named=(0,))
    poker_max_raises: int = option(3, "TRI-23", minimum=0, maximum=10)


@dataclass(frozen=True, slots=True)
class MichiganOptions(DealOptions):
    min_chips_to_join: int = option(18, "TRI-2", minimum=1)
    pay_timing: Literal["on_hold", "on_play"] = option("on_play", "MICH-7")
    mich_dealer_double_ante: bool = option(True, "MICH-3")
    mich_first_leader: Literal["left_of_dealer", "dealer"] = option("left_of_dealer", "MICH-6")
    mich_poker_cards: Literal["full_hand", "remaining_cards"] = option("full_hand", "MICH-9")


TRIPOLEY_OPTIONS: tuple[OptionSpec, ...] = specs_of(TripoleyOptions)
MICHIGAN_OPTIONS: tuple[OptionSpec, ...] = specs_of(MichiganOptions)

TRIPOLEY_PRESETS: tuple[Preset, ...] = (
    Preset({"poker_first_to_act": "dealer"}).check(TRIPOLEY_OPTIONS),
)
MICHIGAN_PRESETS: tuple[Preset, ...] = (
    Preset({"mich_poker_cards": "remaining_cards", "leftover_mat": "split_equal"}).check(MICHIGAN_OPTIONS),
)

OptionsT = TypeVar("OptionsT", bound=DealOptions)


def resolve(cls: type[OptionsT], given: Mapping[str, Any] | None) -> OptionsT:
    """Options with defaults filled in and cross-checked; ValueError names a bad option."""
    opts = options_of(cls, given)
    if isinstance(opts, TripoleyOptions) and opts.poker_max_bet and opts.poker_max_bet < opts.poker_min_bet:
        raise clash("zero_or_at_least", "tripoley", "poker_max_bet", opts.poker_max_bet,
                    other=label("tripoley", "poker_min_bet"), minimum=opts.poker_min_bet)
    return opts
