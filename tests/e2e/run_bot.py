"""Runs the real bot in a child process against the fake Discord, for the crash test:
`python -m tests.e2e.run_bot <api_base> <gateway_url>` with the usual settings in the environment."""

from __future__ import annotations

import sys
from typing import Any

import discord
import yarl

from bot.__main__ import main


def point_at_fake(api_base: str, gateway_url: str) -> None:
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    start = discord.state.ConnectionState.__init__

    def quick_ready(self: discord.state.ConnectionState[Any], *args: Any, **options: Any) -> None:
        # the fake sends every guild at once
        start(self, *args, **options)
        self.guild_ready_timeout = 0.05

    discord.state.ConnectionState.__init__ = quick_ready  # type: ignore[method-assign]


if __name__ == "__main__":
    point_at_fake(sys.argv[1], sys.argv[2])
    sys.exit(main([]))
