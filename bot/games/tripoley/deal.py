"""A deal from the ante to its end, and the end of the game (TRI-3 … TRI-8, TRI-37 … TRI-39,
MICH-3): functions over the state."""

from __future__ import annotations

from ..base import DEAL_STACKS, Event
from ..cards import Card, card_texts, deal_rng, new_deck, shuffled_deck, sort_hand
from ..messages import Msg, Seat, cards, joined, lines, msg
from ..poker import best_hand
from . import rules
from .options import MichiganOptions
from .phases import Phase
from .state import ACTIVE, BROKE, LEFT, OUT, DealState
from .summary import summary_text
from .table import comp, move, seat, tie_order


def first_dealer(s: DealState) -> int:
    """TRI-3: high-card draw (ties redraw from a fresh deck) or a uniform random pick."""
    rng = deal_rng(s.seed, 0)
    seats = [p for p in range(s.n) if s.status[p] == ACTIVE] or list(range(s.n))
    if s.opts.first_dealer == "random":
        return rng.choice(seats)
    while True:
        deck = shuffled_deck(rng)
        drawn = dict(zip(seats, deck))
        s.draw.append([(p, str(c)) for p, c in drawn.items()])
        top = max(c.high for c in drawn.values())
        seats = [p for p, c in drawn.items() if c.high == top]
        if len(seats) == 1:
            return seats[0]


def next_dealer(s: DealState) -> int:
    """TRI-8: the next active seat clockwise (called only while someone is active)."""
    dealer = rules.left_of(s.dealer, s.active, s.n)
    assert dealer is not None
    return dealer


def ante_passes(s: DealState, p: int, dealer: int) -> int:
    """How many passes over the mat seat `p` pays this deal (MICH-3 doubles the dealer's)."""
    opts = s.opts
    return 2 if p == dealer and isinstance(opts, MichiganOptions) and opts.mich_dealer_double_ante else 1


def _eliminate_short(s: DealState, dealer: int, events: list[Event]) -> int:
    """TRI-5 `eliminate`: players who cannot pay the ante are out (the dealer's duty passes on);
    the dealer after them."""
    compartments = len(s.variant.codes)
    while True:
        short = [p for p in s.active if s.stacks[p] < compartments * ante_passes(s, p, dealer)]
        if not short:
            return dealer
        for p in short:
            s.status[p] = OUT
            events.append(Event("eliminated", msg("tri.eliminated", player=Seat(p), chips=s.stacks[p]), seat=p))
        if dealer in short and s.active:
            found = rules.left_of(dealer, s.active, s.n)
            assert found is not None
            dealer = found


def start_deal(s: DealState, deck: list[Card] | None = None, dealer: int | None = None) -> list[Event]:
    """TRI-4 … TRI-7: ante, deal the hands and the spare hand; or end the game (TRI-38 a)."""
    events: list[Event] = []
    s.deal_no += 1
    s.ledger = []
    s.pay_results, s.showdown, s.chosen = [], [], {}
    s.poker_winner = s.mich_winner = None
    s.auction = None
    s.mich = None
    s.betting = None
    s.spare_choice = None
    s.dead, s.spare, s.dead_from, s.revealed_dead = [], [], None, []
    # TRI-38 (a) is checked after a deal (here: leavers between deals); the first deal needs two
    if len(s.active) < (s.opts.min_active_players if s.deal_no > 1 else 2):
        s.deal_no -= 1
        return events + finish_game(s, before_deal=True)
    if dealer is None:
        dealer = next_dealer(s)
    if s.status[dealer] != ACTIVE:
        dealer = rules.left_of(dealer, s.active, s.n)
        assert dealer is not None
    if s.opts.short_ante == "eliminate":     # TRI-5 option
        dealer = _eliminate_short(s, dealer, events)
        if len(s.active) < s.opts.min_active_players:
            s.deal_no -= 1
            return events + finish_game(s, before_deal=True)
    s.dealer = dealer
    s.dealt_in = s.active
    for p in range(s.n):
        s.hands[p] = []
    before = list(s.stacks)
    ante(s)
    if deck is None:
        deck = shuffled_deck(deal_rng(s.seed, s.deal_no))
    if sorted(deck) != new_deck():
        raise ValueError("the deck must be the 52 cards of one pack")
    players = rules.clockwise_from(dealer, s.dealt_in, s.n)
    order: list[int | None] = [*players, None]
    if s.opts.spare_deal_position == "before_first":
        order = [None, *players]
    dealt = rules.deal_hands(deck, order)
    for p in players:
        s.hands[p] = dealt[p]
    s.spare = dealt[None]
    s.phase = Phase.SPARE
    sizes = joined(msg("tri.size_of", player=Seat(p), cards=len(s.hands[p])) for p in players)
    events.append(Event("deal", msg("tri.deal", deal=s.deal_no, dealer=Seat(dealer), sizes=sizes, spare=len(s.spare)),
                        seat=dealer, data={DEAL_STACKS: before}))
    for p in players:
        events.append(Event("hand", msg("tri.your_hand", cards=cards(sort_hand(s.hands[p], True))),
                            seat=p, private_to=p))
    return events


