"""Poker showdowns over the state: hands shown, the winner (TRI-26, TRI-27) and Michigan
Rummy's poker pool (MICH-9)."""

from __future__ import annotations

from ..base import Event, player
from ..cards import card_texts, parse_card_texts, pretty_cards
from ..poker import HandValue, best_hand
from .options import MichiganOptions
from .state import DealState
from .table import comp, move, seat, tie_order


def reveal(s: DealState, seats: list[int], values: dict[int, HandValue]) -> Event:
    """Everyone in `seats` shows their hand; the showdown is kept for the board."""
    for p in seats:
        v = values[p]
        s.showdown.append({"seat": p, "cards": card_texts(v.cards), "category": v.category, "text": v.text})
    lines = [f"{player(p)}: {pretty_cards(values[p].cards)} — {values[p].text}" for p in seats]
    return Event("showdown", "Showdown:\n" + "\n".join(lines))


def poker_winner_events(s: DealState, seats: list[int], values: dict[int, HandValue]) -> list[Event]:
    """TRI-27: the best hand; ties go to the first in tie-priority order."""
    best = max(values[p].key for p in seats)
    tied = [p for p in tie_order(s, seats) if values[p].key == best]
    s.poker_winner = tied[0]
    return [Event("poker", f"{player(tied[0])} wins the poker with {values[tied[0]].text}.", seat=tied[0])]


def poker_pool(s: DealState) -> list[Event]:
    """MICH-9: every player dealt in shows; the best hand takes POKER_POOL, ties share."""
    assert s.mich is not None and isinstance(s.opts, MichiganOptions)
    if s.opts.mich_poker_cards == "full_hand":
        hands = {p: parse_card_texts(s.mich.start[str(p)]) for p in s.dealt_in}
    else:
        hands = {p: list(s.hands[p]) for p in s.dealt_in}
    hands = {p: h for p, h in hands.items() if len(h) >= 5}
    if not hands:
        return [Event("poker", "Nobody has five cards left: the poker pool stays.")]
    seats = [p for p in s.dealt_in if p in hands]
    values = {p: best_hand(hands[p]) for p in seats}
    events = [reveal(s, seats, values)]
    best = max(v.key for v in values.values())
    winners = [p for p in tie_order(s, seats) if values[p].key == best]
    each = s.mat["POKER_POOL"] // len(winners)
    for w in winners:
        move(s, comp("POKER_POOL"), seat(w), each, "poker")
    s.poker_winner = winners[0]
    names = " and ".join(player(w) for w in winners)
    events.append(Event("poker", f"{names} {'share' if len(winners) > 1 else 'takes'} the poker pool "
                                 f"with {values[winners[0]].text}.", seat=winners[0]))
    return events
