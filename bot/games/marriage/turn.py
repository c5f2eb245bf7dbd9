"""Who acts, what they may do, and each move of a deal: declaring dealt tunnelas (MAR-4),
drawing or taking the discard (MAR-5 … MAR-7), going out (MAR-13) and discarding, with the
timeout move (MAR-18). Every move checks first, then changes the state, so an illegal one
changes nothing."""

from __future__ import annotations

from ..actions import Action, Discard, DrawStock, TakeDiscard
from ..base import Event, IllegalAction
from ..cards import Card, card_texts
from ..messages import Join, Seat, card, cards, joined, msg
from ..moves import Moves, move
from .actions import DeclareDone, DeclareTunnela, EndGame, Finish, NextDeal, Show, ShowDublees, TakeAndFinish
from .deal import rebuild
from .going_out import finishers, go_out
from .phases import Phase
from .restrictions import TakeStatus, banned, declarable, discard_choices, take_status
from .seats import end_game, next_deal, verify_end_game, verify_next_deal
from .shows import dublee_show_ok, show, show_dublees, show_options, verify_dublees, verify_show
from .state import MarriageState
from .table import drawable, eligible, need_phase, next_in

# Module constants: an enum member lookup is slow on Python 3.11, and these are on the hot path.
DECLARE, PLAY, BETWEEN, OVER = Phase.DECLARE, Phase.PLAY, Phase.BETWEEN, Phase.OVER
DONE = DeclareDone()
DRAW = DrawStock()


def to_act(st: MarriageState) -> list[int]:
    phase = st.phase
    if phase == PLAY:
        return [st.turn]
    if phase == DECLARE:
        return list(st.declare_pending)
    if phase == BETWEEN:
        seats = eligible(st)
        if len(seats) == 1:  # only in a state saved by an older version: EndGame closes it
            return seats
        if not seats:
            return []
        return [next_in(st, seats, st.dealer if st.dealer is not None else -1)]
    return []


def legal_actions(st: MarriageState, seat: int) -> list[Action]:
    if seat not in to_act(st):
        return []
    if st.phase == DECLARE:
        return [DeclareTunnela(c) for c in declarable(st, seat)] + [DONE]
    if st.phase == BETWEEN:
        return [NextDeal()] if len(eligible(st)) >= 2 else [EndGame()]
    acts: list[Action] = []
    if not st.drawn:
        if st.opts.tunnela_declare_window == "before_own_first_draw" and not st.first_turn_done[seat]:
            acts += [DeclareTunnela(c) for c in declarable(st, seat)]
        acts.append(DRAW)
        top = st.pile[-1][0]
        status = take_status(st, seat)[0]
        if status == "yes":
            acts.append(TakeDiscard(top))
        elif status == "finish":
            acts += [TakeAndFinish(top, d) for d in finishers(st, seat, extra=top, taken=top)]
        return acts
    if st.route[seat] is None:
        if show_options(st, seat):
            acts.append(Show())
        if dublee_show_ok(st, seat):
            acts.append(ShowDublees())
    else:
        acts += [Finish(d) for d in finishers(st, seat, taken=st.taken)]
    acts += [Discard(c) for c in discard_choices(st, seat)]
    return acts


def timeout_action(st: MarriageState, seat: int) -> Action:
    """MAR-18: draw from the stock; discard the card drawn if allowed, else the last allowed card."""
    legal = legal_actions(st, seat)
    if st.phase == DECLARE:
        return DONE
    if st.phase == BETWEEN:
        return legal[0]
    if not st.drawn:
        return DRAW
    discards = [a for a in legal if isinstance(a, Discard)]
    if st.drawn_card is not None:
        for a in discards:
            if a.card.face == st.drawn_card.face:
                return a
    return discards[-1]


# --- moves: each verified, then performed (`moves.Moves`) ------------------------------------

