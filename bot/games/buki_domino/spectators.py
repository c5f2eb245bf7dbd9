"""Spectator bets (DOM-23) and the protocol the table service follows for them.

Protocol (the service knows users; the engine knows seats and spectator ids):

1. Request. A user who is not seated asks to back seat p with a chips. The service checks the
   user is not seated and has a ≥ balance, then calls
   `game.place_spectator_bet(user_id, p, a)`, which validates everything else (the option,
   the window "from the deal until the banker places the first tile", one bet per spectator
   per hand, p is a non-banker, `min_bet` ≤ a ≤ `max_bet`, even under `even_bets_only`, and the
   cover check `payout(R_p) + SP(p) + spayout(a) ≤ F`) and raises `IllegalAction` otherwise.
   On success the a chips are held by the table from that moment: the service moves them from
   the user's balance to the table's escrow in the same transaction, and `chips()` shows them
   under `"spectator:<user_id>"`. (The rules move chips "on acceptance"; holding them from the
   request means acceptance can never fail for lack of balance. A refused or lapsed request
   returns them untouched, so the money is never at risk before acceptance.)
2. Decision. While a request is pending the banker is in `to_act()` and has
   `AcceptSpectatorBet(bet_id)` (only while the bank can still cover it) and
   `RefuseSpectatorBet(bet_id)` in `legal_actions`. `timeout_action` refuses the oldest one
   (DOM-27: an unanswered request lapses). When the banker places the first tile, every request
   still pending lapses.
3. Paying out. Whenever chips are owed to spectators (a refusal, a lapse, a win, a refund after
   a draw or when the game ends), they move from `"spectator:<id>"` to
   `"spectator_due:<id>"` in `chips()`. After every `apply`, `cash_out` and
   `place_spectator_bet`, the service calls `game.take_spectator_payouts()`, which returns
   [(user_id, amount), …] and removes those amounts from `chips()`; it credits each balance in
   the same transaction. (`spectator_payouts()` only looks.) `leave` moves no chips: a leaver's
   hand is played out, and the game ends inside the `apply` that settles it, so the payouts of
   that hand and the refunds of the game's end (DOM-25) come out of that `apply`. Take them
   before checking that the escrow is empty at the end of the game.

So at every moment (DOM-26): sum(chips()) = buy-ins − cash-outs + spectator chips in −
spectator chips taken out, and at the end of the game, once the payouts are taken, every chip
is in a seat stack.
"""

from __future__ import annotations

from ..actions import Action
from ..base import Event, IllegalAction
from ..messages import Seat, msg
from .actions import AcceptSpectatorBet, RefuseSpectatorBet
from .errors import bet_between
from .money import backed, payout, spayout
from .phases import Phase
from .state import SEATS, BukiState, SpectatorBet

WINDOW_PHASES = (Phase.DEADLINE, Phase.EARLY_BETS, Phase.PLAY)


def window_open(g: BukiState) -> bool:
    """Whether spectators may ask now (DOM-23): after the limits, before the first tile."""
    return g.opts.spectator_bets and g.phase in WINDOW_PHASES and g.left < 0


def bet_range(g: BukiState, backed_seat: int) -> tuple[int, int] | None:
    """(lowest, highest) amount a new spectator bet on `backed_seat` may have now, or None."""
    if not window_open(g) or not 0 <= backed_seat < SEATS or backed_seat == g.banker:
        return None
    hi = g.max_bet
    while hi >= g.min_bet and not covered(g, backed_seat, hi):
        hi -= 1
    if g.even:
        hi -= hi % 2
    return (g.min_bet, hi) if hi >= g.min_bet else None


def covered(g: BukiState, seat: int, amount: int) -> bool:
    """DOM-23: payout(R_p) + SP(p) + spayout(a) ≤ F, with room for p's own largest bet."""
    r = g.stakes[seat] if g.bets[seat] is not None else g.carried[seat] + g.max_bet
    return payout(g, r) + backed(g, seat) + spayout(g, amount) <= g.stacks[g.banker]


