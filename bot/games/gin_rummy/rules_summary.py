"""The `/rules` text of Gin Rummy (≤ 1,800 characters, checked by a test)."""

RULES_SUMMARY = """\
**Gin Rummy** — two players, one 52-card deck, 10 cards each.
**Melds:** sets of 3–4 cards of one rank, or runs of 3+ cards of one suit in order (ace low: \
A-2-3, never Q-K-A). **Deadwood** is the value of cards in no meld (A=1, 2–10 face value, J Q K=10); \
the bot always counts your best arrangement.
**Start:** the non-dealer may take the upcard or pass; then the dealer plays a normal turn \
(option `first_turn=classic`: the dealer may take the refused upcard instead).
**Turn:** draw the top of the stock or the top discard, then discard one card (not the card you \
just took from the pile). Instead of discarding you may **knock** when your deadwood after \
discarding is at most the knock limit (10). Deadwood 0 is **gin** (made automatically).
**Showdown:** the knocker shows melds; the defender shows theirs and lays off cards onto the \
knocker's melds (not after gin). Knock: knocker scores the difference. If the defender's \
deadwood is equal or lower it is an **undercut**: the defender scores the difference + 10. \
Gin scores 20 + the defender's deadwood (scoring 10/20; 20/25 and 25/25 available).
**Stock:** when a player discards with only 2 stock cards left, the hand is void.
**Match:** first to go over 100 points wins; chips move by the point difference × stake \
(settled from escrow). Resigning forfeits the match. On timeout the bot draws from the stock and \
discards your least useful card; it never knocks for you."""
