"""The `/rules` text of Marriage."""

RULES_SUMMARY = """\
**Marriage** — Nepali rummy with three packs (156 cards), 2–5 players, 21 cards each.
• **Goal:** arrange 21 cards into seven 3-card melds: *tunnela* (three identical cards), *sequence* \
(same suit, A-2-3 … Q-K-A, never K-A-2), *trial* (same rank, three suits).
• **Start:** you may declare dealt tunnelas (worth points, count as a pure set).
• **Turn:** draw from the stock or take the previous discard, then discard. A card taken from the \
pile (or an identical one) may not be discarded the same turn.
• **Show:** expose three *pure* sets (tunnelas or sequences) to *see* the secret **tiplu**. Then \
every card of its rank, plus the cards just above (*poplu*) and below (*jhiplu*) in its suit, are \
wild for you. Or show seven *dublees* (identical pairs) and go out with an eighth.
• **Finish:** after showing, go out when all cards but one form seven melds (wilds allowed). The \
bot lays out your melds; you choose the discard.
• **Maal:** tiplu, poplu, jhiplu and *marriages* (jhiplu-tiplu-poplu) score points for everyone.
• **Settlement:** each loser pays the winner 3 (seen) or 10 (unseen), and every pair settles the \
difference of their maal, in chips.
Seen players may not take a wild card discarded by an unseen player.
• **Leaving:** between deals you leave at once; mid-deal your turns are auto-played (draw, discard) \
until the deal ends and you are settled like everyone else.
"""
