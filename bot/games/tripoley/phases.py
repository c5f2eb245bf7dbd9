"""The phases of a Tripoley or Michigan Rummy deal (TRI-9 … TRI-37) and the end of the game."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SPARE = "spare"              # TRI-9: the dealer swaps, auctions or keeps
    AUCTION = "auction"          # TRI-10, TRI-11: the others bid for the spare hand
    SPARE_AFTER = "spare_after"  # TRI-12: nobody bid; the dealer may still swap
    CHOOSE_HAND = "choose_hand"  # TRI-20 player_choice: everyone designates five cards at once
    BETTING = "betting"          # TRI-21 … TRI-24: the poker betting round
    MICHIGAN = "michigan"        # TRI-29 … TRI-36, MICH-6: leads and automatic following
    BETWEEN = "between"          # TRI-37: the next dealer starts the next deal
    OVER = "over"                # TRI-38, TRI-39: the game has ended


PHASE_KEYS: dict[Phase, str] = {
    Phase.SPARE: "phase.spare_hand", Phase.AUCTION: "phase.spare_hand_auction",
    Phase.SPARE_AFTER: "phase.spare_hand_unsold", Phase.CHOOSE_HAND: "phase.choosing_poker_hands",
    Phase.BETTING: "phase.poker_betting", Phase.MICHIGAN: "phase.michigan", Phase.BETWEEN: "phase.between_deals",
    Phase.OVER: "phase.game_over"}
"""The catalog key of each phase's name, as the views show it."""
