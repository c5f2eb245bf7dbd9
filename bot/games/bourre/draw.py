"""The draw phase of a Bourré hand: play or fold, the exchange and the stock (BOU-9 … BOU-12)."""

from __future__ import annotations

from ..base import Event
from ..messages import SEAT_VALUES, Cards, msg
from . import scoring
from .hand import end_hand, shuffle_keys
from .legal import NOTE
from .phases import Phase
from .state import BourreState


def can_fold(s: BourreState, seat: int) -> bool:
    """BOU-10: the dealer may not fold on an ace upcard (by default)."""
    return not (seat == s.dealer and s.upcard % 13 == 12 and s.opts.dealer_must_play_on_ace)


def declare(s: BourreState, seat: int, play: bool) -> list[Event]:
    """BOU-9: the seat plays or folds; with `single_pass` a player who plays exchanges next."""
    events: list[Event] = []
    o = s.opts
    if play:
        s.status[seat] = "play"
        events.append(Event("declare", msg("bou.plays", player=SEAT_VALUES[seat]), seat=seat, data={"play": True}))
        if o.exchange_order == "single_pass":
            last = s.idx == len(s.order) - 1
            alone = last and s.status.count("play") == 1
            if o.max_exchange and not alone:
                s.phase = Phase.EXCHANGE
                return events
            if seat == s.dealer:
                s.upcard_state = "kept"
            s.exchanged[seat] = 0
    else:
        s.status[seat] = "fold"
        events.append(Event("declare", msg("bou.folds", player=SEAT_VALUES[seat]), seat=seat, data={"play": False}))
        hand = s.hands[seat]
        s.hands[seat] = []
        if seat == s.dealer:
            s.upcard_state = "folded"
        if o.folded_hands_to_stock:
            if seat == s.dealer:
                s.upcard_reach = len(s.stock)
            s.stock.extend(sorted(hand, key=shuffle_keys(s).__getitem__))
        else:
            s.mucked.extend(hand)
    return _next_declarer(s, events)


def _next_declarer(s: BourreState, events: list[Event]) -> list[Event]:
    s.idx += 1
    order = s.order
    if s.idx < len(order):
        s.turn = order[s.idx]
        s.phase = Phase.DECLARE
        return events
    active = [seat for seat in order if s.status[seat] == "play"]
    if s.opts.exchange_order == "declare_then_exchange" and len(active) >= 2 \
            and s.opts.max_exchange and s.phase == Phase.DECLARE:
        s.phase = Phase.EXCHANGE
        s.xorder = active
        s.idx = 0
        s.turn = active[0]
        return events
    return _end_draw(s, active, events)


def exchange(s: BourreState, seat: int, ids: list[int]) -> list[Event]:
    """BOU-9 and BOU-11: discard, draw, rebuild the stock from older discards if needed."""
    k = len(ids)
    hand = s.hands[seat]
    events: list[Event] = []
    drawn: list[int] = []
    if k:
        for c in ids:
            hand.remove(c)
        stock = s.stock
        if s.upcard_reach is not None:
            s.upcard_reach -= k
        if len(stock) >= k:
            drawn = stock[:k]
            del stock[:k]
        else:
            drawn = stock[:]
            stock.clear()
            new = sorted(s.pool, key=shuffle_keys(s).__getitem__)
            s.pool = []
            s.reshuffles += 1
            need = k - len(drawn)
            drawn += new[:need]
            s.stock = new[need:]
            events.append(Event("reshuffle", msg("bou.reshuffle", n=len(new)), data={"cards": len(new)}))
        s.pool.extend(ids)
        hand.extend(drawn)
        hand.sort()
    s.exchanged[seat] = k
    if seat == s.dealer:
        s.upcard_state = "discarded" if s.upcard in ids else "kept"
    events.append(Event("exchange", msg("bou.exchanges", player=SEAT_VALUES[seat], n=k), seat=seat,
                        data={"count": k}))
    if k:
        events.append(Event(
            "drawn", msg("bou.drawn", thrown=Cards(tuple(NOTE[c] for c in ids)),
                         drawn=Cards(tuple(NOTE[c] for c in drawn))), seat=seat, private_to=seat,
            data={"thrown": [NOTE[c] for c in ids], "drawn": [NOTE[c] for c in drawn]}))
    if s.opts.exchange_order == "single_pass":
        return _next_declarer(s, events)
    s.idx += 1
    if s.idx < len(s.xorder):
        s.turn = s.xorder[s.idx]
        return events
    return _end_draw(s, s.xorder, events)


def _end_draw(s: BourreState, active: list[int], events: list[Event]) -> list[Event]:
    """BOU-12: nobody or one player stays, or trick play begins (BOU-13)."""
    if s.upcard_state == "face up":  # the dealer played and exchanged nothing
        s.upcard_state = "kept"
    if len(active) < 2:
        before = sum(s.stacks) + s.pot
        lines = scoring.settle_draw(s, active)
        return end_hand(s, lines, events, before)
    s.active = active
    s.link_active()
    s.phase = Phase.TRICKS
    s.turn = active[0]
    s.pot_start = s.pot
    state = s.upcard_state
    s.upcard_out = state == "discarded" or (
        state == "folded" and (s.upcard_reach is None or s.upcard_reach >= 0))
    return events