def ante(s: DealState) -> None:
    """TRI-4/TRI-5 partial: one chip per compartment in canonical order while the wallet lasts."""
    for p in s.dealt_in:
        for _ in range(ante_passes(s, p, s.dealer)):
            for code in s.variant.codes:
                if s.stacks[p] == 0:
                    break
                move(s, seat(p), comp(code), 1, "ante")


# ---- end of deal and game (TRI-37..39) ----------------------------------------------------------

def end_deal(s: DealState) -> list[Event]:
    events: list[Event] = []
    s.revealed_dead = list(s.dead) if s.opts.reveal_dead_hand else []
    if s.revealed_dead:
        events.append(Event("dead_hand", msg("tri.dead_hand", cards=cards(sort_hand(s.dead, True)))))
    notes: list[Msg] = []
    for p in sorted(s.leaving):            # TRI-37 (0)
        s.status[p] = LEFT
        notes.append(msg("tri.leaves_with_wallet", player=Seat(p)))
        if s.last_mich_winner == p:
            s.last_mich_winner = None
    s.leaving = set()
    for p in s.dealt_in:
        if s.status[p] == ACTIVE and s.stacks[p] == 0:
            s.status[p] = BROKE
            notes.append(msg("tri.broke", player=Seat(p)))
    s.deals_done += 1
    over = len(s.active) < s.opts.min_active_players or s.stop_requested or \
        (s.opts.max_deals and s.deals_done >= s.opts.max_deals)  # TRI-38 a, c, b
    if over:
        tail = finish_game(s)
    else:
        s.phase = Phase.BETWEEN
        tail = []
    text = summary_text(s, notes)
    return events + [Event("summary", text, data={"deal": s.deal_no})] + tail


def recipients(s: DealState) -> list[int]:
    """Who shares the mat at game end (TRI-39): the active players; if none, the players of
    the final deal who have not left; if everyone left, those not yet paid out (the mat must
    go to somebody: CHIP-1)."""
    if s.active:
        return s.active
    stayed = [p for p in s.dealt_in if s.status[p] != LEFT]
    return stayed or [p for p in s.dealt_in if p not in s.cashed]


def finish_game(s: DealState, before_deal: bool = False) -> list[Event]:
    """TRI-39: the mat is emptied; the game is over."""
    s.phase = Phase.OVER
    total = sum(s.mat.values())
    who = recipients(s)
    shares: list[tuple[int, int]] = []
    how = "tri.how_split"
    if total and who:
        mode = s.opts.leftover_mat
        if len(who) == 1:
            shares, how = [(who[0], total)], "tri.how_last_player"
        elif mode == "last_michigan_winner" and s.last_mich_winner is not None and s.last_mich_winner in who:
            shares, how = [(s.last_mich_winner, total)], "tri.how_last_mich"
        elif mode == "final_showdown":
            shares, how = final_showdown(s, who, total), "tri.how_showdown"
        else:
            order = tie_order(s, who)
            each, rest = divmod(total, len(order))
            shares = [(p, each + (1 if i < rest else 0)) for i, p in enumerate(order)]
    s.final = []
    for p, amount in shares:
        for code in s.variant.codes:
            if amount == 0:
                break
            take = min(amount, s.mat[code])
            move(s, comp(code), seat(p), take, "final")
            amount -= take
    gets = [msg("tri.gets", player=Seat(p), chips=a) for p, a in shares if a]
    s.final = list(shares)
    ranking = sorted((p for p in range(s.n) if s.status[p] != LEFT), key=lambda p: -s.stacks[p])
    over = msg("tri.game_over_mat", total=total, how=msg(how), gets=joined(gets)) if gets else msg("tri.game_over")
    standings = [[p, s.stacks[p], 1 + sum(s.stacks[q] > s.stacks[p] for q in ranking)] for p in ranking]
    text = lines([over, msg("tri.standings", places=joined(msg("tri.place", rank=r, player=Seat(p), chips=w)
                                                           for p, w, r in standings))])
    events = [Event("game_over", text, data={"ranking": ranking, "standings": standings})]
    if before_deal:
        events.append(Event("summary", text))
    return events


def final_showdown(s: DealState, who: list[int], total: int) -> list[tuple[int, int]]:
    """TRI-39 final_showdown: five fresh cards each; the best hand takes the mat, ties share."""
    rng = deal_rng(s.seed, s.deal_no + 1)
    deck = shuffled_deck(rng)
    order = rules.clockwise_from(s.dealer, who, s.n)
    hands = rules.deal_hands(deck[:5 * len(order)], order)
    values = {p: best_hand(hands[p]) for p in order}
    s.showdown = [{"seat": p, "cards": card_texts(list(values[p].cards)), "category": values[p].category}
                  for p in order]
    best = max(v.key for v in values.values())
    tied = [p for p in tie_order(s, order) if values[p].key == best]
    each, rest = divmod(total, len(tied))
    return [(p, each + (1 if i < rest else 0)) for i, p in enumerate(tied)]
