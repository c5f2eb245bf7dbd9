"""Shows: three pure sets (MAR-8) or seven dublees (MAR-9), and the tiplu they reveal (MAR-10).

The engine picks the sets, so a player never arranges cards by hand.
"""

from __future__ import annotations

from functools import lru_cache

from ..base import Event, IllegalAction
from ..cards import Card, deal_rng, group_texts
from ..messages import Join, Seat, card, cards, msg
from .actions import Show, ShowDublees
from .deal import rebuild
from .finish import DUBLEE, NORMAL
from .going_out import most_maal
from .layout import cohesion, dublee_faces, pure_set_options, take_faces
from .melds import PURE_TYPES, classify_meld, face_of, maal_faces, wild_faces
from .phases import Phase
from .state import MarriageState
from .table import dublee_allowed, need_phase, owned, show_need

PLAY = Phase.PLAY  # a module constant: an enum member lookup is slow on Python 3.11

Faces = tuple[int, int, int]


def tiplu_possible(st: MarriageState) -> bool:
    """A first show needs a card to become the indicator (MAR-10, MAR-16)."""
    return st.tiplu is not None or bool(st.stock) or len(st.pile) >= 2


def show_options(st: MarriageState, seat: int) -> bool:
    """Whether the seat holds the pure sets it still needs to show (MAR-8)."""
    if not tiplu_possible(st):
        return False
    return _holds_pure_sets(tuple(st.hands[seat]), show_need(st, seat))


@lru_cache(maxsize=1024)
def _holds_pure_sets(hand: tuple[Card, ...], need: int) -> bool:
    """Asked for every seat after every move while the hand stays the same."""
    return bool(pure_set_options(hand, need, limit=1))


