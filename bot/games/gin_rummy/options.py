"""Gin Rummy table options: exactly the option table of the rules file, with its defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..options import BotStrength, OptionSpec, Preset, bot_strength, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class GinOptions:
    scoring_system: Literal["10/20", "20/25", "25/25"] = option("10/20", "GIN-17")
    knock_limit: int = option(10, "GIN-10", minimum=0, maximum=10)
    gin_mandatory: bool = option(True, "GIN-11")
    big_gin: bool = option(False, "GIN-12")
    big_gin_bonus: int = option(31, "GIN-12", minimum=0)
    first_turn: Literal["source", "classic"] = option("source", "GIN-7")
    allow_discard_of_pickup: bool = option(False, "GIN-9")
    next_dealer: Literal["alternate", "winner", "loser"] = option("alternate", "GIN-18")
    void_hand_dealer: Literal["same", "next"] = option("same", "GIN-13")
    target_score: int = option(100, "GIN-19", minimum=10)
    target_rule: Literal["more_than", "at_least"] = option("more_than", "GIN-19")
    game_bonus: Literal[0, 100] = option(0, "GIN-20")
    line_bonus: Literal[0, 20, 25] = option(0, "GIN-20")
    shutout: Literal["off", "double_game_bonus", "double_all"] = option("off", "GIN-20")
    knocker_arrangement: Literal["auto_best", "player_choice"] = option("auto_best", "GIN-14")
    stake_per_point: int = option(1, "GIN-21", minimum=0, named=(0,))
    escrow_points: int = option(250, "GIN-21", minimum=0)
    settle: Literal["match_end", "per_hand"] = option("match_end", "GIN-21")
    turn_timeout_s: int = option(60, "GIN-22", minimum=10, maximum=600)
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(GinOptions)

PRESETS: tuple[Preset, ...] = tuple(p.check(OPTION_SPECS) for p in (
    Preset({"scoring_system": "10/20"}),
    Preset({"scoring_system": "20/25"}),
    Preset({"scoring_system": "25/25"}),
    Preset({"first_turn": "classic", "target_rule": "at_least"}),
))

# undercut bonus, gin bonus (GIN-17)
SCORING_SYSTEMS: dict[str, tuple[int, int]] = {"10/20": (10, 20), "20/25": (20, 25), "25/25": (25, 25)}


def resolve(given: Mapping[str, Any] | None) -> GinOptions:
    """The options of a table, validated (ValueError naming the option)."""
    return options_of(GinOptions, given)