def verify_turn(st: MarriageState, seat: int) -> None:
    if st.phase == OVER:
        raise IllegalAction(msg("err.game_over"), rule="MAR-17")
    if seat not in to_act(st):
        if st.phase == PLAY:
            raise IllegalAction(msg("err.wait_for", player=Seat(st.turn)), rule="MAR-5")
        raise IllegalAction(msg("err.nothing_asked"), rule="MAR-5")


def _not_an_action(st: MarriageState) -> IllegalAction:
    return IllegalAction(msg("err.mar.not_an_action"), rule="MAR-5")


def verify_declare(st: MarriageState, seat: int, a: DeclareTunnela) -> None:
    if st.phase == PLAY:
        if st.opts.tunnela_declare_window != "before_own_first_draw" or st.first_turn_done[seat] or st.drawn:
            raise IllegalAction(msg("err.mar.declare_before_play"), rule="MAR-4")
    else:
        need_phase(st, DECLARE, "declare_tunnela")
    if sum(1 for c in st.hands[seat] if c.face == a.card.face) != 3:
        raise IllegalAction(msg("err.mar.not_three", card=card(a.card)), rule="MAR-4")


def declare(st: MarriageState, seat: int, a: DeclareTunnela) -> list[Event]:
    group = [c for c in st.hands[seat] if c.face == a.card.face]
    for c in group:
        st.hands[seat].remove(c)
    st.declared[seat].append(sorted(group))
    if st.phase == DECLARE:
        return [Event("declare", msg("mar.declare_private", cards=cards(sorted(group))), seat=seat,
                      private_to=seat)]
    return [Event("declare", msg("mar.declare", player=Seat(seat), cards=cards(sorted(group))), seat=seat,
                  data={"cards": card_texts(group)})]


def verify_declare_done(st: MarriageState, seat: int, a: DeclareDone) -> None:
    need_phase(st, DECLARE, "finish_declaring")


def declare_done(st: MarriageState, seat: int, a: DeclareDone) -> list[Event]:
    st.declare_pending.remove(seat)
    if st.declare_pending:
        return []
    st.phase = PLAY
    parts = Join(tuple(msg("mar.declared_of", player=Seat(s), melds=joined(cards(sorted(m)) for m in st.declared[s]))
                       for s in st.players if st.declared[s]), "semi")
    return [Event("declared", msg("mar.declared", tunnelas=parts if parts.items else msg("mar.none"),
                                  player=Seat(st.turn)))]


def verify_draw(st: MarriageState, seat: int, a: DrawStock) -> None:
    need_phase(st, PLAY, "draw")
    if st.drawn:
        raise IllegalAction(msg("err.mar.already_drawn"), rule="MAR-5")


def draw(st: MarriageState, seat: int, a: DrawStock) -> list[Event]:
    drawn = st.stock.pop(0)
    st.hands[seat].append(drawn)
    st.hands[seat].sort()
    st.drawn, st.drawn_card, st.taken = True, drawn, None
    st.first_turn_done[seat] = True
    return [Event("draw", msg("mar.draw", player=Seat(seat)), seat=seat),
            Event("drew", msg("mar.drew", card=card(drawn)), seat=seat, private_to=seat)]


def _verify_take(st: MarriageState, seat: int, wanted: Card) -> TakeStatus:
    need_phase(st, PLAY, "take_discard")
    if st.drawn:
        raise IllegalAction(msg("err.mar.already_drawn"), rule="MAR-5")
    top = st.pile[-1][0]
    if wanted != top:
        raise IllegalAction(msg("err.top_discard_only", card=card(top)), rule="MAR-6")
    status, reason, rule = take_status(st, seat)
    if status == "no":
        assert reason is not None
        raise IllegalAction(reason, rule=rule)
    return status


def _take_top(st: MarriageState, seat: int, taken: Card) -> None:
    st.pile.pop()
    st.hands[seat].append(taken)
    st.hands[seat].sort()
    st.drawn, st.drawn_card, st.taken = True, None, taken


def verify_take(st: MarriageState, seat: int, a: TakeDiscard) -> None:
    if _verify_take(st, seat, a.card) == "finish":
        raise IllegalAction(msg("err.mar.take_to_finish", why=take_status(st, seat)[1] or ""), rule="MAR-6")


