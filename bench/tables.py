"""Tables at scale: the real bot (its table service, payloads, pictures, pacing and HTTP gate,
discord.py's HTTP client) against a fake Discord in a process of its own that keeps Discord's
limits and records when every request arrived (`bench/support/`). Requests are counted there, as
Discord counts them: when they arrive.

Each table has one simulated person, who acts 0.3 to 1 s after their DM tells them it is their
turn (at bot delay 0, saturation, at once, woken by the table's commits), and seat bots; the six
games take turns. A person's Start and moves are clicks, whose tokens the bot uses as Discord
lets it (`bot/ui/replies.py`; in the rows of one process: the two-process rows start their
tables through the service and their people's moves give no tokens). All the tables of a row
are started at once ("burst": until every one is shown); then the clock is moved a quarter of
an hour on, so that the Start clicks' tokens have run out and the busy tables' messages cost
the budget again, as they do on a bot that has run for a while; once the people's first DMs are
out ("settled", a minute at most) and a second more, the row is measured for `--seconds`, while
a twentieth more tables are started one by one. Each row prints:
actions/s and decisions per table per minute; the p50 and p99 of a click (call to committed
reply); of the time from a person's turn to their DM ("told"); the p99 and the longest time
from Start to the message of a table started while the others play ("shown": its text and
controls are up; when many posts wait their turn its picture follows in the next edit);
CPU ms per action (the bot's process and its worker processes, `BOT_WORKERS`); requests per
second against the bot-wide limit while measured; over the whole row, their busiest second, the
429s and all invalid requests (401, 403, 429) and the most writes any channel saw in 5 s; memory
per table.

Then, when TEST_DATABASE_URL names a PostgreSQL server (`make bench` starts a throwaway one): two
bot processes on one database sharing one budget, each with the tables of its own shard, and the
same with one of them killed a third of the way in (how long the survivor took to take up the
whole budget, against the lease timeout), and the storage backends side by side at bot delay 0
(SQLite, PostgreSQL with one process and with two), with the statements each action cost. Last,
restarts of 200 and 1,000 open tables: the time
until play resumed, until every table whose person must act was shown (its message and the
person's hand) and until every table was, and the requests meanwhile.

Before and after, it times a reference loop of plain Python: on a shared machine the speed
drifts, and the loop says how fast the machine was during the run. `--busy N` keeps N other
processes spinning meanwhile (both cores busy: `--busy 2`).

Run: .venv/bin/python bench/tables.py [--seconds S] [--tables 100,200,500] [--delays 0,1.5]
                                       [--bots seat|random] [--busy N] [--only rows|shared|backends|restart]
(`--bots random` measures the table service apart from the bots' thinking)
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import logging
import math
import multiprocessing
import os
import random
import re
import resource
import secrets
import signal
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import asyncpg
import discord

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support.fake_server import TOKEN, FakeServer  # noqa: E402
from bench.support.real_bot import PERSON_SEAT, Probe, open_offline, real_bot  # noqa: E402
from bot.app import CardRoomBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.errors import PlayerError  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.memory import keep_long_lived  # noqa: E402
from bot.tables.service import TableService  # noqa: E402
from bot.ui import custom_ids  # noqa: E402
from bot.ui.replies import TOKEN_LIFE_S  # noqa: E402
from bot.ui.views import TableButton  # noqa: E402
from storage.connect import open_database  # noqa: E402
from storage.db import fetch_all  # noqa: E402

WARM_UP_S = 1.0
"""Measuring starts a second after the tables do: the start (everyone told at once) is not the
steady state."""
HUMAN_DELAY_S = (0.3, 1.0)
DEFAULT_BOT_DELAY_S = Settings().bot_delay_s
BUDGET = Settings().requests_per_s
LEASE_S = 10.0
BURST_S = 60.0
"""The longest the bench waits for the tables started at once to be shown ("inf" beyond)."""
CHANNEL_WRITE = re.compile(r"/channels/(\d+)/messages(/\d+)?$")


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


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def most_in(times: list[float], window: float) -> int:
    times = sorted(times)
    return max((bisect.bisect_left(times, t + window) - i for i, t in enumerate(times)), default=0)


def requests(timeline: list[Any], start: float, end: float) -> dict[str, float]:
    """What Discord saw from the bot's token between `start` and `end`: requests/s, the busiest
    second, 429s, invalid requests and the most writes in any channel's 5 s."""
    seen = [r for r in timeline if start <= r[0] <= end and r[4] == TOKEN]
    writes: dict[str, list[float]] = defaultdict(list)
    for at, method, path, *_ in seen:
        if method in ("POST", "PATCH", "DELETE") and (m := CHANNEL_WRITE.match(path)):
            writes[m[1]].append(at)
    return {"req/s": len(seen) / (end - start), "peak/s": most_in([r[0] for r in seen], 1.0),
            "429s": sum(r[3] == 429 for r in seen),
            "invalid": sum(r[3] in (401, 403, 429) and r[5] != "shared" for r in seen),
            "writes/5s": max((most_in(times, 5.0) for times in writes.values()), default=0)}


