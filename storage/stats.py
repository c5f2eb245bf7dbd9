"""Leaderboards and history, derived from accounts, seats and tables (no separate tallies to drift)."""

from __future__ import annotations

from dataclasses import dataclass

from .db import Tx, fetch_all, fetch_one, fetch_single


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    value: int
    rank: int


# Chips = wallet + stacks at tables still open. Every member who ever used the bot is ranked.
_CHIPS = """
    SELECT m.user_id,
           COALESCE((SELECT balance FROM accounts a
                     WHERE a.guild_id = m.guild_id AND a.account = 'user:' || m.user_id), 0)
         + CAST(COALESCE((SELECT SUM(s.stack) FROM seats s JOIN game_tables t ON t.id = s.table_id
                          WHERE t.guild_id = m.guild_id AND s.user_id = m.user_id
                            AND t.status != 'finished' AND s.cashed_out IS NULL), 0) AS BIGINT) AS value
    FROM members m WHERE m.guild_id = :g
"""

# Net winnings = chips taken away from tables minus chips brought, over seats already paid out.
_NET = """
    SELECT m.user_id,
           CAST(COALESCE((SELECT SUM(s.cashed_out - s.buy_in) FROM seats s JOIN game_tables t ON t.id = s.table_id
                          WHERE t.guild_id = m.guild_id AND s.user_id = m.user_id AND s.cashed_out IS NOT NULL), 0)
                AS BIGINT) AS value
    FROM members m WHERE m.guild_id = :g
"""

_QUERIES = {"chips": _CHIPS, "net": _NET}


async def leaderboard(tx: Tx, guild_id: int, by: str, limit: int = 10) -> list[Standing]:
    rows = await fetch_all(tx, "SELECT user_id, value, RANK() OVER (ORDER BY value DESC) AS rank FROM ("
                           + _QUERIES[by] + ") AS v ORDER BY value DESC, user_id LIMIT :n", {"g": guild_id, "n": limit})
    return [Standing(r["user_id"], r["value"], r["rank"]) for r in rows]


async def rank_of(tx: Tx, guild_id: int, user_id: int, by: str) -> Standing | None:
    row = await fetch_one(tx, "SELECT user_id, value, rank FROM (SELECT user_id, value, "
                          "RANK() OVER (ORDER BY value DESC) AS rank FROM (" + _QUERIES[by] + ") AS v) AS r "
                          "WHERE user_id = :u", {"g": guild_id, "u": user_id})
    return Standing(row["user_id"], row["value"], row["rank"]) if row else None


async def at_tables(tx: Tx, guild_id: int, user_id: int) -> int:
    row = await fetch_single(tx, "SELECT CAST(COALESCE(SUM(s.stack), 0) AS BIGINT) AS n FROM seats s "
                                 "JOIN game_tables t ON t.id = s.table_id WHERE t.guild_id = :g AND s.user_id = :u "
                                 "AND t.status != 'finished' AND s.cashed_out IS NULL", {"g": guild_id, "u": user_id})
    chips: int = row["n"]
    return chips


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    table_id: int
    game_id: str
    buy_in: int
    cashed_out: int
    left_at: str

    @property
    def net(self) -> int:
        return self.cashed_out - self.buy_in


async def history(tx: Tx, guild_id: int, user_id: int, limit: int = 10) -> list[HistoryEntry]:
    rows = await fetch_all(tx, "SELECT t.id, t.game_id, s.buy_in, s.cashed_out, s.left_at FROM seats s "
                               "JOIN game_tables t ON t.id = s.table_id WHERE t.guild_id = :g AND s.user_id = :u "
                               "AND s.cashed_out IS NOT NULL ORDER BY s.left_at DESC, t.id DESC LIMIT :n",
                           {"g": guild_id, "u": user_id, "n": limit})
    return [HistoryEntry(r[0], r[1], r[2], r[3], r[4]) for r in rows]
