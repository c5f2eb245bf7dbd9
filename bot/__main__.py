"""`python -m bot` runs the bot; `python -m bot demo <game> [--players N] [--seed S]` plays a demo;
`python -m bot snapshots OUTDIR` writes what every game's messages look like."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from dotenv import load_dotenv

from bot.config import ConfigError, Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Card-room Discord bot")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a whole game between seat bots in the console")
    from bot.games import GAMES
    demo.add_argument("game", choices=sorted(GAMES))
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--deals", type=int, default=None, help="everyone leaves after this many deals")
    snaps = sub.add_parser("snapshots", help="write every game's table and hand messages as PNG and embed JSON")
    snaps.add_argument("outdir")
    args = parser.parse_args(argv)
    if args.command == "snapshots":
        from pathlib import Path

        from bot.snapshots import write_snapshots
        print(f"wrote {len(write_snapshots(Path(args.outdir)))} files to {args.outdir}")
        return 0

    load_dotenv()
    if args.command == "demo":
        from bot.console import run_demo
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
        return 0 if asyncio.run(run_demo(args.game, args.players, args.seed, deals=args.deals)) else 1

    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    from bot.app import CardRoomBot

    async def run() -> None:
        bot = CardRoomBot(settings)
        async with bot:
            await bot.start(settings.token)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