class Person:
    """Acts when told it is their turn (their DM), 0.3 to 1 s later, with a random legal move (a
    person's thinking costs the bot nothing, so the bench does not spend it), or when they see it
    is on the table's message (they look about once a second, from a moment after it is up: not
    before, as a table being started is not there to play on yet); at bot delay 0 (saturation)
    at once, woken by the table's commits rather than by the paced DM."""

    def __init__(self, service: TableService, probe: Probe, table_id: int, user: int, quick: bool,
                 clicked: Callable[[int, int], None] | None = None) -> None:
        self.service, self.probe, self.table_id, self.user, self.quick = service, probe, table_id, user, quick
        self.clicked = clicked
        """Hands the bot the click a move was (its token edits the person's DM), as Discord does."""
        self.latencies: list[float] = []

    async def run(self, until: float) -> None:
        """Reads their hand when told, clicks a move drawn at that version in their DM, and reads
        the result in the click's reply (which edits that DM), as a person at the table does."""
        rng = random.Random(self.table_id)
        told = self.probe.committed[self.table_id] if self.quick else self.probe.prompted[self.table_id]
        if not self.quick:   # nobody plays a table they cannot see yet: they look once it is up
            await self.probe.up[self.table_id].wait()
            await asyncio.sleep(rng.uniform(*HUMAN_DELAY_S))
        snap = await self.service.hand(self.table_id, self.user)
        while time.monotonic() < until and snap.status == "playing":
            if PERSON_SEAT not in snap.to_act or PERSON_SEAT not in snap.legal:
                try:   # (not `wait_for`, which can swallow the cancellation that ends the row)
                    async with asyncio.timeout(1.0):
                        await told.wait()
                except TimeoutError:
                    pass
                told.clear()
                snap = await self.service.hand(self.table_id, self.user)
                continue
            if not self.quick:
                await asyncio.sleep(rng.uniform(*HUMAN_DELAY_S))
            action = rng.choice(snap.legal[PERSON_SEAT])
            try:
                start = time.perf_counter()
                snap = await self.service.act(self.table_id, self.user, action, snap.version, via_dm=True)
                self.latencies.append(time.perf_counter() - start)
                if self.clicked is not None:
                    self.clicked(self.table_id, self.user)
            except PlayerError:
                snap = await self.service.hand(self.table_id, self.user)


def settings_for(tmp: str, bot_delay_s: float, bot_workers: int | None, database: str | None = None,
                 shard: tuple[int, int] = (0, 1)) -> Settings:
    defaults = Settings()
    return Settings(token=TOKEN, database_path=Path(tmp) / "bench.db", database_url=database, starting_chips=10**6,
                    bot_delay_s=bot_delay_s, bot_workers=defaults.bot_workers if bot_workers is None else bot_workers,
                    shard_count=shard[1] if shard[1] > 1 else None, shard_ids=(shard[0],) if shard[1] > 1 else None,
                    lease_timeout_s=LEASE_S)


Answered = Callable[[int, int], dict[str, Any]]
"""The fake's interaction for a person's click in a message (`FakeServer`'s `answered_click`)."""


def clicks(bot: CardRoomBot, probe: Probe, answered: Answered) -> Callable[[int, int], None]:
    """What a person's move played in their DM gives the bot: the click, whose token edits that DM
    (`answered`: the fake's interaction for a click in a message)."""
    def clicked(table: int, user: int) -> None:
        ref = probe.hand_refs.get(table)
        if ref is not None:
            payload: Any = answered(user, ref.message_id)
            bot.replies.keep(ref, discord.Interaction(data=payload, state=bot._connection), ("dm", user))
    return clicked


Clicking = Callable[[int, int, str], dict[str, Any]]
"""The fake's unanswered interaction for a person's click on a control (`FakeServer`'s `click`)."""


