"""Gin Rummy table options: exactly the option table of the rules file, with its defaults."""

from __future__ import annotations

from typing import Any, Mapping

from ..options import OptionSpec, resolve_options

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("scoring_system", "10/20", "Undercut bonus / gin bonus", "GIN-17",
               choices=("10/20", "20/25", "25/25")),
    OptionSpec("knock_limit", 10, "Most deadwood a player may knock with", "GIN-10", minimum=0, maximum=10),
    OptionSpec("gin_mandatory", True, "A discard leaving 0 deadwood ends the hand as gin", "GIN-11"),
    OptionSpec("big_gin", False, "11 cards of melds after drawing end the hand as big gin", "GIN-12"),
    OptionSpec("big_gin_bonus", 31, "Bonus for big gin", "GIN-12", minimum=0),
    OptionSpec("first_turn", "source", "How the first upcard is offered", "GIN-7",
               choices=("source", "classic")),
    OptionSpec("allow_discard_of_pickup", False,
               "May a player discard the card just taken from the discard pile", "GIN-9"),
    OptionSpec("next_dealer", "alternate", "Who deals the next hand", "GIN-18",
               choices=("alternate", "winner", "loser")),
    OptionSpec("void_hand_dealer", "same", "Who deals after a void hand", "GIN-13",
               choices=("same", "next")),
    OptionSpec("target_score", 100, "Match target score", "GIN-19", minimum=10),
    OptionSpec("target_rule", "more_than", "Win by going over the target, or reaching it", "GIN-19",
               choices=("more_than", "at_least")),
    OptionSpec("game_bonus", 0, "Bonus for winning the match (0 = off)", "GIN-20", choices=(0, 100)),
    OptionSpec("line_bonus", 0, "Bonus per hand scored (0 = off)", "GIN-20", choices=(0, 20, 25)),
    OptionSpec("shutout", "off", "Bonus when the loser scored no hand", "GIN-20",
               choices=("off", "double_game_bonus", "double_all")),
    OptionSpec("knocker_arrangement", "auto_best", "Who picks the knocker's melds", "GIN-14",
               choices=("auto_best", "player_choice")),
    OptionSpec("stake_per_point", 1, "Chips per point (0 = friendly match)", "GIN-21", minimum=0),
    OptionSpec("escrow_points", 250, "Points each player puts in escrow", "GIN-21", minimum=0),
    OptionSpec("settle", "match_end", "Pay at the end of the match or after every hand", "GIN-21",
               choices=("match_end", "per_hand")),
    OptionSpec("turn_timeout_s", 60, "Seconds per decision", "GIN-22", minimum=10, maximum=600),
)

# undercut bonus, gin bonus (GIN-17)
SCORING_SYSTEMS: dict[str, tuple[int, int]] = {"10/20": (10, 20), "20/25": (20, 25), "25/25": (25, 25)}


def resolve(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of a table, validated (ValueError naming the option)."""
    return resolve_options(OPTION_SPECS, given)
