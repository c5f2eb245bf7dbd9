"""Leaving a table, and what it costs, said before and after: the confirmation's quote comes from
the move made on a copy of the committed game, so the words are the engine's, never a guess,
and the reply afterwards comes from what was committed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import NotSeated, StaleControl, TableError
from bot.games.base import AnyGame, Event, Forfeits, seat_key
from bot.games.messages import Seat, msg
from bot.i18n import ENGLISH, Locale, t
from storage.ledger import escrow, wallet

from .ending import close_now
from .live import LiveTable
from .reading import Reading
from .settlement import Settlement
from .units import Units


class Leaving:
    def __init__(self, units: Units, reading: Reading, settlement: Settlement) -> None:
        self.units, self.reading, self.settlement = units, reading, settlement

    async def leave(self, table_id: int, user_id: int, guild_id: int | None = None, locale: Locale = ENGLISH) -> str:
        """A player leaves: at once in the lobby or between deals, else at the end of the deal.
        The reply says what actually happened to their chips, in their language."""
        async with self.units.unit(table_id) as u:
            u.require_guild(guild_id)
            seat = u.seat_of(user_id)
            row = u.row
            if row.status == "lobby":
                u.pay(escrow(row.id), wallet(user_id), seat.buy_in, "refund",
                      f"lobbyleave:{row.id}:{seat.seat}:v{row.version}")
                row.seats.remove(seat)
                if not any(not s.is_bot for s in row.seats):
                    await close_now(self.settlement, u, "cancelled", msg("table.closing.lobby_left"))
                return t(locale, "ui.leave.lobby", chips=seat.buy_in)
            game = u.require_playing()
            stack_before, forfeit = seat.stack, forfeit_terms(game, locale)
            seat.leaving = True
            u.record({"kind": "leave"}, [Event("leave", msg("table.leaving", player=Seat(seat.seat)), seat.seat)]
                     + game.leave(seat.seat), seat.seat)
        return left_text(stack_before, seat.cashed_out, forfeit, locale=locale)

    async def leave_quote(self, table_id: int, user_id: int, resign: Callable[[Sequence[type]], Any] | None = None,
                          guild_id: int | None = None) -> LeaveQuote | None:
        """What leaving now, or `resign` (decoding the game's forfeit move), would give the player
        back: the move made on a copy of the committed game. None in the lobby (leaving refunds)."""
        def look(live: LiveTable | None) -> LeaveQuote | None:
            if live is None:
                raise TableError(msg("err.table.gone"))
            if guild_id is not None and guild_id != live.row.guild_id:
                raise TableError(msg("err.table.other_server"))
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise NotSeated(msg("err.table.not_seated"))
            if live.row.status != "playing" or live.game is None:
                return None
            try:
                action = None if resign is None else resign(live.game.action_types)
            except (KeyError, ValueError, TypeError):
                raise StaleControl(msg("err.table.control_stale")) from None
            return quote_leave(live.game, seat.seat, action)
        return await self.reading.inspect(table_id, look)


def forfeit_terms(game: AnyGame, locale: Locale = ENGLISH) -> str | None:
    """What a player who leaves before the end forfeits, citing the rule (“the match (GIN-22)”),
    for games whose rules say so (`Forfeits`), in `locale`; None when leaving now forfeits nothing."""
    if game.is_over() or not isinstance(game, Forfeits):
        return None
    return t(locale, game.forfeits)


def _forfeit_words(locale: Locale, game_id: str, terms: str) -> str:
    """A game's forfeit in `locale` (`forfeit.<game>`), or the words quoted if none."""
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


def quote_leave(game: AnyGame, seat: int, resign: Any | None = None) -> LeaveQuote:
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
