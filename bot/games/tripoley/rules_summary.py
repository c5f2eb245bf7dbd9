"""The short rules each game shows at its table."""

from __future__ import annotations

TRIPOLEY_SUMMARY = (
    "**Tripoley** (2–9 players): three games on one deal.\n"
    "• Everyone antes 1 chip into each of the 9 mat compartments; unwon chips stay for later deals.\n"
    "• All 52 cards are dealt to the players plus a spare hand. The dealer may **swap** for it unseen, "
    "**auction** it (one round of bids from the dealer's left, paid to the dealer) or **keep** their hand.\n"
    "• **Pay cards:** holders of A♥ K♥ Q♥ J♥ 10♥ take those compartments; K♥+Q♥ together also take KQ; "
    "8-9-10 of one suit share RUN (remainders stay).\n"
    "• **Poker:** your best five cards; one betting round (bets/raises 1–5, opening bet + 3 raises, "
    "all-ins make side pots). The best hand takes POT.\n"
    "• **Michigan:** the poker winner leads the lowest card of a suit; whoever holds the next card up "
    "plays it automatically, until the suit stops. The stopper leads another suit. The first player "
    "out of cards takes KITTY, and everyone else pays 1 chip per card left into it.\n"
    "• A player with no chips is out; when one is left (or the deal limit is reached) the mat goes "
    "to the last Michigan winner.")

MICHIGAN_RUMMY_SUMMARY = (
    "**Michigan Rummy** (3–8 players).\n"
    "• Everyone antes 1 chip into each of the 9 mat compartments, the dealer 2; unwon chips stay.\n"
    "• All 52 cards are dealt to the players plus a spare hand. The dealer may **swap** for it unseen, "
    "**auction** it (one round of bids from the dealer's left, paid to the dealer) or **keep** their hand.\n"
    "• **Michigan:** the player left of the dealer leads the lowest card of a suit; whoever holds the "
    "next card up plays it automatically until the suit stops; the stopper leads another suit.\n"
    "• **Pay cards pay when played:** A♥, K♣, Q♦, J♠, 10♥ take their compartments; playing both Q♥ "
    "and K♥ takes KQ; playing 7-8-9 of one suit takes RUN.\n"
    "• The first player out of cards takes the POT, into which everyone else pays 1 chip per card left.\n"
    "• Then everyone shows the best poker hand of the hand they started with: it takes the POKER POOL "
    "(no betting).\n"
    "• A player with no chips is out; when one is left the mat goes to the last Michigan winner.")
