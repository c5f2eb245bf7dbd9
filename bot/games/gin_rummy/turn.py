"""A player's turn (GIN-7 … GIN-14): what they may do, what a timeout does, and playing it.

Every function checks before it changes anything, so an illegal action changes nothing.
"""

from __future__ import annotations

from ..actions import Action
from ..base import Event, IllegalAction
from ..cards import Card
from ..messages import Seat, card, msg
from ..moves import Moves, move
from .actions import Arrangement, Discard, DrawStock, Knock, Pass, Resign, ShowMelds, TakeDiscard
from .hand_end import finish_match, showdown, void_hand
from .melds import VALUE, discard_deadwoods, min_deadwood, normalise
from .phases import Phase
from .showdown import auto_best, knocker_options
from .state import GinState


def legal_actions(s: GinState, seat: int) -> list[Action]:
    """Resigning (GIN-22) is added by the caller."""
    top = s.pile[-1] if s.pile else None
    if s.phase == Phase.FIRST_OFFER and top is not None:
        return [TakeDiscard(top), Pass(top)]
    if s.phase == Phase.DRAW:
        out: list[Action] = [DrawStock()]
        if top is not None and top != s.refused:
            out.append(TakeDiscard(top))
        return out
    if s.phase == Phase.DISCARD:
        dws = discard_deadwoods(s.hands[seat])
        cards = sorted(c for c in s.hands[seat] if s.may_discard(c))
        knocks: list[Action] = [Knock(c, dws[c]) for c in cards if dws[c] <= s.opts.knock_limit]
        gin_forced = s.opts.gin_mandatory
        return knocks + [Discard(c) for c in cards if not (gin_forced and dws[c] == 0)]
    if s.phase == Phase.ARRANGE:
        return [ShowMelds(Arrangement(a)) for a in knocker_options(s.hands[seat])]
    return []


def timeout_action(s: GinState, seat: int) -> Action:
    """GIN-22: pass the first offer, draw from the stock, discard the card leaving the least
    deadwood (ties: higher value, higher rank, suit order); never knock, except the automatic
    gin of GIN-11. A timed-out knocker shows the `auto_best` melds."""
    if seat != s.turn or s.phase == Phase.OVER:
        raise IllegalAction(msg("err.not_your_turn"), rule="GIN-22")
    if s.phase == Phase.FIRST_OFFER:
        return Pass(s.pile[-1])
    if s.phase == Phase.DRAW:
        return DrawStock()
    if s.phase == Phase.DISCARD:
        dws = discard_deadwoods(s.hands[seat])
        cards = [c for c in s.hands[seat] if s.may_discard(c)]
        card = min(cards, key=lambda c: (dws[c], -VALUE[c.rank], -c.rank, c.suit_index))
        if dws[card] == 0 and s.opts.gin_mandatory:
            return Knock(card, 0)
        return Discard(card)
    arrangement, _ = auto_best(s.hands[seat], s.hands[1 - seat], False)
    return ShowMelds(Arrangement(arrangement))


# --- moves: each verified, then performed (`moves.Moves`) ------------------------------------

_ASKED: dict[Phase, tuple[str, str]] = {
    Phase.FIRST_OFFER: ("err.gin.take_or_pass", "GIN-7"), Phase.DRAW: ("err.gin.draw_first", "GIN-8"),
    Phase.DISCARD: ("err.gin.discard_or_knock", "GIN-8"), Phase.ARRANGE: ("err.gin.choose_melds", "GIN-14")}
"""What each phase asks for, said to a seat that tries another kind of move."""


def _asked(s: GinState) -> IllegalAction:
    key, rule = _ASKED[s.phase]
    return IllegalAction(msg(key), rule=rule)


def _expect(s: GinState, phase: Phase) -> None:
    if s.phase != phase:
        raise _asked(s)


