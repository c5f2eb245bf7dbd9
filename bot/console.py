"""`python -m bot demo <game>`: a whole game between seat bots through the real table service,
with a temporary database, printing what the channel and each seat would see."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.clock import FakeClock
from bot.config import Settings
from bot.games import GAMES
from bot.games.base import AnyGame, Event
from bot.games.messages import Text, from_json, msg
from bot.i18n import ENGLISH, render
from bot.tables.models import Closing, HandRef, TableSnapshot
from bot.tables.pacing import Pacer
from bot.tables.service import TableService
from bot.ui.boards import board_for
from bot.wallet import WalletService
from storage import ledger
from storage.connect import open_database

GUILD, CHANNEL = 1, 1
MAX_MOVES = 2_000
"""A whole game stops here (the longest of Tripoley's take about 1,600 moves; Marriage's may never
end between bots)."""
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"]


def _strip(text: str, names: list[str], ids: list[int | None]) -> str:
    for uid, name in zip(ids, names):
        text = text.replace(f"<@{uid}>", name)
    return text


class ConsolePresenter:
    """Prints to stdout what Discord would show: the table message, DMs, closed deals, results."""

    def __init__(self, out: Callable[[str], None] = print) -> None:
        self.out = out
        self.messages = 0
        self.summaries = 0
        self._shown_moves: list[str] = []

    def _table(self, snap: TableSnapshot) -> str:
        ids = [s.user_id for s in snap.seats]
        phase = snap.public.get("phase") if snap.public else None
        lines = [f"┌─ {snap.title} · table {snap.table_id} · {snap.status}"
                 + (f" · {render(ENGLISH, from_json(phase), snap.names)}" if phase else "")]
        if snap.public is not None and snap.status == "playing":
            for name, value in board_for(snap.game_id).table_fields(snap.public, snap.names):
                lines.append(f"│ {name}: " + _strip(value, snap.names, ids).replace("\n", "\n│   "))
        notes = board_for(snap.game_id).seat_notes(snap.public, snap.names, ENGLISH) \
            if snap.public is not None and snap.status == "playing" else {}
        stacks = ", ".join((f"{s.name} {s.stack:,}" + (f" ({notes[s.seat]})" if s.seat in notes else ""))
                           if s.present else f"{s.name} left with {s.cashed_out:,}" for s in snap.seats)
        lines.append(f"│ Stacks: {stacks or 'none yet'}")
        if snap.to_act:
            lines.append(f"│ To act: {', '.join(snap.names[s] for s in snap.to_act)}")
        return "\n".join(lines) + "\n└─"

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        moves = [snap.render(e) for e in recent]
        overlap = next(k for k in range(min(len(moves), len(self._shown_moves)), -1, -1)
                       if k == 0 or self._shown_moves[-k:] == moves[:k])
        for line in moves[overlap:]:
            self.out(f"  · {line}")
        self._shown_moves = moves
        if message_id is None:
            self.messages += 1
            self.out(self._table(snap))
            return self.messages
        return message_id

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        if closing.summary is not None:
            self.summaries += 1
        self.out("  📣 " + closing.text.replace("\n", "\n     "))
        self._shown_moves = []

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        text = board_for(snap.game_id).hand_text(snap.privates.get(seat, {}), snap.public or {})
        self.out(f"  ✉ DM to {snap.names[seat]}: " + text.replace("\n", "\n      "))
        for event in events:
            self.out(f"      (only you) {snap.render(event)}")
        if message is None and snap.legal.get(seat):
            labels = [render(ENGLISH, a.message, snap.names) for a in snap.legal[seat]]
            shown = ", ".join(labels[:12]) + (f", … ({len(labels)} choices)" if len(labels) > 12 else "")
            self.out(f"      choices: {shown}")
        return message or HandRef(seat, snap.version)

    async def strip_controls(self, message: HandRef) -> None:
        return None

    async def notice(self, snap: TableSnapshot, text: Text) -> None:
        self.out("  📣 " + render(ENGLISH, text, snap.names).replace("\n", "\n     "))

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        self.out(f"Game over at table {snap.table_id}.")
        for s in snap.seats:
            if s.seat in payouts:
                self.out(f"  {s.name}: bought in {s.buy_in:,}, took home {payouts[s.seat]:,}")

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        return False   # no budget here


async def run_demo(game_id: str, players: int | None, seed: int, out: Callable[[str], None] = print,
                   deals: int | None = None) -> bool:
    """Play a whole game; True when the books balance at the end.

    With `deals`, the table is closed once that many deals were played (the next one, already
    dealt, is void); so is a game still running after MAX_MOVES moves.
    """
    cls: type[AnyGame] = GAMES[game_id]
    n = players or cls.min_players
    if not cls.min_players <= n <= cls.max_players:
        name = render(ENGLISH, msg(f"game.{game_id}"), ())
        raise SystemExit(f"{name} takes {cls.min_players}–{cls.max_players} players.")
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(token="demo", database_path=Path(tmp) / "demo.db", starting_chips=10_000)
        db = await open_database(settings.database_path)
        service: TableService | None = None
        try:
            clock = FakeClock()
            wallets = WalletService(db, settings, clock)
            presenter = ConsolePresenter(out)
            service = TableService(db, wallets, presenter, clock, pacer=Pacer(channel_interval=0))
            users = list(range(101, 101 + n))
            snap = await service.open(GUILD, CHANNEL, users[0], game_id, seed=seed)
            for uid, name in zip(users, NAMES):
                await service.join(snap.table_id, uid, name)
            await service.start(snap.table_id, users[0])
            moves = 0
            while True:
                await service.settle()   # every message shown: the deals counted so far are all told
                snap = await service.snapshot(snap.table_id)
                if snap.status != "playing":
                    break
                if (deals is not None and presenter.summaries >= deals) or moves >= MAX_MOVES:
                    why = (f"{presenter.summaries} deal{'s' if presenter.summaries != 1 else ''} played"
                           if moves < MAX_MOVES else f"the game has not ended after {MAX_MOVES:,} moves")
                    out(f"Stop: {why}. The table is closed; the deal just dealt is void, so everyone gets back "
                        "their stack as it began.")
                    await service.close(snap.table_id)
                    break
                seat = snap.to_act[0]
                action = await service.suggest(snap.table_id, seat)
                out(f"  ▶ {snap.names[seat]} chooses: {render(ENGLISH, action.message, snap.names)}")
                player = snap.seats[seat].user_id
                assert player is not None   # every seat in the demo is a person's
                await service.act(snap.table_id, player, action, snap.version)
                moves += 1
            await service.settle()   # the end of the game is shown too
            async with db.read() as tx:
                books = await ledger.audit(tx, GUILD)
                balances = [(name, await ledger.balance(tx, GUILD, ledger.wallet(uid)))
                            for uid, name in zip(users, NAMES)]
            out(f"\n{moves} moves. Wallets: " + ", ".join(f"{name} {bal:,}" for name, bal in balances))
            total = sum(bal for _, bal in balances)
            out(f"Ledger check: server total {books.total} (must be 0), mismatched accounts: "
                f"{', '.join(books.mismatched) or 'none'}; players hold {total:,} of {10_000 * n:,} granted.")
            return books.ok and total == 10_000 * n
        finally:
            if service is not None:
                await service.stop()
            await db.close()
