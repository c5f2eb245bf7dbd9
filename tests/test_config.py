"""Settings come from the environment with clear messages; the token never shows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings


def test_defaults_and_overrides() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "STARTING_CHIPS": "500", "DEV_GUILD_ID": "42"})
    assert (s.starting_chips, s.daily_chips, s.dev_guild_id, s.database_path) == (500, 100, 42, Path("data/bot.db"))
    assert "abc" not in repr(s)


@pytest.mark.parametrize("cores, workers", [(1, 0), (2, 1), (16, 1), (None, 0)])
def test_bots_think_in_a_process_of_their_own_when_there_is_a_core_to_spare(
        monkeypatch: pytest.MonkeyPatch, cores: int | None, workers: int) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).bot_workers == workers
    assert Settings().bot_workers == workers
    assert Settings.from_env({"DISCORD_TOKEN": "x", "BOT_WORKERS": "0"}).bot_workers == 0


@pytest.mark.parametrize("env, message", [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "x", "DAILY_CHIPS": "lots"}, "DAILY_CHIPS must be a whole number"),
    ({"DISCORD_TOKEN": "x", "TURN_TIMEOUT_S": "5"}, "TURN_TIMEOUT_S must be between 10 and 3600"),
    ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
    ({"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://u:secret@host/db"}, "DATABASE_URL must be .*'host/db'"),
    ({"DISCORD_TOKEN": "x", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0"}, "set DATABASE_URL to a PostgreSQL server"),
    ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1-2", "DATABASE_URL": "postgresql://h/db"},
     "SHARD_IDS must be between 0 and 1"),
])
def test_bad_settings_name_the_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env)


def test_missing_token_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "DISCORD_TOKEN" in done.stderr and "Traceback" not in done.stderr


def test_the_database_is_a_sqlite_file_unless_a_postgresql_url_names_a_server() -> None:
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.from_env({**base, "DATABASE_PATH": "x/a.db"}).database == Path("x/a.db")
    assert Settings.from_env({**base, "DATABASE_URL": "sqlite:///y/b.db"}).database == Path("y/b.db")
    assert Settings.from_env({**base, "DATABASE_URL": "sqlite:////abs/c.db"}).database == Path("/abs/c.db")
    pg = Settings.from_env({**base, "DATABASE_URL": "postgresql://bot:pw@db/cardroom"})
    assert pg.database == "postgresql://bot:pw@db/cardroom" and "pw" not in repr(pg)


def test_a_process_runs_the_shards_it_is_given() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://h/db", "SHARD_COUNT": "4",
                           "SHARD_IDS": "0, 2-3", "LEASE_TIMEOUT_S": "5"})
    assert (s.shard_count, s.shard_ids, s.lease_timeout_s) == (4, (0, 2, 3), 5.0)
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).shard_ids is None
