"""Which tables this process drives, and its share of the bot's Discord requests, when several
bot processes share one database.

Discord sends a server's events to one shard, `(guild_id >> 22) % shard_count`, and each process
runs some shards. Any process serves the clicks it receives, but only one drives a table (its
seat bots, deadlines and re-posted messages): the process holding the lease of the table's
shard. A process holds its own shards' leases and renews them; when a process is gone for longer
than the lease timeout, another takes its shards over until it comes back.

Discord's limit on requests is the bot token's, across all its processes, so the processes
split the budget between them (`Shares`): each takes the budget divided by the processes alive.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterable
from datetime import timedelta

from bot.clock import Clock, stamp
from storage import leases
from storage.db import Database

from .pacing import Budget

JOINING_SHARE = 1.0
"""Requests per second a starting process sends before its first share (its login)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to."""
    return (guild_id >> 22) % shard_count


class Shards:
    """The shards whose tables this process drives: its own, and those it took over."""

    def __init__(self, count: int = 1, own: Iterable[int] | None = None) -> None:
        self.count = count
        self.own = frozenset(range(count) if own is None else own)
        self.held: set[int] = set(self.own)

    def drives(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.held


class Leases:
    """Keeps this process's leases: `tick` renews them and takes over the expired ones."""

    def __init__(self, db: Database, shards: Shards, clock: Clock, timeout_s: float) -> None:
        self.db, self.shards, self.clock, self.timeout_s = db, shards, clock, timeout_s
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    async def tick(self) -> set[int]:
        """Renew, take over what expired; the shards this process holds now and did not before."""
        now = self.clock()
        async with self.db.transaction() as tx:
            # our own shards are ours again, whoever covered them while we were away
            await leases.claim(tx, sorted(self.shards.own), self.holder, stamp(now))
            await leases.renew(tx, self.holder, stamp(now))
            await leases.take_expired(tx, self.holder, stamp(now - timedelta(seconds=self.timeout_s)), stamp(now))
            held = await leases.held(tx, self.holder)
        gained = held - self.shards.held
        self.shards.held = held
        return gained


class Shares:
    """This process's share of the bot's request budget, renewed every `tick`.

    Each live process (one that renewed within the lease timeout) takes the budget divided by
    the live processes. A process lowers its share at once when it sees a newcomer, and raises
    it only into what the others have given up, a second after they did (when what they sent
    at their old shares has left Discord's one-second window), so together they never send more
    than the budget in any second; a newcomer sends at most `JOINING_SHARE` a second before the
    others make room. A process gone silent leaves its share to the others after the lease
    timeout; one that stops gives it up at once (`withdraw`). A process is named by its own
    shards, so one that restarts takes its predecessor's share over at once rather than waiting
    for it to expire.
    """

    def __init__(self, db: Database, budget: Budget, clock: Clock, timeout_s: float, shards: Shards) -> None:
        self.db, self.budget, self.clock, self.timeout_s = db, budget, clock, timeout_s
        self.holder = "shards " + ",".join(map(str, sorted(shards.own)))
        self.announced: float | None = None

    async def tick(self) -> float:
        """Renew this process's share; returns it as announced (requests per second)."""
        now = self.clock()
        full = self.budget.configured
        mine = self.budget.share if self.announced is None else self.announced
        async with self.db.transaction() as tx:
            others = await leases.others_shares(tx, self.holder, stamp(now - timedelta(seconds=self.timeout_s)))
            fair = full / (len(others) + 1)
            if fair < mine:
                mine = fair
                self.budget.set_share(mine)   # at once: the newcomer waits for it
            else:
                mine = max(mine, min(fair, full - sum(others)))
            await leases.announce_share(tx, self.holder, mine, stamp(now))
        if mine > self.budget.share:
            self.budget.raise_share(mine)   # once the others can see it, and their old requests are gone
        self.announced = mine
        return mine

    async def withdraw(self) -> None:
        async with self.db.transaction() as tx:
            await leases.withdraw_share(tx, self.holder)
