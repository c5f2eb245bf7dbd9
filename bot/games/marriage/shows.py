"""Shows: three pure sets (MAR-8) or seven dublees (MAR-9), and the tiplu they reveal (MAR-10).

A mixin of `Marriage`: the engine picks the sets, so a player never arranges cards by hand.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, IllegalAction, player
from ..cards import Card, deal_rng, group_texts, pretty_cards
from .actions import Show, ShowDublees
from .finish import DUBLEE, NORMAL, FinishResult, check_finish
from .layout import cohesion, dublee_faces, pure_set_options, take_faces
from .melds import PURE_TYPES, classify_meld, face_of, maal_faces, wild_faces
from .scoring import maal_points


def _meld_text(m: list[Card]) -> str:
    return pretty_cards(sorted(m))


class Shows:
    """Show actions and the choice of the tiplu."""

    opts: dict[str, Any]
    hands: list[list[Card]]
    declared: list[list[list[Card]]]
    shown: list[list[list[Card]]]
    dublees: list[list[list[Card]]]
    route: list[str | None]
    seen: list[bool]
    stock: list[Card]
    pile: list[tuple[Card, int | None, bool]]
    tiplu: Card | None
    taken: Card | None
    drawn: bool
    _cache: dict[Any, Any]

    def _tiplu_possible(self) -> bool:
        """A first show needs a card to become the indicator (MAR-10, MAR-16)."""
        return self.tiplu is not None or bool(self.stock) or len(self.pile) >= 2

    def _show_options(self, seat: int) -> bool:
        if not self._tiplu_possible():
            return False
        key = ("show", seat, len(self.hands[seat]))
        if key not in self._cache:
            self._cache[key] = bool(pure_set_options(self.hands[seat], self._show_need(seat), limit=1))
        return self._cache[key]

    def _next_tiplu_face(self) -> int | None:
        """The indicator's face as it is, or as the next show would pick it (MAR-10, MAR-16):
        the middle card of the stock, after the rebuild an empty stock gets first. The rebuild
        shuffle is seeded, so this is exactly the card `_choose_tiplu` will take."""
        if self.tiplu is not None:
            return face_of(self.tiplu)
        stock = self.stock
        if not stock:
            if len(self.pile) < 2:
                return None
            stock = [c for c, _, _ in self.pile[:-1]]
            deal_rng(self.seed, f"{self.deal_no}:rebuild:{self.rebuilds}").shuffle(stock)
        return face_of(stock[len(stock) // 2])

    def _dublee_barred(self) -> frozenset[int]:
        """Faces that may not be part of a dublee at all (MAR-12, `dublee_wild_as_itself = false`)."""
        if self.opts["dublee_wild_as_itself"]:
            return frozenset()
        return wild_faces(self._next_tiplu_face())

    def _dublee_show_ok(self, seat: int) -> bool:
        if not self._dublee_allowed() or not self._tiplu_possible():
            return False
        barred = self._dublee_barred()
        n = len(dublee_faces(self.hands[seat], exclude=barred))
        if self.opts["declared_tunnela_counts_as_dublee"]:
            n += sum(1 for t in self.declared[seat] if face_of(t[0]) not in barred)
        return n >= 7

    def _choose_tiplu(self) -> list[Event]:
        """MAR-10: the card at position ⌊L/2⌋ of the stock becomes the indicator, at the bottom."""
        events: list[Event] = []
        if not self.stock:
            events += self._rebuild(force=True)
        idx = len(self.stock) // 2
        self.tiplu = self.stock.pop(idx)
        self.stock.append(self.tiplu)
        return events

    def _show(self, seat: int, a: Show) -> list[Event]:
        self._need_phase("play", "show")
        if not self.drawn or self.route[seat] is not None:
            raise IllegalAction("You can show once, after drawing." if self.route[seat] is None
                                else "You have already shown.", rule="MAR-8")
        need = self._show_need(seat)
        options = pure_set_options(self.hands[seat], need)
        if not options:
            raise IllegalAction(f"You need {need} pure sets (tunnelas or same-suit sequences, no wild cards) "
                                f"to show.", rule="MAR-8")
        events = []
        first = self.tiplu is None
        if first:
            events += self._choose_tiplu()
        chosen = self._pick_show(seat, options)
        flat = [f for t in chosen for f in t]
        cards, rest = take_faces(self.hands[seat], flat)
        self.hands[seat] = rest
        self.shown[seat] = [sorted(cards[i:i + 3]) for i in range(0, len(cards), 3)]
        self.route[seat] = NORMAL
        self.seen[seat] = True
        shown = "; ".join(_meld_text(m) for m in self.shown[seat]) or "their declared tunnelas"
        events.append(Event("show", f"{player(seat)} shows {shown} and sees the tiplu.", seat=seat,
                            data={"melds": group_texts(self.shown[seat])}))
        events.append(self._tiplu_event(seat, first))
        return events

    def _tiplu_event(self, seat: int, first: bool) -> Event:
        assert self.tiplu is not None
        jh, ti, po = (Card(f % 13 + 1, "SHDC"[f // 13]) for f in maal_faces(face_of(self.tiplu)))
        how = "was picked from the middle of the stock" if first else "is"
        return Event("tiplu", f"The tiplu {how}: {ti.pretty} (jhiplu {jh.pretty}, poplu {po.pretty}). "
                              f"All {ti.rank_name}s, {jh.pretty} and {po.pretty} are wild for you.",
                     seat=seat, private_to=seat, data={"tiplu": str(self.tiplu)})

    def _pick_show(self, seat: int, options: list[list[tuple[int, int, int]]]) -> list[tuple[int, int, int]]:
        """The pure sets to show: those of a finishing layout when the hand already finishes (so
        showing never spoils going out), else the choice that leaves the best-knit hand."""
        need = self._show_need(seat)
        if need == 0:
            return []
        owned = self._owned(seat)
        res = self._best_finish_for_show(seat, owned) if len(owned) == 22 else FinishResult(False)
        if res.finishing:
            pure = [tuple(sorted(face_of(c) for c in m)) for m in res.melds[len(self.declared[seat]):]
                    if classify_meld(m, None) in PURE_TYPES]
            if len(pure) >= need:
                return pure[:need]  # type: ignore[return-value]
        hand_faces = [face_of(c) for c in self.hands[seat]]
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

    def _best_finish_for_show(self, seat: int, owned: list[Card]) -> FinishResult:
        """MAR-27: when the hand already finishes, the layout (any discard) worth the most maal,
        so that the pure sets shown never break a marriage the player could go out with."""
        opts = self._finish_options()
        best, best_pts = FinishResult(False), None
        for m in (0, 1, 2, -1):
            res = check_finish(owned, self.tiplu, self.declared[seat], (), NORMAL, self.taken, opts, marriages=m)
            if not res.finishing:
                continue
            hold = [c for c in owned if c != res.discard]
            exposed = [list(x) for x in res.melds[len(self.declared[seat]):]]
            pts = maal_points(hold, self.declared[seat], exposed, self.tiplu, self.opts).total
            if best_pts is None or pts > best_pts:
                best, best_pts = res, pts
        return best

    def _show_dublees(self, seat: int, a: ShowDublees) -> list[Event]:
        self._need_phase("play", "show dublees")
        if not self.drawn or self.route[seat] is not None:
            raise IllegalAction("You can show once, after drawing." if self.route[seat] is None
                                else "You have already shown.", rule="MAR-9")
        if not self._dublee_allowed():
            raise IllegalAction("The dublee route is not played at this table.", rule="MAR-9")
        if not self._dublee_show_ok(seat):
            raise IllegalAction("You need seven dublees (pairs of identical cards) in your hand.", rule="MAR-9")
        events = []
        first = self.tiplu is None
        if first:
            events += self._choose_tiplu()
        barred = self._dublee_barred()  # MAR-12: with the option off, no wild card in a dublee
        faces = dublee_faces(self.hands[seat], exclude=barred)
        from_tunnelas: list[list[Card]] = []
        if self.opts["declared_tunnela_counts_as_dublee"]:
            short = max(0, 7 - len(faces))
            from_tunnelas = [t[:2] for t in self.declared[seat] if face_of(t[0]) not in barred][:short]
        faces = sorted(faces[:7 - len(from_tunnelas)])
        cards, rest = take_faces(self.hands[seat], [f for f in faces for _ in range(2)])
        self.hands[seat] = rest
        self.dublees[seat] = [cards[i:i + 2] for i in range(0, len(cards), 2)] + from_tunnelas
        self.route[seat] = DUBLEE
        self.seen[seat] = True
        events.append(Event("show_dublees", f"{player(seat)} shows seven dublees: "
                            f"{'; '.join(_meld_text(d) for d in self.dublees[seat])}, and sees the tiplu.",
                            seat=seat, data={"dublees": group_texts(self.dublees[seat])}))
        events.append(self._tiplu_event(seat, first))
        return events
