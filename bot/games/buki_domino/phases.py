"""The phases of a Buki-Domino hand (DOM-15 … DOM-17, DOM-24) and the end of the game."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    LIMITS = "limits"          # DOM-15: the first banker sets the bet limits for the game
    DEADLINE = "deadline"      # DOM-24: the banker refuses or accepts late bets
    EARLY_BETS = "early_bets"  # DOM-17: after a change of banker, everyone bets before the lead
    PLAY = "play"              # DOM-10 … DOM-16: tiles are placed; bets until the deadline tile
    OVER = "over"              # DOM-25: the game has ended


PHASE_KEYS: dict[Phase, str] = {
    Phase.LIMITS: "phase.banker_sets_the_bet_limits",
    Phase.DEADLINE: "phase.banker_decides_on_late_bets",
    Phase.EARLY_BETS: "phase.bets_before_the_first_tile",
    Phase.PLAY: "phase.playing",
    Phase.OVER: "phase.game_over",
}
"""The catalog key of each phase's name, as the views show it."""

BET_PHASES = (Phase.DEADLINE, Phase.EARLY_BETS, Phase.PLAY)
"""The phases in which a non-banker's bet window can be open (DOM-15/16/17/24)."""
