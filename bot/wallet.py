"""Chip wallets: grants, the daily claim, gifts, and what the leaderboards show.

Every movement goes through `storage.ledger.transfer` inside one transaction, so a wallet is
never overdrawn and a retried request never pays twice.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Collection
from dataclasses import dataclass

from bot import inputs
from bot.clock import Clock, stamp
from bot.config import Settings
from bot.errors import NotEnoughChips, PlayerError
from bot.games import GAMES
from bot.games.messages import msg
from bot.inputs import Person
from storage import ledger, privacy, stats, wallets
from storage import settings as guild_settings
from storage.db import Database, Tx
from storage.ledger import HOUSE, Transfer, wallet
from storage.saving import GRANT_KIND, Member
from storage.stats import GameStats as GameStats  # what `game_stats` returns: the cogs name it from here


@dataclass(frozen=True, slots=True)
class GuildConfig:
    starting_chips: int
    daily_chips: int
    turn_timeout_s: int
    images: bool = True
    """Table and hand messages carry pictures (off: text only)."""
    threads: bool = False
    """/play opens a table in a thread of its own unless the command says otherwise."""


@dataclass(frozen=True, slots=True)
class BalanceView:
    wallet: int
    at_tables: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    top: list[stats.Standing]
    me: stats.Standing | None
    page: int = 0
    """Which page `top` is, from 0."""
    pages: int = 1


@dataclass(frozen=True, slots=True)
class EconomyReset:
    """What an admin's reset did: chips the house took back, and members granted anew."""

    taken: int
    members: int
    starting_chips: int


@dataclass(frozen=True, slots=True)
class Erased:
    """A person's data erased: in how many servers, and the chips their wallets returned."""

    servers: int
    chips: int


LEADERBOARDS = ("chips", "net")
"""What /leaderboard ranks by."""
PAGE = 10
"""Players on a page of a leaderboard."""


def start_key(guild_id: int, user_id: int) -> str:
    """The starting grant's idempotency key: one per member of a server."""
    return f"start:{guild_id}:{user_id}"


