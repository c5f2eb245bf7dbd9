"""The Michigan phase: leads, automatic following, stops, pay-on-play and the prize
(TRI-29 … TRI-36, MICH-6 … MICH-8): functions over the state."""

from __future__ import annotations

from ..base import Event
from ..cards import Card, card_texts
from ..messages import Join, Msg, Seat, card, msg, to_json
from . import rules
from .deal import end_deal
from .options import MichiganOptions
from .phases import Phase
from .showdown import poker_pool
from .state import DealState, MichiganRound
from .table import comp, move, seat
from .variant import MARRIAGE


def first_leader(s: DealState) -> int:
    """MICH-6: who leads when the Michigan phase comes first: left of the dealer, or the dealer."""
    opts = s.opts
    if isinstance(opts, MichiganOptions) and opts.mich_first_leader == "dealer":
        return s.dealer
    leader = rules.left_of(s.dealer, s.dealt_in, s.n)
    assert leader is not None
    return leader


def begin(s: DealState, leader: int) -> list[Event]:
    s.phase = Phase.MICHIGAN
    s.mich = MichiganRound(leader, by={str(p): [] for p in s.dealt_in},
                           start={str(p): card_texts(s.hands[p]) for p in s.dealt_in})
    return [Event("michigan", msg("tri.mich_first", player=Seat(leader)), seat=leader)] + advance(s)


def advance(s: DealState) -> list[Event]:
    """Find who leads next (TRI-34); play automatically when only one suit is allowed."""
    m = s.mich
    assert m is not None
    events: list[Event] = []
    while s.phase == Phase.MICHIGAN:
        order = [m.leader] + [q for q in rules.clockwise_from(m.leader, s.dealt_in, s.n) if q != m.leader]
        leader = next((q for q in order if rules.lead_suits(s.hands[q], m.forbidden)), None)
        if leader is None:
            return events + end_michigan(s, None)
        if leader != m.leader:
            events.append(Event("michigan", msg("tri.lead_passes", player=Seat(m.leader), to=Seat(leader)),
                                seat=leader))
            m.leader = leader
        suits = rules.lead_suits(s.hands[leader], m.forbidden)
        if len(suits) > 1:
            return events
        events += lead(s, leader, suits[0])
    return events


def lead(s: DealState, p: int, suit: str) -> list[Event]:
    """Play the leader's lowest card of `suit`, then every next card by its holder (TRI-31..35)."""
    m = s.mich
    assert m is not None
    owner = {c: q for q in s.dealt_in for c in s.hands[q]}
    card = rules.lowest_of_suit(s.hands[p], suit)
    assert card is not None
    seq: list[tuple[int, str]] = []
    events: list[Event] = []
    holder = p
    while True:
        seq.append((holder, str(card)))
        events += _play(s, holder, card)
        if not s.hands[holder]:
            m.seq = seq
            events.insert(0, _seq_event(s, m, p, seq, out=holder))
            return events + end_michigan(s, holder)
        nxt = rules.next_card(card)
        if nxt is None or nxt not in owner:
            break
        card, holder = nxt, owner[nxt]
    m.seq = seq
    m.leader, m.forbidden = holder, suit
    events.insert(0, _seq_event(s, m, p, seq, out=None))
    return events


def _seq_event(s: DealState, m: MichiganRound, p: int, seq: list[tuple[int, str]], out: int | None) -> Event:
    parts = Join(tuple(msg("tri.played_by", card=card(Card.parse(c)), player=Seat(q)) for q, c in seq))
    text = msg("tri.leads_out", player=Seat(p), cards=parts, out=Seat(out)) if out is not None else \
        msg("tri.leads_stop", player=Seat(p), cards=parts, next=Seat(seq[-1][0]))
    m.log = (m.log + [to_json(text)])[-12:]
    return Event("michigan", text, seat=p, data={"cards": [c for _, c in seq]})


def _play(s: DealState, p: int, played: Card) -> list[Event]:
    m = s.mich
    assert m is not None
    s.hands[p].remove(played)
    m.played.append(str(played))
    m.by[str(p)].append(str(played))
    if s.opts.pay_timing != "on_play":
        return []
    events = []
    mine = set(m.by[str(p)])
    variant = s.variant
    for code, pay in variant.single_pay:          # TRI-19, MICH-7
        if played == pay:
            events += _take(s, p, code, msg("tri.why_plays", card=card(played)))
    if played in MARRIAGE and all(str(c) in mine for c in MARRIAGE):     # MICH-8
        events += _take(s, p, "KQ", msg("tri.why_marriage"))
    if played.high in variant.run_ranks and all(str(Card(r, played.suit)) in mine for r in variant.run_ranks):
        events += _take(s, p, "RUN", msg("tri.why_run"))
    return events


def _take(s: DealState, p: int, code: str, why: Msg) -> list[Event]:
    amount = s.mat[code]
    move(s, comp(code), seat(p), amount, f"pay:{code}")
    s.pay_results.append((code, [p], amount))
    return [Event("pay", msg("tri.pay_on_play", player=Seat(p), why=why, comp=msg(f"comp.{code}"), amount=amount),
                  seat=p)]


def end_michigan(s: DealState, winner: int | None) -> list[Event]:
    """TRI-35/36: card payments into the prize compartment; the winner takes it all."""
    prize = s.variant.michigan_prize
    events: list[Event] = []
    s.mich_winner = winner
    if winner is not None or s.opts.no_winner_payment == "per_card":
        for q in s.dealt_in:
            if q != winner:
                move(s, seat(q), comp(prize), min(len(s.hands[q]), s.stacks[q]), "mich_pay")
    if winner is not None:
        s.last_mich_winner = winner
        amount = s.mat[prize]
        move(s, comp(prize), seat(winner), amount, "mich_prize")
        events.append(Event("michigan", msg("tri.mich_won", player=Seat(winner), comp=msg(f"comp.{prize}"),
                                            amount=amount), seat=winner))
    else:
        s.last_mich_winner = None
        events.append(Event("michigan", msg("tri.mich_nobody", comp=msg(f"comp.{prize}"))))
    if not s.variant.poker_first:
        events += poker_pool(s)
    return events + end_deal(s)
