"""The real bot (`bot.app.CardRoomBot`) against the bench's fake Discord, without a gateway: it logs
in, builds its services and writes every message through discord.py's HTTP client and its gate.
The bench's people act through its table service, as their clicks would (their replies are
interaction responses, which Discord does not count against the limit).

Tables are opened offline first (`open_offline`): their lobby, table and hand messages are put
straight into the fake, as an earlier run of the bot would have left them, so a row measures its
own traffic, not the setting up.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict

import discord
import yarl

from bot.app import CardRoomBot
from bot.clock import utc_now
from bot.config import Settings
from bot.games import GAMES
from bot.games.base import Event
from bot.tables.models import HandRef, TableSnapshot
from bot.tables.pacing import Pacer
from bot.tables.presenter import NullPresenter
from bot.tables.service import TableService
from bot.tables.unit import TableUnit
from bot.wallet import WalletService
from storage import tables as stored
from storage.connect import open_database
from storage.db import fetch_all

from .fake_server import TOKEN, FakeServer

PERSON_SEAT = 0   # the person opens the table and sits first


def point_at(api_base: str) -> None:
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(api_base.replace("http", "ws", 1))


async def real_bot(settings: Settings, api_base: str) -> CardRoomBot:
    point_at(api_base)
    bot = CardRoomBot(settings)
    await bot.login(TOKEN)   # setup_hook: the database, the services, the command sync
    return bot


class Probe:
    """Watches the real bot: when each person's turn began and when their DM told them; when each
    table was started and when its started message was up; and a table's refreshes after a
    restart."""

    def __init__(self, bot: CardRoomBot) -> None:
        self.turn_at: dict[int, float] = {}
        self.told: list[float] = []
        """Seconds from a person's turn to their DM; for a turn that ended first (they played from
        the table's message, or the table closed), to its end: they were told no sooner."""
        self.started_at: dict[int, float] = {}
        self.shown_after_start: list[float] = []
        self.prompted: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.committed: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.tables_shown: dict[int, float] = {}
        self.up: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        """Set once the table's message is up (or it ended unseen): what its person first sees."""
        self.hands_shown: dict[int, float] = {}
        self.hand_refs: dict[int, HandRef] = {}
        """The person's hand message at each table."""
        self.closed: set[int] = set()
        service, presenter = bot.tables, bot.presenter
        publish, show_table, show_hand = service._publish, presenter.show_table, presenter.show_hand
        game_over = presenter.game_over

        def published(u: TableUnit) -> None:
            publish(u)
            playing = u.row.status == "playing" and u.game is not None
            if u.game is not None and playing and PERSON_SEAT in u.game.to_act():
                self.committed[u.row.id].set()
                if PERSON_SEAT not in u.before and u.row.id not in self.turn_at:
                    self.turn_at[u.row.id] = time.monotonic()
                return
            if not playing:
                self.committed[u.row.id].set()
                self.closed.add(u.row.id)
            turn = self.turn_at.pop(u.row.id, None)
            if turn is not None:
                self.told.append(time.monotonic() - turn)

        async def table(snap: TableSnapshot, recent: list[Event], message_id: int | None,
                        picture: bool = True) -> int | None:
            shown = await show_table(snap, recent, message_id, picture)
            now = time.monotonic()
            self.tables_shown.setdefault(snap.table_id, now)
            self.up[snap.table_id].set()
            started = self.started_at.pop(snap.table_id, None)
            if started is not None and snap.status == "playing":
                self.shown_after_start.append(now - started)
            return shown

        async def hand(snap: TableSnapshot, seat: int, message: HandRef | None,
                       events: list[Event]) -> HandRef | None:
            ref = await show_hand(snap, seat, message, events)
            now = time.monotonic()
            self.hands_shown.setdefault(snap.table_id, now)
            if ref is not None and seat == PERSON_SEAT:
                self.hand_refs[snap.table_id] = ref
            if ref is not None and seat == PERSON_SEAT and seat in snap.to_act:
                # the person is told: a new DM (the deal's first turn) or their DM asking again
                turn = self.turn_at.pop(snap.table_id, None)
                if turn is not None:
                    self.told.append(now - turn)
                self.prompted[snap.table_id].set()
            return ref

        async def over(snap: TableSnapshot, payouts: dict[int, int]) -> None:
            self.started_at.pop(snap.table_id, None)   # ended before it was shown
            self.up[snap.table_id].set()
            await game_over(snap, payouts)

        service._publish = published  # type: ignore[method-assign]
        presenter.game_over = over  # type: ignore[method-assign]
        presenter.show_table = table  # type: ignore[method-assign]
        presenter.show_hand = hand  # type: ignore[method-assign]


class Seeding(NullPresenter):
    """Shows tables and hands as messages put straight into the fake (no requests)."""

    def __init__(self, fake: FakeServer) -> None:
        self.fake = fake

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        return message_id if message_id is not None else int(self.fake.call("seed_message", snap.channel_id))

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        if message is not None:
            return message
        user = snap.seats[seat].user_id
        assert user is not None
        channel = int(self.fake.call("dm_channel", user))
        return HandRef(channel, int(self.fake.call("seed_message", channel)))


async def open_offline(settings: Settings, fake: FakeServer, guild: int, channels: list[int], people: list[int],
                       games: list[str], start: bool = False) -> list[tuple[int, int]]:
    """(table, person) for a table in each channel, a person and seat bots at each, games in turn:
    lobbies, or with `start` started games whose every person has a hand message."""
    db = await open_database(settings.database)
    wallets = WalletService(db, settings, utc_now)
    service = TableService(db, wallets, Seeding(fake), utc_now, bot_delay_s=3600, pacer=Pacer(channel_interval=0))
    made = []
    for i, (channel, person) in enumerate(zip(channels, people)):
        game_id = games[i % len(games)]
        table = (await service.open(guild, channel, person, game_id, seed=i)).table_id
        await service.join(table, person, f"P{person}")
        for _ in range(GAMES[game_id].min_players - 1):
            await service.add_bot(table, person)
        if start:
            await service.start(table, person)
        made.append((table, person))
    await service.autoplay.stop()   # the seat bots wait for the real bot
    await service.settle()
    await service.stop()
    if start:
        async with db.read() as tx:
            told = {r["table_id"] for r in await fetch_all(tx, "SELECT table_id FROM hand_messages")}
        for table, person in made:   # the others were told on an earlier turn
            if table not in told:
                dm = int(fake.call("dm_channel", person))
                await db.commit_alone([stored.hand_message_step(table, PERSON_SEAT, dm,
                                                                int(fake.call("seed_message", dm)))])
    await db.close()
    return made
