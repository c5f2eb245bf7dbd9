"""Members of a server and their once-a-day claim. Balances live in `ledger`."""

from __future__ import annotations

from .db import Tx
from .ledger import lock_wallets


async def join(tx: Tx, guild_id: int, user_id: int, now: str) -> bool:
    """Record a member's first use; True the first time (when the starting grant is due)."""
    await lock_wallets(tx, guild_id)
    return await tx.execute(
        "INSERT INTO members (guild_id, user_id, joined_at) VALUES (:g, :u, :now) ON CONFLICT DO NOTHING",
        {"g": guild_id, "u": user_id, "now": now}) == 1


async def claim_daily(tx: Tx, guild_id: int, user_id: int, today: str) -> bool:
    """Mark today's claim; False when it was already claimed today (UTC date string)."""
    await lock_wallets(tx, guild_id)
    return await tx.execute(
        "UPDATE members SET last_daily = :d WHERE guild_id = :g AND user_id = :u "
        "AND (last_daily IS NULL OR last_daily < :d)", {"d": today, "g": guild_id, "u": user_id}) == 1