async def start_clicks(bot: CardRoomBot, made: list[tuple[int, int]],
                       clicking: Clicking | None) -> list[Callable[[], Awaitable[object]]]:
    """Each table's Start, as its person's click on the lobby's Start runs in the bot (its token
    then posts the table's messages, as Discord lets it); without `clicking` (a process that cannot
    reach the fake), the service's start alone. Drawn before the clock starts: asking the fake
    for a click is a blocking call."""
    if clicking is None:
        return [partial(bot.tables.start, table, person) for table, person in made]
    starts: list[Callable[[], Awaitable[object]]] = []
    for table, person in made:
        lobby = (await bot.tables.snapshot(table)).message_id
        assert lobby is not None
        click: discord.Interaction[CardRoomBot] = discord.Interaction(
            data=clicking(person, lobby, custom_ids.verb(table, "start")), state=bot._connection)  # type: ignore[arg-type]
        starts.append(partial(TableButton(table, "start").callback, click))
    return starts


async def drive(settings: Settings, api_base: str, made: list[tuple[int, int]], late: int, seconds: float,
                together: Any = None, answered: Answered | None = None,
                clicking: Clicking | None = None) -> dict[str, Any]:
    """One bot process's load: the real bot starts its busy tables at once, and once each is shown
    the people play on them for `seconds`, while the `late` last tables are started one by one.
    With `answered` and `clicking`, each person's Start and moves are clicks whose tokens the bot
    may use (one process)."""
    bot = await real_bot(settings, api_base)
    probe = Probe(bot)
    clicked = clicks(bot, probe, answered) if answered is not None else None
    starts = await start_clicks(bot, made, clicking)
    keep_long_lived()   # as the bot does once it has restored its tables
    if together is not None:
        await asyncio.to_thread(together.wait)
    quick = settings.bot_delay_s == 0
    busy, later = made[:-late], made[-late:]
    gc.collect()
    before_mb = rss_mb()
    people = [Person(bot.tables, probe, table, person, quick, clicked) for table, person in made]
    begin = time.monotonic()
    probe.started_at.update((table, begin) for table, _ in busy)
    await asyncio.gather(*(start() for start in starts[:-late]))
    end = begin + 3600   # the people play until the measuring is over
    running = [asyncio.create_task(p.run(end)) for p in people[:-late]]
    while probe.started_at and time.monotonic() < begin + BURST_S:   # until every table is shown (or over)
        await asyncio.sleep(0.05)
    burst = time.monotonic() - begin if not probe.started_at else float("inf")
    probe.started_at.clear()
    if clicking is not None:
        # a quarter of an hour on: the Start clicks' tokens have run out, and the busy tables'
        # messages cost the budget again (the people's clicks to come are fresh)
        bot.replies._clock = lambda: time.monotonic() + TOKEN_LIFE_S
    started = [table for table, _ in busy]
    while not settled(probe, started) and time.monotonic() < begin + BURST_S:
        await asyncio.sleep(0.05)   # until the people's first DMs (the bot's own, paced) are out
    settled_s = time.monotonic() - begin if settled(probe, started) else float("inf")
    await asyncio.sleep(WARM_UP_S)
    for p in people:
        p.latencies.clear()
    probe.told.clear()
    probe.shown_after_start.clear()
    pids = bot.tables.autoplay.thinker.pids + bot.painter.pids
    cpu0, wall0 = cpu_seconds(pids), time.monotonic()
    actions0 = await count_actions(bot.tables)
    assert bot.db is not None
    statements0 = bot.db.statements
    for (table, _), p, start in zip(later, people[-late:], starts[-late:]):
        await asyncio.sleep(seconds / late)
        probe.started_at[table] = time.monotonic()
        await start()
        running.append(asyncio.create_task(p.run(end)))
    wall, cpu = time.monotonic() - wall0, cpu_seconds(pids) - cpu0
    statements = bot.db.statements - statements0
    actions = await count_actions(bot.tables) - actions0
    memory = (rss_mb() - before_mb) / len(made)
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    await bot.close()
    return {"actions": actions, "wall": wall, "cpu": cpu, "MB/table": memory, "interval": (wall0, wall0 + wall),
            "clicks": [x for p in people for x in p.latencies], "told": probe.told, "burst": burst,
            "settled": settled_s,
            "shown": probe.shown_after_start, "tables": len(made) - late, "statements": statements}


def settled(probe: Probe, tables: list[int]) -> bool:
    """Whether the start is over: every person of `tables` has their hand message (the first
    DMs, one each, are the bot's own, paced), unless their table closed."""
    return all(table in probe.hand_refs or table in probe.closed for table in tables)


