"""Leaderboards, history and per-game statistics, derived from accounts, seats, tables and each
deal's recorded result (no running tallies to drift)."""

from __future__ import annotations

from dataclasses import dataclass, replace

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

# Net winnings at one game's tables, for the players who finished at least one game of it.
_NET_IN_GAME = """
    SELECT s.user_id, CAST(SUM(s.cashed_out - s.buy_in) AS BIGINT) AS value
    FROM seats s JOIN game_tables t ON t.id = s.table_id
    WHERE t.guild_id = :g AND t.game_id = :game AND s.user_id IS NOT NULL AND s.cashed_out IS NOT NULL
      AND t.state IS NOT NULL
    GROUP BY s.user_id
"""

_QUERIES = {"chips": _CHIPS, "net": _NET}


def _ranked(by: str, game: str | None) -> str:
    """Every ranked player's value and rank; `game` ranks that game's net winnings."""
    values = _NET_IN_GAME if game is not None else _QUERIES[by]
    return f"SELECT user_id, value, RANK() OVER (ORDER BY value DESC) AS rank FROM ({values}) AS v"


async def leaderboard(tx: Tx, guild_id: int, by: str, limit: int = 10, game: str | None = None,
                      offset: int = 0) -> list[Standing]:
    rows = await fetch_all(tx, _ranked(by, game) + " ORDER BY value DESC, user_id LIMIT :n OFFSET :skip",
                           {"g": guild_id, "n": limit, "skip": offset, "game": game})
    return [Standing(r["user_id"], r["value"], r["rank"]) for r in rows]


async def ranked(tx: Tx, guild_id: int, by: str, game: str | None = None) -> int:
    """How many players a leaderboard ranks (its pages)."""
    row = await fetch_single(tx, f"SELECT COUNT(*) AS n FROM ({_ranked(by, game)}) AS r", {"g": guild_id, "game": game})
    count: int = row["n"]
    return count


async def rank_of(tx: Tx, guild_id: int, user_id: int, by: str, game: str | None = None) -> Standing | None:
    row = await fetch_one(tx, f"SELECT user_id, value, rank FROM ({_ranked(by, game)}) AS r WHERE user_id = :u",
                          {"g": guild_id, "u": user_id, "game": game})
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


@dataclass(frozen=True, slots=True)
class GameStats:
    """One player's record at one game. A game is won when the player left it with more chips
    than they brought; a deal as the table recorded it (`deal_results`, written by each save)."""

    game_id: str
    games: int = 0
    games_won: int = 0
    net: int = 0
    biggest_win: int = 0
    deals: int = 0
    deals_won: int = 0


# Games: seats paid out at tables whose game started (a cancelled lobby is no game).
_GAMES = """
    SELECT t.game_id, COUNT(*) AS games,
           CAST(SUM(CASE WHEN s.cashed_out > s.buy_in THEN 1 ELSE 0 END) AS BIGINT) AS won,
           CAST(SUM(s.cashed_out - s.buy_in) AS BIGINT) AS net, MAX(s.cashed_out - s.buy_in) AS best
    FROM seats s JOIN game_tables t ON t.id = s.table_id
    WHERE t.guild_id = :g AND s.user_id = :u AND s.cashed_out IS NOT NULL AND t.state IS NOT NULL
    GROUP BY t.game_id
"""

_DEALS = """
    SELECT t.game_id, COUNT(*) AS deals, CAST(SUM(CASE WHEN d.won = 1 THEN 1 ELSE 0 END) AS BIGINT) AS won
    FROM deal_results d JOIN seats s ON s.table_id = d.table_id AND s.seat = d.seat
    JOIN game_tables t ON t.id = d.table_id
    WHERE t.guild_id = :g AND s.user_id = :u
    GROUP BY t.game_id
"""


async def game_stats(tx: Tx, guild_id: int, user_id: int) -> dict[str, GameStats]:
    """The player's record at every game they have played in this server, by game id."""
    params = {"g": guild_id, "u": user_id}
    games = {r["game_id"]: r for r in await fetch_all(tx, _GAMES, params)}
    deals = {r["game_id"]: r for r in await fetch_all(tx, _DEALS, params)}
    found = {}
    for game_id in sorted(games.keys() | deals.keys()):
        record = GameStats(game_id)
        if g := games.get(game_id):
            record = replace(record, games=g["games"], games_won=g["won"], net=g["net"],
                             biggest_win=max(g["best"], 0))
        if d := deals.get(game_id):
            record = replace(record, deals=d["deals"], deals_won=d["won"])
        found[game_id] = record
    return found