def verify_turn(s: GinState, seat: int) -> None:
    if s.phase == Phase.OVER:
        raise IllegalAction(msg("err.gin.match_over"), rule="GIN-19")
    if seat not in (0, 1):
        raise IllegalAction(msg("err.table.not_seated"))
    if seat != s.turn:
        raise IllegalAction(msg("err.wait_for", player=Seat(s.turn)), rule="GIN-8")


def _verify_upcard(s: GinState, offered: Card) -> None:
    top = s.pile[-1]
    if offered != top:
        raise IllegalAction(msg("err.gin.upcard", card=card(top)), rule="GIN-7")


def verify_pass(s: GinState, seat: int, action: Pass) -> None:
    _expect(s, Phase.FIRST_OFFER)
    _verify_upcard(s, action.card)


def pass_upcard(s: GinState, seat: int, action: Pass) -> list[Event]:
    top = s.pile[-1]
    events = [Event("pass", msg("gin.pass", player=Seat(seat), card=card(top)), seat)]
    if s.opts.first_turn == "classic" and s.passes == 0:
        s.passes = 1                 # classic: the dealer may now take it or pass
    else:
        if s.opts.first_turn == "classic":
            s.refused = top          # both passed: it may not be taken (GIN-7)
        s.phase = Phase.DRAW         # source: the dealer's normal turn; classic: the
    s.turn = 1 - seat                # non-dealer draws from the stock
    return events


def verify_take(s: GinState, seat: int, action: TakeDiscard) -> None:
    if s.phase == Phase.FIRST_OFFER:
        _verify_upcard(s, action.card)
        return
    _expect(s, Phase.DRAW)
    top = s.pile[-1] if s.pile else None
    if top is None or action.card != top:
        shown = card(top) if top else msg("err.nothing")
        raise IllegalAction(msg("err.top_discard_only", card=shown), rule="GIN-8")
    if top == s.refused:
        raise IllegalAction(msg("err.gin.refused_upcard", card=card(top)), rule="GIN-7")


def take(s: GinState, seat: int, action: TakeDiscard) -> list[Event]:
    return _take_pile(s, seat)


def verify_draw(s: GinState, seat: int, action: DrawStock) -> None:
    _expect(s, Phase.DRAW)


def draw(s: GinState, seat: int, action: DrawStock) -> list[Event]:
    drawn = s.stock.pop(0)
    s.hands[seat].append(drawn)
    s.pickup = None
    s.refused = None
    s.phase = Phase.DISCARD
    events = [Event("draw", msg("gin.draw", player=Seat(seat), left=len(s.stock)), seat),
              Event("drew", msg("gin.drew", card=card(drawn)), seat, private_to=seat,
                    data={"card": str(drawn)})]
    return events + _check_big_gin(s, seat)


def _take_pile(s: GinState, seat: int) -> list[Event]:
    taken = s.pile.pop()
    s.hands[seat].append(taken)
    s.taken[seat].append(taken)
    s.pickup = taken
    s.refused = None
    s.phase = Phase.DISCARD
    events = [Event("take", msg("gin.take", player=Seat(seat), card=card(taken)), seat,
                    data={"card": str(taken)})]
    return events + _check_big_gin(s, seat)


def _check_big_gin(s: GinState, seat: int) -> list[Event]:
    """GIN-12: with the option on, 11 melded cards end the hand at once."""
    if s.opts.big_gin and min_deadwood(s.hands[seat]) == 0:
        return showdown(s, seat, None, big_gin=True)
    return []


def _verify_throw(s: GinState, seat: int, thrown: Card) -> None:
    _expect(s, Phase.DISCARD)
    if thrown not in s.hands[seat]:
        raise IllegalAction(msg("err.not_held", card=card(thrown)), rule="GIN-8")
    if not s.may_discard(thrown):
        raise IllegalAction(msg("err.gin.just_taken", card=card(thrown)), rule="GIN-9")


