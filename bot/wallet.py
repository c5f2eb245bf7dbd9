"""Chip wallets: grants, the daily claim, gifts, and what the leaderboards show.

Every movement goes through `storage.ledger.transfer` inside one transaction, so a wallet is
never overdrawn and a retried request never pays twice.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from bot.clock import Clock, stamp
from bot.config import Settings
from bot.errors import NotEnoughChips, PlayerError
from bot.games.messages import msg
from storage import ledger, stats, wallets
from storage import settings as guild_settings
from storage.db import Database, Tx
from storage.ledger import HOUSE, Transfer, wallet
from storage.saving import GRANT_KIND, Member


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


def start_key(guild_id: int, user_id: int) -> str:
    """The starting grant's idempotency key: one per member of a server."""
    return f"start:{guild_id}:{user_id}"


class WalletService:
    def __init__(self, db: Database, settings: Settings, clock: Clock) -> None:
        self.db, self.settings, self.clock = db, settings, clock
        self._configs: dict[int, GuildConfig] = {}

    def known_config(self, guild_id: int) -> GuildConfig | None:
        """The server's settings if they are in memory (a move then needs no transaction)."""
        return self._configs.get(guild_id)

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
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            return BalanceView(await ledger.balance(tx, guild_id, wallet(user_id)),
                               await stats.at_tables(tx, guild_id, user_id))

    async def daily(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """Claim today's chips: (amount, new balance). Once per UTC day."""
        today = self.clock().date().isoformat()
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            if not await wallets.claim_daily(tx, guild_id, user_id, today):
                raise PlayerError(msg("err.wallet.daily_claimed"))
            amount = (await self.config(tx, guild_id)).daily_chips
            await ledger.transfer(tx, guild_id, Transfer(HOUSE, wallet(user_id), amount, "grant:daily", today,
                                                         f"daily:{guild_id}:{user_id}:{today}"), stamp(self.clock()))
            return amount, await ledger.balance(tx, guild_id, wallet(user_id))

    async def give(self, guild_id: int, giver: int, receiver: int, amount: int, key: str | None = None) -> int:
        """Move chips between two members; the giver's new balance. `key` makes a retry harmless."""
        if giver == receiver:
            raise PlayerError(msg("err.wallet.give_self"))
        if amount <= 0:
            raise PlayerError(msg("err.wallet.give_at_least_one"))
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

    async def grant(self, guild_id: int, admin: int, user_id: int, amount: int) -> int:
        """House chips to a member (admin); the member's new balance."""
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            await ledger.transfer(tx, guild_id, Transfer(HOUSE, wallet(user_id), amount, "grant:admin",
                                                         str(admin), f"grant:{uuid.uuid4().hex}"), stamp(self.clock()))
            return await ledger.balance(tx, guild_id, wallet(user_id))

    async def take(self, guild_id: int, admin: int, user_id: int, amount: int) -> int:
        """A member's chips back to the house (admin), never below zero; the new balance."""
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            try:
                await ledger.transfer(tx, guild_id, Transfer(wallet(user_id), HOUSE, amount, "take:admin", str(admin),
                                                             f"take:{uuid.uuid4().hex}"), stamp(self.clock()))
            except ledger.InsufficientFunds as exc:
                raise NotEnoughChips(msg("err.wallet.take_short", balance=exc.balance)) from None
            return await ledger.balance(tx, guild_id, wallet(user_id))

    async def leaderboard(self, guild_id: int, user_id: int, by: str, game: str | None = None) -> Leaderboard:
        """The top of the server by chips or net winnings; `game` ranks that game's net winnings."""
        async with self.db.transaction() as tx:
            await self.ensure_member(tx, guild_id, user_id)
            return Leaderboard(await stats.leaderboard(tx, guild_id, by, game=game),
                               await stats.rank_of(tx, guild_id, user_id, by, game=game))

    async def game_stats(self, guild_id: int, user_id: int) -> dict[str, stats.GameStats]:
        async with self.db.read() as tx:
            return await stats.game_stats(tx, guild_id, user_id)

    async def history(self, guild_id: int, user_id: int) -> list[stats.HistoryEntry]:
        async with self.db.read() as tx:
            return await stats.history(tx, guild_id, user_id)

    async def set_setting(self, guild_id: int, name: str, value: int | None) -> GuildConfig:
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
        async with self.db.read() as tx:
            return await self.config(tx, guild_id)
