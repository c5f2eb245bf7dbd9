"""Marriage scoring: maal points (MAR-20, MAR-21) and the settlement (MAR-22 to MAR-25)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..messages import Msg, card, msg
from .melds import MeldType, alter_face, classify_faces, face_of, face_rank, maal_faces
from .options import MarriageOptions

POINT_TABLES: dict[str, dict[str, Any]] = {
    "pagat": {"tiplu": (0, 3, 7, 7), "poplu": (0, 2, 5, 10), "jhiplu": (0, 2, 5, 10),
              "marriage": (0, 10, 30), "alter": (0, 0, 0, 0),
              "tunnela_plain": 5, "tunnela_joker": 10, "tunnela_alter": 10, "tunnela_mal": 20},
    "house": {"tiplu": (0, 3, 8, 8), "poplu": (0, 2, 5, 10), "jhiplu": (0, 2, 5, 10),
              "marriage": (0, 10, 25), "alter": (0, 5, 15, 30),
              "tunnela_plain": 5, "tunnela_joker": 5, "tunnela_alter": 35, "tunnela_mal": 10},
}


@dataclass
class Points:
    """A player's maal: the total and the items that make it, for the summary."""

    total: int = 0
    items: list[tuple[Msg, int]] = field(default_factory=list)

    def add(self, label: Msg, value: int) -> None:
        if value:
            self.items.append((label, value))
            self.total += value


def _marriage_possible(tiplu: int, wrap: bool) -> bool:
    return face_rank(tiplu) != 1 or wrap


def maal_points(holdings: Sequence[Card], declared: Sequence[Sequence[Card]],
                exposed_melds: Sequence[Sequence[Card]], tiplu: Card,
                options: MarriageOptions) -> Points:
    """MAR-20 for one player. `holdings`: every card owned at the end (the winner's final
    discard excluded), exposed ones included. `declared`: tunnelas declared under MAR-4.
    `exposed_melds`: other melds on the table (shown pure sets, the winner's going-out melds)."""
    table = POINT_TABLES[options.point_table]
    wrap = options.ace_tiplu_wrap_marriage
    tf = face_of(tiplu)
    jh, ti, po = maal_faces(tf)
    alter = alter_face(tf)
    pts = Points()
    left = Counter(face_of(c) for c in holdings)
    # 1. declared tunnelas
    for t in declared:
        f = face_of(t[0])
        if f in (po, jh):
            pts.add(msg("mar.item_tunnela_maal", card=card(t[0])), table["tunnela_mal"])
        elif f == alter:
            pts.add(msg("mar.item_tunnela_alter", card=card(t[0])), table["tunnela_alter"])
        elif face_rank(f) == face_rank(tf):
            pts.add(msg("mar.item_tunnela_joker", card=card(t[0])), table["tunnela_joker"])
        else:
            pts.add(msg("mar.item_tunnela", card=card(t[0])), table["tunnela_plain"])
        left[f] -= 3
    # 2. marriages
    if not _marriage_possible(tf, wrap):
        m = 0
    elif options.marriage_scoring == "melded":
        m = sum(1 for meld in exposed_melds
                if classify_faces([face_of(c) for c in meld], tf, wrap) is MeldType.MARRIAGE)
    else:
        best = None
        for k in range(0, min(left[ti], left[po], left[jh]) + 1):
            value = (table["marriage"][k] + table["tiplu"][left[ti] - k]
                     + table["poplu"][left[po] - k] + table["jhiplu"][left[jh] - k])
            if best is None or value > best[0]:
                best = (value, k)
        m = best[1] if best else 0
    m = min(m, left[ti], left[po], left[jh], 2)
    for f in (ti, po, jh):
        left[f] -= m
    # 3. single maal

    def named(f: int, what: str, k: int) -> Msg:
        face = card(Card(face_rank(f), "SHDC"[f // 13]))
        return msg(f"mar.item_{what}", card=face) if k == 1 else msg(f"mar.item_{what}_many", card=face, count=k)

    pts.add(msg("mar.item_marriages", n=m), table["marriage"][m])
    pts.add(named(ti, "tiplu", left[ti]), table["tiplu"][min(left[ti], 3)])
    pts.add(named(po, "poplu", left[po]), table["poplu"][min(left[po], 3)])
    pts.add(named(jh, "jhiplu", left[jh]), table["jhiplu"][min(left[jh], 3)])
    pts.add(named(alter, "alter", left[alter]), table["alter"][min(left[alter], 3)])
    return pts


def adjust_unseen(points: dict[int, int], seen: Mapping[int, bool], winner: int, mode: str) -> dict[int, int]:
    """MAR-21: `count` leaves the points, `void` zeroes unseen losers, `kidnap` hands them to the winner."""
    out = dict(points)
    if mode == "count":
        return out
    for i in sorted(out):
        if i != winner and not seen[i]:
            if mode == "kidnap":
                out[winner] += out[i]
            out[i] = 0
    return out


def owed_amounts(points: Mapping[int, int], seen: Mapping[int, bool], winner: int, dublee_finish: bool,
                 options: MarriageOptions) -> dict[int, int]:
    """MAR-22, MAR-23, MAR-24: X_i (in chips) for every non-winner; > 0 means i pays the winner."""
    n = len(points)
    total = sum(points.values())
    out = {}
    for i in sorted(points):
        if i == winner:
            continue
        w = options.seen_payment if seen[i] else options.unseen_payment
        if dublee_finish:
            w += options.dublee_finish_bonus
        out[i] = (w + total - n * points[i]) * options.chips_per_point
    return out


def settle(owed: Mapping[int, int], winner: int, stacks: Mapping[int, int], seat_order: Sequence[int],
           rule: str) -> list[tuple[int, int, int]]:
    """MAR-25 with limited stacks: the transfers (payer, payee, amount), in the order made.

    `seat_order`: the deal's seats starting after the winner.
    """
    transfers: list[tuple[int, int, int]] = []
    stack = dict(stacks)
    for i in seat_order:
        x = owed.get(i, 0)
        if x > 0:
            pay = min(x, stack[i])
            if pay:
                stack[i] -= pay
                stack[winner] += pay
                transfers.append((i, winner, pay))
    recipients = [i for i in seat_order if owed.get(i, 0) < 0]
    need = sum(-owed[i] for i in recipients)
    have = stack[winner]
    if have >= need:
        paid = {i: -owed[i] for i in recipients}
    elif rule == "pro_rata":
        paid = {i: have * -owed[i] // need for i in recipients}
        spare = have - sum(paid.values())
        for i in recipients:
            if spare <= 0:
                break
            paid[i] += 1
            spare -= 1
    else:
        paid = {}
        for i in recipients:
            paid[i] = min(-owed[i], have)
            have -= paid[i]
    for i in recipients:
        if paid[i]:
            transfers.append((winner, i, paid[i]))
    return transfers