def verify_discard(s: GinState, seat: int, action: Discard) -> None:
    _verify_throw(s, seat, action.card)


def discard(s: GinState, seat: int, action: Discard) -> list[Event]:
    thrown = action.card
    rest = [c for c in s.hands[seat] if c != thrown]
    if s.opts.gin_mandatory and min_deadwood(rest) == 0:
        return _knock(s, seat, thrown)   # GIN-11: the discard makes gin
    s.hands[seat] = rest
    s.pile.append(thrown)
    s.pickup = None
    events = [Event("discard", msg("gin.discard", player=Seat(seat), card=card(thrown)), seat,
                    data={"card": str(thrown)})]
    if len(s.stock) == 2:
        return events + void_hand(s)
    s.turn = 1 - seat
    s.phase = Phase.DRAW
    return events


def verify_knock(s: GinState, seat: int, action: Knock) -> None:
    thrown = action.card
    _verify_throw(s, seat, thrown)
    dw = min_deadwood([c for c in s.hands[seat] if c != thrown])
    limit = s.opts.knock_limit
    if dw > limit:
        raise IllegalAction(msg("err.gin.knock_limit", limit=limit, card=card(thrown), deadwood=dw), rule="GIN-10")
    if action.deadwood != dw:
        raise IllegalAction(msg("err.gin.knock_changed", card=card(thrown), deadwood=dw, claimed=action.deadwood),
                            rule="GIN-10")


def knock(s: GinState, seat: int, action: Knock) -> list[Event]:
    return _knock(s, seat, action.card)


def _knock(s: GinState, seat: int, thrown: Card) -> list[Event]:
    s.hands[seat] = [c for c in s.hands[seat] if c != thrown]
    s.pickup = None
    dw = min_deadwood(s.hands[seat])
    s.knock = {"knocker": seat, "discard": str(thrown), "deadwood": dw}
    said = msg("gin.goes_gin", player=Seat(seat)) if dw == 0 else \
        msg("gin.knocks", player=Seat(seat), deadwood=dw)
    events = [Event("knock", said, seat, data={"deadwood": dw}),
              Event("knock_discard", msg("gin.knock_discard", card=card(thrown)), seat, private_to=seat)]
    # GIN-14 player_choice: only a real choice is asked for (against gin nothing is laid
    # off, so every arrangement scores the same).
    if s.opts.knocker_arrangement == "player_choice" and dw > 0 \
            and len(knocker_options(s.hands[seat])) > 1:
        s.phase = Phase.ARRANGE
        return events
    return events + showdown(s, seat, None)


def verify_show(s: GinState, seat: int, action: ShowMelds) -> None:
    _expect(s, Phase.ARRANGE)
    # Any writing of a collection reaching K is that collection (melds and cards in any
    # order, adjacent runs split or not): compare canonical forms.
    if normalise(action.arrangement.melds) not in knocker_options(s.hands[seat]):
        deadwood = s.knock["deadwood"] if s.knock else 0
        raise IllegalAction(msg("err.gin.melds_mismatch", deadwood=deadwood), rule="GIN-14")


def show(s: GinState, seat: int, action: ShowMelds) -> list[Event]:
    return showdown(s, seat, normalise(action.arrangement.melds))


def verify_resign(s: GinState, seat: int, action: Resign) -> None:
    """GIN-22: a seat may resign whenever it is to act."""


def resign(s: GinState, seat: int, action: Resign) -> list[Event]:
    return finish_match(s, 1 - seat, forfeit=seat)


MOVES: Moves[GinState] = Moves({
    Pass: move(verify_pass, pass_upcard), TakeDiscard: move(verify_take, take),
    DrawStock: move(verify_draw, draw), Discard: move(verify_discard, discard), Knock: move(verify_knock, knock),
    ShowMelds: move(verify_show, show), Resign: move(verify_resign, resign),
}, verify_turn, _asked)
"""Every kind of move of a Gin Rummy turn."""
