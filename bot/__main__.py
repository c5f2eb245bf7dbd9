"""The `cardroom` command (also `python -m bot`).

`cardroom` runs the bot; `cardroom demo [game] [--players N] [--seed S] [--deals D]` plays a game
between seat bots in the console; `cardroom docs [--check]` regenerates the option tables in docs/.
Every start-up failure the owner must fix ends in one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from dotenv import load_dotenv

from bot.config import ConfigError, Settings

EXIT_OWNER_MUST_ACT = 2
"""A setting, the token, the database or Discord's refusal: starting again will not help."""
EXIT_TRANSIENT = 1
"""No network or a Discord outage: a service manager may start the bot again."""


def main(argv: list[str] | None = None) -> int:
    from bot.games import GAMES

    parser = argparse.ArgumentParser(prog="cardroom", description="Card-room Discord bot")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a whole game between seat bots in the console")
    demo.add_argument("game", nargs="?", default="gin_rummy", choices=sorted(GAMES))
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--deals", type=int, default=None, help="everyone leaves after this many deals")
    docs = sub.add_parser("docs", help="regenerate the table-option tables in docs/games/")
    docs.add_argument("--check", action="store_true", help="only report pages that are out of date")
    args = parser.parse_args(argv)

    if args.command == "demo":
        from bot.console import run_demo
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
        return 0 if asyncio.run(run_demo(args.game, args.players, args.seed, deals=args.deals)) else 1
    if args.command == "docs":
        from bot.docs import update_docs
        return update_docs(check=args.check)
    return run_bot()


def run_bot() -> int:
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
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
