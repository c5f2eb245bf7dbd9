"""Going out and the end of a deal: the discards that go out (MAR-13, MAR-14), the layout worth
the most maal (MAR-27), scoring every player (MAR-20, MAR-21) and settling in chips (MAR-22 …
MAR-25), with the deal summary."""

from __future__ import annotations

from functools import lru_cache

from ..base import Event
from ..cards import Card, card_texts
from ..messages import Join, Msg, Seat, card, cards, joined, lines, msg, to_json
from .deal import end_deal
from .finish import DUBLEE, NORMAL, FinishResult, check_finish, finishing_discards
from .melds import face_of, maal_faces
from .options import MarriageOptions
from .scoring import Points, adjust_unseen, maal_points, owed_amounts, settle
from .state import MarriageState, Route
from .table import finish_options, fixed_melds, next_in, owned

Melds = tuple[tuple[Card, ...], ...]


def finishers(st: MarriageState, seat: int, extra: Card | None = None, taken: Card | None = None) -> list[Card]:
    """Discards that let `seat` go out now (one card per face)."""
    route = st.route[seat]
    if route is None or st.tiplu is None:
        return []
    cards = owned(st, seat) + ([extra] if extra is not None else [])
    found = _finishers(tuple(sorted(cards)), st.tiplu, tuple(map(tuple, fixed_melds(st, seat))),
                       tuple(map(tuple, st.dublees[seat])), route, taken, finish_options(st))
    if extra is not None and st.opts.taken_card_discard_ban == "copy":
        return [c for c in found if c != extra]
    return list(found)


@lru_cache(maxsize=1024)
def _finishers(cards: tuple[Card, ...], tiplu: Card, fixed: Melds, dublees: Melds, route: Route,
               taken: Card | None, opts: MarriageOptions) -> tuple[Card, ...]:
    """`finishing_discards` of a position: asked again and again while a turn's controls are
    drawn, checked and played, and after every reload of the table's state."""
    return tuple(finishing_discards(cards, tiplu, fixed, dublees,
                                    route, taken, opts))


def best_layout(st: MarriageState, seat: int, discard: Card) -> FinishResult:
    """MAR-27: among layouts with this discard, the one worth the most maal."""
    cards = owned(st, seat)
    if st.route[seat] == DUBLEE:
        return check_finish(cards, st.tiplu, st.declared[seat], st.dublees[seat], DUBLEE, st.taken,
                            finish_options(st), discard=discard)
    best = most_maal(st, seat, cards, fixed_melds(st, seat), discard)
    assert best is not None
    return best


def most_maal(st: MarriageState, seat: int, cards: list[Card], fixed: list[list[Card]],
              discard: Card | None) -> FinishResult | None:
    """MAR-27: the normal-route layout of `cards` over the `fixed` melds (with `discard`, or
    any) worth the most maal to the seat, or None when the hand does not finish."""
    assert st.tiplu is not None
    opts = finish_options(st)
    best, best_pts = None, None
    for m in (0, 1, 2, -1):
        res = check_finish(cards, st.tiplu, fixed, (), NORMAL, st.taken, opts, discard=discard, marriages=m)
        if not res.finishing:
            continue
        hold = [c for c in cards if c != res.discard]
        exposed = [list(x) for x in res.melds[len(st.declared[seat]):]]
        pts = maal_points(hold, st.declared[seat], exposed, st.tiplu, st.opts).total
        if best_pts is None or pts > best_pts:
            best, best_pts = res, pts
    return best


def go_out(st: MarriageState, seat: int, discard: Card) -> list[Event]:
    layout = best_layout(st, seat, discard)
    assert layout.finishing and layout.discard is not None
    final = layout.discard
    st.hands[seat].remove(final)
    st.pile.append((final, seat, True))
    if layout.route == NORMAL:
        new = [list(m) for m in layout.melds[len(st.declared[seat]) + len(st.shown[seat]):]]
        going_out = [list(m) for m in layout.melds[len(st.declared[seat]):]]
        desc: Msg | Join = Join(tuple(msg("mar.meld_typed", cards=cards(sorted(m)), type=msg(f"mar.type.{t.lower()}"))
                                      for m, t in zip(layout.melds, layout.meld_types)), "semi")
    else:
        new = [list(d) for d in layout.dublees[len(st.dublees[seat]):]]
        going_out = []
        desc = msg("mar.eight_dublees", dublees=Join(tuple(cards(sorted(d)) for d in layout.dublees), "semi"))
    events = [Event("finish", msg("mar.finish", player=Seat(seat), card=card(final), melds=desc), seat=seat,
                    data={"route": layout.route, "melds": [card_texts(list(m)) for m in layout.melds],
                          "dublees": [card_texts(list(d)) for d in layout.dublees], "discard": str(final)})]
    events += _settle(st, seat, layout, going_out, new)
    return events


