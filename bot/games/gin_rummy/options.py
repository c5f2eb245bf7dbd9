"""Gin Rummy table options: exactly the option table of the rules file, with its defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import OptionSpec, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class GinOptions:
    scoring_system: Literal["10/20", "20/25", "25/25"] = option("10/20", "Undercut bonus / gin bonus", "GIN-17")
    knock_limit: int = option(10, "Most deadwood a player may knock with", "GIN-10", minimum=0, maximum=10)
    gin_mandatory: bool = option(True, "A discard leaving 0 deadwood ends the hand as gin", "GIN-11")
    big_gin: bool = option(False, "11 cards of melds after drawing end the hand as big gin", "GIN-12")
    big_gin_bonus: int = option(31, "Bonus for big gin", "GIN-12", minimum=0)
    first_turn: Literal["source", "classic"] = option("source", "How the first upcard is offered", "GIN-7")
    allow_discard_of_pickup: bool = option(
        False, "May a player discard the card just taken from the discard pile", "GIN-9")
    next_dealer: Literal["alternate", "winner", "loser"] = option("alternate", "Who deals the next hand", "GIN-18")
    void_hand_dealer: Literal["same", "next"] = option("same", "Who deals after a void hand", "GIN-13")
    target_score: int = option(100, "Match target score", "GIN-19", minimum=10)
    target_rule: Literal["more_than", "at_least"] = option(
        "more_than", "Win by going over the target, or reaching it", "GIN-19")
    game_bonus: Literal[0, 100] = option(0, "Bonus for winning the match (0 = off)", "GIN-20")
    line_bonus: Literal[0, 20, 25] = option(0, "Bonus per hand scored (0 = off)", "GIN-20")
    shutout: Literal["off", "double_game_bonus", "double_all"] = option(
        "off", "Bonus when the loser scored no hand", "GIN-20")
    knocker_arrangement: Literal["auto_best", "player_choice"] = option(
        "auto_best", "Who picks the knocker's melds", "GIN-14")
    stake_per_point: int = option(1, "Chips per point (0 = friendly match)", "GIN-21", minimum=0)
    escrow_points: int = option(250, "Points each player puts in escrow", "GIN-21", minimum=0)
    settle: Literal["match_end", "per_hand"] = option(
        "match_end", "Pay at the end of the match or after every hand", "GIN-21")
    turn_timeout_s: int = option(60, "Seconds per decision", "GIN-22", minimum=10, maximum=600)


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(GinOptions)

# undercut bonus, gin bonus (GIN-17)
SCORING_SYSTEMS: dict[str, tuple[int, int]] = {"10/20": (10, 20), "20/25": (20, 25), "25/25": (25, 25)}


def resolve(given: Mapping[str, Any] | None) -> GinOptions:
    """The options of a table, validated (ValueError naming the option)."""
    return options_of(GinOptions, given)
