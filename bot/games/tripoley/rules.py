"""Pure rule helpers shared by both variants: seat order, splits, pay-card claims, Michigan steps."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from .variant import MARRIAGE, Variant


def clockwise_from(seat: int, among: Iterable[int], n: int) -> list[int]:
    """`among` in clockwise order starting with the first seat after `seat` (§0)."""
    return sorted(among, key=lambda p: (p - seat - 1) % n)


def left_of(seat: int, among: Iterable[int], n: int) -> int | None:
    """The next seat of `among` clockwise after `seat` (§0); None if `among` is empty."""
    order = clockwise_from(seat, among, n)
    return order[0] if order else None


def tie_order(dealer: int, among: Iterable[int], n: int, dealer_first: bool) -> list[int]:
    """Tie-priority order (§0): left of the dealer first and the dealer last, or dealer first."""
    order = clockwise_from(dealer, among, n)
    if dealer_first and order and order[-1] == dealer:
        order = [dealer] + order[:-1]
    return order


def deal_hands(deck: Sequence[Card], order: Sequence[int | None]) -> dict[int | None, list[Card]]:
    """TRI-7: card k goes to position ((k-1) mod H) + 1; `order` lists the positions (None = spare)."""
    hands: dict[int | None, list[Card]] = {p: [] for p in order}
    h = len(order)
    for k, card in enumerate(deck):
        hands[order[k % h]].append(card)
    return hands


def claims(variant: Variant, hands: dict[int, list[Card]], run_shares: str) -> list[tuple[str, dict[int, int]]]:
    """On-hold pay-card claims (TRI-15..17, MICH-7 on_hold): (compartment, {seat: shares})."""
    holder = {c: p for p, cards in hands.items() for c in cards}
    out: list[tuple[str, dict[int, int]]] = []
    for code, card in variant.single_pay:
        if card in holder:
            out.append((code, {holder[card]: 1}))
    q, k = MARRIAGE
    if q in holder and k in holder and holder[q] == holder[k]:
        out.append(("KQ", {holder[q]: 1}))
    shares: dict[int, int] = {}
    for run in variant.runs:
        owners = {holder.get(card, -1) for card in run}
        if len(owners) == 1 and -1 not in owners:
            (p,) = owners
            shares[p] = shares.get(p, 0) + 1 if run_shares == "per_run" else 1
    if shares:
        out.append(("RUN", shares))
    return out


def holds_pay(variant: Variant, hand: Sequence[Card]) -> list[Card]:
    """The cards of `hand` that would collect a compartment on hold (TRI-14, and for display)."""
    got = set(hand)
    marked = [card for _, card in variant.single_pay if card in got]
    if all(c in got for c in MARRIAGE):
        marked += [c for c in MARRIAGE if c not in marked]
    for run in variant.runs:
        if all(c in got for c in run):
            marked += [c for c in run if c not in marked]
    return sorted(marked)


def next_card(card: Card) -> Card | None:
    """The card one rank higher in the same suit (TRI-29: nothing above the ace)."""
    if card.rank == 1:
        return None
    return Card(1 if card.rank == 13 else card.rank + 1, card.suit)


def lowest_of_suit(hand: Iterable[Card], suit: str) -> Card | None:
    cards = [c for c in hand if c.suit == suit]
    return min(cards, key=lambda c: c.high) if cards else None


def lead_suits(hand: Iterable[Card], forbidden: str | None) -> list[str]:
    """Suits the leader may lead (TRI-31), in the order S, H, D, C."""
    have = {c.suit for c in hand}
    return [s for s in "SHDC" if s in have and s != forbidden]


def timeout_suit(hand: Iterable[Card], forbidden: str | None) -> str:
    """TRI-41: the allowed suit holding the lowest-ranked allowed card; ties S, H, D, C."""
    allowed = lead_suits(hand, forbidden)
    return min(allowed, key=lambda s: (lowest_of_suit(hand, s).high, "SHDC".index(s)))  # type: ignore[union-attr]


def amounts(lo: int, hi: int, step: int) -> list[int]:
    """Amounts lo, lo+step, … up to hi: every one while there are few, else a spread of ≤ 25
    (the UI's select limit); apply accepts any valid amount."""
    if hi < lo:
        return []
    count = (hi - lo) // step + 1
    if count <= 25:
        return list(range(lo, hi + 1, step))
    vals = {lo + i * step for i in range(15)}
    x = lo + 15 * step
    while x < hi and len(vals) < 24:
        x = lo + ((x - lo) * 3 // 2 // step) * step
        if x < hi:
            vals.add(x)
    vals.add(lo + ((hi - lo) // step) * step)
    return sorted(vals)
