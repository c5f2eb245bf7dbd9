"""Which tables this process drives, when several bot processes share one database.

Discord sends a server's events to one shard, `(guild_id >> 22) % shard_count`, and each process
runs some shards. Any process serves the clicks it receives, but only one drives a table (its
seat bots, deadlines and re-posted messages): the process holding the lease of the table's
shard. A process holds its own shards' leases and renews them; when a process is gone for longer
than the lease timeout, another takes its shards over until it comes back.
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
