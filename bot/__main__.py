"""The `cardroom` command (also `python -m bot`).

`cardroom` runs the bot; `cardroom demo [game] [--players N] [--seed S] [--deals D]` plays a game
between seat bots in the console; `cardroom backup FILE` copies the database safely while the bot
runs; `cardroom migrate-db SOURCE TARGET` copies a SQLite database into an empty PostgreSQL one
(the bot stopped); `cardroom example-env` prints a commented `.env` to start from; `cardroom docs
[--check]` regenerates the option tables and pictures in docs/; `cardroom snapshots OUTDIR` writes
what every game's messages look like (PNG and embed JSON); `cardroom --version` says which release
this is. Settings come from the environment and a `.env` file in the current directory. Every
start-up failure the owner must fix
ends in one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import sys
from contextlib import closing
from importlib import resources
from pathlib import Path

from dotenv import load_dotenv

from bot import __version__
from bot.config import EXAMPLE_ENV, ConfigError, Settings

EXIT_OWNER_MUST_ACT = 2
"""A setting, the token, the database or Discord's refusal: starting again will not help."""
EXIT_TRANSIENT = 1
"""No network or a Discord outage: a service manager may start the bot again."""


def main(argv: list[str] | None = None) -> int:
    from bot.games import GAMES

    parser = argparse.ArgumentParser(prog="cardroom", description="Card-room Discord bot")
    parser.add_argument("--version", action="version", version=f"cardroom {__version__}")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a whole game between seat bots in the console")
    demo.add_argument("game", nargs="?", default="gin_rummy", choices=sorted(GAMES))
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--deals", type=int, default=None, help="everyone leaves after this many deals")
    sub.add_parser("example-env", help="print a .env file that explains every setting (cardroom example-env > .env)")
    backup = sub.add_parser("backup", help="copy the database to FILE (safe while the bot runs)")
    backup.add_argument("file", type=Path)
    move = sub.add_parser("migrate-db", help="copy a SQLite database into an empty PostgreSQL one (stop the bot first)")
    move.add_argument("source", type=Path, help="the SQLite file (DATABASE_PATH)")
    move.add_argument("target", help="the PostgreSQL database's URL (the DATABASE_URL to start the bot with)")
    docs = sub.add_parser("docs", help="regenerate the table-option tables in docs/games/ and docs/ja/games/ and "
                                       "the pictures in docs/pictures/")
    docs.add_argument("--check", action="store_true", help="only report pages that are out of date")
    snaps = sub.add_parser("snapshots", help="write every game's table and hand messages as PNG and embed JSON")
    snaps.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    if args.command == "snapshots":
        from bot.snapshots import write_snapshots
        print(f"wrote {len(write_snapshots(args.outdir))} files to {args.outdir}")
        return 0

    if args.command == "demo":
        from bot.console import run_demo
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
        return 0 if asyncio.run(run_demo(args.game, args.players, args.seed, deals=args.deals)) else 1
    if args.command == "backup":
        return backup_database(args.file)
    if args.command == "migrate-db":
        return migrate_database(args.source, args.target)
    if args.command == "example-env":
        print(resources.files("bot").joinpath(EXAMPLE_ENV).read_text(encoding="utf-8"), end="")
        return 0
    if args.command == "docs":
        from bot.docs import update_docs
        from bot.snapshots import update_doc_pictures
        return max(update_docs(check=args.check), update_doc_pictures(check=args.check))
    return run_bot()


def settings_or_none(require_token: bool = True) -> Settings | None:
    """The settings from the environment and ./.env, or None after printing what is wrong."""
    load_dotenv(Path.cwd() / ".env")
    try:
        return Settings.from_env(require_token=require_token)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def backup_database(target: Path) -> int:
    """A consistent copy through SQLite's online backup, which a plain file copy of a WAL
    database is not."""
    settings = settings_or_none(require_token=False)
    if settings is None:
        return EXIT_OWNER_MUST_ACT
    if settings.database_url:
        print("error: DATABASE_URL names a PostgreSQL server: back it up with pg_dump (see docs/owner-guide.md).",
              file=sys.stderr)
        return EXIT_OWNER_MUST_ACT
    source = settings.database_path
    if not source.is_file():
        print(f"error: there is no database at {source}: check DATABASE_PATH.", file=sys.stderr)
        return EXIT_OWNER_MUST_ACT
    if target.exists():
        print(f"error: {target} already exists: name a new file.", file=sys.stderr)
        return EXIT_OWNER_MUST_ACT
    target.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
    print(f"backed up {source} to {target}")
    return 0


def migrate_database(source: Path, target: str) -> int:
    """Copy the SQLite database into PostgreSQL, books checked before and after (bot/moving.py)."""
    from bot.moving import MoveRefused, move_database
    from storage.connect import DatabaseUnavailable

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    try:
        print(asyncio.run(move_database(source, target)))
    except MoveRefused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_OWNER_MUST_ACT
    except DatabaseUnavailable as exc:
        print(f"error: a database cannot be opened: {exc}", file=sys.stderr)
        return EXIT_OWNER_MUST_ACT
    return 0


def run_bot() -> int:
    settings = settings_or_none()
    if settings is None:
        return EXIT_OWNER_MUST_ACT
    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    from bot.app import CardRoomBot, StartupError

    async def run() -> None:
        bot = CardRoomBot(settings)
        async with bot:
            await bot.start(settings.token)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_TRANSIENT if exc.transient else EXIT_OWNER_MUST_ACT
    return 0


if __name__ == "__main__":
    sys.exit(main())
