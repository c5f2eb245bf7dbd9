"""Playing: a player's move, the host's stop, top-ups, onlookers' bets and the seat bot's hint.
Each is one unit: checked and applied on the game in memory, settled, saved in one trip."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot import inputs
from bot.errors import NotEnoughChips, NotSeated, PlayerError, StaleControl, TableError
from bot.games.base import AnyGame, SpectatorBets, StopRequests, TopUps
from bot.games.messages import msg
from bot.wallet import WalletService
from storage.ledger import escrow, wallet
from storage.tables import TableRow

from .autoplay import bot_rng
from .models import TableSnapshot
from .reading import Reading
from .units import Units, noted

SEEN_INTERACTIONS = 4096
"""Interaction ids remembered, so one interaction is never applied twice."""


class Playing:
    def __init__(self, wallets: WalletService, games: Mapping[str, type[AnyGame]], units: Units,
                 reading: Reading) -> None:
        self.wallets, self.games, self.units, self.reading = wallets, games, units, reading
        self._seen: OrderedDict[int, None] = OrderedDict()

    async def play(self, table_id: int, user_id: int, decode: Callable[[Sequence[type]], Any],
                   version: int | None, *, guild_id: int | None = None, via_dm: bool = False,
                   interaction_id: int | None = None) -> TableSnapshot:
        """A click: `decode` turns it into an action of the table's game, inside the unit, so
        nothing is read before it. Returns the table with the player's hand."""
        with noted(table_id):
            async with self.units.unit(table_id) as u:
                await u.catch_up(version)
                u.require_guild(guild_id)
                u.require_playing()
                seat = u.seat_of(user_id)
                try:
                    action = decode(self.games[u.row.game_id].action_types)
                except (KeyError, ValueError, TypeError):
                    raise StaleControl(msg("err.table.control_stale")) from None
                u.require_version(version, seat.seat, action)
                self._once(interaction_id)
                u.apply(seat.seat, action)
                u.actor, u.via_dm = seat.seat, via_dm
                seat.missed = 0   # a decision made in time
                u.reply_seats = (seat.seat,)
            return u.committed

    def _once(self, interaction_id: int | None) -> None:
        """The same interaction is never applied twice."""
        if interaction_id is None:
            return
        if interaction_id in self._seen:
            raise StaleControl(msg("err.table.click_played"))
        self._seen[interaction_id] = None
        if len(self._seen) > SEEN_INTERACTIONS:
            self._seen.popitem(last=False)

    async def request_stop(self, table_id: int, user_id: int, guild_id: int | None = None) -> None:
        """The host ends the game where its rules allow it (at the end of the deal)."""
        with noted(table_id):
            async with self.units.unit(table_id) as u:
                u.require_guild(guild_id)
                u.require_host(user_id)
                if u.row.status != "playing":
                    raise TableError(msg("err.table.stop_lobby"))
                game = u.require_playing()
                if not isinstance(game, StopRequests):
                    raise TableError(msg("err.table.no_stop", game=msg(f"game.{u.row.game_id}")))
                u.record({"kind": "stop"}, game.request_stop())

    async def top_up(self, table_id: int, user_id: int, amount: int, guild_id: int | None = None) -> None:
        """A seated player adds chips from their wallet, where the game's rules allow it."""
        amount = inputs.chips(amount)
        with noted(table_id):
            async with self.units.unit(table_id) as u:
                u.require_guild(guild_id)
                seat = u.row.seat_of(user_id)
                if seat is None or u.row.status != "playing":
                    raise NotSeated(msg("err.table.not_playing"))
                game = u.require_playing()
                if not isinstance(game, TopUps):
                    raise TableError(msg("err.table.no_top_up", game=msg(f"game.{u.row.game_id}")))
                u.begin(seat.seat)
                events = game.top_up(seat.seat, amount)

                def short(balance: int) -> PlayerError:
                    return NotEnoughChips(msg("err.wallet.holds", balance=balance))

                u.pay(wallet(user_id), escrow(u.row.id), amount, "top_up",
                      f"topup:{u.row.id}:v{u.row.version}:{user_id}", short)
                seat.buy_in += amount   # chips brought to the table, for net winnings
                if seat.deal_stack is not None:
                    seat.deal_stack += amount
                u.record({"kind": "top_up", "amount": amount}, events, seat.seat)

    async def spectator_choices(self, table_id: int, user_id: int) -> list[tuple[int, str, int, int]]:
        """(seat, name, lowest, highest) for each player an onlooker may back now."""
        live = await self.reading.live_table(table_id)
        if live is None:
            raise TableError(msg("err.table.gone"))
        game = self._spectator_game(live.row, live.game, user_id)
        choices = []
        for s in live.row.seats:
            if s.present and (limits := game.spectator_bet_range(s.seat)) is not None:
                choices.append((s.seat, s.name, *limits))
        if not choices:
            raise TableError(msg("err.bets.closed"))
        return choices

    async def spectator_bet(self, table_id: int, user_id: int, seat: int, amount: int,
                            guild_id: int | None = None) -> None:
        """An onlooker backs a player: chips wallet -> escrow, and the request, in one save."""
        amount = inputs.chips(amount)
        with noted(table_id):
            async with self.units.unit(table_id) as u:
                u.require_guild(guild_id)
                game = self._spectator_game(u.row, u.game, user_id)
                u.begin(None)
                u.welcome(await self.wallets.newcomer(u.row.guild_id, user_id))

                def short(balance: int) -> PlayerError:
                    return NotEnoughChips(msg("err.bets.short", balance=balance, amount=amount))

                events = game.place_spectator_bet(user_id, seat, amount)
                u.pay(wallet(user_id), escrow(u.row.id), amount, "spectator_bet",
                      f"specbet:{u.row.id}:v{u.row.version}:{user_id}", short)
                u.record({"kind": "spectator_bet", "user": user_id, "seat": seat, "amount": amount}, events)

    def _spectator_game(self, row: TableRow, game: Any, user_id: int) -> SpectatorBets:
        if row.status != "playing" or game is None:
            raise TableError(msg("err.bets.not_in_play"))
        if not isinstance(game, SpectatorBets):
            raise TableError(msg("err.bets.none", game=msg(f"game.{row.game_id}")))
        if row.seat_of(user_id):
            raise TableError(msg("err.bets.player"))
        return game

    async def suggest(self, table_id: int, seat: int) -> Any:
        """What the seat bot would play for this seat now (hints, the console demo, tests)."""
        live = await self.reading.live_table(table_id)
        if live is None or live.game is None:
            raise TableError(msg("err.table.not_in_play"))
        return live.game.bot_action(seat, bot_rng(live.row, seat))