def _summary_lines(st: MarriageState, winner: int, layout: FinishResult, points_detail: dict[int, Points],
                   raw: dict[int, int], adjusted: dict[int, int], owed: dict[int, int],
                   transfers: list[tuple[int, int, int]]) -> list[Msg]:
    """The deal summary for the channel: what each player scored and why every chip moved."""
    assert st.tiplu is not None and layout.discard is not None
    jh, ti, po = (Card(f % 13 + 1, "SHDC"[f // 13]) for f in maal_faces(face_of(st.tiplu)))
    dublee_finish = layout.route == DUBLEE
    cpp = st.opts.chips_per_point
    said = [msg("mar.head", deal=st.deal_no, player=Seat(winner),
                how=msg("mar.how_dublees" if dublee_finish else "mar.how_melds"), card=card(layout.discard),
                tiplu=card(ti), jhiplu=card(jh), poplu=card(po), rank=ti.rank_name),
            msg("mar.maal_head")]
    for s in st.players:
        p = points_detail[s]
        status = ("mar.seen" if st.seen[s] else "mar.unseen") + ("_out" if s == winner else "")
        line = msg("mar.maal_line", player=Seat(s), status=msg(status), points=raw[s])
        if p.items:
            line = msg("mar.with_items", text=line, items=joined(msg("mar.item", label=label, points=v)
                                                                 for label, v in p.items))
        if adjusted[s] != raw[s]:
            how = msg("mar.how_void" if st.opts.unseen_maal == "void" else "mar.how_kidnap")
            line = msg("mar.with_note", text=line, adjusted=adjusted[s], how=how)
        said.append(line)
    said.append(msg("mar.chips_head_rate", rate=cpp) if cpp != 1 else msg("mar.chips_head"))
    seen_w, unseen_w = st.opts.seen_payment, st.opts.unseen_payment
    extra = st.opts.dublee_finish_bonus if dublee_finish else 0
    game = joined(msg("mar.owed_of", player=Seat(i), points=(seen_w if st.seen[i] else unseen_w) + extra)
                  for i in owed)
    said.append(msg("mar.game_pay_bonus" if dublee_finish else "mar.game_pay", player=Seat(winner), seen=seen_w,
                    unseen=unseen_w, bonus=extra, owed=game))
    diffs = []
    ordered = sorted(st.players, key=lambda s: -adjusted[s])
    for a_i, hi in enumerate(ordered):
        for lo in ordered[a_i + 1:]:
            d = adjusted[hi] - adjusted[lo]
            if d:
                diffs.append(msg("mar.diff", payer=Seat(lo), payee=Seat(hi), points=d))
    said.append(msg("mar.maal_pairs", diffs=joined(diffs)) if diffs else msg("mar.maal_equal"))
    if transfers:
        net = Join(tuple(msg("mar.pays", payer=Seat(p), payee=Seat(q), chips=a) for p, q, a in transfers), "semi")
        said.append(msg("mar.through_winner", player=Seat(winner), transfers=net))
    else:
        said.append(msg("mar.cancels"))
    for i, x in owed.items():
        paid = sum(a for p, q, a in transfers if (p, q) in ((i, winner), (winner, i)))
        if paid < abs(x):
            said.append(msg("mar.short", player=Seat(i if x > 0 else winner), owed=abs(x), paid=paid))
    others = [s for s in st.players if s != winner]
    if others:
        said.append(msg("mar.their_cards"))
        said += [msg("mar.cards_of", player=Seat(s), cards=cards(sorted(owned(st, s)))) for s in others]
    return said


def _settle(st: MarriageState, winner: int, layout: FinishResult, going_out: list[list[Card]],
            new: list[list[Card]]) -> list[Event]:
    """MAR-17 … MAR-25: reveal, score every player, settle in chips."""
    assert st.tiplu is not None
    points_detail: dict[int, Points] = {}
    raw: dict[int, int] = {}
    for s in st.players:
        hold = owned(st, s)
        exposed = going_out if s == winner else st.shown[s]
        p = maal_points(hold, st.declared[s], exposed, st.tiplu, st.opts)
        points_detail[s] = p
        raw[s] = p.total
    dublee_finish = layout.route == DUBLEE
    adjusted = adjust_unseen(raw, {s: st.seen[s] for s in st.players}, winner, st.opts.unseen_maal)
    owed = owed_amounts(adjusted, {s: st.seen[s] for s in st.players}, winner, dublee_finish, st.opts)
    order = []
    s = winner
    for _ in range(len(st.players) - 1):
        s = next_in(st, st.players, s)
        order.append(s)
    before = {s: st.stacks[s] for s in st.players}
    transfers = settle(owed, winner, before, order, st.opts.short_stack_rule)
    for payer, payee, amount in transfers:
        st.stacks[payer] -= amount
        st.stacks[payee] += amount
    said = _summary_lines(st, winner, layout, points_detail, raw, adjusted, owed, transfers)
    st.result = {
        "abandoned": False, "winner": winner, "route": layout.route, "tiplu": str(st.tiplu),
        "melds": [card_texts(list(m)) for m in layout.melds],
        "dublees": [card_texts(list(d)) for d in layout.dublees],
        "discard": str(layout.discard),
        "points": {str(s): raw[s] for s in st.players},
        "adjusted": {str(s): adjusted[s] for s in st.players},
        "items": {str(s): [[to_json(label), v] for label, v in points_detail[s].items] for s in st.players},
        "owed": {str(i): x for i, x in owed.items()},
        "transfers": [[p, q, a] for p, q, a in transfers],
        "hands": {str(s): card_texts(sorted(owned(st, s))) for s in st.players},
    }
    # the winner's new melds go on the table
    for m in new:
        for c in m:
            st.hands[winner].remove(c)
    if layout.route == NORMAL:
        st.shown[winner] = st.shown[winner] + new
    else:
        st.dublees[winner] = st.dublees[winner] + new
    events = [Event("summary", lines(said), data={
        "winner": winner, "points": {str(s): adjusted[s] for s in st.players},
        "transfers": [[p, q, a] for p, q, a in transfers]})]
    return events + end_deal(st)
