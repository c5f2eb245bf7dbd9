"""Table options of Tripoley and Michigan Rummy (rules §5), declared once per game.

Options that apply to both games are shared; the poker-betting options exist only in Tripoley
and the `mich_*` options only in Michigan Rummy (MICH-5 says the betting options do not apply).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..options import OptionSpec, resolve_options


def _common(min_chips: int, pay_timing: str) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("min_chips_to_join", min_chips, "Chips a player needs to sit down", "TRI-2", minimum=1),
        OptionSpec("min_active_players", 2, "The game ends when fewer players than this are active",
                   "TRI-38", choices=(2, 3)),
        OptionSpec("first_dealer", "high_card_draw", "How the first dealer is chosen", "TRI-3",
                   choices=("high_card_draw", "random")),
        OptionSpec("short_ante", "partial", "A player who cannot pay the full ante pays what they can "
                   "(partial) or is eliminated (eliminate)", "TRI-5", choices=("partial", "eliminate")),
        OptionSpec("spare_deal_position", "after_dealer", "Where the spare hand sits in the deal order",
                   "TRI-7", choices=("after_dealer", "before_first")),
        OptionSpec("spare_auction", "single_round", "How the dealer may auction the spare hand",
                   "TRI-9", choices=("single_round", "open_ascending", "off")),
        OptionSpec("spare_min_bid", 1, "Smallest opening bid for the spare hand", "TRI-10", minimum=1),
        OptionSpec("spare_bid_increment", 1, "Smallest raise over the highest bid", "TRI-10", minimum=1),
        OptionSpec("dealer_takes_unsold_spare", False, "After an auction without bids the dealer may "
                   "still swap", "TRI-12"),
        OptionSpec("spare_requires_no_pay_cards", False, "Only a player holding no pay card may swap "
                   "or bid", "TRI-14"),
        OptionSpec("pay_timing", pay_timing, "Pay cards collect when held (on_hold) or when played in "
                   "the Michigan phase (on_play)", "TRI-19", choices=("on_hold", "on_play")),
        OptionSpec("run_shares", "per_player", "How RUN is split among several runs", "TRI-17",
                   choices=("per_player", "per_run")),
        OptionSpec("reveal_dead_hand", False, "Show the dead hand at the end of the deal", "TRI-13"),
        OptionSpec("tie_priority", "left_of_dealer_first", "Order that breaks ties", "TRI-27",
                   choices=("left_of_dealer_first", "dealer_first")),
        OptionSpec("no_winner_payment", "per_card", "Whether players pay per card when nobody goes out",
                   "TRI-36", choices=("per_card", "none")),
        OptionSpec("max_deals", 0, "Deals in the game (0 = no limit)", "TRI-38", minimum=0),
        OptionSpec("leftover_mat", "last_michigan_winner", "Who gets the chips left on the mat at the end",
                   "TRI-39", choices=("last_michigan_winner", "split_equal", "final_showdown")),
        OptionSpec("turn_timeout_s", 60, "Seconds per decision before the bot acts", "TRI-41",
                   minimum=10, maximum=600),
    )


TRIPOLEY_OPTIONS: tuple[OptionSpec, ...] = _common(9, "on_hold") + (
    OptionSpec("poker_hand_selection", "auto_best", "Poker hand: the best five automatically, or "
               "each player designates five", "TRI-20", choices=("auto_best", "player_choice")),
    OptionSpec("tripoley_poker_betting", True, "Play a betting round in the poker phase", "TRI-28"),
    OptionSpec("poker_first_to_act", "left_of_dealer", "Who opens the betting", "TRI-22",
               choices=("left_of_dealer", "dealer")),
    OptionSpec("poker_min_bet", 1, "Smallest bet or raise", "TRI-23", minimum=1),
    OptionSpec("poker_max_bet", 5, "Largest bet or raise (0 = no limit)", "TRI-23", minimum=0),
    OptionSpec("poker_max_raises", 3, "Raises allowed after the opening bet", "TRI-23", minimum=0, maximum=10),
)

MICHIGAN_OPTIONS: tuple[OptionSpec, ...] = _common(18, "on_play") + (
    OptionSpec("mich_dealer_double_ante", True, "The dealer antes two chips per compartment", "MICH-3"),
    OptionSpec("mich_first_leader", "left_of_dealer", "Who leads first in the Michigan phase", "MICH-6",
               choices=("left_of_dealer", "dealer")),
    OptionSpec("mich_poker_cards", "full_hand", "Poker hands from the whole hand or the cards left",
               "MICH-9", choices=("full_hand", "remaining_cards")),
)


def resolve(specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Options with defaults filled in and cross-checked; ValueError names a bad option."""
    opts = resolve_options(specs, given)
    if "poker_max_bet" in opts and opts["poker_max_bet"] and opts["poker_max_bet"] < opts["poker_min_bet"]:
        raise ValueError(f"poker_max_bet must be 0 (no limit) or at least poker_min_bet "
                         f"({opts['poker_min_bet']}); got {opts['poker_max_bet']}.")
    return opts
