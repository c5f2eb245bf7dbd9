"""Tables at scale: the real table service, the real pacing and the real message payloads, with
Discord replaced by a presenter that builds every payload and counts the requests it would send.

Each table has one simulated person (who acts about a second after being told it is their
turn, or at once at bot delay 0) and seat bots; the six games take turns. Each row is measured
for `--seconds` after a second of warm-up. For 10, 50, 200 and 500 tables, at bot delay 0
(saturation) and at the default delay, it prints: actions/s, the p50 and p99 latency of one
action (the person's click, from call to committed reply), CPU ms per action (of the bot's
process and its worker processes, `BOT_WORKERS`: by default, on two cores or more, one where
the bots think and one where the pictures are drawn), Discord requests/s counted against the
global limit (the pacer's grants) and exempt ones (interaction responses), the most writes any
channel saw in 5 s, memory per table, and the restart time of 200 and 1,000 open tables. Last,
the storage backends side by side at 200 tables and bot delay 0: SQLite, PostgreSQL with one
bot process, and PostgreSQL with two processes (two shards, each with half the tables and half the
request budget, on one server), with the statements each action cost, when TEST_DATABASE_URL names
a PostgreSQL server (`make bench` starts a throwaway one).

Before and after, it times a reference loop of plain Python: on a shared machine the speed
drifts, and the loop says how fast the machine was during the run.

Run: .venv/bin/python bench/tables.py [--seconds S] [--tables 10,50,200,500] [--bots seat|random]
                                       [--backends-only]
(`--bots random` measures the table service alone: bots that cost nothing to think)
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import logging
import multiprocessing
import os
import random
import resource
import secrets
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.clock import utc_now  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.errors import PlayerError  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.games.base import Event  # noqa: E402
from bot.memory import keep_long_lived  # noqa: E402
from bot.tables.models import Closing, HandRef, TableSnapshot  # noqa: E402
from bot.tables.ownership import Shards  # noqa: E402
from bot.tables.pacing import Pacer, Priority  # noqa: E402
from bot.tables.service import TableService  # noqa: E402
from bot.ui.embeds import closing_embed, results_embed  # noqa: E402
from bot.ui.pictures import Painter  # noqa: E402
from bot.ui.views import hand_message, public_message  # noqa: E402
from bot.wallet import WalletService  # noqa: E402
from storage.connect import open_database  # noqa: E402
from storage.db import Database, fetch_single  # noqa: E402

GUILD = 1
WARM_UP_S = 1.0
"""Measuring starts a second after the people do: the start (everyone told at once) is not
the steady state."""
HUMAN_DELAY_S = 1.0
DEFAULT_BOT_DELAY_S = Settings().bot_delay_s
WINDOW_S = 5.0
PERSON_SEAT = 0   # the person opens the table and sits first


class NoClient:
    """What the payload builders ask of the Discord client (names for a DM's label)."""

    def get_guild(self, guild_id: int) -> None:
        return None

    def get_channel(self, channel_id: int) -> None:
        return None


class CountingPresenter:
    """Builds every message exactly as the Discord presenter does, and counts the writes."""

    def __init__(self, pacer: Pacer, painter: Painter | None = None) -> None:
        self.client = NoClient()
        self.pacer = pacer
        self.painter = painter if painter is not None else Painter()
        self.requests = 0
        self.writes: dict[Any, list[float]] = defaultdict(list)
        self.prompted: dict[tuple[int, int], asyncio.Event] = defaultdict(asyncio.Event)
        self.committed: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self._dm_channels: set[int] = set()
        self._ids = 10**9

    def _write(self, channel: Any) -> int:
        self.requests += 1
        self.writes[channel].append(time.monotonic())
        self._ids += 1
        return self._ids

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None) -> int | None:
        public_message(snap, recent, await self.painter.board(snap))
        new = self._write(snap.channel_id)
        return message_id if message_id is not None else new

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        closing_embed(snap, closing)
        self._write(snap.channel_id)

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        user = snap.seats[seat].user_id
        assert user is not None
        png = await self.painter.hand(snap, seat)
        hand_message(self.client, snap, seat, events, png=png)  # type: ignore[arg-type]
        if message is None and user not in self._dm_channels:
            await self.pacer.acquire(Priority.PROMPT)   # as the bot does: opening the DM channel takes a slot
            self._dm_channels.add(user)
            self.requests += 1
        mid = self._write(("dm", user))
        if message is None:
            self.prompted[(snap.table_id, seat)].set()
            return HandRef(user, mid)
        return message

    async def strip_controls(self, message: HandRef) -> None:
        self._write(("dm", message.channel_id))

    async def notice(self, snap: TableSnapshot, text: str) -> None:
        self._write(snap.channel_id)

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        results_embed(snap, payouts)
        self._write(snap.channel_id)

    def most_in_window(self) -> int:
        worst = 0
        for times in self.writes.values():
            for i, t in enumerate(times):
                worst = max(worst, bisect.bisect_left(times, t + WINDOW_S) - i)
        return worst


