"""The end-of-deal summary: every chip movement of the deal with its reason, for the channel."""

from __future__ import annotations

from collections.abc import Callable

from ..messages import Join, Msg, Seat, Value, joined, lines, msg
from .state import DealState, Transfer


def _who(place: str) -> Value:
    kind, _, name = place.partition(":")
    return Seat(int(name)) if kind == "seat" else msg(f"comp.{name}")


def _totals(entries: list[Transfer], end: int) -> Join:
    """Each payer's (end 0) or payee's (end 1) total."""
    sums: dict[str, int] = {}
    for e in entries:
        place = e[0] if end == 0 else e[1]
        sums[place] = sums.get(place, 0) + e[2]
    return joined(msg("tri.amount_of", who=_who(k), amount=v) for k, v in sums.items())


def _comp(place: str) -> Msg:
    return msg(f"comp.{place.split(':')[1]}")


Lines = Callable[[list[Transfer], Msg], list[Msg]]

_LINES: dict[str, Lines] = {
    "ante": lambda entries, prize: [msg("tri.sum_antes", totals=_totals(entries, 0))],
    "auction": lambda entries, prize: [msg("tri.sum_auction", payer=_who(src), payee=_who(dst), amount=n)
                                       for src, dst, n, _ in entries],
    "pay": lambda entries, prize: [msg("tri.sum_pay", takes=joined(
        msg("tri.took", who=_who(dst), comp=_comp(src), amount=n) for src, dst, n, _ in entries))],
    "bet": lambda entries, prize: [msg("tri.sum_bets", totals=_totals(entries, 0))],
    "return": lambda entries, prize: [msg("tri.sum_returned", totals=_totals(entries, 1))],
    "poker": lambda entries, prize: [msg("tri.sum_poker", totals=_totals(entries, 1), comp=_comp(entries[0][0]))],
    "mich_pay": lambda entries, prize: [msg("tri.sum_cards_left", comp=prize, totals=_totals(entries, 0))],
    "mich_prize": lambda entries, prize: [msg("tri.sum_michigan", totals=_totals(entries, 1), comp=prize)],
    "final": lambda entries, prize: [msg("tri.sum_final", totals=_totals(entries, 1))],
}
"""The summary's lines of each reason chips moved for."""


def summary_text(game: DealState, notes: list[Msg], deal: bool = True) -> Join:
    """Lines grouped by reason, in the order things happened; then the mat and the notes."""
    prize = msg(f"comp.{game.variant.michigan_prize}")
    head = msg("tri.head_deal", deal=game.deal_no, dealer=Seat(game.dealer)) if deal else msg("tri.head_over")
    said = [msg("tri.movements", head=head)]
    groups: dict[str, list[Transfer]] = {}
    for entry in game.ledger:
        reason = entry[3]
        groups.setdefault("pay" if reason.startswith("pay:") else reason, []).append(entry)
    for key, entries in groups.items():
        if key in _LINES:
            said += _LINES[key](entries, prize)
    if len(said) == 1:
        said.append(msg("tri.sum_nothing"))
    if deal and game.mich_winner is None:
        said.append(msg("tri.no_mich_winner", comp=prize))
    mat = [msg("tri.amount_of", who=msg(f"comp.{code}"), amount=game.mat[code])
           for code in game.variant.codes if game.mat[code]]
    said.append(msg("tri.mat_now", mat=joined(mat) if mat else msg("tri.empty"), total=sum(game.mat.values())))
    said += notes
    return lines(said)
