"""Gin Rummy table options: exactly the option table of the rules file, with its defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import BotStrength, OptionSpec, Preset, bot_strength, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class GinOptions:
    scoring_system: Literal["10/20", "20/25", "25/25"] = option(
        "10/20", "Undercut bonus / gin bonus", "GIN-17", label="Scoring system",
        words={"10/20": "10/20", "20/25": "20/25", "25/25": "25/25"})
    knock_limit: int = option(10, "Most deadwood a player may knock with", "GIN-10", label="Knock limit",
                              minimum=0, maximum=10)
    gin_mandatory: bool = option(True, "A discard leaving 0 deadwood ends the hand as gin", "GIN-11",
                                 label="Compulsory gin")
    big_gin: bool = option(False, "11 cards of melds after drawing end the hand as big gin", "GIN-12",
                           label="Big gin")
    big_gin_bonus: int = option(31, "Points for big gin, instead of the gin bonus", "GIN-12", label="Big gin bonus",
                                minimum=0)
    first_turn: Literal["source", "classic"] = option(
        "source", "Who may take the first upcard", "GIN-7", label="First upcard",
        words={"source": "The non-dealer only", "classic": "The non-dealer, then the dealer"})
    allow_discard_of_pickup: bool = option(
        False, "A player may discard the card just taken from the discard pile", "GIN-9",
        label="Discard a picked-up card", words={True: "Allowed", False: "Not allowed"})
    next_dealer: Literal["alternate", "winner", "loser"] = option(
        "alternate", "Who deals the next hand", "GIN-18", label="Next dealer",
        words={"alternate": "Players take turns", "winner": "The player who scored", "loser": "The other player"})
    void_hand_dealer: Literal["same", "next"] = option(
        "same", "Who deals after a hand where nobody scores", "GIN-13", label="Dealer after a void hand",
        words={"same": "The same dealer", "next": "As after a scored hand"})
    target_score: int = option(100, "Points that win the match", "GIN-19", label="Target score", minimum=10)
    target_rule: Literal["more_than", "at_least"] = option(
        "more_than", "Win by going over the target, or reaching it", "GIN-19", label="Winning score",
        words={"more_than": "More than the target", "at_least": "At least the target"})
    game_bonus: Literal[0, 100] = option(0, "Points added for winning the match", "GIN-20", label="Game bonus",
                                         words={0: "Off", 100: "100 points"})
    line_bonus: Literal[0, 20, 25] = option(
        0, "Points for every hand a player scored, added at the end (box bonus)", "GIN-20", label="Line bonus",
        words={0: "Off", 20: "20 per hand", 25: "25 per hand"})
    shutout: Literal["off", "double_game_bonus", "double_all"] = option(
        "off", "Bonus when the loser scored no hand", "GIN-20", label="Shutout",
        words={"off": "Off", "double_game_bonus": "Double the game bonus", "double_all": "Double the winner's score"})
    knocker_arrangement: Literal["auto_best", "player_choice"] = option(
        "auto_best", "Who picks the knocker's melds", "GIN-14", label="Knocker's melds",
        words={"auto_best": "The best for the knocker, automatically", "player_choice": "The knocker chooses"})
    stake_per_point: int = option(1, "Chips per point (0 = friendly match)", "GIN-21", label="Chips per point",
                                  words={0: "None (friendly match)"}, minimum=0)
    escrow_points: int = option(250, "Points' worth of chips each player puts up; nobody pays more", "GIN-21",
                                label="Escrow (points)", minimum=0)
    settle: Literal["match_end", "per_hand"] = option(
        "match_end", "Pay at the end of the match or after every hand", "GIN-21", label="Payment",
        words={"match_end": "At the end of the match", "per_hand": "After every hand"})
    turn_timeout_s: int = option(60, "Seconds per decision", "GIN-22", label="Turn timer (seconds)",
                                 minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(GinOptions)

PRESETS: tuple[Preset, ...] = tuple(p.check(OPTION_SPECS) for p in (
    Preset("Scoring 10/20", "Undercut bonus 10, gin bonus 20 (the standard)", {"scoring_system": "10/20"}),
    Preset("Scoring 20/25", "Undercut bonus 20, gin bonus 25", {"scoring_system": "20/25"}),
    Preset("Scoring 25/25", "Undercut bonus 25, gin bonus 25", {"scoring_system": "25/25"}),
    Preset("pagat.com and Wikipedia", "Both players may take the first upcard; reaching the target wins",
           {"first_turn": "classic", "target_rule": "at_least"}),
))

# undercut bonus, gin bonus (GIN-17)
SCORING_SYSTEMS: dict[str, tuple[int, int]] = {"10/20": (10, 20), "20/25": (20, 25), "25/25": (25, 25)}


def resolve(given: Mapping[str, Any] | None) -> GinOptions:
    """The options of a table, validated (ValueError naming the option)."""
    return options_of(GinOptions, given)
