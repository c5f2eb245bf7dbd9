"""The `cardroom` command beyond running the bot: settings from ./.env, and the database backup."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.__main__ import main
from storage.connect import open_database
from storage.db import Database

SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "TURN_TIMEOUT_S", "DEV_GUILD_ID")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Run in an empty folder; whatever ./.env sets is undone after the test."""
    for name in SETTINGS:
        monkeypatch.setenv(name, "")  # so that undoing restores the variable's absence, or its value
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def test_the_env_file_of_the_current_folder_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nTURN_TIMEOUT_S=5\n")
    assert main([]) == 2
    assert capsys.readouterr().err == "error: TURN_TIMEOUT_S must be between 10 and 3600, got 5.\n"


def test_backup_copies_a_database_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "data" / "bot.db"
    (tmp_path / ".env").write_text(f"DATABASE_PATH={source}\n")

    async def open_and_write() -> Database:
        db = await open_database(source)
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE probe (x INTEGER)")
            await tx.execute("INSERT INTO probe VALUES (42)")
        return db

    db = asyncio.run(open_and_write())  # still open, its last commit only in the WAL file
    try:
        assert main(["backup", "backups/copy.db"]) == 0
    finally:
        asyncio.run(db.close())
    assert capsys.readouterr().out == f"backed up {source} to backups/copy.db\n"
    with closing(sqlite3.connect(tmp_path / "backups" / "copy.db")) as copy:
        assert copy.execute("SELECT x FROM probe").fetchall() == [(42,)]
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    assert main(["backup", "backups/copy.db"]) == 2
    assert capsys.readouterr().err == "error: backups/copy.db already exists: name a new file.\n"


def test_backup_without_a_database_says_where_it_looked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["backup", "copy.db"]) == 2
    assert capsys.readouterr().err == "error: there is no database at data/bot.db: check DATABASE_PATH.\n"
