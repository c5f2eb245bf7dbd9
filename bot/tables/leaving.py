"""What leaving (or resigning) costs, said before and after: the confirmation's quote comes from
the move made on a copy of the committed game, so the words are the engine's, never a guess,
and the reply afterwards comes from what was committed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.base import GameState, seat_key


def forfeit_terms(game: GameState) -> str | None:
    """What a player who leaves before the end forfeits, citing the rule (“the match (GIN-22)”),
    for games whose rules say so (`Forfeits`); None when leaving now forfeits nothing."""
    terms: str | None = getattr(game, "forfeits", None)
    return None if game.is_over() else terms


@dataclass(frozen=True, slots=True)
class LeaveQuote:
    """What leaving now (or the game's forfeit move, `resign`) would do to a seat."""

    stack: int             # the seat's chips at the table now
    back: int | None       # what would go back to the wallet at once; None: the stack, once the deal ends
    forfeit: str | None    # what it forfeits, citing the rule, or None
    resign: bool = False   # the quote is for resigning, not leaving

    @property
    def asks_first(self) -> bool:
        """Whether the player must confirm: the move forfeits or costs chips, and cannot be undone."""
        return self.forfeit is not None or (self.back is not None and self.back < self.stack)

    def text(self) -> str:
        """The confirmation's words (for a quote that `asks_first`)."""
        verb = "Resigning" if self.resign else "Leaving now"
        if self.back is None:
            return f"{verb} forfeits {self.forfeit}: your stack goes back to your wallet when this deal ends."
        what = f"forfeits {self.forfeit}" if self.forfeit else f"costs you {self.stack - self.back:,} chips"
        return f"{verb} {what}: you get back {self.back:,} of your {self.stack:,} chips."


def quote_leave(game: GameState, seat: int, resign: Any | None = None) -> LeaveQuote:
    """The quote for `seat` leaving now, or playing `resign` (one of its legal actions), worked
    out on a copy of `game` (which is left untouched)."""
    copy = type(game).from_dict(game.to_dict())
    stack = game.chips()[seat_key(seat)]
    if resign is None:
        copy.leave(seat)
    else:
        copy.apply(seat, resign)
    back = copy.chips()[seat_key(seat)] if copy.can_cash_out(seat) else None
    return LeaveQuote(stack, back, forfeit_terms(game), resign=resign is not None)


def left_text(before: int, cashed_out: int | None, forfeit: str | None, resigned: bool = False) -> str:
    """The reply once the player has left or resigned, from what was committed: `before` their
    stack just before, `cashed_out` what went back to their wallet (None: not yet, at the end
    of the deal)."""
    if cashed_out is None:
        return ("You will leave at the end of this deal; until then your turns are played for you. "
                "Your stack then goes back to your wallet.")
    head = "You resigned" if resigned else "You left the table"
    text = f"{head}; {cashed_out:,} of your {before:,} chips went back to your wallet."
    lost = before - cashed_out
    if forfeit:
        return text + f" You forfeited {forfeit}" + (f", which cost you {lost:,} chips." if lost > 0 else ".")
    if lost > 0:
        return text + f" Leaving in the middle cost you {lost:,} chips, as the rules of this game say (see /rules)."
    return text
