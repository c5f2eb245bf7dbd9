"""Start-up failures an owner can meet end in one line on stderr that says what to do, and a
non-zero exit: the real `python -m bot` in a child process against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.app import CardRoomBot, StartupError
from bot.config import Settings

from tests.e2e.fake_discord import FakeDiscord, fake_discord  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[1]


async def start(api_base: str, gateway_url: str, tmp_path: Path, **env: str) -> tuple[int, list[str]]:
    """Run the bot until it exits; its exit code and the lines it wrote on stderr."""
    env = {**os.environ, "DISCORD_TOKEN": "fake-token", "DATABASE_PATH": str(tmp_path / "bot.db"),
           "DEV_GUILD_ID": "", "LOG_LEVEL": "WARNING", **env}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.e2e.run_bot", api_base, gateway_url,
                                                cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                                                stdin=asyncio.subprocess.DEVNULL,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode is not None
    return proc.returncode, err.decode().splitlines()


def only_line(lines: list[str]) -> str:
    assert len(lines) == 1, lines  # no traceback, no voice warning, nothing else
    return lines[0]


async def test_a_bad_token_says_to_copy_a_new_one(fake_discord: FakeDiscord, tmp_path: Path) -> None:  # noqa: F811
    fake_discord.inject_error("GET", r"/users/@me", 401, 0, "401: Unauthorized")
    code, lines = await start(fake_discord.api_base, fake_discord.gateway_url, tmp_path)
    assert code == 2
    assert only_line(lines) == ("error: Discord refused DISCORD_TOKEN: copy a new token from the developer portal "
                                "(your application, Bot, Reset Token) into .env and start again.")


async def test_no_network_says_to_check_the_connection_and_may_be_retried(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port on this machine that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, lines = await start(f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway", tmp_path)
    assert code == 1
    line = only_line(lines)
    assert line.startswith(f"error: cannot reach Discord (Cannot connect to host 127.0.0.1:{port}")
    assert line.endswith("check this machine's network connection and DNS, then start again.")


async def test_a_name_that_does_not_resolve_is_a_network_error(fake_discord: FakeDiscord, tmp_path: Path,  # noqa: F811
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def no_dns(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(discord.http.Route, "BASE", "http://discord.invalid/api/v10")
    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    bot = CardRoomBot(Settings(token="fake-token", database_path=tmp_path / "bot.db"))
    async with bot:
        with pytest.raises(StartupError) as failure:
            await bot.login("fake-token")
    assert failure.value.transient
    assert str(failure.value) == ("cannot reach Discord (Cannot connect to host discord.invalid:80 ssl:default "
                                  "[Name or service not known]): check this machine's network connection and "
                                  "DNS, then start again.")


async def test_a_refused_sync_names_the_server_and_the_fix(fake_discord: FakeDiscord, tmp_path: Path) -> None:  # noqa: F811
    code, lines = await start(fake_discord.api_base, fake_discord.gateway_url, tmp_path, DEV_GUILD_ID="424242")
    assert code == 2
    assert only_line(lines) == (
        "error: Discord refused to sync the slash commands to the server DEV_GUILD_ID=424242 (403 Forbidden "
        "(error code: 50001): Missing Access): invite the bot there with the applications.commands scope, or "
        "leave DEV_GUILD_ID empty to sync globally.")
    assert not (tmp_path / "bot.sync-424242").exists()  # the next start tries again


def under_a_file(tmp: Path) -> Path:
    (tmp / "a-file").write_text("")
    return tmp / "a-file" / "bot.db"


def not_a_database(tmp: Path) -> Path:
    (tmp / "bot.db").write_bytes(b"not a database" * 100)
    return tmp / "bot.db"


@pytest.mark.parametrize("make_path, reason", [(under_a_file, "[Errno 17] File exists"),
                                               (not_a_database, "file is not a database")])
async def test_a_database_that_cannot_be_opened_says_where_and_what_to_check(
        fake_discord: FakeDiscord, tmp_path: Path, make_path: Callable[[Path], Path],  # noqa: F811
        reason: str) -> None:
    path = make_path(tmp_path)
    code, lines = await start(fake_discord.api_base, fake_discord.gateway_url, tmp_path, DATABASE_PATH=str(path))
    assert code == 2
    line = only_line(lines)
    assert line.startswith(f"error: cannot open the database {path} (")
    assert reason in line
    assert line.endswith("check DATABASE_PATH, that the file is a cardroom database and that this user may "
                         "write to its folder.")


async def test_the_sync_marker_is_keyed_on_the_application(fake_discord: FakeDiscord, tmp_path: Path) -> None:  # noqa: F811
    """A new application (another token) with the old data/ still syncs its commands."""
    settings = Settings(token="fake-token", database_path=tmp_path / "bot.db")

    async def synced_puts() -> int:
        bot = CardRoomBot(settings)
        async with bot:
            await bot.login("fake-token")
        return sum(1 for r in fake_discord.requests if r.method == "PUT" and r.path.endswith("/commands"))

    assert await synced_puts() == 1
    assert await synced_puts() == 1  # same application, same commands: no sync
    fake_discord.application_id = fake_discord.bot_user.id = fake_discord.new_id()
    fake_discord.users[fake_discord.bot_user.id] = fake_discord.bot_user
    assert await synced_puts() == 2
