"""The `/rules` text of Buki-Domino."""

RULES_SUMMARY = """\
**Buki-Domino** — a Viennese banking domino game for exactly 4 players, 36 tiles ([8|7] … [1|0], no doubles).
• Each hand everyone gets 6 tiles (7 by option); the rest (the *Stamm*) is not used and shown after the hand.
• One player is the **banker** (Buki): in the first hand whoever holds the heaviest tile, then the winner of \
the last hand (the same banker after a draw). The banker must be able to cover the top payout.
• The banker leads any tile; then each player in turn must place a tile matching one of the two open ends \
of the line, or pass when they cannot (passes are automatic).
• The hand ends when someone places their last tile (**domino**, they win) or nobody can move (**block**: \
the lowest pip total in hand wins; a tie is a draw).
• Every non-banker bets between the limits (default 2–6) at any time, on their turn or not, before placing \
their 3rd tile (4th by option); a bet is never changed. After a change of banker everyone bets before the \
first tile. No bet by the end → the minimum.
• A winning non-banker gets the stake back plus 2.5× (rounded down by default) from the banker; the other \
stakes go to the banker. If the banker wins, the banker takes all stakes. After a draw stakes carry over.
• Onlookers may back a non-banker before the first tile, if the banker accepts; they are paid at the \
spectator odds.
• The game ends after 12 hands (option), when no one can bank, or when a player cannot bet the minimum. \
It needs four players: a player who leaves has the hand in progress finished for them (minimum bet, \
heaviest tile), then the game ends and carried stakes go back.
"""
