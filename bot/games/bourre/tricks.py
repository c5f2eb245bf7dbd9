"""Trick play (BOU-13 … BOU-16): which cards a seat may play, and playing one."""

from __future__ import annotations

from ..base import Event
from ..messages import SEAT_VALUES, Msg, msg
from . import scoring
from .hand import end_hand
from .legal import NOTE, WORDS, legal_ids, restrict, trick_winner_index
from .state import BourreState


def legal(s: BourreState, seat: int) -> list[int]:
    """BOU-14 and BOU-15 for the seat on turn."""
    o = s.opts
    trick = s.trick
    hand = s.hands[seat]
    if not trick and not (o.ace_trump_lead or o.sure_three_rule):
        return list(hand)
    ids = legal_ids(hand, trick, s.trump, o.must_beat, o.must_trump, o.must_overtrump)
    if o.ace_trump_lead or o.sure_three_rule:
        out = list(s.played)
        if s.upcard_out:
            out.append(s.upcard)
        ids = restrict(hand, ids, not trick, s.trump,
                       ace_trump_lead=o.ace_trump_lead, sure_three_rule=o.sure_three_rule,
                       tricks_won=s.tricks_won[seat], out_of_play=out,
                       last_to_play=len(trick) == len(s.active) - 1)
    return ids


def only_bou15_forbids(s: BourreState, seat: int, c: int) -> bool:
    """Whether card `c` follows BOU-14 and only a BOU-15 option forbids it."""
    o = s.opts
    return c in legal_ids(s.hands[seat], s.trick, s.trump, o.must_beat, o.must_trump, o.must_overtrump)


def why_not(s: BourreState, seat: int, c: int) -> Msg:
    """Why card `c` may not be played now."""
    if only_bou15_forbids(s, seat, c):
        ace = s.trump * 13 + 12
        if not s.trick and s.opts.ace_trump_lead and ace in s.hands[seat]:
            return msg("err.bou.why.ace_lead")
        return msg("err.bou.why.sure_three")
    return msg("err.bou.why.follow")


def play_card(s: BourreState, seat: int, c: int) -> list[Event]:
    """The card goes to the trick; a full trick is won (BOU-16), the fifth settles the hand."""
    s.hands[seat].remove(c)
    trick = s.trick
    trick.append(c)
    seats = s.trick_seats
    seats.append(seat)
    s.played.append(c)
    if len(trick) < len(s.active):
        s.turn = s.next_active[seat]
        return [Event("card", msg("bou.card", player=SEAT_VALUES[seat], card=WORDS[c]), seat,
                      data={"card": NOTE[c]})]
    w = seats[trick_winner_index(trick, s.trump)]
    s.tricks_won[w] += 1
    s.last_trick = list(zip(seats, trick))
    s.last_winner = w
    s.trick = []
    s.trick_seats = []
    done = len(s.played) // len(s.active)
    events = [Event("card", msg("bou.card_wins", player=SEAT_VALUES[seat], card=WORDS[c], winner=SEAT_VALUES[w],
                        trick=done), seat,
                    data={"card": NOTE[c], "trick": done, "winner": w})]
    if done < 5:
        s.turn = w
        return events
    before = sum(s.stacks) + s.pot
    return end_hand(s, scoring.settle_tricks(s), events, before)
