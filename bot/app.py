"""The Bot subclass: opens the database, builds the services, loads the cogs, registers the
persistent controls, restores open tables, syncs commands, and fires turn deadlines."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import socket
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock, parse_stamp, utc_now
from bot.config import Settings
from bot.departures import SWEEP_EVERY_S, Departures
from bot.dms import DmRefusals
from bot.i18n.choose import Languages
from bot.i18n.commands import CatalogTranslator
from bot.memory import keep_long_lived
from bot.tables.ownership import JOINING_SHARE, Leases, Shards, Shares, shard_of
from bot.tables.pacing import Budget, Pacer
from bot.tables.service import TableService
from bot.ui.client import CardRoomClient
from bot.ui.errors import report_error
from bot.ui.gate import Gate
from bot.ui.pictures import Painter
from bot.ui.presenter import DiscordPresenter
from bot.ui.replies import Replies
from bot.ui.views import DYNAMIC_ITEMS, answer_unshown, shows_control
from bot.wallet import WalletService
from storage.connect import DatabaseUnavailable, open_database
from storage.db import Database

log = logging.getLogger(__name__)

COGS = ("cogs.wallet", "cogs.tables", "cogs.admin", "cogs.language", "cogs.help", "cogs.privacy")
DEADLINE_POLL_S = 1.0
SHARE_EVERY_S = 1.0
"""How often a process renews its share of the request budget (or less, with a short lease)."""
NETWORK_ERRORS = (aiohttp.ClientConnectionError, socket.gaierror, ConnectionError, TimeoutError)
"""What connecting to Discord raises when the network, DNS or Discord's address is unreachable."""


class StartupError(Exception):
    """The bot cannot start until its owner acts; the message is one line saying what to do.

    `transient` marks failures that may pass by themselves (no network), which a service
    manager may retry; the others need the owner to change something first.
    """

    def __init__(self, message: str, transient: bool = False) -> None:
        super().__init__(" ".join(message.split()))
        self.transient = transient


class CardRoomTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


def _sharding(settings: Settings) -> dict[str, Any]:
    """The shards this process runs: SHARD_IDS of SHARD_COUNT, else all of as many as Discord advises."""
    found: dict[str, Any] = {}
    if settings.shard_count is not None:
        found["shard_count"] = settings.shard_count
    if settings.shard_ids is not None:
        found["shard_ids"] = list(settings.shard_ids)
    return found