def reference_loop() -> float:
    """CPU seconds of a fixed piece of plain Python: a shared machine's speed drifts (by half
    and more within an hour on the one these figures were taken on), so each run says how fast
    the machine was while it ran."""
    start = time.process_time()
    total = 0
    for i in range(5_000_000):
        total += i * i % 7
    squares = {i: str(i) for i in range(1_000_000)}
    del squares
    return time.process_time() - start


def cpu_seconds(workers: list[int]) -> float:
    """CPU time of this process and of its worker processes (`BOT_WORKERS`)."""
    ticks = 0
    for pid in workers:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])   # utime, stime
    return time.process_time() + ticks / os.sysconf("SC_CLK_TCK")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


async def open_tables(service: TableService, count: int, first_user: int = 1000,
                      games: list[str] | None = None, guild: int = GUILD) -> list[tuple[int, int, int]]:
    """(table, person's user id, person's seat) for `count` tables of `guild`, games in turn."""
    games = games or sorted(GAMES)
    made = []
    for i in range(count):
        game_id = games[i % len(games)]
        cls = GAMES[game_id]
        user = first_user + i
        snap = await service.open(guild, guild + 10_000 + i, user, game_id, seed=i)
        await service.join(snap.table_id, user, f"P{user}")
        for _ in range(cls.min_players - 1):
            await service.add_bot(snap.table_id, user)
        await service.start(snap.table_id, user)
        made.append((snap.table_id, user, PERSON_SEAT))
    return made


class Person:
    """Acts when told it is their turn (the notification), about a second later, with a random legal
    move (a person's thinking costs the bot nothing, so the bench does not spend it); at bot delay 0
    (saturation) at once, woken by the table's commits rather than by the paced notification."""

    def __init__(self, service: TableService, presenter: CountingPresenter, table_id: int, user: int,
                 seat: int, delay_s: float) -> None:
        self.service, self.presenter = service, presenter
        self.table_id, self.user, self.seat, self.delay_s = table_id, user, seat, delay_s
        self.latencies: list[float] = []

    async def run(self, until: float) -> None:
        """Reads their hand when told (the DM), clicks a move drawn at that version, and reads
        the result in the click's reply, as a person at the table does."""
        rng = random.Random(self.table_id)
        told = self.presenter.prompted[(self.table_id, self.seat)] if self.delay_s else \
            self.presenter.committed[self.table_id]
        snap = await self.service.hand(self.table_id, self.user)
        while time.monotonic() < until and snap.status == "playing":
            if self.seat not in snap.to_act or self.seat not in snap.legal:
                try:
                    await asyncio.wait_for(told.wait(), timeout=1.0)
                except TimeoutError:
                    pass
                told.clear()
                snap = await self.service.hand(self.table_id, self.user)
                continue
            if self.delay_s:
                await asyncio.sleep(self.delay_s * rng.uniform(0.7, 1.3))
            # a person thinks on their own machine: a random legal move costs the bot nothing
            action = rng.choice(snap.legal[self.seat])
            try:
                start = time.perf_counter()
                snap = await self.service.act(self.table_id, self.user, action, snap.version)
                self.latencies.append(time.perf_counter() - start)
            except PlayerError:
                snap = await self.service.hand(self.table_id, self.user)


