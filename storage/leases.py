"""Leases on shards: which process drives the tables of a shard's servers (see 0004_shard_leases)."""

from __future__ import annotations

from collections.abc import Iterable

from .db import Tx, fetch_all


async def claim(tx: Tx, shards: Iterable[int], holder: str, now: str) -> None:
    """Hold (or take back) the leases of the process's own shards, renewed to `now`. First in a
    tick: it takes the leases' lock, so processes ticking together take turns."""
    await tx.lock("leases", 0)
    for shard in shards:
        await tx.execute("INSERT INTO shard_leases (shard_id, holder, renewed_at) VALUES (:s, :h, :now) "
                         "ON CONFLICT (shard_id) DO UPDATE SET holder = :h, renewed_at = :now",
                         {"s": shard, "h": holder, "now": now})


async def renew(tx: Tx, holder: str, now: str) -> None:
    """Renew every lease `holder` still holds (its own shards and those it took over)."""
    await tx.execute("UPDATE shard_leases SET renewed_at = :now WHERE holder = :h", {"h": holder, "now": now})


async def take_expired(tx: Tx, holder: str, cutoff: str, now: str) -> list[int]:
    """Take over every lease last renewed before `cutoff`; each one goes to exactly one taker."""
    return [r["shard_id"] for r in await fetch_all(
        tx, "UPDATE shard_leases SET holder = :h, renewed_at = :now WHERE renewed_at < :cutoff AND holder != :h "
            "RETURNING shard_id", {"h": holder, "now": now, "cutoff": cutoff})]


async def held(tx: Tx, holder: str) -> set[int]:
    return {r["shard_id"] for r in await fetch_all(
        tx, "SELECT shard_id FROM shard_leases WHERE holder = :h", {"h": holder})}


async def others_shares(tx: Tx, holder: str, cutoff: str) -> list[float]:
    """The request shares of the other live processes, after dropping those of processes silent
    since `cutoff`. Takes the shares' lock first, so processes rebalancing together take turns."""
    await tx.lock("request_shares", 0)
    await tx.execute("DELETE FROM request_shares WHERE renewed_at < :cutoff", {"cutoff": cutoff})
    return [float(r["per_s"]) for r in await fetch_all(
        tx, "SELECT per_s FROM request_shares WHERE holder != :h", {"h": holder})]


async def announce_share(tx: Tx, holder: str, per_s: float, now: str) -> None:
    await tx.execute("INSERT INTO request_shares (holder, per_s, renewed_at) VALUES (:h, :p, :now) "
                     "ON CONFLICT (holder) DO UPDATE SET per_s = :p, renewed_at = :now",
                     {"h": holder, "p": per_s, "now": now})


async def withdraw_share(tx: Tx, holder: str) -> None:
    await tx.execute("DELETE FROM request_shares WHERE holder = :h", {"h": holder})
