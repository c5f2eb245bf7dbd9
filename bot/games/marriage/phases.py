"""The phases of a Marriage deal (MAR-4, MAR-5) and of the game between deals (MAR-2, MAR-17)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DECLARE = "declare"   # MAR-4: every dealt player declares tunnelas at once
    PLAY = "play"         # MAR-5 … MAR-16: draw, show, go out, discard
    BETWEEN = "between"   # between deals: the next dealer deals, anybody may leave
    OVER = "over"         # MAR-2: fewer than two players can be dealt in


PHASE_KEYS: dict[Phase, str] = {
    Phase.DECLARE: "phase.declaring_tunnelas",
    Phase.PLAY: "phase.playing",
    Phase.BETWEEN: "phase.between_deals",
    Phase.OVER: "phase.game_over",
}
"""The catalog key of each phase's name, as the views show it."""
