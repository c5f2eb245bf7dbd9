"""Settings come from the environment with clear messages; the token never shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings


def test_defaults_and_overrides() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "STARTING_CHIPS": "500", "DEV_GUILD_ID": "42"})
    assert (s.starting_chips, s.daily_chips, s.dev_guild_id, s.database_path) == (500, 100, 42, Path("data/bot.db"))
    assert "abc" not in repr(s)


@pytest.mark.parametrize("env, message", [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "x", "DAILY_CHIPS": "lots"}, "DAILY_CHIPS must be a whole number"),
    ({"DISCORD_TOKEN": "x", "TURN_TIMEOUT_S": "5"}, "TURN_TIMEOUT_S must be between 10 and 3600"),
    ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
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
