"""The deals a player may replay: every deal of the finished tables they sat at (public in that
table's channel), listed from each deal's recorded result, so listing them replays nothing."""

from __future__ import annotations

from dataclasses import dataclass

from .db import Tx, fetch_all


@dataclass(frozen=True, slots=True)
class DealRef:
    table_id: int
    game_id: str
    version: int
    """The version of the action whose save recorded the deal's result (it ended the deal)."""
    number: int
    """Which deal of its table (1 is the first)."""
    won: bool | None
    """Whether the player won it (None: not recorded, or they were not in it to the end)."""


_RECENT = """
    SELECT d.table_id, t.game_id, d.version, MAX(CASE WHEN d.seat = s.seat THEN d.won END) AS won,
           (SELECT COUNT(DISTINCT e.version) FROM deal_results e
            WHERE e.table_id = d.table_id AND e.version <= d.version) AS number
    FROM game_tables t
    JOIN seats s ON s.table_id = t.id AND s.user_id = :u
    JOIN deal_results d ON d.table_id = t.id
    WHERE t.guild_id = :g AND t.status = 'finished' AND t.frozen IS NULL
    GROUP BY d.table_id, t.game_id, d.version, t.finished_at
    ORDER BY t.finished_at DESC, d.table_id DESC, d.version DESC
    LIMIT :n
"""


async def recent_deals(tx: Tx, guild_id: int, user_id: int, limit: int) -> list[DealRef]:
    """The deals of the finished tables the player sat at in this server, the newest first."""
    rows = await fetch_all(tx, _RECENT, {"g": guild_id, "u": user_id, "n": limit})
    return [DealRef(r["table_id"], r["game_id"], r["version"], int(r["number"]),
                    None if r["won"] is None else bool(r["won"])) for r in rows]
