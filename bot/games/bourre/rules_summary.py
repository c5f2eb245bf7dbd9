"""The `/rules` text of Bourré."""

RULES_SUMMARY = """\
**Bourré** — 2 to 8 players, one 52-card deck, aces high.
• Each hand everyone antes; five cards each. The dealer's last card is dealt face up: its suit is **trump**.
• In turn from the dealer's left, each player says **Play** or **Fold**; a player who plays may throw up \
to 5 cards and draw as many. The dealer must play on an ace upcard.
• If only one player plays, they take the pot. Otherwise five tricks are played.
• You must follow suit and beat the winning card if you can; if you can't follow you must trump, \
overtrumping a winning trump if you can. Highest trump, else highest card of the led suit, wins.
• Most tricks alone takes the pot; a tie carries the pot to the next hand.
• A player who played and took no trick is **bourré**: they pay the pot's size into the next pot \
(never more than their stack) and skip the next ante, as do players tied for most tricks.
• The game ends after the agreed number of hands or when someone is broke; chips left in the pot \
are shared out."""
