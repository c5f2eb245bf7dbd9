"""Settlement (BOU-12, BOU-17 … BOU-21) and the end of the game (BOU-23, BOU-24).

Each function moves chips between stacks and the pot of a `BourreState` and returns the
lines of the hand's summary, as catalog messages.
"""

from __future__ import annotations

from ..messages import Msg, Seat, joined, msg, seats
from .state import BourreState


def _chips(n: int) -> Msg:
    return msg("count.chips", n=n)


def _take(game: BourreState) -> int:
    """What a sole winner takes and a bourré player owes: the pot, or the limit (BOU-19)."""
    limit = game.opts.pot_limit
    return min(game.pot, limit) if limit else game.pot


def settle_draw(game: BourreState, active: list[int]) -> list[Msg]:
    """BOU-12: one player stayed and takes the pot (up to the limit), or nobody did."""
    said = [msg("bou.head_alone" if active else "bou.head_all_folded", hand=game.hand_no)]
    if active:
        s = active[0]
        g = _take(game)
        game.stacks[s] += g
        game.pot -= g
        said.append(msg("bou.only_player", player=Seat(s), chips=_chips(g)))
    else:
        said.append(msg("bou.pot_stays", chips=_chips(game.pot)))
    if active and game.pot:
        said.append(msg("bou.limit_stays", chips=_chips(game.pot)))
    game.exempt = [False] * game.n
    return said


def settle_tricks(game: BourreState) -> list[Msg]:
    """BOU-17, BOU-18, BOU-20, BOU-21 after the fifth trick."""
    active = game.active
    won = game.tricks_won
    p = game.pot
    amount = _take(game)
    best = max(won[s] for s in active)
    top = [s for s in active if won[s] == best]
    said = [msg("bou.head_tricks", hand=game.hand_no, chips=_chips(p),
                tricks=joined(msg("bou.tricks_of", player=Seat(s), tricks=won[s]) for s in active))]
    if len(top) == 1:
        w = top[0]
        game.stacks[w] += amount
        game.pot -= amount
        said.append(msg("bou.wins", player=Seat(w), chips=_chips(amount)))
        if game.pot:
            said.append(msg("bou.limit_leaves", chips=_chips(game.pot)))
    else:
        said.append(msg("bou.tie", players=seats(top, "and"), tricks=best))
    bourre = [s for s in active if won[s] == 0]
    for s in bourre:
        pay = min(amount, game.stacks[s])
        game.stacks[s] -= pay
        game.pot += pay
        if pay < amount:
            said.append(msg("bou.bourre_short", player=Seat(s), chips=_chips(pay), due=_chips(amount)))
        else:
            said.append(msg("bou.bourre", player=Seat(s), chips=_chips(pay)))
    mode = game.opts.ante_exemption
    exempt = [False] * game.n
    free = list(bourre)
    if mode == "bourre_and_tied" and len(top) > 1:
        free += top
    if mode == "none":
        free = []
    for s in free:
        exempt[s] = True
    game.exempt = exempt
    said.append(msg("bou.next_pot", chips=_chips(game.pot)))
    return said


def end_check(game: BourreState) -> list[Msg]:
    """BOU-23 end conditions, BOU-24 extra hands and the final split. Sets `game.over`."""
    said: list[Msg] = []
    o = game.opts
    n = game.n
    if game.extra is not None:
        if game.pot and game.extra < 5 and _staying(game) >= o.min_players:
            said.append(msg("bou.another_extra"))
            return said
        return said + _split(game)
    reasons: list[Msg] = []
    if o.max_hands and game.hand_no >= o.max_hands:
        reasons.append(msg("bou.end_hands", hands=o.max_hands))
    broke = [s for s in range(n) if game.seated[s] and game.stacks[s] == 0]
    left_broke = False
    if broke:
        if o.end_on_bust:
            reasons.append(msg("bou.end_broke", players=seats(broke)))
        elif any(game.seated[s] and game.stacks[s] for s in range(n)):
            # BOU-23 without end_on_bust: a broke player leaves the table "instead", so a game
            # that ends now splits the pot among the others only (BOU-24: "seated at the end").
            # (If every seated stack is 0 they all stay and share the pot: the game ends.)
            for s in broke:
                game.seated[s] = False
                said.append(msg("bou.broke_leaves", player=Seat(s)))
            left_broke = True
        else:
            reasons.append(msg("bou.end_all_broke"))
    staying = _staying(game)
    if staying < o.min_players:
        if left_broke:
            reasons.append(msg("bou.end_broke_too_few", players=seats(broke), min=o.min_players))
        else:
            reasons.append(msg("bou.end_too_few", min=o.min_players))
    if o.end_on_double:
        rich = [s for s in range(n) if game.seated[s] and game.stacks[s] >= 2 * o.buy_in]
        if rich:
            reasons.append(msg("bou.end_doubled", players=seats(rich)))
    if not reasons:
        return said
    said.append(msg("bou.game_ends", reasons=joined(reasons, "semi")))
    if o.final_pot == "extra_hands" and game.pot and _staying(game) >= o.min_players:
        game.extra = 0
        said.append(msg("bou.extra_hands", chips=_chips(game.pot)))
        return said
    return said + _split(game)


def _staying(game: BourreState) -> int:
    """Seated players who have not asked to leave: those the next hand would deal in."""
    return sum(1 for s in range(game.n) if game.seated[s] and not game.leaving[s])


def _split(game: BourreState) -> list[Msg]:
    """BOU-24 split: equal shares, the odd chips one each from the last dealer's left."""
    game.over = True
    pot = game.pot
    n = game.n
    order = [(game.dealer + 1 + i) % n for i in range(n)]
    order = [s for s in order if game.seated[s]]
    if not pot:
        return [msg("bou.over")]
    if not order:  # cannot happen: the last seated player may not leave mid-hand
        raise RuntimeError("pot left with nobody seated")
    share, rest = divmod(pot, len(order))
    for i, s in enumerate(order):
        game.stacks[s] += share + (1 if i < rest else 0)
    game.pot = 0
    if not rest:
        return [msg("bou.over_shared", chips=_chips(pot), share=_chips(share))]
    return [msg("bou.over_shared_odd" if rest == 1 else "bou.over_shared_odds", chips=_chips(pot),
                share=_chips(share), players=seats(order[:rest]))]
