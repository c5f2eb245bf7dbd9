"""The fake Discord of the end-to-end tests (the package tests/e2e/fake_discord) in a process of its own,
for the benchmarks: Discord's limits as Discord keeps them (buckets per route with their headers,
50 requests in any second per bot token outside interaction routes, a 429 past them), served on
a core of its own rather than on the bot's event loop, and a record of when every request
arrived. The bench drives it over a pipe (`FakeServer.call`).

It keeps no message history nor pictures: a long run would otherwise hold every PNG it was sent.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e.fake_discord import FakeDiscord  # noqa: E402
from tests.e2e.fake_discord.constants import CB_DEFERRED_UPDATE_MESSAGE, IT_COMPONENT  # noqa: E402

TOKEN = "bench"


class FakeServer:
    """A fake Discord in a child process; `call` runs one command there and returns its answer."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True, name="fake-discord")
        self.process.start()
        self.api_base, self.gateway_url, self.pid = self._conn.recv()

    def call(self, command: str, *args: Any) -> Any:
        self._conn.send((command, args))
        answer = self._conn.recv()
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def close(self) -> None:
        if self.process.is_alive():
            self.call("stop")
        self.process.join(10)


def _serve(conn: Connection) -> None:
    asyncio.run(_main(conn))


async def _main(conn: Connection) -> None:
    fake = FakeDiscord(ack_deadline=None)
    await fake.start()
    conn.send((fake.api_base, fake.gateway_url, multiprocessing.current_process().pid))
    loop = asyncio.get_running_loop()
    lean = loop.create_task(_keep_lean(fake))
    commands = Commands(fake)
    while True:
        command, args = await loop.run_in_executor(None, conn.recv)
        if command == "stop":
            conn.send(None)
            break
        try:
            conn.send(getattr(commands, command)(*args))
        except Exception as exc:
            conn.send(exc)
    lean.cancel()
    await fake.stop()


async def _keep_lean(fake: FakeDiscord) -> None:
    seen = 0
    while True:
        await asyncio.sleep(1.0)
        for message in fake.messages.values():
            message.history.clear()
            message.files.clear()
        for record in fake.requests[seen:]:
            record.json, record.files = None, []
        seen = len(fake.requests)


class Commands:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def world(self, channels: int, people: int,
              shard: tuple[int, int] | None = None) -> tuple[int, list[int], list[int]]:
        """A server (on `shard` when given) with `channels` channels and `people` members:
        (its id, the channels, the people)."""
        guild = self.fake.create_guild(f"Bench {shard}", channels=[f"table-{i}" for i in range(channels)], shard=shard)
        people_ids = [self.fake.add_member(guild.id, f"p{i}") for i in range(people)]
        return guild.id, guild.channel_ids, people_ids

    def limits(self, on: bool, per_s: int = 50) -> None:
        self.fake.enforce_rate_limits, self.fake.global_per_s = on, per_s

    def mark(self) -> int:
        """Where the record stands now (`timeline` from here)."""
        return len(self.fake.requests)

    def timeline(self, since: int = 0) -> list[tuple[float, str, str, int | None, str | None, str | None]]:
        """(arrived, method, path, status, token, 429 scope) of every request counted against the
        bot-wide limit since `since`."""
        return [(r.at, r.method, r.path, r.status, r.token, r.scope) for r in self.fake.requests[since:] if r.counted]

    def seed_message(self, channel: int) -> int:
        """A message the bot posted in an earlier run (a table, or a hand when `channel` is a DM)."""
        return self.fake.seed_bot_message(channel, "seeded").id

    def dm_channel(self, user: int) -> int:
        return self.fake.dm_channel_id(user)

    def click(self, user: int, message: int, custom_id: str) -> dict[str, Any]:
        """A click of `user` on control `custom_id` of a server channel's `message`, not yet answered:
        the interaction as Discord hands it over (the bench runs the bot's callback for it, which
        answers it, as the gateway would have it do)."""
        msg = self.fake.messages[message]
        guild = self.fake._guild_of_channel(msg.channel_id)
        assert guild is not None, "a click in a server's channel"
        rec = self.fake._interaction_base(IT_COMPONENT, user, guild.id, msg.channel_id)
        rec.source_message_id = rec.original_message_id = msg.id
        rec.payload["message"] = dict(msg.data)
        rec.payload["data"] = {"custom_id": custom_id, "component_type": 2}
        self.fake.interactions[rec.id] = rec
        self.fake._interactions_by_token[rec.token] = rec
        return rec.payload

    def answered_click(self, user: int, message: int) -> dict[str, Any]:
        """A click of `user` in `message` that the bot answered by deferring (as it answers a move
        played in a DM): the interaction as Discord hands it over, whose token edits the message
        outside the bot-wide limit for 15 minutes."""
        msg = self.fake.messages[message]
        rec = self.fake._interaction_base(IT_COMPONENT, user, None, msg.channel_id)
        rec.source_message_id = rec.original_message_id = msg.id
        rec.callback_type = CB_DEFERRED_UPDATE_MESSAGE
        rec.payload["message"] = dict(msg.data)
        rec.payload["data"] = {"custom_id": "bench:click", "component_type": 2}
        self.fake.interactions[rec.id] = rec
        self.fake._interactions_by_token[rec.token] = rec
        return rec.payload
