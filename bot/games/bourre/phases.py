"""The phases of a Bourré hand (BOU-9 … BOU-13) and the end of the game."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DECLARE = "declare"    # BOU-9: each player in turn plays or folds
    EXCHANGE = "exchange"  # BOU-9, BOU-11: players who play throw and draw
    TRICKS = "tricks"      # BOU-13 … BOU-16: five tricks
    OVER = "over"          # BOU-23: the game has ended


PHASE_KEYS: dict[Phase, str] = {Phase.DECLARE: "phase.play_or_fold", Phase.EXCHANGE: "phase.exchange",
                                 Phase.TRICKS: "phase.tricks", Phase.OVER: "phase.game_over"}
"""The catalog key of each phase's name, as the views show it."""
