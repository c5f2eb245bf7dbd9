"""A deal's start and end (MAR-3, MAR-4, MAR-16), and the end of the game (MAR-2, MAR-25)."""

from __future__ import annotations

from ..base import DEAL_STACKS, Event
from ..cards import Card, card_texts, deal_rng, new_deck
from ..messages import Seat, card, msg
from .phases import Phase
from .state import MarriageState
from .table import eligible, next_in, owned


def start_deal(st: MarriageState, deck: list[Card] | None = None) -> list[Event]:
    """Deal 21 cards to every seat that can be dealt in, or end the game (MAR-2)."""
    seats = eligible(st)
    if len(seats) < 2:
        st.phase = Phase.OVER
        st.players = []
        return [Event("game_over", msg("mar.over_too_few_dealt"))]
    rng = deal_rng(st.seed, st.deal_no)
    if st.dealer is None:
        st.dealer = seats[rng.randrange(len(seats))]
    else:
        st.dealer = next_in(st, seats, st.dealer)
    if deck is None:
        deck = new_deck(3)
        rng.shuffle(deck)
    deck = list(deck)
    st.deal_no += 1
    st.players = seats
    order = []
    s = st.dealer
    for _ in seats:
        s = next_in(st, seats, s)
        order.append(s)
    n = st.n
    st.hands = [[] for _ in range(n)]
    pos = 0
    for _ in range(21):
        for seat in order:
            st.hands[seat].append(deck[pos])
            pos += 1
    for seat in order:
        st.hands[seat].sort()
    st.pile = [(deck[pos], None, False)]
    st.stock = deck[pos + 1:]
    st.declared = [[] for _ in range(n)]
    st.shown = [[] for _ in range(n)]
    st.dublees = [[] for _ in range(n)]
    st.route = [None] * n
    st.seen = [False] * n
    st.first_turn_done = [False] * n
    st.tiplu = None
    st.rebuilds = 0
    st.turn = order[0]
    st.drawn = False
    st.taken = None
    st.drawn_card = None
    st.result = None
    if st.opts.tunnela_declare_window == "before_play":
        st.phase = Phase.DECLARE
        st.declare_pending = sorted(seats)
    else:
        st.phase = Phase.PLAY
        st.declare_pending = []
    text = msg("mar.deal", deal=st.deal_no, dealer=Seat(st.dealer), card=card(st.pile[-1][0]), stock=len(st.stock))
    return [Event("deal", text, seat=st.dealer, data={DEAL_STACKS: list(st.stacks)})]


def end_deal(st: MarriageState) -> list[Event]:
    """The deal is over (won or abandoned): between deals, or the game ends (MAR-28): fewer
    than two can play on, the last of `max_deals` deals, or the host asked to stop. Settlement
    is per deal, so ending owes nothing: every stack goes back as it stands."""
    st.phase = Phase.BETWEEN
    st.drawn, st.taken, st.drawn_card = False, None, None
    if len(eligible(st)) < 2:
        over = msg("mar.over_no_chips")
    elif st.opts.max_deals and st.deal_no >= st.opts.max_deals:
        over = msg("mar.over_max_deals", deals=st.opts.max_deals)
    elif st.stop_requested:
        over = msg("mar.over_host_stop")
    else:
        return []
    st.phase = Phase.OVER
    return [Event("game_over", over)]


def rebuild(st: MarriageState, force: bool = False) -> list[Event]:
    """MAR-16: shuffle all discards but the top onto the stock, above the indicator."""
    if len(st.pile) < 2 or (not force and st.rebuilds >= st.opts.max_stock_rebuilds):
        if force:
            return []
        return abandon(st)
    rng = deal_rng(st.seed, f"{st.deal_no}:rebuild:{st.rebuilds}")
    cards = [c for c, _, _ in st.pile[:-1]]
    rng.shuffle(cards)
    st.pile = st.pile[-1:]
    st.stock = cards + st.stock
    st.rebuilds += 1
    return [Event("rebuild", msg("mar.rebuild", cards=len(cards), rebuild=st.rebuilds))]


def abandon(st: MarriageState) -> list[Event]:
    """MAR-16: the stock ran out for good; nobody scores or pays."""
    st.result = {"abandoned": True, "winner": None, "tiplu": str(st.tiplu) if st.tiplu else None,
                 "points": {}, "owed": {}, "transfers": [], "melds": [], "dublees": [], "discard": None,
                 "hands": {str(s): card_texts(sorted(owned(st, s))) for s in st.players}}
    if st.rebuilds >= st.opts.max_stock_rebuilds:
        why = msg("mar.why_rebuilds", rebuilds=st.opts.max_stock_rebuilds)
    else:
        why = msg("mar.why_no_discards")
    text = msg("mar.abandoned", deal=st.deal_no, why=why)
    events = [Event("summary", text, data={"abandoned": True})]
    return events + end_deal(st)
