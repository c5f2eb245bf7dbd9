"""The end-of-deal summary: every chip movement of the deal with its reason, for the channel."""

from __future__ import annotations

from ..base import player
from .state import DealState, Transfer


def _who(place: str) -> str:
    kind, _, name = place.partition(":")
    return player(int(name)) if kind == "seat" else name


def summary_text(game: DealState, notes: list[str], deal: bool = True) -> str:
    """Lines grouped by reason, in the order things happened; then the mat and the notes."""
    prize = game.variant.michigan_prize
    head = f"**Deal {game.deal_no}** (dealer {player(game.dealer)})" if deal else "**Game over**"
    lines = [f"{head} — chip movements:"]
    groups: dict[str, list[Transfer]] = {}
    for entry in game.ledger:
        reason = entry[3]
        key = "pay" if reason.startswith("pay:") else reason
        groups.setdefault(key, []).append(entry)

    def totals(entries: list[Transfer], end: int) -> str:
        sums: dict[str, int] = {}
        for e in entries:
            place = e[0] if end == 0 else e[1]
            sums[place] = sums.get(place, 0) + e[2]
        return ", ".join(f"{_who(k)} {v}" for k, v in sums.items())

    for key, entries in groups.items():
        if key == "ante":
            lines.append(f"• Antes to the mat: {totals(entries, 0)}")
        elif key == "auction":
            for src, dst, n, _ in entries:
                lines.append(f"• {_who(src)} paid {_who(dst)} {n} for the spare hand")
        elif key == "pay":
            lines.append("• Pay cards: " + ", ".join(f"{_who(dst)} took {src.split(':')[1]} {n}"
                                                     for src, dst, n, _ in entries))
        elif key == "bet":
            lines.append(f"• Bets into POT: {totals(entries, 0)}")
        elif key == "return":
            lines.append(f"• Uncalled bets returned: {totals(entries, 1)}")
        elif key == "poker":
            comp = entries[0][0].split(":")[1]
            lines.append(f"• Poker: {totals(entries, 1)} from {comp}")
        elif key == "mich_pay":
            lines.append(f"• Cards left, paid into {prize}: {totals(entries, 0)}")
        elif key == "mich_prize":
            lines.append(f"• Michigan: {totals(entries, 1)} from {prize}")
        elif key == "final":
            lines.append(f"• End of game, the mat goes to: {totals(entries, 1)}")
    if len(lines) == 1:
        lines.append("• No chips moved.")
    if deal and game.mich_winner is None:
        lines.append(f"No Michigan winner: {prize} stays on the mat.")
    mat = ", ".join(f"{code} {game.mat[code]}" for code in game.variant.codes if game.mat[code])
    lines.append(f"Mat now: {mat or 'empty'} ({sum(game.mat.values())} chips).")
    lines += notes
    return "\n".join(lines)
