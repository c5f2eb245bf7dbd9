"""Per-server overrides of the bot-wide defaults (NULL = use the default)."""

from __future__ import annotations

from dataclasses import dataclass

from .db import Tx, fetch_one
from .ledger import lock_wallets

FIELDS = ("starting_chips", "daily_chips", "turn_timeout_s", "images", "threads")
"""The columns of guild_settings that hold a setting; `store` writes only these."""


@dataclass(frozen=True, slots=True)
class GuildOverrides:
    starting_chips: int | None = None
    daily_chips: int | None = None
    turn_timeout_s: int | None = None
    images: int | None = None
    """0: table and hand messages without pictures."""
    threads: int | None = None
    """1: /play opens tables in a thread of their own by default."""


async def load(tx: Tx, guild_id: int) -> GuildOverrides:
    row = await fetch_one(tx, f"SELECT {', '.join(FIELDS)} FROM guild_settings WHERE guild_id = :g", {"g": guild_id})
    return GuildOverrides(*(row[field] for field in FIELDS)) if row else GuildOverrides()


async def store(tx: Tx, guild_id: int, field: str, value: int | None) -> None:
    if field not in FIELDS:
        raise ValueError(f"unknown setting {field!r}")
    await lock_wallets(tx, guild_id)
    await tx.execute("INSERT INTO guild_settings (guild_id) VALUES (:g) ON CONFLICT DO NOTHING", {"g": guild_id})
    await tx.execute(f"UPDATE guild_settings SET {field} = :v WHERE guild_id = :g", {"v": value, "g": guild_id})