class WalletService:
    def __init__(self, db: Database, settings: Settings, clock: Clock, games: Collection[str] = GAMES) -> None:
        self.db, self.settings, self.clock = db, settings, clock
        self.games = games
        """The game ids a leaderboard may rank by."""
        self._configs: dict[int, GuildConfig] = {}

    async def config(self, tx: Tx, guild_id: int) -> GuildConfig:
        """The server's settings; kept in memory (every action's deadline needs them) and
        forgotten when an admin changes them."""
        cached = self._configs.get(guild_id)
        if cached is not None:
            return cached
        o = await guild_settings.load(tx, guild_id)
        s = self.settings
        config = GuildConfig(s.starting_chips if o.starting_chips is None else o.starting_chips,
                             s.daily_chips if o.daily_chips is None else o.daily_chips,
                             s.turn_timeout_s if o.turn_timeout_s is None else o.turn_timeout_s,
                             images=o.images != 0, threads=bool(o.threads))
        self._configs[guild_id] = config
        return config

    async def ensure_member(self, tx: Tx, guild_id: int, user_id: int) -> None:
        """A user's first use in a server brings the starting grant (once: idempotent key)."""
        now = stamp(self.clock())
        if await wallets.join(tx, guild_id, user_id, now):
            amount = (await self.config(tx, guild_id)).starting_chips
            await ledger.open_account(tx, guild_id, wallet(user_id))
            await ledger.transfer(tx, guild_id, Transfer(HOUSE, wallet(user_id), amount, GRANT_KIND, "",
                                                         start_key(guild_id, user_id)), now)

    async def newcomer(self, guild_id: int, user_id: int) -> Member:
        """`ensure_member` as part of a table's save (a player sitting down or betting): made a
        member, with the starting grant, only if new to the server."""
        return Member(user_id, wallet(user_id), (await self.guild_config(guild_id)).starting_chips,
                      start_key(guild_id, user_id))

    async def balance(self, guild_id: int, user_id: int) -> BalanceView:
        guild_id = inputs.server(guild_id)
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            return BalanceView(await ledger.balance(tx, guild_id, wallet(user_id)),
                               await stats.at_tables(tx, guild_id, user_id))

    async def daily(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """Claim today's chips: (amount, new balance). Once per UTC day."""
        guild_id = inputs.server(guild_id)
        today = self.clock().date().isoformat()
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            if not await wallets.claim_daily(tx, guild_id, user_id, today):
                raise PlayerError(msg("err.wallet.daily_claimed"))
            amount = (await self.config(tx, guild_id)).daily_chips
            await ledger.transfer(tx, guild_id, Transfer(HOUSE, wallet(user_id), amount, "grant:daily", today,
                                                         f"daily:{guild_id}:{user_id}:{today}"), stamp(self.clock()))
            return amount, await ledger.balance(tx, guild_id, wallet(user_id))

    async def give(self, guild_id: int, giver: int, to: Person, amount: object, key: str | None = None) -> int:
        """Move chips between two members; the giver's new balance. `key` makes a retry harmless."""
        guild_id, receiver, amount = inputs.server(guild_id), inputs.target(to), inputs.chips(amount)
        if giver == receiver:
            raise PlayerError(msg("err.wallet.give_self"))
        key = key or uuid.uuid4().hex
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, giver)
            await self.ensure_member(tx, guild_id, receiver)
            try:
                await ledger.transfer(tx, guild_id, Transfer(wallet(giver), wallet(receiver), amount, "gift",
                                                             str(receiver), f"gift:{key}"), stamp(self.clock()))
            except ledger.InsufficientFunds as exc:
                raise NotEnoughChips(msg("err.wallet.give_short", balance=exc.balance, amount=amount)) from None
            return await ledger.balance(tx, guild_id, wallet(giver))

    async def grant(self, guild_id: int, admin: int, to: Person, amount: object) -> int:
        """House chips to a member (admin); the member's new balance."""
        guild_id, user_id, amount = inputs.server(guild_id), inputs.target(to), inputs.chips(amount)
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            await ledger.transfer(tx, guild_id, Transfer(HOUSE, wallet(user_id), amount, "grant:admin",
                                                         str(admin), f"grant:{uuid.uuid4().hex}"), stamp(self.clock()))
            return await ledger.balance(tx, guild_id, wallet(user_id))

    async def take(self, guild_id: int, admin: int, source: Person, amount: object) -> int:
        """A member's chips back to the house (admin), never below zero; the new balance."""
        guild_id, user_id, amount = inputs.server(guild_id), inputs.target(source), inputs.chips(amount)
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            try:
                await ledger.transfer(tx, guild_id, Transfer(wallet(user_id), HOUSE, amount, "take:admin", str(admin),
                                                             f"take:{uuid.uuid4().hex}"), stamp(self.clock()))
            except ledger.InsufficientFunds as exc:
                raise NotEnoughChips(msg("err.wallet.take_short", balance=exc.balance)) from None
            return await ledger.balance(tx, guild_id, wallet(user_id))

    async def leaderboard(self, guild_id: int, user_id: int, by: object, game: object = None,
                          page: int = 0) -> Leaderboard:
        """A page of the server's ranking by chips or net winnings (`game`: that game's net
        winnings), and where the asker stands. A page past the end shows the last."""
        guild_id, by = inputs.server(guild_id), inputs.choice(by, LEADERBOARDS)
        game = None if game is None else inputs.choice(game, self.games)
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            pages = max(1, -(-await stats.ranked(tx, guild_id, by, game=game) // PAGE))
            page = min(max(page, 0), pages - 1)
            return Leaderboard(await stats.leaderboard(tx, guild_id, by, PAGE, game=game, offset=page * PAGE),
                               await stats.rank_of(tx, guild_id, user_id, by, game=game), page, pages)

    async def reset_economy(self, guild_id: int, admin: int) -> EconomyReset:
        """Every wallet of the server back to the house and the starting chips granted anew, all
        through the ledger (the books still balance). Refused while a table is open: its chips
        would come back to wallets after the reset."""
        guild_id, now, key = inputs.server(guild_id), stamp(self.clock()), uuid.uuid4().hex
        async with self.db.transaction() as tx:
            await ledger.lock_wallets(tx, guild_id)
            if await privacy.open_tables(tx, guild_id):
                raise PlayerError(msg("err.economy.tables_open"))
            taken = await ledger.drain_wallets(tx, guild_id, "reset:admin", str(admin), f"reset:{key}", now)
            starting = (await self.config(tx, guild_id)).starting_chips
            members = await ledger.grant_members(tx, guild_id, starting, "grant:reset", str(admin), f"regrant:{key}",
                                                 now)
        return EconomyReset(taken, members, starting)

    async def erase(self, user_id: int) -> Erased:
        """Forget a person: in every server their chips go back to the house through the ledger,
        then their id and name leave what is kept (`storage.privacy`). Refused while they have
        chips at stake at an open table."""
        token, now = secrets.token_hex(8), stamp(self.clock())
        async with self.db.transaction() as tx:
            servers = await privacy.guilds_of(tx, user_id)
            for guild_id in servers:   # in order, so two erasures never wait for each other in a circle
                await ledger.lock_wallets(tx, guild_id)
            if await privacy.open_stakes(tx, user_id):
                raise PlayerError(msg("err.privacy.at_table"))
            backed, returned = await privacy.backed_tables(tx, user_id), 0
            for guild_id in servers:
                held = await ledger.balance(tx, guild_id, wallet(user_id))
                await ledger.transfer(tx, guild_id, Transfer(wallet(user_id), HOUSE, held, "erase", "",
                                                             f"erase:{token}:{guild_id}"), now)
                await privacy.forget_member(tx, guild_id, user_id, f"gone:{token}")
                returned += held
            await privacy.forget_person(tx, user_id, backed)
        return Erased(len(servers), returned)

    async def forget_guild(self, guild_id: int) -> None:
        """Everything kept for a server (the bot left it long ago): tables, books, settings."""
        async with self.db.transaction() as tx:
            await privacy.forget_guild(tx, guild_id)
        self._configs.pop(guild_id, None)

    async def game_stats(self, guild_id: int, whose: Person, game: object = None) -> dict[str, GameStats]:
        """A member's record at every game they played here, or at `game` only."""
        guild_id, user_id = inputs.server(guild_id), inputs.target(whose)
        game = None if game is None else inputs.choice(game, self.games)
        async with self.db.read() as tx:
            found = await stats.game_stats(tx, guild_id, user_id)
        return found if game is None else {game: found.get(game, GameStats(game))}

    async def history(self, guild_id: int, user_id: int) -> list[stats.HistoryEntry]:
        guild_id = inputs.server(guild_id)
        async with self.db.read() as tx:
            return await stats.history(tx, guild_id, user_id)

    async def set_setting(self, guild_id: int, name: object, value: int | None) -> GuildConfig:
        guild_id, name = inputs.server(guild_id), inputs.choice(name, guild_settings.FIELDS)
        self._configs.pop(guild_id, None)
        async with self.db.transaction() as tx:
            await guild_settings.store(tx, guild_id, name, value)
            self._configs.pop(guild_id, None)
            return await self.config(tx, guild_id)

    async def guild_config(self, guild_id: int) -> GuildConfig:
        """The server's settings; from memory when known (every table message asks)."""
        cached = self._configs.get(guild_id)
        if cached is not None:
            return cached
        guild_id = inputs.server(guild_id)
        async with self.db.read() as tx:
            return await self.config(tx, guild_id)
