"""Players whose DMs are closed (Discord error 50007): remembered so we stop retrying."""

from __future__ import annotations

from .db import Tx, fetch_all


async def refused(tx: Tx) -> set[int]:
    return {r["user_id"] for r in await fetch_all(tx, "SELECT user_id FROM dm_refusals")}


async def mark_refused(tx: Tx, user_id: int, now: str) -> None:
    await tx.execute("INSERT INTO dm_refusals (user_id, refused_at) VALUES (:u, :now) ON CONFLICT DO NOTHING",
                     {"u": user_id, "now": now})


async def clear(tx: Tx, user_id: int) -> None:
    await tx.execute("DELETE FROM dm_refusals WHERE user_id = :u", {"u": user_id})