def next_tiplu_face(st: MarriageState) -> int | None:
    """The indicator's face as it is, or as the next show would pick it (MAR-10, MAR-16):
    the middle card of the stock, after the rebuild an empty stock gets first. The rebuild
    shuffle is seeded, so this is exactly the card `choose_tiplu` will take."""
    if st.tiplu is not None:
        return face_of(st.tiplu)
    stock = st.stock
    if not stock:
        if len(st.pile) < 2:
            return None
        stock = [c for c, _, _ in st.pile[:-1]]
        deal_rng(st.seed, f"{st.deal_no}:rebuild:{st.rebuilds}").shuffle(stock)
    return face_of(stock[len(stock) // 2])


def dublee_barred(st: MarriageState) -> frozenset[int]:
    """Faces that may not be part of a dublee at all (MAR-12, `dublee_wild_as_itself = false`)."""
    if st.opts.dublee_wild_as_itself:
        return frozenset()
    return wild_faces(next_tiplu_face(st))


def dublee_show_ok(st: MarriageState, seat: int) -> bool:
    """Whether the seat can show seven dublees now (MAR-9)."""
    if not dublee_allowed(st) or not tiplu_possible(st):
        return False
    barred = dublee_barred(st)
    n = len(dublee_faces(st.hands[seat], exclude=barred))
    if st.opts.declared_tunnela_counts_as_dublee:
        n += sum(1 for t in st.declared[seat] if face_of(t[0]) not in barred)
    return n >= 7


def choose_tiplu(st: MarriageState) -> list[Event]:
    """MAR-10: the card at position ⌊L/2⌋ of the stock becomes the indicator, at the bottom."""
    events: list[Event] = []
    if not st.stock:
        events += rebuild(st, force=True)
    idx = len(st.stock) // 2
    tiplu = st.tiplu = st.stock.pop(idx)
    st.stock.append(tiplu)
    return events


def _verify_once(st: MarriageState, seat: int, what: str, rule: str) -> None:
    """A player shows once, on their turn, after drawing (MAR-8, MAR-9)."""
    need_phase(st, PLAY, what)
    if not st.drawn or st.route[seat] is not None:
        raise IllegalAction(msg("err.mar.show_after_draw" if st.route[seat] is None else "err.mar.already_shown"),
                            rule=rule)


def verify_show(st: MarriageState, seat: int, a: Show) -> None:
    _verify_once(st, seat, "show", "MAR-8")
    need = show_need(st, seat)
    if not _holds_pure_sets(tuple(st.hands[seat]), need):
        raise IllegalAction(msg("err.mar.need_pure", n=need), rule="MAR-8")


def show(st: MarriageState, seat: int, a: Show) -> list[Event]:
    options = pure_set_options(st.hands[seat], show_need(st, seat))
    events = []
    first = st.tiplu is None
    if first:
        events += choose_tiplu(st)
    chosen = _pick_show(st, seat, options)
    flat = [f for t in chosen for f in t]
    taken, rest = take_faces(st.hands[seat], flat)
    st.hands[seat] = rest
    st.shown[seat] = [sorted(taken[i:i + 3]) for i in range(0, len(taken), 3)]
    st.route[seat] = NORMAL
    st.seen[seat] = True
    shown = Join(tuple(cards(sorted(m)) for m in st.shown[seat]), "semi") if st.shown[seat] \
        else msg("mar.their_tunnelas")
    events.append(Event("show", msg("mar.show", player=Seat(seat), melds=shown), seat=seat,
                        data={"melds": group_texts(st.shown[seat])}))
    events.append(_tiplu_event(st, seat, first))
    return events


def _tiplu_event(st: MarriageState, seat: int, first: bool) -> Event:
    assert st.tiplu is not None
    jh, ti, po = (Card(f % 13 + 1, "SHDC"[f // 13]) for f in maal_faces(face_of(st.tiplu)))
    return Event("tiplu", msg("mar.tiplu_picked" if first else "mar.tiplu_is", tiplu=card(ti), jhiplu=card(jh),
                              poplu=card(po), rank=ti.rank_name),
                 seat=seat, private_to=seat, data={"tiplu": str(st.tiplu)})


def _pick_show(st: MarriageState, seat: int, options: list[list[Faces]]) -> list[Faces]:
    """The pure sets to show: those of a finishing layout when the hand already finishes (so
    showing never spoils going out), else the choice that leaves the best-knit hand."""
    need = show_need(st, seat)
    if need == 0:
        return []
    cards = owned(st, seat)
    # MAR-27: when the hand already finishes, the layout (any discard) worth the most maal, so
    # that the pure sets shown never break a marriage the player could go out with
    res = most_maal(st, seat, cards, st.declared[seat], None) if len(cards) == 22 else None
    if res is not None:
        pure = [_faces(m) for m in res.melds[len(st.declared[seat]):] if classify_meld(m, None) in PURE_TYPES]
        if len(pure) >= need:
            return pure[:need]
    hand_faces = [face_of(c) for c in st.hands[seat]]
    best, best_score = options[0], None
    for opt in options:
        rest = list(hand_faces)
        for t in opt:
            for f in t:
                rest.remove(f)
        score = cohesion(rest)
        if best_score is None or score > best_score:
            best, best_score = opt, score
    return best


def _faces(meld: tuple[Card, ...]) -> Faces:
    a, b, c = sorted(face_of(x) for x in meld)
    return a, b, c


def verify_dublees(st: MarriageState, seat: int, a: ShowDublees) -> None:
    _verify_once(st, seat, "show_dublees", "MAR-9")
    if not dublee_allowed(st):
        raise IllegalAction(msg("err.mar.no_dublees"), rule="MAR-9")
    if not dublee_show_ok(st, seat):
        raise IllegalAction(msg("err.mar.need_dublees"), rule="MAR-9")


def show_dublees(st: MarriageState, seat: int, a: ShowDublees) -> list[Event]:
    events = []
    first = st.tiplu is None
    if first:
        events += choose_tiplu(st)
    barred = dublee_barred(st)  # MAR-12: with the option off, no wild card in a dublee
    faces = dublee_faces(st.hands[seat], exclude=barred)
    from_tunnelas: list[list[Card]] = []
    if st.opts.declared_tunnela_counts_as_dublee:
        short = max(0, 7 - len(faces))
        from_tunnelas = [t[:2] for t in st.declared[seat] if face_of(t[0]) not in barred][:short]
    faces = sorted(faces[:7 - len(from_tunnelas)])
    taken, rest = take_faces(st.hands[seat], [f for f in faces for _ in range(2)])
    st.hands[seat] = rest
    st.dublees[seat] = [taken[i:i + 2] for i in range(0, len(taken), 2)] + from_tunnelas
    st.route[seat] = DUBLEE
    st.seen[seat] = True
    events.append(Event("show_dublees", msg("mar.show_dublees", player=Seat(seat), dublees=Join(
                            tuple(cards(sorted(d)) for d in st.dublees[seat]), "semi")),
                        seat=seat, data={"dublees": group_texts(st.dublees[seat])}))
    events.append(_tiplu_event(st, seat, first))
    return events