async def run_load(tables: int, bot_delay_s: float, seconds: float, games: list[str] | None = None,
                   bot_workers: int | None = None, database: str | None = None, shard: tuple[int, int] = (0, 1),
                   together: Any = None) -> dict[str, Any]:
    """One process's load: on a fresh SQLite file, or on `database` (PostgreSQL) as the process of
    `shard` (id, count) with the tables of a server on that shard; `together`, a barrier, starts
    the load of several processes at once."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(token="bench", database_path=Path(tmp) / "bench.db", starting_chips=10**6)
        db = await open_database(database or settings.database_path)
        guild = (shard[0] << 22) + 1   # a server on this process's shard (1 when there is one shard)
        pacer = Pacer(per_second=settings.requests_per_s / shard[1])   # the bot token's budget, shared
        workers = settings.bot_workers if bot_workers is None else bot_workers
        presenter = CountingPresenter(pacer, Painter(workers))
        wallets = WalletService(db, settings, utc_now)
        service = TableService(db, wallets, presenter, utc_now, bot_delay_s=bot_delay_s, pacer=pacer,
                               bot_workers=workers, shards=Shards(shard[1], [shard[0]]))
        publish = service._publish

        def observed(u: Any) -> None:
            """Wakes a saturating person at once, not after the paced DM, and only when it is
            their turn (or the game is over), as their notification would."""
            publish(u)
            if u.game is None or u.row.status != "playing" or PERSON_SEAT in u.game.to_act():
                presenter.committed[u.row.id].set()

        service._publish = observed  # type: ignore[method-assign]
        gc.collect()
        before_mb = rss_mb()
        made = await open_tables(service, tables, games=games, guild=guild)
        if together is not None:
            await asyncio.to_thread(together.wait)
        keep_long_lived()   # as the bot does once it has restored its tables
        people = [Person(service, presenter, t, u, s, HUMAN_DELAY_S if bot_delay_s else 0.0) for t, u, s in made]
        thinker = service.autoplay.thinker
        end = time.monotonic() + WARM_UP_S + seconds
        running = asyncio.gather(*(p.run(end) for p in people))
        await asyncio.sleep(WARM_UP_S)
        for p in people:
            p.latencies.clear()
        presenter.writes.clear()
        cpu0, wall0, granted0 = cpu_seconds(thinker.pids + presenter.painter.pids), time.monotonic(), pacer.granted
        granted = [(granted0, wall0)]   # the pacer's grants until the people stop, at `end`
        asyncio.get_running_loop().call_at(end, lambda: granted.append((pacer.granted, time.monotonic())))
        logged_before = await count_actions(db, guild)
        statements0 = db.statements
        await running
        statements = db.statements - statements0
        wall, cpu = time.monotonic() - wall0, cpu_seconds(thinker.pids + presenter.painter.pids) - cpu0
        if len(granted) == 1:   # every game ended before `end`
            granted.append((pacer.granted, time.monotonic()))
        (_, first), (last, at) = granted[0], granted[-1]
        request_rate = (last - granted0) / (at - first)
        actions = await count_actions(db, guild) - logged_before
        memory = (rss_mb() - before_mb) / tables
        await service.stop()
        await presenter.painter.close()
        await db.close()
    latencies = sorted(x for p in people for x in p.latencies)
    clicks = len(latencies)
    return {"actions/s": actions / wall, "p50 ms": pct(latencies, 50) * 1000, "p99 ms": pct(latencies, 99) * 1000,
            "cpu ms/action": cpu * 1000 / max(actions, 1),
            "global req/s": request_rate,
            "exempt req/s": 2 * clicks / wall, "max writes/5s": presenter.most_in_window(), "MB/table": memory,
            "statements/action": statements / max(actions, 1),
            "actions": actions, "wall": wall, "cpu": cpu, "latencies": latencies, "statements": statements}


async def count_actions(db: Database, guild: int) -> int:
    async with db.read() as tx:
        count: int = (await fetch_single(tx, "SELECT COUNT(*) FROM table_actions a JOIN game_tables t "
                                             "ON t.id = a.table_id WHERE t.guild_id = :g", {"g": guild}))[0]
        return count


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(len(values) * p / 100))]


async def restart_time(tables: int) -> tuple[float, float]:
    """Seconds to resume `tables` open tables (loaded, deadlines armed, drivers started), and to
    have them all shown again within the request budget."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(token="bench", database_path=Path(tmp) / "bench.db", starting_chips=10**6)
        db = await open_database(settings.database_path)
        wallets = WalletService(db, settings, utc_now)
        unpaced = Pacer(per_second=1e9, channel_interval=0)
        first = TableService(db, wallets, CountingPresenter(unpaced), utc_now, bot_delay_s=3600, pacer=unpaced)
        await open_tables(first, tables)
        await first.stop()
        pacer = Pacer(per_second=settings.requests_per_s)
        presenter = CountingPresenter(pacer)
        second = TableService(db, WalletService(db, settings, utc_now), presenter, utc_now, bot_delay_s=3600,
                              pacer=pacer)
        start = time.perf_counter()
        restored = await second.restore()
        resumed = time.perf_counter() - start
        assert len(restored) == tables, (len(restored), tables)
        await second.stop()
        await db.close()
    shown = tables / settings.requests_per_s   # one table message each, within the budget
    return resumed, shown