def latecomers(tables: int) -> int:
    """How many tables are started one by one while `tables` are busy (their Start is timed)."""
    return max(2, tables // 20)


async def count_actions(service: TableService) -> int:
    async with service.db.read() as tx:
        return int((await fetch_all(tx, "SELECT COUNT(*) AS n FROM table_actions"))[0]["n"])


def summary(parts: list[dict[str, Any]], timeline: list[Any]) -> dict[str, float]:
    """One row's figures, from each process's part and the fake's record."""
    start, end = min(p["interval"][0] for p in parts), max(p["interval"][1] for p in parts)
    actions, tables = sum(p["actions"] for p in parts), sum(p["tables"] for p in parts)
    clicks = [x for p in parts for x in p["clicks"]]
    told = [x for p in parts for x in p["told"]]
    shown = [x for p in parts for x in p["shown"]]
    return {"burst s": max(p["burst"] for p in parts), "settled s": max(p["settled"] for p in parts),
            "actions/s": actions / (end - start), "dec/table/min": actions / tables / (end - start) * 60,
            "click p50": pct(clicks, 50) * 1000, "click p99": pct(clicks, 99) * 1000,
            "told p50": pct(told, 50) * 1000, "told p99": pct(told, 99) * 1000,
            "shown p99": pct(shown, 99) * 1000, "shown max": max(shown, default=float("nan")) * 1000,
            "cpu ms/act": sum(p["cpu"] for p in parts) * 1000 / max(actions, 1),
            "stmt/act": sum(p["statements"] for p in parts) / max(actions, 1),
            **requests(timeline, -math.inf, math.inf), "req/s": requests(timeline, start, end)["req/s"],
            "MB/table": sum(p["MB/table"] for p in parts) / len(parts)}


def one_row(fake: FakeServer, tables: int, bot_delay_s: float, seconds: float, games: list[str],
            bot_workers: int | None, database: str | None = None) -> dict[str, float]:
    """`tables` busy tables of one server on one bot process (SQLite, or the PostgreSQL
    `database`)."""
    late = latecomers(tables)
    guild, channels, people = fake.call("world", tables + late, tables + late)
    with tempfile.TemporaryDirectory() as tmp:
        settings = settings_for(tmp, bot_delay_s, bot_workers, database)
        made = asyncio.run(open_offline(settings, fake, guild, channels, people, games))
        mark = fake.call("mark")
        part = asyncio.run(drive(settings, fake.api_base, made, late, seconds,
                                 answered=lambda user, message: fake.call("answered_click", user, message),
                                 clicking=lambda user, message, control: fake.call("click", user, message, control)))
    return summary([part], fake.call("timeline", mark))


def _process(settings: Settings, api_base: str, made: list[tuple[int, int]], late: int, seconds: float,
             together: Any, results: Any) -> None:
    logging.basicConfig(level=logging.ERROR)
    results.put(asyncio.run(drive(settings, api_base, made, late, seconds, together)))


def shared_row(fake: FakeServer, server: str, tables: int, bot_delay_s: float, seconds: float, games: list[str],
               bot_workers: int | None, kill: bool = False) -> dict[str, float]:
    """Two bot processes on one PostgreSQL database, each with the tables of its own shard's
    server, sharing one budget; with `kill`, the second is killed a third of the way in."""
    url = asyncio.run(fresh_schema(server))
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp, context.Manager() as manager:
        together, results = manager.Barrier(2), manager.Queue()
        processes = []
        for shard in (0, 1):
            settings = settings_for(f"{tmp}/{shard}", bot_delay_s, bot_workers, url, (shard, 2))
            Path(tmp, str(shard)).mkdir()
            late = latecomers(tables // 2)
            guild, channels, people = fake.call("world", tables // 2 + late, tables // 2 + late, (shard, 2))
            made = asyncio.run(open_offline(settings, fake, guild, channels, people, games))
            processes.append(context.Process(target=_process, args=(settings, fake.api_base, made, late, seconds,
                                                                      together, results)))
        mark = fake.call("mark")
        for p in processes:
            p.start()
        took_over = None
        if kill:
            took_over = asyncio.run(kill_one(processes[1], url, results, seconds))
        parts = [results.get() for p in processes if p.exitcode != -signal.SIGKILL]
        for p in processes:
            p.join()
    figures = summary(parts, fake.call("timeline", mark))
    if took_over is not None:
        figures["took over s"] = took_over
    return figures


async def kill_one(process: Any, url: str, results: Any, seconds: float) -> float:
    """Kill `process` a third of the way in; seconds until the survivor holds the whole budget."""
    db = await open_database(url)
    try:
        while True:   # until both are under way
            async with db.read() as tx:
                if len(await fetch_all(tx, "SELECT holder FROM request_shares")) == 2:
                    break
            await asyncio.sleep(0.1)
        await asyncio.sleep(WARM_UP_S + seconds / 3)
        os.kill(process.pid, signal.SIGKILL)
        killed = time.monotonic()
        process.join()
        while True:
            async with db.read() as tx:
                shares = [float(r["per_s"]) for r in await fetch_all(tx, "SELECT per_s FROM request_shares")]
            if shares == [BUDGET]:
                return time.monotonic() - killed
            await asyncio.sleep(0.1)
    finally:
        await db.close()


async def fresh_schema(server: str) -> str:
    """A URL on `server` whose tables go to a new schema of their own."""
    schema = f"bench_{secrets.token_hex(4)}"
    con = await asyncpg.connect(server)
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
    finally:
        await con.close()
    return f"{server}?search_path={schema}"


def restart_row(fake: FakeServer, tables: int, games: list[str], bot_workers: int | None) -> dict[str, float]:
    """`tables` open tables, started and shown by an earlier run; the bot starts again."""
    guild, channels, people = fake.call("world", tables, tables)
    with tempfile.TemporaryDirectory() as tmp:
        settings = settings_for(tmp, DEFAULT_BOT_DELAY_S, bot_workers)
        asyncio.run(open_offline(settings, fake, guild, channels, people, games, start=True))
        mark = fake.call("mark")
        figures = asyncio.run(restarted(settings, fake.api_base))
    return {**figures, **requests(fake.call("timeline", mark), figures.pop("start"), figures.pop("end"))}


async def restarted(settings: Settings, api_base: str) -> dict[str, float]:
    bot = await real_bot(settings, api_base)
    probe = Probe(bot)
    start = time.monotonic()
    restored = await bot.tables.restore()
    resumed = time.monotonic() - start
    waited_on = {t for t in restored if (live := bot.tables.live.get(t)) is not None and live.game is not None
                 and PERSON_SEAT in live.game.to_act()}
    while not (waited_on <= probe.tables_shown.keys() and waited_on <= probe.hands_shown.keys()):
        await asyncio.sleep(0.05)
    urgent = max(max(probe.tables_shown[t], probe.hands_shown[t]) for t in waited_on) - start
    while len(probe.tables_shown) < len(restored):
        await asyncio.sleep(0.05)
    everything = max(probe.tables_shown.values()) - start
    end = time.monotonic()
    await bot.close()
    return {"tables": len(restored), "waited on": len(waited_on), "resumed s": resumed, "waited on shown s": urgent,
            "all shown s": everything, "start": start, "end": end}


@contextmanager
def busy(count: int) -> Iterator[None]:
    """`count` processes spinning on the machine's cores meanwhile."""
    spinners = [multiprocessing.get_context("spawn").Process(target=_spin, daemon=True) for _ in range(count)]
    for p in spinners:
        p.start()
    try:
        yield
    finally:
        for p in spinners:
            p.kill()
            p.join()


def _spin() -> None:
    while True:
        pass


def _any_legal(game: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(game.legal_actions(seat))


ROW_COLUMNS = ["burst s", "settled s", "actions/s", "dec/table/min", "click p50", "click p99", "told p50", "told p99",
               "shown p99", "shown max", "cpu ms/act", "req/s", "peak/s", "429s", "invalid", "writes/5s", "MB/table"]


def backends(fake: FakeServer, server: str | None, tables: int, seconds: float, games: list[str],
             bot_workers: int | None) -> None:
    """SQLite, PostgreSQL with one process and with two (sharing the budget), at bot delay 0."""
    columns = ["actions/s", "click p50", "click p99", "cpu ms/act", "stmt/act", "req/s", "peak/s", "429s"]
    print(f"\nBackends at {tables} tables, bot delay 0 (saturation); stmt/act: statements to the database per action")
    print("  " + " " * 23 + " ".join(f"{c:>13}" for c in columns))
    print_row("SQLite, 1 process", one_row(fake, tables, 0.0, seconds, games, bot_workers), columns)
    if not server:
        print("  (PostgreSQL rows: set TEST_DATABASE_URL, or run through scripts/with-postgres.sh as make bench does)")
        return
    print_row("PostgreSQL, 1 process", one_row(fake, tables, 0.0, seconds, games, bot_workers,
                                               asyncio.run(fresh_schema(server))), columns)
    print_row("PostgreSQL, 2 processes", shared_row(fake, server, tables, 0.0, seconds, games, bot_workers), columns)


def print_row(label: str, r: dict[str, float], columns: list[str]) -> None:
    print(f"  {label:<22} " + " ".join(f"{r.get(c, float('nan')):>13,.1f}" for c in columns), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="load per configuration")
    parser.add_argument("--tables", default="100,200,500")
    parser.add_argument("--delays", default=f"0,{DEFAULT_BOT_DELAY_S:g}", help="bot delays, in seconds")
    parser.add_argument("--restarts", default="200,1000", help="open tables restarted")
    parser.add_argument("--shared-tables", type=int, default=200, help="tables of the two processes together")
    parser.add_argument("--games", default=",".join(sorted(GAMES)), help="the games the tables play, in turn")
    parser.add_argument("--bot-workers", type=int, default=None, help="processes seat bots think in (BOT_WORKERS)")
    parser.add_argument("--bots", choices=("seat", "random"), default="seat",
                        help="seat: the games' own seat bots; random: bots that pick any legal move at no cost, "
                             "to measure the table service apart from the bots' thinking")
    parser.add_argument("--busy", type=int, default=0, help="processes kept spinning meanwhile (2: both cores busy)")
    parser.add_argument("--only", choices=("rows", "shared", "backends", "restart"), default=None)
    args = parser.parse_args()
    if args.bots == "random":   # in this process: no bot workers, which would think as seat bots do
        for cls in GAMES.values():
            cls.bot_action = _any_legal  # type: ignore[method-assign]
        args.bot_workers = 0
    logging.basicConfig(level=logging.ERROR)
    games = args.games.split(",")
    bots = "seat bots" if args.bots == "seat" else "bots playing any legal move"
    print(f"Tables through the real bot and a fake Discord: one person and {bots} each, playing {', '.join(games)} "
          f"in turn, {args.seconds:g} s per row, budget {BUDGET:g} requests/s (Discord allows 50), "
          f"{args.busy} other process{'es' if args.busy != 1 else ''} spinning; times in ms")
    print(f"Reference loop before: {reference_loop():.2f} CPU s (lower is a faster machine)")
    fake = FakeServer()
    try:
        with busy(args.busy):
            if args.only in (None, "rows"):
                print("  " + " " * 23 + " ".join(f"{c:>13}" for c in ROW_COLUMNS))
                for delay in (float(d) for d in args.delays.split(",")):
                    for n in (int(x) for x in args.tables.split(",")):
                        r = one_row(fake, n, delay, args.seconds, games, args.bot_workers)
                        print_row(f"{n} tables, delay {delay:g}s", r, ROW_COLUMNS)
            server = os.environ.get("TEST_DATABASE_URL")
            if args.only in (None, "shared") and server:
                n = args.shared_tables
                print(f"\nTwo processes on PostgreSQL, {n // 2} tables each, sharing one budget (lease {LEASE_S:g} s)")
                print("  " + " " * 23 + " ".join(f"{c:>13}" for c in [*ROW_COLUMNS, "took over s"]))
                for kill in (False, True):
                    r = shared_row(fake, server, n, DEFAULT_BOT_DELAY_S, args.seconds, games, args.bot_workers, kill)
                    print_row("one killed" if kill else "both running", r, [*ROW_COLUMNS, "took over s"])
            elif args.only == "shared" or (args.only is None and not server):
                print("\n(two processes: set TEST_DATABASE_URL, or run through scripts/with-postgres.sh as make "
                      "bench does)")
            if args.only in (None, "backends"):
                backends(fake, server, args.shared_tables, args.seconds, games, args.bot_workers)
            if args.only in (None, "restart"):
                columns = ["waited on", "resumed s", "waited on shown s", "all shown s", "req/s", "peak/s", "429s",
                           "invalid"]
                print(f"\nRestart of open tables (bot delay {DEFAULT_BOT_DELAY_S:g} s)")
                print("  " + " " * 23 + " ".join(f"{c:>17}" for c in columns))
                for n in (int(x) for x in args.restarts.split(",")):
                    r = restart_row(fake, n, games, args.bot_workers)
                    print(f"  {f'{n} tables':<22} " + " ".join(f"{r[c]:>17,.2f}" for c in columns), flush=True)
    finally:
        fake.close()
    print(f"\nReference loop after: {reference_loop():.2f} CPU s")


if __name__ == "__main__":
    main()