def place(g: BukiState, spectator_id: int, backed_seat: int, amount: int) -> list[Event]:
    """A spectator's request to back `backed_seat` with `amount` chips (see the module doc)."""
    if not g.opts.spectator_bets:
        raise IllegalAction(msg("err.dom.no_spectator_bets"), rule="DOM-23")
    if g.phase == Phase.OVER:
        raise IllegalAction(msg("err.game_over"), rule="DOM-25")
    if g.phase == Phase.LIMITS:
        raise IllegalAction(msg("err.dom.wait_limits"), rule="DOM-15")
    if g.left >= 0:
        raise IllegalAction(msg("err.dom.spectator_closed"), rule="DOM-23")
    if not isinstance(spectator_id, int) or isinstance(spectator_id, bool):
        raise IllegalAction(msg("err.dom.unknown_spectator"), rule="DOM-23")
    if spectator_id in g.spec_seen:
        raise IllegalAction(msg("err.dom.spectator_once"), rule="DOM-23")
    if not isinstance(backed_seat, int) or not 0 <= backed_seat < SEATS or not g.active[backed_seat]:
        raise IllegalAction(msg("err.dom.choose_backed"), rule="DOM-23")
    if backed_seat == g.banker:
        raise IllegalAction(msg("err.dom.back_banker"), rule="DOM-23")
    if not isinstance(amount, int) or isinstance(amount, bool) \
            or not g.min_bet <= amount <= g.max_bet or (g.even and amount % 2):
        raise IllegalAction(bet_between(g, g.min_bet, g.max_bet), rule="DOM-23")
    if not covered(g, backed_seat, amount):
        rng = bet_range(g, backed_seat)
        raise IllegalAction(msg("err.dom.cover_at_most", amount=rng[1]) if rng else msg("err.dom.cover_none"),
                            rule="DOM-19")
    bet_id = g.next_spec_id
    g.next_spec_id += 1
    g.spec_seen.append(spectator_id)
    g.spec.append({"id": bet_id, "spectator": spectator_id, "seat": backed_seat, "amount": amount,
                   "status": "pending"})
    return [Event("spectator_request",
                  msg("dom.spectator_request", spectator=f"<@{spectator_id}>", amount=amount,
                      player=Seat(backed_seat), bet=bet_id, banker=Seat(g.banker)), seat=g.banker,
                  data={"bet_id": bet_id, "spectator": spectator_id, "seat": backed_seat, "amount": amount})]


def pending(g: BukiState) -> bool:
    return any(x["status"] == "pending" for x in g.spec)


def answers(g: BukiState) -> list[Action]:
    """The banker's answers to the pending requests: accept (while the bank covers it) or refuse."""
    out: list[Action] = []
    for x in g.spec:
        if x["status"] == "pending":
            if covered(g, x["seat"], x["amount"]):
                out.append(AcceptSpectatorBet(x["id"]))
            out.append(RefuseSpectatorBet(x["id"]))
    return out


def _pending(g: BukiState, bet_id: int) -> SpectatorBet | None:
    return next((x for x in g.spec if x["id"] == bet_id and x["status"] == "pending"), None)


def verify_answer(g: BukiState, a: AcceptSpectatorBet | RefuseSpectatorBet) -> None:
    """The request is pending, and an accepted one is covered by the bank (DOM-19, DOM-23)."""
    x = _pending(g, a.bet_id)
    if x is None:
        raise IllegalAction(msg("err.dom.no_request", id=a.bet_id), rule="DOM-23")
    if isinstance(a, AcceptSpectatorBet) and not covered(g, x["seat"], x["amount"]):
        raise IllegalAction(msg("err.dom.cannot_cover"), rule="DOM-19")


def answer(g: BukiState, seat: int, a: AcceptSpectatorBet | RefuseSpectatorBet) -> list[Event]:
    """The banker's answer to request `a.bet_id` (verified: the banker may answer, `verify_answer`)."""
    x = _pending(g, a.bet_id)
    assert x is not None
    who = f"<@{x['spectator']}>"
    if isinstance(a, AcceptSpectatorBet):
        accepted: SpectatorBet = {**x, "status": "accepted"}
        g.spec[g.spec.index(x)] = accepted
        return [Event("spectator_accept", msg("dom.spectator_accept", banker=Seat(seat), spectator=who,
                                              amount=x["amount"], player=Seat(x["seat"])),
                      seat=seat, data={"bet_id": x["id"]})]
    g.spec.remove(x)
    g.due[x["spectator"]] = g.due.get(x["spectator"], 0) + x["amount"]
    return [Event("spectator_refuse", msg("dom.spectator_refuse", banker=Seat(seat), spectator=who,
                                          amount=x["amount"]),
                  seat=seat, data={"bet_id": x["id"], "spectator": x["spectator"], "amount": x["amount"]})]


def close_window(g: BukiState, events: list[Event], refund_accepted: bool = False) -> None:
    """Pending requests lapse (and, when the hand is void, accepted bets are returned)."""
    keep = []
    for x in g.spec:
        if x["status"] == "pending" or refund_accepted:
            g.due[x["spectator"]] = g.due.get(x["spectator"], 0) + x["amount"]
            key = "dom.spectator_lapses" if x["status"] == "pending" else "dom.spectator_bet_returned"
            events.append(Event("spectator_lapse", msg(key, spectator=f"<@{x['spectator']}>", bet=x["id"],
                                                       amount=x["amount"]), data={"bet_id": x["id"]}))
        else:
            keep.append(x)
    g.spec = keep


def take_payouts(g: BukiState) -> list[tuple[int, int]]:
    """Take what is owed to spectators out of `chips()`; the service credits their balances."""
    out = sorted(g.due.items())
    g.due = {}
    return out