def _any_legal(game: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(game.legal_actions(seat))


async def fresh_schema(server: str) -> str:
    """A URL on `server` whose tables go to a new schema of their own."""
    schema = f"bench_{secrets.token_hex(4)}"
    con = await asyncpg.connect(server)
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
    finally:
        await con.close()
    return f"{server}?search_path={schema}"


def one_process(tables: int, seconds: float, games: list[str], database: str, shard: tuple[int, int],
                together: Any, bot_workers: int | None) -> dict[str, Any]:
    """In a worker process: that process's share of the load."""
    logging.basicConfig(level=logging.ERROR)
    return asyncio.run(run_load(tables, 0.0, seconds, games, bot_workers, database, shard, together))


def processes(count: int, tables: int, seconds: float, games: list[str], database: str,
              bot_workers: int | None) -> dict[str, float]:
    """`count` bot processes on one database, each driving its shard's share of `tables` at once."""
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(count) as pool:
        together = manager.Barrier(count)
        parts = pool.starmap(one_process, [(tables // count, seconds, games, database, (i, count), together,
                                            bot_workers) for i in range(count)])
    latencies = sorted(x for part in parts for x in part["latencies"])
    actions = sum(part["actions"] for part in parts)
    return {"actions/s": sum(part["actions"] / part["wall"] for part in parts),
            "p50 ms": pct(latencies, 50) * 1000, "p99 ms": pct(latencies, 99) * 1000,
            "cpu ms/action": sum(part["cpu"] for part in parts) * 1000 / max(actions, 1),
            "statements/action": sum(part["statements"] for part in parts) / max(actions, 1)}


def backends(seconds: float, games: list[str], bot_workers: int | None, tables: int = 200) -> None:
    """SQLite, PostgreSQL with one process and with two, side by side at bot delay 0."""
    columns = ["actions/s", "p50 ms", "p99 ms", "cpu ms/action", "statements/action"]
    print(f"\nBackends at {tables} tables, bot delay 0 (saturation), {seconds:g} s per row "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; statements: to the database)")
    print(f"  {'backend':<28} " + " ".join(f"{c:>13}" for c in columns))
    server = os.environ.get("TEST_DATABASE_URL")
    rows: list[tuple[str, Any]] = [
        ("SQLite, 1 process", lambda: asyncio.run(run_load(tables, 0.0, seconds, games, bot_workers)))]
    if server:
        rows += [(f"PostgreSQL, {n} process{'es' if n > 1 else ''}",
                  lambda n=n: processes(n, tables, seconds, games, asyncio.run(fresh_schema(server)), bot_workers))
                 for n in (1, 2)]
    for name, run in rows:
        r = run()
        print(f"  {name:<28} " + " ".join(f"{r[c]:>13,.1f}" for c in columns), flush=True)
    if not server:
        print("  (PostgreSQL rows: set TEST_DATABASE_URL, or run through scripts/with-postgres.sh as make bench does)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="load per configuration")
    parser.add_argument("--tables", default="10,50,200,500")
    parser.add_argument("--games", default=",".join(sorted(GAMES)), help="the games the tables play, in turn")
    parser.add_argument("--bot-workers", type=int, default=None, help="processes seat bots think in (BOT_WORKERS)")
    parser.add_argument("--bots", choices=("seat", "random"), default="seat",
                        help="seat: the games' own seat bots; random: bots that pick any legal move at no cost, "
                             "to measure the table service apart from the bots' thinking")
    parser.add_argument("--backends-only", action="store_true", help="only the backends side by side")
    args = parser.parse_args()
    if args.bots == "random":   # in this process: no bot workers, which would think as seat bots do
        for cls in GAMES.values():
            cls.bot_action = _any_legal  # type: ignore[method-assign]
        args.bot_workers = 0
    logging.basicConfig(level=logging.ERROR)
    sizes = [int(x) for x in args.tables.split(",")]
    games = args.games.split(",")
    if args.backends_only:
        backends(args.seconds, games, args.bot_workers)
        return
    columns = ["actions/s", "p50 ms", "p99 ms", "cpu ms/action", "global req/s", "exempt req/s",
               "max writes/5s", "MB/table"]
    bots = "seat bots" if args.bots == "seat" else "bots playing any legal move"
    print(f"Tables: one person and {bots} each, playing {', '.join(games)} in turn, {args.seconds:g} s per row "
          f"(budget {Settings().requests_per_s:g} requests/s, a channel write every 1.2 s at most)")
    print(f"Reference loop before: {reference_loop():.2f} CPU s (lower is a faster machine)")
    header = f"  {'bot delay':>9} {'tables':>6} " + " ".join(f"{c:>13}" for c in columns)
    print(header)
    for delay in (0.0, DEFAULT_BOT_DELAY_S):
        for n in sizes:
            r = asyncio.run(run_load(n, delay, args.seconds, games, args.bot_workers))
            print(f"  {delay:>8g}s {n:>6} " + " ".join(f"{r[c]:>13,.1f}" for c in columns), flush=True)
    print("\nRestart of open tables")
    print(f"  {'tables':>6} {'resumed in s':>13} {'all shown in s':>15}")
    for n in (200, 1000):
        resumed, shown = asyncio.run(restart_time(n))
        print(f"  {n:>6} {resumed:>13.3f} {shown:>15.1f}", flush=True)
    backends(args.seconds, games, args.bot_workers)
    print(f"\nReference loop after: {reference_loop():.2f} CPU s")


if __name__ == "__main__":
    main()
