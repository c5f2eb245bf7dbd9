"""Settings, read once from the environment (after `.env` is loaded) and passed down."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


def default_bot_workers() -> int:
    """Seat bots think, and pictures are drawn, in processes of their own when there is a core
    to spare for them."""
    return 1 if (os.cpu_count() or 1) >= 2 else 0


EXAMPLE_ENV = "env.example"
"""The commented settings file shipped in the package (`cardroom example-env`; a checkout's
`.env.example` is the same file)."""


class ConfigError(Exception):
    """A setting is missing or invalid; the message names the variable and what to do."""


@dataclass(frozen=True)
class Settings:
    token: str = field(default="", repr=False)
    database_path: Path = Path("data/bot.db")
    database_url: str | None = field(default=None, repr=False)
    """A PostgreSQL server (`postgresql://…`) several processes share; None: the SQLite file at
    `database_path`."""
    dev_guild_id: int | None = None
    starting_chips: int = 1000
    daily_chips: int = 100
    turn_timeout_s: int = 60
    bot_delay_s: float = 1.5
    log_level: str = "INFO"
    requests_per_s: float = 40.0
    afk_turns: int = 3
    bot_workers: int = field(default_factory=default_bot_workers)
    shard_count: int | None = None
    """Shards the bot is split into across all its processes (None: as many as Discord advises,
    all in this process)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: all of them)."""
    lease_timeout_s: float = 30.0
    """How long a process may be silent before another takes its shards' tables over."""
    forget_after_days: int = 30
    """How long after the bot left a server its data is kept (in case it is invited back)."""

    @property
    def database(self) -> str | Path:
        """What storage opens: the PostgreSQL URL, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, require_token: bool = True) -> Settings:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise ConfigError("DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in the environment or "
                              "in a .env file in the folder you start the bot from (`cardroom example-env > .env` "
                              "writes one that explains every setting).")
        database_path, database_url = _database(env)
        shard_count = _optional_int(env, "SHARD_COUNT", minimum=1)
        shard_ids = _shard_ids(env, shard_count)
        if shard_ids is not None and database_url is None:
            raise ConfigError("SHARD_IDS runs some shards here and the rest in other processes, which must share "
                              "the database: set DATABASE_URL to a PostgreSQL server (see docs/owner-guide.md).")
        return cls(
            token=token,
            database_path=database_path,
            database_url=database_url,
            dev_guild_id=_optional_int(env, "DEV_GUILD_ID", minimum=1),
            starting_chips=_int(env, "STARTING_CHIPS", 1000, minimum=0),
            daily_chips=_int(env, "DAILY_CHIPS", 100, minimum=0),
            turn_timeout_s=_int(env, "TURN_TIMEOUT_S", 60, minimum=10, maximum=3600),
            bot_delay_s=_float(env, "BOT_DELAY_S", 1.5),
            log_level=_level(env.get("LOG_LEVEL", "INFO")),
            requests_per_s=_float(env, "DISCORD_REQUESTS_PER_S", 40.0, low=1, high=1000),
            afk_turns=_int(env, "AFK_TURNS", 3, minimum=1, maximum=100),
            bot_workers=_int(env, "BOT_WORKERS", default_bot_workers(), minimum=0, maximum=8),
            shard_count=shard_count,
            shard_ids=shard_ids,
            lease_timeout_s=_float(env, "LEASE_TIMEOUT_S", 30.0, low=1, high=3600),
            forget_after_days=_int(env, "FORGET_SERVER_AFTER_DAYS", 30, minimum=0, maximum=3650),
        )


def _database(env: Mapping[str, str]) -> tuple[Path, str | None]:
    """DATABASE_URL (`postgresql://…` or `sqlite:///path`), else DATABASE_PATH: the SQLite file
    and the PostgreSQL URL, if any."""
    url = env.get("DATABASE_URL", "").strip()
    path = Path(env.get("DATABASE_PATH", "").strip() or "data/bot.db")
    if not url:
        return path, None
    if url.startswith(("postgresql://", "postgres://")):
        return path, url
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        return Path(url.removeprefix("sqlite:///")), None
    raise ConfigError(f"DATABASE_URL must be postgresql://user:password@host/database or sqlite:///path/to/bot.db, "
                      f"got {url.split('@')[-1]!r}.")


def _shard_ids(env: Mapping[str, str], count: int | None) -> tuple[int, ...] | None:
    """SHARD_IDS as a list like `0,1` or a range like `0-3`; each below SHARD_COUNT."""
    raw = env.get("SHARD_IDS", "").strip()
    if not raw:
        return None
    if count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT: the number of shards across all processes.")
    ids: set[int] = set()
    try:
        for part in raw.split(","):
            low, _, high = part.strip().partition("-")
            ids.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be shard numbers like 0,1 or 0-3, got {raw!r}.") from None
    if not ids or min(ids) < 0 or max(ids) >= count:
        raise ConfigError(f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT={count}), got {raw!r}.")
    return tuple(sorted(ids))


def _int(env: Mapping[str, str], name: str, default: int, minimum: int | None = None,
         maximum: int | None = None) -> int:
    value = _optional_int(env, name, minimum, maximum)
    return default if value is None else value


def _optional_int(env: Mapping[str, str], name: str, minimum: int | None = None,
                  maximum: int | None = None) -> int | None:
    """The variable as a whole number within bounds, or None when it is unset or empty."""
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}.") from None
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        bounds = f"at least {minimum}" if maximum is None else f"between {minimum} and {maximum}"
        raise ConfigError(f"{name} must be {bounds}, got {value}.")
    return value


def _float(env: Mapping[str, str], name: str, default: float, low: float = 0, high: float = 60) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, got {raw!r}.") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, got {value:g}.")
    return value


def _level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {raw!r}.")
    return level
