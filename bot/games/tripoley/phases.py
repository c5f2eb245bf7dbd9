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


PHASE_NAMES: dict[Phase, str] = {
    Phase.SPARE: "Spare hand", Phase.AUCTION: "Spare-hand auction", Phase.SPARE_AFTER: "Spare hand (unsold)",
    Phase.CHOOSE_HAND: "Choosing poker hands", Phase.BETTING: "Poker betting", Phase.MICHIGAN: "Michigan",
    Phase.BETWEEN: "Between deals", Phase.OVER: "Game over"}
