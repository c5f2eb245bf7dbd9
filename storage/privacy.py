"""Forgetting: a person who asks to have their data erased, and a server the bot left.

A person's chips go back to the house first, through the ledger (the service does that), so the
books still balance; then their ids and names leave what is kept. Their ledger rows stay (the
history of every other account depends on them) but name a pseudonymous account, `gone:<token>`,
with no id in their keys or references. A server the bot left long enough ago is deleted whole:
its books sum to zero on their own, so removing all of them keeps every other server's.
"""

from __future__ import annotations

import json
from typing import Any

from .db import Tx, fetch_all, fetch_one
from .ledger import lock_wallets, wallet

ERASED_NAME = "—"
"""What a finished table's seat is called once its player was erased."""


async def open_stakes(tx: Tx, user_id: int) -> bool:
    """Whether the person has chips at stake at a table still open (seated, hosting, or backing a
    player): those must settle before they can be forgotten."""
    found = await fetch_one(tx, """
        SELECT 1 FROM seats s JOIN game_tables t ON t.id = s.table_id
        WHERE s.user_id = :u AND t.status != 'finished' AND s.cashed_out IS NULL
        UNION ALL SELECT 1 FROM game_tables WHERE host_id = :u AND status != 'finished'
        UNION ALL SELECT 1 FROM ledger l
        JOIN game_tables t ON t.guild_id = l.guild_id AND l.to_account = 'table:' || t.id
        WHERE l.from_account = :a AND l.kind = 'spectator_bet' AND t.status != 'finished'""",
                              {"u": user_id, "a": wallet(user_id)})
    return found is not None


async def guilds_of(tx: Tx, user_id: int) -> list[int]:
    """The servers where the person has a wallet or is a member, in order (locks go in this order)."""
    rows = await fetch_all(tx, "SELECT guild_id FROM members WHERE user_id = :u UNION "
                               "SELECT guild_id FROM accounts WHERE account = :a ORDER BY 1",
                           {"u": user_id, "a": wallet(user_id)})
    return [r["guild_id"] for r in rows]


async def forget_member(tx: Tx, guild_id: int, user_id: int, alias: str) -> None:
    """In one server, after the person's wallet was emptied: their ledger rows name `alias`
    instead, keys and references lose their id, and their account and membership go."""
    await lock_wallets(tx, guild_id)
    params = {"g": guild_id, "a": wallet(user_id), "alias": alias, "u": str(user_id), "id": user_id}
    await tx.execute("INSERT INTO accounts (guild_id, account) VALUES (:g, :alias) ON CONFLICT DO NOTHING", params)
    await tx.execute("UPDATE ledger SET idem_key = 'erased:' || id "
                     "WHERE guild_id = :g AND (from_account = :a OR to_account = :a)", params)
    await tx.execute("UPDATE ledger SET from_account = :alias WHERE guild_id = :g AND from_account = :a", params)
    await tx.execute("UPDATE ledger SET to_account = :alias WHERE guild_id = :g AND to_account = :a", params)
    await tx.execute("UPDATE ledger SET reference = '' WHERE guild_id = :g AND reference = :u", params)
    await tx.execute("DELETE FROM accounts WHERE guild_id = :g AND account = :a", params)
    await tx.execute("DELETE FROM members WHERE guild_id = :g AND user_id = :id", params)


async def backed_tables(tx: Tx, user_id: int) -> list[int]:
    """Tables where the person backed a player as an onlooker: their game records hold the id."""
    rows = await fetch_all(tx, "SELECT DISTINCT reference FROM ledger WHERE from_account = :a AND kind = "
                               "'spectator_bet'", {"a": wallet(user_id)})
    return [int(r["reference"].removeprefix("table:")) for r in rows if r["reference"].startswith("table:")]


