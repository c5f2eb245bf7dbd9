"""What leaving (or resigning) costs, said before and after: the confirmation's quote comes from
the move made on a copy of the committed game, so the words are the engine's, never a guess,
and the reply afterwards comes from what was committed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.base import GameState, seat_key
from bot.i18n import ENGLISH, Locale, t


def forfeit_terms(game: GameState, locale: Locale = ENGLISH) -> str | None:
    """What a player who leaves before the end forfeits, citing the rule (“the match (GIN-22)”),
    for games whose rules say so (`Forfeits`), in `locale`; None when leaving now forfeits nothing."""
    terms: str | None = getattr(game, "forfeits", None)
    return None if game.is_over() or terms is None else _forfeit_words(locale, game.id, terms)


def _forfeit_words(locale: Locale, game_id: str, terms: str) -> str:
    """A game's forfeit in `locale` (`forfeit.<game>`), or the game's own words if none."""
    key = f"forfeit.{game_id}"
    found = t(locale, key)
    return terms if found == key else found


@dataclass(frozen=True, slots=True)
class LeaveQuote:
    """What leaving now (or the game's forfeit move, `resign`) would do to a seat."""

    stack: int             # the seat's chips at the table now
    back: int | None       # what would go back to the wallet at once; None: the stack, once the deal ends
    forfeit: str | None    # what it forfeits, citing the rule, or None
    resign: bool = False   # the quote is for resigning, not leaving
    game_id: str = field(default="", compare=False)   # whose catalog words name the forfeit

    @property
    def asks_first(self) -> bool:
        """Whether the player must confirm: the move forfeits or costs chips, and cannot be undone."""
        return self.forfeit is not None or (self.back is not None and self.back < self.stack)

    def forfeit_text(self, locale: Locale = ENGLISH) -> str | None:
        """What is forfeited, in `locale` (`forfeit.<game>` in the catalog)."""
        if self.forfeit is None or not self.game_id:
            return self.forfeit
        return _forfeit_words(locale, self.game_id, self.forfeit)

    def text(self, locale: Locale = ENGLISH) -> str:
        """The confirmation's words (for a quote that `asks_first`), in `locale`."""
        verb = "resigning" if self.resign else "leaving"
        forfeit = self.forfeit_text(locale)
        if self.back is None:
            return t(locale, f"ui.leave.{verb}_later", forfeit=forfeit)
        if forfeit:
            return t(locale, f"ui.leave.{verb}_forfeits", forfeit=forfeit, back=self.back, stack=self.stack)
        return t(locale, f"ui.leave.{verb}_costs", cost=self.stack - self.back, back=self.back, stack=self.stack)


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
    return LeaveQuote(stack, back, forfeit_terms(game), resign=resign is not None, game_id=game.id)


def left_text(before: int, cashed_out: int | None, forfeit: str | None, resigned: bool = False,
              locale: Locale = ENGLISH) -> str:
    """The reply once the player has left or resigned, from what was committed: `before` their
    stack just before, `cashed_out` what went back to their wallet (None: not yet, at the end
    of the deal); `forfeit` in `locale` already."""
    if cashed_out is None:
        return t(locale, "ui.leave.at_deal_end")
    text = t(locale, "ui.leave.resigned" if resigned else "ui.leave.left", back=cashed_out, before=before)
    lost = before - cashed_out
    if forfeit:
        return text + (t(locale, "ui.leave.forfeited_cost", forfeit=forfeit, lost=lost) if lost > 0
                       else t(locale, "ui.leave.forfeited", forfeit=forfeit))
    if lost > 0:
        return text + t(locale, "ui.leave.cost", lost=lost)
    return text
