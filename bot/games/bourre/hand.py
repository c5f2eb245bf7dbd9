"""A hand from the antes to the next deal (BOU-5 … BOU-8, BOU-23 … BOU-25)."""

from __future__ import annotations

from functools import lru_cache

from ..base import DEAL_STACKS, Event
from ..cards import SUIT_SYMBOLS, SUITS, deal_rng
from ..messages import Cards, Join, Msg, Seat, Value, lines, msg, seats, to_json
from . import scoring
from .legal import NOTE
from .phases import Phase
from .state import BourreState


def fresh_order(keys: list[float]) -> list[int]:
    """The 52 card ids in the order of their random keys: a shuffled deck."""
    return sorted(range(52), key=keys.__getitem__)


def start_hand(s: BourreState, events: list[Event], ids: list[int] | None = None) -> None:
    """Antes (BOU-7), the deal and the trump upcard (BOU-8). `ids` (top first) replaces the
    shuffle, for tests."""
    n = s.n
    s.hand_no += 1
    if s.extra is not None:
        s.extra += 1
    stacks = s.stacks
    ante = s.opts.ante
    d = s.dealer
    order = [(d + 1 + i) % n for i in range(n)]
    order = [seat for seat in order if s.seated[seat] and not s.leaving[seat]]
    s.order = order
    before = list(stacks)
    anted = [0] * n
    exempt = s.exempt
    for seat in order:
        if not exempt[seat]:
            pay = ante if stacks[seat] >= ante else stacks[seat]
            stacks[seat] -= pay
            anted[seat] = pay
            s.pot += pay
    s.skipped_ante = [seat for seat in order if exempt[seat]]
    s.exempt = [False] * n
    if ids is None:
        r = deal_rng(s.seed, s.hand_no).random
        ids = fresh_order([r() for _ in range(52)])
    m = len(order)
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, seat in enumerate(order):
        hands[seat] = sorted(ids[i:5 * m:m])
    s.hands = hands
    s.upcard = ids[5 * m - 1]
    s.trump = s.upcard // 13
    s.stock = ids[5 * m:]
    s.pool = []
    s.mucked = []
    s.reshuffles = 0
    s.upcard_state = "face up"
    s.upcard_reach = None
    s.status = ["out"] * n
    for seat in order:
        s.status[seat] = ""
    s.exchanged = [None] * n
    s.idx = 0
    s.turn = order[0]
    s.phase = Phase.DECLARE
    s.active = []
    s.xorder = []
    s.trick = []
    s.trick_seats = []
    s.tricks_won = [0] * n
    s.played = []
    s.last_trick = []
    s.last_winner = None
    s.pot_start = s.pot
    s.upcard_out = False
    total = sum(anted)
    antes: Value = total
    if s.skipped_ante:
        antes = msg("bou.antes_skipped", antes=antes, players=seats(s.skipped_ante))
    short = [seat for seat in order if not exempt[seat] and anted[seat] < ante]
    if short:
        antes = msg("bou.antes_short", antes=antes, short=Join(tuple(
            msg("bou.ante_of", player=Seat(seat), chips=anted[seat]) for seat in short)))
    events.append(Event(
        "hand",
        msg("bou.deal" if s.extra is None else "bou.deal_extra", hand=s.hand_no, extra=s.extra or 0,
            dealer=Seat(d), card=Cards((NOTE[s.upcard],)),
            suit=SUIT_SYMBOLS[SUITS[s.trump]], antes=antes, pot=s.pot),
        seat=d, data={"hand": s.hand_no, "upcard": NOTE[s.upcard], "pot": s.pot, "antes": total, DEAL_STACKS: before}))


def shuffle_keys(s: BourreState) -> tuple[float, ...]:
    """The random order of this hand's reshuffles (BOU-11): every card gets a key from the
    hand's random source, after the 52 of the deal. Card sets shuffled in one hand never
    overlap, so ordering each set by these keys is a uniform shuffle of it."""
    return _shuffle_keys(s.seed, s.hand_no)


@lru_cache(maxsize=64)
def _shuffle_keys(seed: int | str, hand_no: int) -> tuple[float, ...]:
    r = deal_rng(seed, hand_no).random
    for _ in range(52):
        r()
    return tuple(r() for _ in range(52))


def end_hand(s: BourreState, said: list[Msg], events: list[Event], before: int) -> list[Event]:
    """Settlement is done: the end-of-game check (BOU-23, BOU-24), then the next deal.
    `before` is stacks + pot before the settlement: BOU-25 asserts nothing changed it."""
    said.extend(scoring.end_check(s))
    after = sum(s.stacks) + s.pot
    if after != before:
        raise RuntimeError(f"BOU-25: settlement changed the chips on the table from {before} "
                           f"to {after}")
    if not s.over and any(s.exempt):
        free = [seat for seat in s.order if s.exempt[seat]]
        said.append(msg("bou.skipping_ante", players=seats(free)))
    text = lines(said)
    s.last_summary = to_json(text)
    s.last_hand = {"hand": s.hand_no, "upcard": NOTE[s.upcard], "winner": s.last_winner,
                   "trick": [{"seat": seat, "card": NOTE[c]} for seat, c in s.last_trick],
                   "tricks": list(s.tricks_won), "dealt": list(s.order)}
    events.append(Event("summary", text, data={"hand": s.hand_no, "pot": s.pot}))
    if s.over:
        s.phase = Phase.OVER
        return events
    s.dealer = next_seated(s, s.dealer)
    start_hand(s, events)
    return events


def next_seated(s: BourreState, seat: int) -> int:
    """The next seat after `seat` still playing on (seated and not leaving)."""
    n = s.n
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if s.seated[nxt] and not s.leaving[nxt]:
            return nxt
    return seat