class CardRoomBot(CardRoomClient):
    def __init__(self, settings: Settings, clock: Clock = utc_now) -> None:
        # The bot never joins voice channels, so discord.py need not warn that voice libraries are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        budget = Budget(settings.requests_per_s)
        if settings.database_url:   # other processes may share the budget: none of it is ours before we ask
            budget.set_share(min(JOINING_SHARE, settings.requests_per_s))
        gate = Gate(budget)
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         tree_cls=CardRoomTree, help_command=None, http_trace=gate.trace(), **_sharding(settings))
        self.budget, self.gate = budget, gate
        self.settings = settings
        self.clock = clock
        self.db: Database | None = None
        self.wallets: WalletService
        self.tables: TableService
        self.presenter: DiscordPresenter
        self.driven = Shards(settings.shard_count or 1, settings.shard_ids)
        self._deadlines: asyncio.Task[None] | None = None
        self._leases: asyncio.Task[None] | None = None
        self._sharing: asyncio.Task[None] | None = None
        self._shares: Shares | None = None
        self._restoring: asyncio.Task[None] | None = None
        self._forgetting: asyncio.Task[None] | None = None
        self.forget_after_days = settings.forget_after_days
        self._left_open: list[int] = []
        self.short_lived_ids: set[str] = set()
        self.replies = Replies()

    async def login(self, token: str) -> None:
        """Log in (which runs `setup_hook`), turning what the owner must fix into a `StartupError`."""
        try:
            await super().login(token)
        except discord.LoginFailure:
            raise StartupError("Discord refused DISCORD_TOKEN: copy a new token from the developer portal "
                               "(your application, Bot, Reset Token) into .env and start again.") from None
        except NETWORK_ERRORS as exc:
            raise StartupError(f"cannot reach Discord ({exc or type(exc).__name__}): check this machine's "
                               "network connection and DNS, then start again.", transient=True) from None
        except discord.DiscordServerError as exc:
            raise StartupError(f"Discord is having trouble ({exc}): start again in a few minutes.",
                               transient=True) from None

    async def _open_database(self) -> Database:
        try:
            return await open_database(self.settings.database)
        except DatabaseUnavailable as exc:
            if self.settings.database_url:
                raise StartupError(f"cannot open the database at DATABASE_URL ({exc}): check that the PostgreSQL "
                                   "server is running and the URL's user, password and database name.",
                                   transient=True) from None
            raise StartupError(f"cannot open the database {self.settings.database_path} ({exc}): check "
                               "DATABASE_PATH, that the file is a cardroom database and that this user may write "
                               "to its folder.") from None

    async def setup_hook(self) -> None:
        self.db = await self._open_database()
        if self.db.shared:   # before anything else is sent: our share of the budget
            self._shares = Shares(self.db, self.budget, self.clock, self.settings.lease_timeout_s, self.driven)
            await self._shares.tick()
            self._sharing = asyncio.create_task(self._keep_share(self._shares))
        pacer = Pacer(self.budget)
        self.painter = Painter(self.settings.bot_workers)
        refusals = DmRefusals(self.db, self.clock)
        await refusals.load()
        self.presenter = presenter = DiscordPresenter(self, refusals, self.painter)
        self.wallets = WalletService(self.db, self.settings, self.clock)
        self.languages = Languages(self.db, self.clock)
        self.tables = TableService(self.db, self.wallets, presenter, self.clock, self.settings.bot_delay_s,
                                   pacer=pacer, afk_limit=self.settings.afk_turns,
                                   bot_workers=self.settings.bot_workers, shards=self.driven)
        self.departures = Departures(self.db, self.wallets, self.tables, self.clock, self.settings.forget_after_days)
        for cog in COGS:
            await self.load_extension(cog)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogTranslator())
        await self._sync()
        self._left_open = await self.tables.open_table_ids()  # before anyone can open a new one
        if self.db.shared:
            leases = Leases(self.db, self.driven, self.clock, self.settings.lease_timeout_s)
            await leases.tick()   # our shards' tables are ours before they are restored
            self._leases = asyncio.create_task(self._keep_leases(leases))
        self._deadlines = asyncio.create_task(self._fire_deadlines())
        try:   # a worker that cannot start now is started again when first needed
            await asyncio.gather(self.painter.start(), self.tables.autoplay.thinker.start())
        except OSError:
            log.warning("the worker processes could not be started yet", exc_info=True)

    async def on_interaction(self, interaction: discord.Interaction[CardRoomClient]) -> None:
        """discord.py drops a click on a control its message no longer shows: answer it here."""
        if interaction.type is discord.InteractionType.component and not shows_control(interaction):
            await answer_unshown(interaction)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if self._restoring is None:  # on_ready repeats after reconnects; restore once
            self._restoring = asyncio.create_task(self._restore())
            self._forgetting = asyncio.create_task(self._forget_departed())

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.departures.left(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.departures.returned(guild.id)

    async def _forget_departed(self) -> None:
        """Note the servers left while the bot was down, then remove the data of those left
        longer ago than FORGET_SERVER_AFTER_DAYS, now and every hour."""
        own, first = self.driven.own, True
        while True:
            try:
                if first:
                    await self.departures.gone_while_away([g.id for g in self.guilds],
                                                          lambda g: shard_of(g, self.driven.count) in own)
                    first = False
                await self.departures.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("removing the data of servers the bot left failed; retrying")
            await asyncio.sleep(SWEEP_EVERY_S)

    async def _restore(self) -> None:
        await self.tables.restore(self._left_open)
        keep_long_lived()

    async def _sync(self) -> None:
        """Sync the slash commands when they, or the application, changed since the last sync.

        The marker beside the database holds a hash of the application id and the command
        payload, so a new application (a new token) with an old `data/` still gets its commands.
        """
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
                   for c in self.tree.get_commands(guild=guild)]
        synced_for = {"application_id": self.application_id, "commands": payload}
        digest = hashlib.sha256(json.dumps(synced_for, sort_keys=True).encode()).hexdigest()
        marker = self.settings.database_path.with_suffix(f".sync-{guild.id if guild else 'global'}")
        if marker.exists() and marker.read_text() == digest:
            log.info("application commands unchanged; not syncing")
            return
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.DiscordServerError:
            raise  # an outage, not a refusal: `login` reports it
        except discord.HTTPException as exc:
            where = (f"to the server DEV_GUILD_ID={guild.id} ({exc}): invite the bot there with the "
                     "applications.commands scope, or leave DEV_GUILD_ID empty to sync globally"
                     if guild else f"globally ({exc}): start again later, and report it with this line if it "
                     "keeps failing")
            raise StartupError(f"Discord refused to sync the slash commands {where}.") from None
        marker.parent.mkdir(parents=True, exist_ok=True)   # on PostgreSQL nothing else made the folder
        marker.write_text(digest)
        log.info("synced %d application commands %s", len(synced),
                 f"to guild {guild.id}" if guild else "globally")

    async def _fire_deadlines(self) -> None:
        """Apply timeouts as deadlines pass; sleeps until the next one (at most a second)."""
        while True:
            try:
                await self.tables.fire_due()
                upcoming = await self.tables.next_deadline()
                wait = DEADLINE_POLL_S
                if upcoming:
                    wait = min(wait, max(0.05, (parse_stamp(upcoming) - self.clock()).total_seconds()))
                await asyncio.sleep(wait)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline loop failed; retrying")
                await asyncio.sleep(DEADLINE_POLL_S)

    async def _keep_leases(self, leases: Leases) -> None:
        """With other processes on the database: renew our leases a few times per timeout, take
        over the tables of a process gone silent, and drive on tables another process moved."""
        while True:
            await asyncio.sleep(self.settings.lease_timeout_s / 4)
            try:
                if await leases.tick():
                    log.warning("took over the tables of shards whose process went silent; now driving shards %s",
                                sorted(self.driven.held))
                    await self.tables.restore()
                await self.tables.autoplay.revalidate()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("keeping the shard leases failed; retrying")

    async def _keep_share(self, shares: Shares) -> None:
        """Renew our share of the request budget, taking up what processes gone silent left."""
        every = min(SHARE_EVERY_S, self.settings.lease_timeout_s / 4)
        while True:
            await asyncio.sleep(every)
            try:
                before = shares.announced
                if (now := await shares.tick()) != before:
                    log.info("this process now sends up to %.1f of the bot's %g requests/s", now,
                             self.budget.configured)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("renewing this process's share of the request budget failed; retrying")

    async def close(self) -> None:
        for task in (self._deadlines, self._leases, self._sharing, self._restoring, self._forgetting):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if getattr(self, "tables", None) is not None:
            await self.tables.stop()   # bot moves and messages in flight, before the HTTP session goes
        if getattr(self, "painter", None) is not None:
            await self.painter.close()
        await super().close()
        if getattr(self, "languages", None) is not None:
            await self.languages.saved()
        if self.db is not None:
            if self._shares is not None:
                try:   # the others take our share at once rather than after the lease timeout
                    await self._shares.withdraw()
                except Exception:
                    log.exception("could not give up this process's share of the request budget")
            await self.db.close()
            self.db = None
