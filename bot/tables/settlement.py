"""What follows from a change, settled inside the unit's transaction: leavers paid out, a table
nobody plays at wound up, onlookers paid, the chips checked against the escrow, the end of the
game, the next deadline, then the one save. Also the refund of a table closed mid-deal.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.clock import stamp
from bot.games.base import DEAL_STACKS, Event, seat_key, spectator_holdings, takes_spectator_bets
from bot.games.messages import Seat, joined, msg
from bot.wallet import WalletService
from storage import ledger, stats, tables
from storage.db import Step
from storage.ledger import HOUSE, Transfer, escrow, wallet
from storage.tables import SeatRow, TableRow

from .deal_results import deal_winners
from .models import Closing
from .unit import ConservationError, TableUnit


def is_human(row: TableRow, seat: int) -> bool:
    """A person still playing at the seat (not a bot, not gone, not on the way out)."""
    info = row.seats[seat]
    return not info.is_bot and info.present and not info.leaving


def stacks_line(row: TableRow, stacks: dict[int, int]) -> tuple[tuple[str, int], ...]:
    return tuple((s.name, stacks[s.seat]) for s in row.seats if s.seat in stacks)


LEAVING_NOTES = ("leave", "leaving")
"""The kinds of event in which a game says that one player is leaving."""
CASHED_OUT = ("left", "leave", "cash_out")
"""The kinds of event in which a game says who left the table with what."""


class Settlement:
    def __init__(self, wallets: WalletService) -> None:
        self.wallets = wallets

    async def commit(self, u: TableUnit) -> None:
        """Settle and save a playing table after a change; `u.events` gains what settling says."""
        row, game = u.row, u.require_playing()
        dealt = [s for s in row.seats if s.present]   # before anyone is paid out below
        await self._wind_up_without_humans(u, game)
        for s in row.seats:
            if s.present and s.leaving and not game.is_over() and game.can_cash_out(s.seat):
                stack = game.chips()[seat_key(s.seat)]
                said = game.cash_out(s.seat)
                if not any(e.kind in CASHED_OUT for e in said):   # the game did not say who left with what
                    said.append(Event("left", msg("table.left_with", player=Seat(s.seat), chips=stack), s.seat))
                u.events += said
                await self.pay_out(u, s, stack)
        await self._pay_spectators(u, game)
        finished = game.is_over() or not any(s.present for s in row.seats)
        if finished:
            chips = game.chips()
            for s in row.seats:
                if s.present:
                    await self.pay_out(u, s, chips[seat_key(s.seat)])
        chips = game.chips()
        stacks = {s.seat: chips.get(seat_key(s.seat), 0) for s in row.seats if s.present}
        begun = self._deal_began(u, stacks)
        changed = begun is not None or any(s.stack != stacks[s.seat] for s in row.seats if s.present)
        held = 0 if finished else sum(chips.values())   # an ended game has paid everything out
        summary = next((e for e in u.events if e.kind == "summary" and e.private_to is None), None)
        results: tuple[Step, ...] = ()
        if summary is not None:   # the deal's result is saved with the action that ended it
            ended = begun or {}   # the stacks the next deal began with are the ones this one left
            ends = {s.seat: (s.deal_stack, ended.get(s.seat, stacks.get(s.seat, s.cashed_out or 0))) for s in dealt}
            results = stats.deal_steps(row.id, row.version + len(u.moves), deal_winners(summary, ends))
        commit = tables.Commit(
            state=game.to_dict(), deadline=None if finished else await self.deadline(u, game),
            status="finished" if finished else "playing", moves=u.log(), now=stamp(u.now),
            stacks=stacks if changed else None, deal_stacks=begun, escrow=(row.guild_id, escrow(row.id), held),
            also=results)
        try:
            await u.tx.save(row, commit)
        except tables.EscrowMismatch as exc:
            raise ConservationError(f"table {row.id}: {exc}") from None
        for s in row.seats:
            if s.present:
                s.stack = stacks[s.seat]
                if begun is not None:
                    s.deal_stack = begun[s.seat]
        self._closings(u, game, finished)
        if finished:
            await tables.finish(await u.tx(), row.id, "finished", stamp(u.now))
            row.status, row.version = "finished", row.version + 1
            u.payouts = {s.seat: s.cashed_out or 0 for s in row.seats}

    @staticmethod
    def _deal_began(u: TableUnit, stacks: dict[int, int]) -> dict[int, int] | None:
        """What a void refund would give back as of this unit, if the unit moved it on: the
        stacks a deal begun in it began with (before its antes, and before whatever else the unit
        played after it), or, when its last deal ended and none began, the stacks as they stand."""
        for event in reversed(u.events):
            began = event.data.get(DEAL_STACKS)
            if began is not None:
                return {seat: began[seat] for seat in stacks}
            if event.kind == "summary" and event.private_to is None:
                return dict(stacks)
        return None

    async def _wind_up_without_humans(self, u: TableUnit, game: Any) -> None:
        """With no person left playing, the bots leave too: the table ends with this deal."""
        row = u.row
        if game.is_over() or any(is_human(row, s.seat) for s in row.seats):
            return
        staying = [s for s in row.seats if s.present and not s.leaving]
        if not staying:
            return
        u.events.append(Event("closing", msg("table.nobody_left")))
        for s in staying:
            await tables.set_leaving(await u.tx(), row.id, s.seat)
            s.leaving = True
            # that line says it for every bot: each one's own note on leaving would only repeat it
            u.events += [e for e in game.leave(s.seat) if e.kind not in LEAVING_NOTES]

    def _closings(self, u: TableUnit, game: Any, finished: bool) -> None:
        """A deal that ended closes its table message with the summary; so does the game."""
        summaries = [e for e in u.events if e.kind == "summary" and e.private_to is None]
        if not summaries and not finished:
            return
        names = [s.name for s in u.row.seats]
        stacks = stacks_line(u.row, {s.seat: s.stack if s.present else (s.cashed_out or 0) for s in u.row.seats})
        if summaries:
            u.closings.append(Closing(joined((e.text for e in summaries), "para"), stacks, summaries[0],
                                      game.public_view(), tuple(names)))
        elif finished:
            u.closings.append(Closing(msg("table.closing.game_over"), stacks))

    async def deadline(self, u: TableUnit, game: Any) -> str | None:
        """A deadline only when a person must decide; bots and leavers are moved by the driver."""
        row = u.row
        if not any(is_human(row, s) for s in game.to_act()):
            return None
        seconds = game.turn_timeout_s()
        if not seconds:
            config = self.wallets.known_config(row.guild_id) or await self.wallets.config(await u.tx(), row.guild_id)
            seconds = config.turn_timeout_s
        return stamp(u.now + timedelta(seconds=seconds))

    async def _pay_spectators(self, u: TableUnit, game: Any) -> None:
        """Whatever the game owes onlookers goes from escrow to their wallets (DOM-26)."""
        if not takes_spectator_bets(game):
            return
        for i, (user_id, amount) in enumerate(game.take_spectator_payouts()):
            await self.move(u, escrow(u.row.id), wallet(user_id), amount, "spectator_payout",
                            f"specpay:{u.row.id}:{u.row.version}:{i}")

    async def pay_out(self, u: TableUnit, seat: SeatRow, amount: int) -> None:
        dst = HOUSE if seat.user_id is None else wallet(seat.user_id)
        await self.move(u, escrow(u.row.id), dst, amount, "cash_out", f"payout:{u.row.id}:{seat.seat}")
        await tables.cash_out_seat(await u.tx(), u.row.id, seat.seat, amount, stamp(u.now))
        seat.cashed_out, seat.stack = amount, 0

    async def move(self, u: TableUnit, src: str, dst: str, amount: int, kind: str, key: str) -> None:
        """One ledger transfer; `key` names what the movement is, so a retry never pays twice."""
        await ledger.transfer(await u.tx(), u.row.guild_id, Transfer(src, dst, amount, kind, f"table:{u.row.id}", key),
                              stamp(u.now))

    async def close(self, u: TableUnit, reason: str) -> dict[int, int]:
        """Close the table now and give everything in escrow back.

        In the lobby each buy-in goes back. In play the deal under way is void: each player gets
        the stack they had when it began, and what earlier deals left in pots (or on the mat) is
        shared equally, the earliest seats taking the odd chips. Onlookers' bets go back to them.
        """
        row, game = u.row, u.game
        present = [s for s in row.seats if s.present]
        if game is not None:
            chips = game.chips()
            for i, (user_id, amount) in enumerate(sorted(spectator_holdings(chips).items())):
                await self.move(u, escrow(row.id), wallet(user_id), amount, "spectator_refund",
                                f"specrefund:{row.id}:{i}")
        held = await ledger.balance(await u.tx(), row.guild_id, escrow(row.id))
        stacks = self._void_stacks(row, game, present, held)
        rest = held - sum(stacks.values())
        if rest < 0 or (rest and not present):
            raise ConservationError(f"table {row.id}: escrow {held} cannot cover stacks {stacks}")
        for i, s in enumerate(present):
            stacks[s.seat] += rest // len(present) + (1 if i < rest % len(present) else 0)
            await self.pay_out(u, s, stacks[s.seat])
        await tables.finish(await u.tx(), row.id, reason, stamp(u.now))
        row.status, row.end_reason, row.version = "finished", reason, row.version + 1
        u.payouts = {s.seat: s.cashed_out or 0 for s in row.seats}
        return stacks

    @staticmethod
    def _void_stacks(row: TableRow, game: Any, present: list[SeatRow], held: int) -> dict[int, int]:
        """Each present seat's stack as the deal under way began (the buy-in in the lobby)."""
        if row.status == "lobby":
            return {s.seat: s.buy_in for s in present}
        begun = {s.seat: s.deal_stack if s.deal_stack is not None else s.stack for s in present}
        if sum(begun.values()) <= held:
            return begun
        # Stacks saved before deals were recorded as they began: the stacks as they stand.
        chips = game.chips() if game is not None else {}
        return {s.seat: chips.get(seat_key(s.seat), s.stack) for s in present}
