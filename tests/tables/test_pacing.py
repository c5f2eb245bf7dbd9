"""The pacer keeps Discord's limits by construction: a channel's writes are spaced, the bot's
requests stay under the global limit in every second, and a waiting player is served first."""

from __future__ import annotations

import asyncio
import bisect

from bot.tables.pacing import Pacer, Priority


class VirtualTime:
    """A clock that moves only when someone sleeps (one sleeper at a time in these tests)."""

    def __init__(self) -> None:
        self.now = 100.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)


def most_in(times: list[float], window: float) -> int:
    return max(bisect.bisect_left(times, t + window) - i for i, t in enumerate(times))


async def test_a_channel_gets_at_most_five_writes_in_any_five_seconds() -> None:
    time = VirtualTime()
    pacer = Pacer(per_second=1000, channel_interval=1.2, clock=time.clock, sleep=time.sleep)
    granted = []
    for _ in range(20):
        await pacer.acquire(Priority.TABLE, channel=7)
        granted.append(time.now)
    assert all(b - a >= 1.2 - 1e-9 for a, b in zip(granted, granted[1:]))
    assert most_in(granted, 5.0) <= 5


async def test_the_bot_stays_under_the_global_limit_in_every_second() -> None:
    time = VirtualTime()
    pacer = Pacer(per_second=40, clock=time.clock, sleep=time.sleep)
    granted = []
    for _ in range(400):
        await pacer.acquire(Priority.TABLE)
        granted.append(time.now)
    assert most_in(granted, 1.0) <= 40
    assert most_in(granted, 10.0) <= 400   # so every longer window holds too
    assert 9.0 <= granted[-1] - granted[0] <= 10.5   # 40 a second, not fewer


async def test_a_player_who_must_act_is_served_before_hand_refreshes() -> None:
    time = VirtualTime()
    pacer = Pacer(per_second=10, clock=time.clock, sleep=time.sleep)
    for _ in range(int(pacer.burst)):   # empty the bucket
        await pacer.acquire(Priority.TABLE)
    order: list[str] = []

    async def want(priority: Priority, name: str) -> None:
        await pacer.acquire(priority)
        order.append(name)

    await asyncio.gather(want(Priority.HAND, "hand 1"), want(Priority.HAND, "hand 2"),
                         want(Priority.TABLE, "table"), want(Priority.PROMPT, "prompt"))
    assert order == ["prompt", "table", "hand 1", "hand 2"]
    assert pacer.granted == int(pacer.burst) + 4


async def test_a_cancelled_wait_gives_its_turn_to_the_next() -> None:
    time = VirtualTime()
    pacer = Pacer(per_second=10, clock=time.clock, sleep=time.sleep)
    for _ in range(int(pacer.burst)):
        await pacer.acquire(Priority.TABLE)
    first = asyncio.create_task(pacer.acquire(Priority.PROMPT))
    second = asyncio.create_task(pacer.acquire(Priority.HAND))
    await asyncio.sleep(0)
    first.cancel()
    await second   # would hang if the cancelled waiter kept its place
    assert first.cancelled()


async def test_a_channels_writes_stay_apart_when_one_leaves_late() -> None:
    """A write may go out well after its slot (the table is read and drawn first, or the bot's
    budget made it wait): Discord counts when requests arrive, so the next write waits from the
    end of the previous one, and no five seconds ever see more than five."""
    time = VirtualTime()
    pacer = Pacer(per_second=1000, channel_interval=1.2, clock=time.clock, sleep=time.sleep)
    sent = []
    for late in [1.0, 0.0, 0.9, 0.0, 0.0, 1.1, 0.0, 0.0]:
        async with pacer.slot(Priority.TABLE, channel=7):
            await time.sleep(late)          # drawing the message, or a slow request
            sent.append(time.now)
    assert all(b - a >= 1.2 - 1e-9 for a, b in zip(sent, sent[1:]))
    assert most_in(sent, 5.0) <= 5