async def forget_person(tx: Tx, user_id: int, backed: list[int]) -> None:
    """Everywhere: the person's seats at finished tables keep their chips but lose the id and the
    name, tables they hosted lose the host, and their languages and DM refusal go; an onlooker's
    id leaves the game records of the tables in `backed`."""
    params = {"u": user_id, "name": ERASED_NAME}
    await tx.execute("DELETE FROM hand_messages WHERE EXISTS (SELECT 1 FROM seats s WHERE s.table_id = "
                     "hand_messages.table_id AND s.seat = hand_messages.seat AND s.user_id = :u)", params)
    await tx.execute("UPDATE seats SET user_id = NULL, name = :name WHERE user_id = :u", params)
    await tx.execute("UPDATE game_tables SET host_id = 0 WHERE host_id = :u", params)
    for table in ("user_languages", "user_client_locales", "dm_refusals"):
        await tx.execute(f"DELETE FROM {table} WHERE user_id = :u", params)
    for table_id in backed:
        row = await fetch_one(tx, "SELECT state FROM game_tables WHERE id = :t", {"t": table_id})
        if row is not None and row["state"]:
            await tx.execute("UPDATE game_tables SET state = :s WHERE id = :t",
                             {"s": _scrubbed(row["state"], user_id), "t": table_id})
        for action in await fetch_all(tx, "SELECT version, action, events FROM table_actions WHERE table_id = :t",
                                      {"t": table_id}):
            await tx.execute("UPDATE table_actions SET action = :a, events = :e WHERE table_id = :t AND version = :v",
                             {"a": _scrubbed(action["action"], user_id), "e": _scrubbed(action["events"], user_id),
                              "t": table_id, "v": action["version"]})


def _scrubbed(text: str, user_id: int) -> str:
    """A game record's JSON with the onlooker's id put to 0 wherever it stands: as a number, or
    in `spectator:<id>` (as a key or a value)."""
    tag, blank = f"spectator:{user_id}", "spectator:0"

    def scrub(value: Any) -> Any:
        if isinstance(value, dict):
            return {(blank if k == tag else k): scrub(v) for k, v in value.items()}
        if isinstance(value, list):
            return [scrub(v) for v in value]
        if value == user_id and isinstance(value, int) and not isinstance(value, bool):
            return 0
        return blank if value == tag else value

    return json.dumps(scrub(json.loads(text)), ensure_ascii=False)


# --- servers the bot left -----------------------------------------------------------------------


async def departed(tx: Tx, guild_id: int, now: str) -> None:
    """The bot left the server (or found itself no longer in it) at `now`; kept from the first time."""
    await tx.execute("INSERT INTO departed_guilds (guild_id, left_at) VALUES (:g, :now) ON CONFLICT DO NOTHING",
                     {"g": guild_id, "now": now})


async def returned(tx: Tx, guild_id: int) -> None:
    await tx.execute("DELETE FROM departed_guilds WHERE guild_id = :g", {"g": guild_id})


async def departed_before(tx: Tx, cutoff: str) -> list[int]:
    rows = await fetch_all(tx, "SELECT guild_id FROM departed_guilds WHERE left_at <= :c ORDER BY guild_id",
                           {"c": cutoff})
    return [r["guild_id"] for r in rows]


async def known_guilds(tx: Tx) -> set[int]:
    """Every server something is kept for."""
    rows = await fetch_all(tx, "SELECT guild_id FROM accounts UNION SELECT guild_id FROM members UNION "
                               "SELECT guild_id FROM game_tables UNION SELECT guild_id FROM guild_settings UNION "
                               "SELECT guild_id FROM guild_languages")
    return {r["guild_id"] for r in rows}


async def open_tables(tx: Tx, guild_id: int) -> list[int]:
    rows = await fetch_all(tx, "SELECT id FROM game_tables WHERE guild_id = :g AND status != 'finished' ORDER BY id",
                           {"g": guild_id})
    return [r["id"] for r in rows]


async def forget_guild(tx: Tx, guild_id: int) -> None:
    """Everything kept for the server: its tables and their records, its books, its settings."""
    await lock_wallets(tx, guild_id)
    params = {"g": guild_id}
    tables = "(SELECT id FROM game_tables WHERE guild_id = :g)"
    for child in ("deal_results", "hand_messages", "table_actions", "seats"):
        await tx.execute(f"DELETE FROM {child} WHERE table_id IN {tables}", params)
    for table in ("game_tables", "ledger", "accounts", "members", "guild_settings", "guild_languages",
                  "departed_guilds"):
        await tx.execute(f"DELETE FROM {table} WHERE guild_id = :g", params)
