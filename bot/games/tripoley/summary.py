"""The end-of-deal summary: every chip movement of the deal with its reason, for the channel."""

from __future__ import annotations

from ..messages import Join, Msg, Seat, Value, joined, lines, msg
from .state import DealState, Transfer


def _who(place: str) -> Value:
    kind, _, name = place.partition(":")
    return Seat(int(name)) if kind == "seat" else msg(f"comp.{name}")


def summary_text(game: DealState, notes: list[Msg], deal: bool = True) -> Join:
    """Lines grouped by reason, in the order things happened; then the mat and the notes."""
    prize = msg(f"comp.{game.variant.michigan_prize}")
    head = msg("tri.head_deal", deal=game.deal_no, dealer=Seat(game.dealer)) if deal else msg("tri.head_over")
    said = [msg("tri.movements", head=head)]
    groups: dict[str, list[Transfer]] = {}
    for entry in game.ledger:
        reason = entry[3]
        key = "pay" if reason.startswith("pay:") else reason
        groups.setdefault(key, []).append(entry)

    def totals(entries: list[Transfer], end: int) -> Join:
        sums: dict[str, int] = {}
        for e in entries:
            place = e[0] if end == 0 else e[1]
            sums[place] = sums.get(place, 0) + e[2]
        return joined(msg("tri.amount_of", who=_who(k), amount=v) for k, v in sums.items())

    for key, entries in groups.items():
        if key == "ante":
            said.append(msg("tri.sum_antes", totals=totals(entries, 0)))
        elif key == "auction":
            for src, dst, n, _ in entries:
                said.append(msg("tri.sum_auction", payer=_who(src), payee=_who(dst), amount=n))
        elif key == "pay":
            said.append(msg("tri.sum_pay", takes=joined(
                msg("tri.took", who=_who(dst), comp=msg(f"comp.{src.split(':')[1]}"), amount=n)
                for src, dst, n, _ in entries)))
        elif key == "bet":
            said.append(msg("tri.sum_bets", totals=totals(entries, 0)))
        elif key == "return":
            said.append(msg("tri.sum_returned", totals=totals(entries, 1)))
        elif key == "poker":
            pool = msg(f"comp.{entries[0][0].split(':')[1]}")
            said.append(msg("tri.sum_poker", totals=totals(entries, 1), comp=pool))
        elif key == "mich_pay":
            said.append(msg("tri.sum_cards_left", comp=prize, totals=totals(entries, 0)))
        elif key == "mich_prize":
            said.append(msg("tri.sum_michigan", totals=totals(entries, 1), comp=prize))
        elif key == "final":
            said.append(msg("tri.sum_final", totals=totals(entries, 1)))
    if len(said) == 1:
        said.append(msg("tri.sum_nothing"))
    if deal and game.mich_winner is None:
        said.append(msg("tri.no_mich_winner", comp=prize))
    mat = [msg("tri.amount_of", who=msg(f"comp.{code}"), amount=game.mat[code])
           for code in game.variant.codes if game.mat[code]]
    said.append(msg("tri.mat_now", mat=joined(mat) if mat else msg("tri.empty"), total=sum(game.mat.values())))
    said += notes
    return lines(said)
