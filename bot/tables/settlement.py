"""What follows from a change, and the one save that writes it.

After a path changed its table in memory: leavers are paid out, a table nobody plays at is
wound up, onlookers are paid, the end of the game pays everyone, and the next deadline is set
(`commit`, in play). Then `save` writes whatever differs from the table as it was stored (the
row, the seats, the log, the ledger, a deal's results) as one `TableSave`, guarded by the version
the unit started from and by the escrow holding what the table says is on it. Also the refund of
a table closed at once (`close`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.clock import stamp
from bot.games.base import DEAL_STACKS, Event, SpectatorBets, seat_key, spectator_holdings
from bot.games.messages import Seat, joined, msg
from bot.wallet import WalletService
from storage import ledger, saving
from storage.db import Database
from storage.ledger import HOUSE, escrow, wallet
from storage.saving import Logged, TableSave
from storage.tables import SeatRow, TableRow, to_json

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
    def __init__(self, db: Database, wallets: WalletService) -> None:
        self.db, self.wallets = db, wallets

    async def commit(self, u: TableUnit) -> None:
        """Settle a playing table after its moves; `u.events` gains what settling says."""
        row, game = u.row, u.require_playing()
        dealt = [s for s in row.seats if s.present]   # before anyone is paid out below
        self._wind_up_without_humans(u, game)
        for s in row.seats:
            if s.present and s.leaving and not game.is_over() and game.can_cash_out(s.seat):
                stack = game.chips()[seat_key(s.seat)]
                said = game.cash_out(s.seat)
                if not any(e.kind in CASHED_OUT for e in said):   # the game did not say who left with what
                    said.append(Event("left", msg("table.left_with", player=Seat(s.seat), chips=stack), s.seat))
                u.events += said
                self.pay_out(u, s, stack)
        self._pay_spectators(u, game)
        finished = game.is_over() or not any(s.present for s in row.seats)
        chips = game.chips()
        if finished:
            for s in row.seats:
                if s.present:
                    self.pay_out(u, s, chips[seat_key(s.seat)])
        stacks = {s.seat: chips.get(seat_key(s.seat), 0) for s in row.seats if s.present}
        begun = self._deal_began(u, stacks)
        summary = next((e for e in u.events if e.kind == "summary" and e.private_to is None), None)
        if summary is not None:   # the deal's result is saved with the action that ended it
            ended = begun or {}   # the stacks the next deal began with are the ones this one left
            left = {s.seat: ended.get(s.seat, stacks.get(s.seat, s.cashed_out or 0)) for s in dealt}
            u.results = deal_winners(summary, {s.seat: (s.deal_stack, left[s.seat]) for s in dealt})
        for s in row.seats:
            if s.present:
                s.stack = stacks[s.seat]
                if begun is not None:
                    s.deal_stack = begun[s.seat]
        row.deadline = None if finished else await self.deadline(u, game)
        self._closings(u, game, finished)
        if finished:
            row.status, row.end_reason = "finished", "finished"
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

    def _wind_up_without_humans(self, u: TableUnit, game: Any) -> None:
        """With no person left playing, the bots leave too: the table ends with this deal."""
        row = u.row
        if game.is_over() or any(is_human(row, s.seat) for s in row.seats):
            return
        staying = [s for s in row.seats if s.present and not s.leaving]
        if not staying:
            return
        u.events.append(Event("closing", msg("table.nobody_left")))
        for s in staying:
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
            seconds = (await self.wallets.guild_config(row.guild_id)).turn_timeout_s
        return stamp(u.now + timedelta(seconds=seconds))

    def _pay_spectators(self, u: TableUnit, game: Any) -> None:
        """Whatever the game owes onlookers goes from escrow to their wallets (DOM-26)."""
        if not isinstance(game, SpectatorBets):
            return
        for i, (user_id, amount) in enumerate(game.take_spectator_payouts()):
            u.pay(escrow(u.row.id), wallet(user_id), amount, "spectator_payout",
                  f"specpay:{u.row.id}:{u.row.version}:{i}")

    def pay_out(self, u: TableUnit, seat: SeatRow, amount: int) -> None:
        u.pay(escrow(u.row.id), HOUSE if seat.user_id is None else wallet(seat.user_id), amount, "cash_out",
              f"payout:{u.row.id}:{seat.seat}")
        seat.cashed_out, seat.stack, seat.left_at = amount, 0, stamp(u.now)

    async def close(self, u: TableUnit, reason: str, counted: bool = False) -> dict[int, int]:
        """Close the table now and give everything in escrow back.

        In the lobby each buy-in goes back. In play the deal under way is void: each player gets
        the stack they had when it began, and what earlier deals left in pots (or on the mat) is
        shared equally, the earliest seats taking the odd chips. Onlookers' bets go back to them.
        What the escrow holds is what the table says, or, `counted`, what the ledger says (a
        table whose chips do not add up, or whose game cannot be read).
        """
        row, game = u.row, u.game
        present = [s for s in row.seats if s.present]
        held = self.held(u)
        if counted or (game is None and row.status == "playing"):
            async with self.db.read() as tx:
                held = await ledger.balance(tx, row.guild_id, escrow(row.id))
        if game is not None:
            for i, (user_id, amount) in enumerate(sorted(spectator_holdings(game.chips()).items())):
                u.pay(escrow(row.id), wallet(user_id), amount, "spectator_refund", f"specrefund:{row.id}:{i}")
                held -= amount
        stacks = self._void_stacks(row, game, present, held)
        rest = held - sum(stacks.values())
        if rest < 0 or (rest and not present):
            raise ConservationError(f"table {row.id}: escrow {held} cannot cover stacks {stacks}")
        for i, s in enumerate(present):
            stacks[s.seat] += rest // len(present) + (1 if i < rest % len(present) else 0)
            self.pay_out(u, s, stacks[s.seat])
        row.status, row.end_reason, row.deadline = "finished", reason, None
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

    def held(self, u: TableUnit) -> int:
        """What the table's escrow holds when the books are right: every chip the game accounts
        for (onlookers' bets too), the buy-ins in the lobby, nothing once it has ended."""
        row = u.row
        if row.status == "finished":
            return 0
        if row.status == "lobby":
            return sum(s.buy_in for s in row.seats if s.present)
        return sum(u.game.chips().values()) if u.game is not None else 0

    async def save(self, u: TableUnit) -> None:
        """Write what the unit changed, in one trip: a version for each move (one for a change
        with none, and one more when the table ends). StaleVersion, EscrowMismatch (as a
        ConservationError) or InsufficientFunds when it may not be written."""
        row, stored = u.row, u.stored
        ends = row.status == "finished" and stored.status != "finished"
        version = row.version + len(u.moves) + (1 if ends or not u.moves else 0)
        reseated = [(s.seat, s.user_id) for s in row.seats] != [(s.seat, s.user_id) for s in stored.seats]
        seats = row.seats if reseated else [s for s, old in zip(row.seats, stored.seats, strict=True) if s != old]
        state = to_json(u.game.to_dict()) if u.moves and u.game is not None else None
        logged = [Logged(row.version + 1 + i, seat, to_json(action), to_json(events))
                  for i, (seat, action, events) in enumerate(u.log())]
        ended_deal = row.version + len(u.moves)   # the action whose save holds the deal's summary
        s = TableSave(row.id, row.guild_id, row.version, version, row.status, row.deadline, escrow(row.id),
                      self.held(u), stamp(u.now), state=state,
                      options=to_json(row.options) if row.options != stored.options else None,
                      ended=row.end_reason if ends else None, log=tuple(logged), seats=tuple(seats),
                      reseated=reseated, transfers=tuple(p.transfer for p in u.payments),
                      members=tuple(u.members),
                      results=tuple((ended_deal, seat, won) for seat, won in u.results.items()),
                      frees_message=any(closing.shown for closing in u.closings))
        try:
            await saving.save(self.db, s)
        except saving.EscrowMismatch as exc:
            raise ConservationError(f"table {row.id}: {exc}") from None
        except ledger.InsufficientFunds as exc:
            short = next((p.short for p in u.payments if p.transfer.src == exc.account and p.short), None)
            if short is None:
                raise
            raise short(exc.balance) from None
        row.version = version
        if state is not None:
            row.state = state
        if s.frees_message:
            row.message_id = None
