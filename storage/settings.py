"""Per-server overrides of the bot-wide defaults (NULL = use the default)."""

from __future__ import annotations

from dataclasses import dataclass

from .db import Tx, fetch_one
from .ledger import lock_wallets

_UPDATES = {
    "starting_chips": "UPDATE guild_settings SET starting_chips = :v WHERE guild_id = :g",
    "daily_chips": "UPDATE guild_settings SET daily_chips = :v WHERE guild_id = :g",
    "turn_timeout_s": "UPDATE guild_settings SET turn_timeout_s = :v WHERE guild_id = :g",
}
FIELDS = tuple(_UPDATES)


@dataclass(frozen=True, slots=True)
class GuildOverrides:
    starting_chips: int | None = None
    daily_chips: int | None = None
    turn_timeout_s: int | None = None


async def load(tx: Tx, guild_id: int) -> GuildOverrides:
    row = await fetch_one(tx, "SELECT starting_chips, daily_chips, turn_timeout_s FROM guild_settings "
                              "WHERE guild_id = :g", {"g": guild_id})
    return GuildOverrides(row["starting_chips"], row["daily_chips"], row["turn_timeout_s"]) if row \
        else GuildOverrides()


async def store(tx: Tx, guild_id: int, field: str, value: int | None) -> None:
    if field not in FIELDS:
        raise ValueError(f"unknown setting {field!r}")
    await lock_wallets(tx, guild_id)
    await tx.execute("INSERT INTO guild_settings (guild_id) VALUES (:g) ON CONFLICT DO NOTHING", {"g": guild_id})
    await tx.execute(_UPDATES[field], {"v": value, "g": guild_id})
