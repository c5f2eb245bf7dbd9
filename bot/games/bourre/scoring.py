"""Settlement (BOU-12, BOU-17 … BOU-21) and the end of the game (BOU-23, BOU-24).

Each function moves chips between stacks and the pot of a `BourreState` and returns the
lines of the hand's summary, naming seats as `{pN}` placeholders.
"""

from __future__ import annotations

from .state import BourreState


def _p(seat: int) -> str:
    return "{p%d}" % seat


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _take(game: BourreState) -> int:
    """What a sole winner takes and a bourré player owes: the pot, or the limit (BOU-19)."""
    limit = game.options.pot_limit
    return min(game.pot, limit) if limit else game.pot


def settle_draw(game: BourreState, active: list[int]) -> list[str]:
    """BOU-12: one player stayed and takes the pot (up to the limit), or nobody did."""
    lines = [f"**Hand {game.hand_no}** — nobody else played." if active else
             f"**Hand {game.hand_no}** — everybody folded."]
    if active:
        s = active[0]
        g = _take(game)
        game.stacks[s] += g
        game.pot -= g
        lines.append(f"{_p(s)} was the only player to play and takes {_chips(g)} from the pot.")
    else:
        lines.append(f"The pot of {_chips(game.pot)} stays for the next hand.")
    if active and game.pot:
        lines.append(f"{_chips(game.pot)} stay in the pot (pot limit).")
    game.exempt = [False] * game.n
    return lines


def settle_tricks(game: BourreState) -> list[str]:
    """BOU-17, BOU-18, BOU-20, BOU-21 after the fifth trick."""
    active = game.active
    won = game.tricks_won
    p = game.pot
    amount = _take(game)
    best = max(won[s] for s in active)
    top = [s for s in active if won[s] == best]
    lines = [f"**Hand {game.hand_no}** — tricks: " + ", ".join(f"{_p(s)} {won[s]}" for s in active)
             + f". Pot {_chips(p)}."]
    if len(top) == 1:
        w = top[0]
        game.stacks[w] += amount
        game.pot -= amount
        lines.append(f"{_p(w)} took the most tricks and wins {_chips(amount)}.")
        if game.pot:
            lines.append(f"The pot limit leaves {_chips(game.pot)} in the pot.")
    else:
        lines.append(" and ".join(_p(s) for s in top) + f" tie with {best} tricks: "
                     "nobody takes the pot, it carries over.")
    bourre = [s for s in active if won[s] == 0]
    for s in bourre:
        pay = min(amount, game.stacks[s])
        game.stacks[s] -= pay
        game.pot += pay
        short = f" (all they had; {_chips(amount)} were due)" if pay < amount else ""
        lines.append(f"{_p(s)} is bourré and pays {_chips(pay)} into the next pot{short}.")
    mode = game.options.ante_exemption
    exempt = [False] * game.n
    free = list(bourre)
    if mode == "bourre_and_tied" and len(top) > 1:
        free += top
    if mode == "none":
        free = []
    for s in free:
        exempt[s] = True
    game.exempt = exempt
    lines.append(f"Next pot: {_chips(game.pot)}.")
    return lines


def end_check(game: BourreState) -> list[str]:
    """BOU-23 end conditions, BOU-24 extra hands and the final split. Sets `game.over`."""
    lines: list[str] = []
    o = game.options
    n = game.n
    if game.extra is not None:
        if game.pot and game.extra < 5 and _staying(game) >= o.min_players:
            lines.append("The pot is not empty yet: another extra hand.")
            return lines
        return lines + _split(game)
    reasons: list[str] = []
    if o.max_hands and game.hand_no >= o.max_hands:
        reasons.append(f"{o.max_hands} hands have been played")
    broke = [s for s in range(n) if game.seated[s] and game.stacks[s] == 0]
    left_broke = False
    if broke:
        if o.end_on_bust:
            reasons.append(", ".join(_p(s) for s in broke) + " went broke")
        elif any(game.seated[s] and game.stacks[s] for s in range(n)):
            # BOU-23 without end_on_bust: a broke player leaves the table "instead", so a game
            # that ends now splits the pot among the others only (BOU-24: "seated at the end").
            # (If every seated stack is 0 they all stay and share the pot: the game ends.)
            for s in broke:
                game.seated[s] = False
                lines.append(f"{_p(s)} has no chips left and leaves the table.")
            left_broke = True
        else:
            reasons.append("everybody went broke")
    staying = _staying(game)
    if staying < o.min_players:
        if left_broke:
            reasons.append(", ".join(_p(s) for s in broke) + " went broke, leaving fewer than "
                           f"{o.min_players} players")
        else:
            reasons.append(f"fewer than {o.min_players} players are left")
    if o.end_on_double:
        rich = [s for s in range(n) if game.seated[s] and game.stacks[s] >= 2 * o.buy_in]
        if rich:
            reasons.append(", ".join(_p(s) for s in rich) + " doubled their buy-in")
    if not reasons:
        return lines
    lines.append("The game ends: " + "; ".join(reasons) + ".")
    if o.final_pot == "extra_hands" and game.pot and _staying(game) >= o.min_players:
        game.extra = 0
        lines.append(f"{_chips(game.pot)} are still in the pot: extra hands are dealt until it is "
                     "won outright (at most 5).")
        return lines
    return lines + _split(game)


def _staying(game: BourreState) -> int:
    """Seated players who have not asked to leave: those the next hand would deal in."""
    return sum(1 for s in range(game.n) if game.seated[s] and not game.leaving[s])


def _split(game: BourreState) -> list[str]:
    """BOU-24 split: equal shares, the odd chips one each from the last dealer's left."""
    game.over = True
    pot = game.pot
    n = game.n
    seats = [(game.dealer + 1 + i) % n for i in range(n)]
    seats = [s for s in seats if game.seated[s]]
    if not pot:
        return ["The game is over."]
    if not seats:  # cannot happen: the last seated player may not leave mid-hand
        raise RuntimeError("pot left with nobody seated")
    share, rest = divmod(pot, len(seats))
    for i, s in enumerate(seats):
        game.stacks[s] += share + (1 if i < rest else 0)
    game.pot = 0
    odd = ""
    if rest:
        who = ", ".join(_p(s) for s in seats[:rest])
        odd = f"; the odd chip goes to {who}" if rest == 1 else f"; one odd chip each to {who}"
    return [f"The game is over. The pot of {_chips(pot)} is shared: {_chips(share)} each{odd}."]