def take(st: MarriageState, seat: int, a: TakeDiscard) -> list[Event]:
    _take_top(st, seat, a.card)
    st.first_turn_done[seat] = True
    return [Event("take", msg("mar.take", player=Seat(seat), card=card(a.card)), seat=seat,
                  data={"card": str(a.card)})]


def verify_take_and_finish(st: MarriageState, seat: int, a: TakeAndFinish) -> None:
    _verify_take(st, seat, a.card)
    if st.route[seat] is None:
        raise IllegalAction(msg("err.mar.show_first"), rule="MAR-13")
    if a.discard not in finishers(st, seat, extra=a.card, taken=a.card):
        raise IllegalAction(msg("err.mar.take_no_finish", card=card(a.card), discard=card(a.discard)),
                            rule="MAR-6")


def take_and_finish(st: MarriageState, seat: int, a: TakeAndFinish) -> list[Event]:
    _take_top(st, seat, a.card)
    events = [Event("take", msg("mar.take_out", player=Seat(seat), card=card(a.card)),
                    seat=seat, data={"card": str(a.card)})]
    return events + go_out(st, seat, a.discard)


def verify_finish(st: MarriageState, seat: int, a: Finish) -> None:
    need_phase(st, PLAY, "go_out")
    if not st.drawn:
        raise IllegalAction(msg("err.mar.draw_then_go_out"), rule="MAR-5")
    if st.route[seat] is None:
        raise IllegalAction(msg("err.mar.show_then_go_out"), rule="MAR-13")
    if a.discard not in st.hands[seat]:
        raise IllegalAction(msg("err.mar.not_in_hand", card=card(a.discard)), rule="MAR-13")
    if not any(c.face == a.discard.face for c in finishers(st, seat, taken=st.taken)):
        raise IllegalAction(msg("err.mar.discard_no_finish", card=card(a.discard)), rule="MAR-13")


def finish(st: MarriageState, seat: int, a: Finish) -> list[Event]:
    return go_out(st, seat, a.discard)


def verify_discard(st: MarriageState, seat: int, a: Discard) -> None:
    need_phase(st, PLAY, "discard")
    if not st.drawn:
        raise IllegalAction(msg("err.mar.draw_first"), rule="MAR-5")
    if a.card not in st.hands[seat]:
        raise IllegalAction(msg("err.mar.not_in_hand_exposed", card=card(a.card)), rule="MAR-5")
    if st.taken is not None and banned(st, a.card):
        key = "err.mar.taken_ban" if st.opts.taken_card_discard_ban == "copy" else "err.mar.taken_ban_face"
        raise IllegalAction(msg(key, card=card(st.taken)), rule="MAR-7")


def discard(st: MarriageState, seat: int, a: Discard) -> list[Event]:
    st.hands[seat].remove(a.card)
    st.pile.append((a.card, seat, st.seen[seat]))
    events = [Event("discard", msg("mar.discard", player=Seat(seat), card=card(a.card)), seat=seat,
                    data={"card": str(a.card)})]
    st.turn = next_in(st, st.players, seat)
    st.drawn, st.taken, st.drawn_card = False, None, None
    if drawable(st) == 0:
        events += rebuild(st)
    return events


MOVES: Moves[MarriageState] = Moves({
    DeclareTunnela: move(verify_declare, declare), DeclareDone: move(verify_declare_done, declare_done),
    DrawStock: move(verify_draw, draw), TakeDiscard: move(verify_take, take),
    TakeAndFinish: move(verify_take_and_finish, take_and_finish), Show: move(verify_show, show),
    ShowDublees: move(verify_dublees, show_dublees), Finish: move(verify_finish, finish),
    Discard: move(verify_discard, discard), NextDeal: move(verify_next_deal, next_deal),
    EndGame: move(verify_end_game, end_game),
}, verify_turn, _not_an_action)
"""Every kind of move of a Marriage deal and between deals."""
