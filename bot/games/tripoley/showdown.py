"""Poker showdowns over the state: hands shown, the winner (TRI-26, TRI-27) and Michigan
Rummy's poker pool (MICH-9)."""

from __future__ import annotations

from ..base import Event
from ..cards import card_texts, parse_card_texts
from ..messages import Join, Seat, cards, lines, msg
from ..poker import HandValue, best_hand, hand_message
from .options import MichiganOptions
from .state import DealState
from .table import comp, move, seat, tie_order


def reveal(s: DealState, seats: list[int], values: dict[int, HandValue]) -> Event:
    """Everyone in `seats` shows their hand; the showdown is kept for the board."""
    for p in seats:
        v = values[p]
        s.showdown.append({"seat": p, "cards": card_texts(v.cards), "category": v.category})
    shown = [msg("tri.showdown_of", player=Seat(p), cards=cards(values[p].cards), hand=hand_message(values[p]))
             for p in seats]
    return Event("showdown", lines([msg("tri.showdown"), *shown]))


def poker_winner_events(s: DealState, seats: list[int], values: dict[int, HandValue]) -> list[Event]:
    """TRI-27: the best hand; ties go to the first in tie-priority order."""
    best = max(values[p].key for p in seats)
    tied = [p for p in tie_order(s, seats) if values[p].key == best]
    s.poker_winner = tied[0]
    return [Event("poker", msg("tri.poker_won", player=Seat(tied[0]), hand=hand_message(values[tied[0]])),
                  seat=tied[0])]


def poker_pool(s: DealState) -> list[Event]:
    """MICH-9: every player dealt in shows; the best hand takes POKER_POOL, ties share."""
    assert s.mich is not None and isinstance(s.opts, MichiganOptions)
    if s.opts.mich_poker_cards == "full_hand":
        hands = {p: parse_card_texts(s.mich.start[str(p)]) for p in s.dealt_in}
    else:
        hands = {p: list(s.hands[p]) for p in s.dealt_in}
    hands = {p: h for p, h in hands.items() if len(h) >= 5}
    if not hands:
        return [Event("poker", msg("tri.pool_stays"))]
    seats = [p for p in s.dealt_in if p in hands]
    values = {p: best_hand(hands[p]) for p in seats}
    events = [reveal(s, seats, values)]
    best = max(v.key for v in values.values())
    winners = [p for p in tie_order(s, seats) if values[p].key == best]
    each = s.mat["POKER_POOL"] // len(winners)
    for w in winners:
        move(s, comp("POKER_POOL"), seat(w), each, "poker")
    s.poker_winner = winners[0]
    who = Join(tuple(Seat(w) for w in winners), "and")
    events.append(Event("poker", msg("tri.pool_shared" if len(winners) > 1 else "tri.pool_taken", players=who,
                                     hand=hand_message(values[winners[0]])), seat=winners[0]))
    return events
