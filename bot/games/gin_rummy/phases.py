"""The phases of a Gin Rummy hand (GIN-7 … GIN-14) and of the match."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    FIRST_OFFER = "first_offer"  # GIN-7: the upcard is offered before anyone draws
    DRAW = "draw"                # GIN-8: the player to act draws from the stock or the pile
    DISCARD = "discard"          # GIN-8 … GIN-11: discard, or knock
    ARRANGE = "arrange"          # GIN-14 player_choice: the knocker picks the melds to show
    OVER = "over"                # GIN-19: the match has ended


PHASE_KEYS: dict[Phase, str] = {
    Phase.FIRST_OFFER: "phase.first_upcard", Phase.DRAW: "phase.drawing", Phase.DISCARD: "phase.discarding",
    Phase.ARRANGE: "phase.knocker_chooses_melds", Phase.OVER: "phase.match_over"}
"""The catalog key of each phase's name, as the views show it."""
