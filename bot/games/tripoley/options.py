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

PAY_TIMING = {"on_hold": "When held", "on_play": "When played"}
LEFT_OR_DEALER = {"left_of_dealer": "The dealer's left", "dealer": "The dealer"}


@dataclass(frozen=True, slots=True)
class DealOptions:
    min_chips_to_join: int = option(9, "Chips a player needs to sit down", "TRI-2", label="Chips to join",
                                    minimum=1)
    min_active_players: Literal[2, 3] = option(
        2, "The game ends when fewer players than this are active", "TRI-38", label="Fewest active players",
        words={2: "2", 3: "3"})
    first_dealer: Literal["high_card_draw", "random"] = option(
        "high_card_draw", "How the first dealer is chosen", "TRI-3", label="First dealer",
        words={"high_card_draw": "High-card draw", "random": "At random"})
    short_ante: Literal["partial", "eliminate"] = option(
        "partial", "A player who cannot pay the full ante pays what they can, or is out of the game", "TRI-5",
        label="Short ante", words={"partial": "Pays what they can", "eliminate": "Out of the game"})
    spare_deal_position: Literal["after_dealer", "before_first"] = option(
        "after_dealer", "Where the spare hand sits in the deal order", "TRI-7", label="Spare hand dealt",
        words={"after_dealer": "After the dealer", "before_first": "Before the first player"})
    spare_auction: Literal["single_round", "open_ascending", "off"] = option(
        "single_round", "How the dealer may auction the spare hand", "TRI-9", label="Spare hand auction",
        words={"single_round": "One round of bids", "open_ascending": "Open, rising bids", "off": "No auction"})
    spare_min_bid: int = option(1, "Smallest opening bid for the spare hand", "TRI-10", label="Smallest spare bid",
                                minimum=1)
    spare_bid_increment: int = option(1, "Smallest raise over the highest bid", "TRI-10", label="Bid increment",
                                      minimum=1)
    dealer_takes_unsold_spare: bool = option(
        False, "After an auction without bids the dealer may still swap", "TRI-12", label="Dealer takes unsold spare")
    spare_requires_no_pay_cards: bool = option(
        False, "Only a player holding no pay card may swap or bid", "TRI-14", label="Spare only without pay cards")
    pay_timing: Literal["on_hold", "on_play"] = option(
        "on_hold", "Pay cards collect when held, or when played in the Michigan phase", "TRI-19",
        label="Pay cards collect", words=PAY_TIMING)
    run_shares: Literal["per_player", "per_run"] = option(
        "per_player", "How the run compartment is split among several runs", "TRI-17", label="Run shares",
        words={"per_player": "One share per player", "per_run": "One share per run"})
    reveal_dead_hand: bool = option(False, "Show the dead hand at the end of the deal", "TRI-13",
                                    label="Show the dead hand")
    tie_priority: Literal["left_of_dealer_first", "dealer_first"] = option(
        "left_of_dealer_first", "Order that breaks ties", "TRI-27", label="Ties go to",
        words={"left_of_dealer_first": "The dealer's left first", "dealer_first": "The dealer first"})
    no_winner_payment: Literal["per_card", "none"] = option(
        "per_card", "Whether players pay per card when nobody goes out", "TRI-36", label="Nobody goes out",
        words={"per_card": "Pay per card left", "none": "Nobody pays"})
    max_deals: int = option(0, "Deals in the game (0 = no limit)", "TRI-38", label="Deals in a game",
                            words={0: "No limit"}, minimum=0)
    leftover_mat: Literal["last_michigan_winner", "split_equal", "final_showdown"] = option(
        "last_michigan_winner", "Who gets the chips left on the mat at the end", "TRI-39", label="Mat at the end",
        words={"last_michigan_winner": "The last Michigan winner", "split_equal": "Split equally",
               "final_showdown": "One last poker hand"})
    turn_timeout_s: int = option(60, "Seconds per decision before the bot acts", "TRI-41",
                                 label="Turn timer (seconds)", minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


@dataclass(frozen=True, slots=True)
class TripoleyOptions(DealOptions):
    poker_hand_selection: Literal["auto_best", "player_choice"] = option(
        "auto_best", "Poker hand: the best five automatically, or each player picks five", "TRI-20",
        label="Poker hand", words={"auto_best": "The best five, automatically", "player_choice": "Players pick five"})
    tripoley_poker_betting: bool = option(True, "Play a betting round in the poker phase", "TRI-28",
                                          label="Poker betting")
    poker_first_to_act: Literal["left_of_dealer", "dealer"] = option(
        "left_of_dealer", "Who opens the betting", "TRI-22", label="Betting opens", words=LEFT_OR_DEALER)
    poker_min_bet: int = option(1, "Smallest bet or raise", "TRI-23", label="Smallest bet", minimum=1)
    poker_max_bet: int = option(5, "Largest bet or raise (0 = no limit)", "TRI-23", label="Largest bet",
                                words={0: "No limit"}, minimum=0)
    poker_max_raises: int = option(3, "Raises allowed after the opening bet", "TRI-23", label="Raises",
                                   minimum=0, maximum=10)


@dataclass(frozen=True, slots=True)
class MichiganOptions(DealOptions):
    min_chips_to_join: int = option(18, "Chips a player needs to sit down", "TRI-2", label="Chips to join",
                                    minimum=1)
    pay_timing: Literal["on_hold", "on_play"] = option(
        "on_play", "Pay cards collect when held, or when played in the Michigan phase", "MICH-7",
        label="Pay cards collect", words=PAY_TIMING)
    mich_dealer_double_ante: bool = option(True, "The dealer antes two chips per compartment", "MICH-3",
                                           label="Dealer antes double")
    mich_first_leader: Literal["left_of_dealer", "dealer"] = option(
        "left_of_dealer", "Who leads first in the Michigan phase", "MICH-6", label="First lead", words=LEFT_OR_DEALER)
    mich_poker_cards: Literal["full_hand", "remaining_cards"] = option(
        "full_hand", "Poker hands from the whole hand or the cards left", "MICH-9", label="Poker hands from",
        words={"full_hand": "The whole hand", "remaining_cards": "The cards left"})


TRIPOLEY_OPTIONS: tuple[OptionSpec, ...] = specs_of(TripoleyOptions)
MICHIGAN_OPTIONS: tuple[OptionSpec, ...] = specs_of(MichiganOptions)

TRIPOLEY_PRESETS: tuple[Preset, ...] = (
    Preset("Cadaco instruction sheet", "The dealer opens the betting",
           {"poker_first_to_act": "dealer"}).check(TRIPOLEY_OPTIONS),
)
MICHIGAN_PRESETS: tuple[Preset, ...] = (
    Preset("Pressman rules", "Poker from the cards left; the mat is split equally at the end",
           {"mich_poker_cards": "remaining_cards", "leftover_mat": "split_equal"}).check(MICHIGAN_OPTIONS),
)

OptionsT = TypeVar("OptionsT", bound=DealOptions)


def resolve(cls: type[OptionsT], given: Mapping[str, Any] | None) -> OptionsT:
    """Options with defaults filled in and cross-checked; ValueError names a bad option."""
    opts = options_of(cls, given)
    if isinstance(opts, TripoleyOptions) and opts.poker_max_bet and opts.poker_max_bet < opts.poker_min_bet:
        raise clash("zero_or_at_least", "tripoley", "poker_max_bet", opts.poker_max_bet,
                    other=label("tripoley", "poker_min_bet"), minimum=opts.poker_min_bet)
    return opts
