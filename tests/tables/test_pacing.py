"""Pacing keeps Discord's limits by construction: a channel's writes stay within its limit, the
bot's requests stay under its budget in every second however late their answers come, a waiting
player is served first, a global 429 is followed by the budget's pace, not a burst, and writes
are drawn only when their turn to leave comes. On virtual time (`tests/virtual_time.py`)."""

from __future__ import annotations

import asyncio
import bisect
import random

from bot.tables.pacing import Budget, Pacer, Priority, leaving, priority_now

from tests.virtual_time import now, run


def most_in(times: list[float], window: float) -> int:
    times = sorted(times)
    return max(bisect.bisect_left(times, t + window - 1e-9) - i for i, t in enumerate(times))


async def send(budget: Budget, priority: Priority = Priority.TABLE, answer_after: float = 0.0) -> float:
    """What the gate does for one request: wait for the budget, leave, get the answer."""
    await budget.admit(priority)
    left = now()
    await asyncio.sleep(answer_after)
    budget.answered()
    return left


def test_a_channel_gets_at_most_five_writes_in_any_five_seconds() -> None:
    async def main() -> list[float]:
        pacer = Pacer(channel_interval=1.2, clock=now)
        written = []
        for _ in range(20):
            async with pacer.slot(Priority.TABLE, channel=7):
                written.append(now())
        return written

    written = run(main())
    assert all(b - a >= 1.2 - 1e-9 for a, b in zip(written, written[1:]))
    assert most_in(written, 5.0) <= 5


def test_a_channels_writes_stay_apart_when_one_leaves_late() -> None:
    """A write may go out well after its turn (the table is read and drawn first, or the bot's
    budget made it wait): Discord counts when requests arrive, so the next write waits from the
    end of the previous one, and no five seconds ever see more than five."""
    async def main() -> list[float]:
        pacer = Pacer(channel_interval=1.2, clock=now)
        sent = []
        for late in [1.0, 0.0, 0.9, 0.0, 0.0, 1.1, 0.0, 0.0]:
            async with pacer.slot(Priority.TABLE, channel=7):
                await asyncio.sleep(late)          # drawing the message, or a slow request
                sent.append(now())
        return sent

    sent = run(main())
    assert all(b - a >= 1.2 - 1e-9 for a, b in zip(sent, sent[1:]))
    assert most_in(sent, 5.0) <= 5


def test_a_prompt_needs_only_room_in_its_channel() -> None:
    """A player's hand refresh does not hold up their next prompt by the spacing, but even
    prompts never exceed Discord's five writes in five seconds."""
    async def main() -> tuple[float, list[float]]:
        pacer = Pacer(channel_interval=1.2, clock=now)
        written = []
        async with pacer.slot(Priority.HAND, channel=("dm", 5)):
            written.append(now())
        for _ in range(10):
            async with pacer.slot(Priority.PROMPT, channel=("dm", 5)):
                written.append(now())
        return written[1] - written[0], written

    waited, written = run(main())
    assert waited == 0
    assert most_in(written, 5.0) == 5


def test_refreshes_leave_the_last_write_of_a_channels_window_to_a_prompt() -> None:
    """A player's DM refreshed every 1.2 s (others play, their hand changes): the refreshes take
    at most four of the DM's five writes in five seconds, so their turn, when it comes, is told
    at once instead of after the oldest write ages out."""
    async def main() -> tuple[float, list[float]]:
        pacer = Pacer(channel_interval=1.2, clock=now)
        written: list[float] = []

        async def refreshes() -> None:
            for _ in range(8):
                async with pacer.slot(Priority.HAND, channel=("dm", 5)):
                    written.append(now())

        task = asyncio.create_task(refreshes())
        await asyncio.sleep(4.85)
        asked = now()
        async with pacer.slot(Priority.PROMPT, channel=("dm", 5)):
            told = now() - asked
            written.append(now())
        await task
        return told, written

    told, written = run(main())
    assert told == 0
    assert most_in(written, 5.0) <= 5


def test_requests_leave_within_the_budget_in_every_second() -> None:
    async def main() -> list[float]:
        budget = Budget(40, clock=now)
        return list(await asyncio.gather(*(send(budget, answer_after=0.05) for _ in range(400))))

    left = run(main())
    assert most_in(left, 1.0) <= 40
    assert most_in(left, 0.25) <= 10 + 4   # spread out (a quarter of a second, and the burst of 4), not bunched
    assert 9.0 <= max(left) - min(left) <= 11.5   # about 40 a second, not far fewer


def test_however_late_the_answers_no_second_at_discord_holds_more_than_the_budget() -> None:
    """A request reaches Discord at some moment between leaving and its answer. Answers that come
    late (a slow network, or an event loop running late) only make the bot slower."""
    rng = random.Random(23)

    async def one(budget: Budget) -> float:
        await budget.admit(Priority.TABLE)
        left = now()
        answered_after = rng.choice([0.01, 0.05, 0.3, 0.9])
        arrives = left + rng.uniform(0, answered_after)
        await asyncio.sleep(answered_after)
        budget.answered()
        return arrives

    async def main() -> list[float]:
        budget = Budget(40, clock=now)
        return list(await asyncio.gather(*(one(budget) for _ in range(600))))

    assert most_in(run(main()), 1.0) <= 40


def test_a_player_who_must_act_leaves_before_refreshes() -> None:
    async def main() -> list[str]:
        budget = Budget(10, clock=now)
        for _ in range(int(budget.burst)):   # empty the bucket
            await send(budget)
        order: list[str] = []

        async def want(priority: Priority, name: str) -> None:
            await send(budget, priority)
            order.append(name)

        await asyncio.gather(want(Priority.HAND, "hand 1"), want(Priority.HAND, "hand 2"),
                             want(Priority.TABLE, "table"), want(Priority.PROMPT, "prompt"))
        return order

    assert run(main()) == ["prompt", "table", "hand 1", "hand 2"]


def test_while_tables_keep_the_budget_busy_prompts_never_wait_and_hands_are_not_starved() -> None:
    """Thirty tables keep a message waiting each, three times what the budget allows: a prompt
    still goes at once, and a hand refresh goes before every table message that began waiting
    more than 20 s after it: it waits 20 s and the queue it found, not for ever."""
    async def lane(budget: Budget) -> None:
        while True:
            await send(budget, Priority.TABLE)

    async def main() -> tuple[float, float]:
        budget = Budget(10, clock=now)
        tables = [asyncio.create_task(lane(budget)) for _ in range(30)]
        await asyncio.sleep(10)
        asked = now()
        hand = asyncio.create_task(send(budget, Priority.HAND))
        prompt_left = await send(budget, Priority.PROMPT)
        hand_left = await hand
        for task in tables:
            task.cancel()
        return prompt_left - asked, hand_left - asked

    prompt, hand = run(main())
    assert prompt <= 0.11   # the next token
    assert 20 <= hand <= 20 + 30 / 10 + 0.5


def test_after_a_global_429_requests_resume_at_the_budgets_pace_not_all_at_once() -> None:
    async def main() -> tuple[float, list[float]]:
        budget = Budget(10, clock=now)
        budget.pause(2.0)
        paused_at = now()
        return paused_at, list(await asyncio.gather(*(send(budget) for _ in range(30))))

    paused_at, left = run(main())
    assert min(left) >= paused_at + 2.0
    assert most_in(left, 0.5) <= 6   # the pace of 10 a second from the first, no burst
    assert most_in(left, 1.0) <= 10


def test_a_cancelled_wait_gives_its_turn_to_the_next() -> None:
    async def main() -> bool:
        budget = Budget(10, clock=now)
        for _ in range(int(budget.burst)):
            await send(budget)
        first = asyncio.create_task(send(budget, Priority.PROMPT))
        second = asyncio.create_task(send(budget, Priority.HAND))
        await asyncio.sleep(0)
        first.cancel()
        await second   # would hang if the cancelled waiter kept its place
        return first.cancelled()

    assert run(main())


def test_writes_are_drawn_only_when_their_turn_to_leave_comes() -> None:
    """About half a second of the budget's writes may be drawn ahead of the gate; the others wait
    undrawn (what they will show is still to come), and a prompt goes before them."""
    drawn_ahead: list[int] = []
    order: list[str] = []

    async def main() -> None:
        budget = Budget(4, clock=now)
        pacer = Pacer(budget, channel_interval=1.2, clock=now)
        waiting_at_gate = 0

        async def write(name: str, priority: Priority, channel: int) -> None:
            nonlocal waiting_at_gate
            async with pacer.slot(priority, channel):
                order.append(name)
                waiting_at_gate += 1
                drawn_ahead.append(waiting_at_gate)
                await asyncio.sleep(0.1)   # drawing the picture
                await budget.admit(priority_now())   # the gate
                waiting_at_gate -= 1
                leaving()
                budget.answered()

        tables = [asyncio.create_task(write(f"table {i}", Priority.TABLE, i)) for i in range(8)]
        await asyncio.sleep(0.01)
        await asyncio.gather(write("prompt", Priority.PROMPT, 100), *tables)

    run(main())
    assert max(drawn_ahead) <= 2
    assert order.index("prompt") <= 2   # behind only the two drawn before it asked


def test_a_write_a_clicks_token_makes_never_waits_behind_the_budget() -> None:
    """A write that leaves outside the budget (a click's token writes it: a table's Start posting
    the table, a player's click telling them their turn) is drawn at once, while the writes that
    spend the budget wait for it (here six prompts, at a budget of one request a second)."""
    order: list[str] = []

    async def main() -> None:
        budget = Budget(1, clock=now)
        pacer = Pacer(budget, channel_interval=1.2, clock=now)

        async def write(name: str, priority: Priority, channel: int, free: bool) -> None:
            async with pacer.slot(priority, channel, lambda: free):
                order.append(name)
                await asyncio.sleep(0.1)   # drawing the picture
                if not free:
                    await budget.admit(priority_now())   # the gate, which a click's token passes by
                    leaving()
                    budget.answered()

        counted = [asyncio.create_task(write(f"table {i}", Priority.PROMPT, i, False)) for i in range(6)]
        await asyncio.sleep(0.01)
        started = [asyncio.create_task(write(f"started {i}", Priority.AWAITED, 10 + i, True)) for i in range(2)]
        prompt = asyncio.create_task(write("told", Priority.PROMPT, 20, True))
        await asyncio.gather(*counted, *started, prompt)

    run(main())
    # the free ones are drawn within the first second, while the counted ones go at the budget's
    # pace (two drawn ahead of the gate, a third once the first left)
    assert order[:2] == ["table 0", "table 1"]
    assert set(order[2:6]) == {"started 0", "started 1", "told", "table 2"}


def test_among_a_clicks_writes_a_table_someone_waits_to_see_goes_first() -> None:
    """Players' clicks at busy tables make many prompts a click's token writes; a table just
    started (its Start's token posts it) goes before all of those waiting, however many."""
    order: list[str] = []

    async def main() -> None:
        pacer = Pacer(Budget(4, clock=now), channel_interval=1.2, clock=now)   # two drawn at once

        async def write(name: str, priority: Priority, channel: int) -> None:
            async with pacer.slot(priority, channel, lambda: True):
                order.append(name)
                await asyncio.sleep(0.1)   # drawing and sending
                leaving()

        prompts = [asyncio.create_task(write(f"told {i}", Priority.PROMPT, i)) for i in range(12)]
        await asyncio.sleep(0.01)
        assert pacer.crowded(free=True) and not pacer.crowded(free=False)
        await asyncio.gather(write("started", Priority.AWAITED, 100), *prompts)

    run(main())
    assert order.index("started") == 2   # behind only the two drawn before it came


def test_a_write_cancelled_as_its_channel_is_nudged_ends() -> None:
    """A table closes (its lanes are cancelled) in the same instant its channel is nudged: the
    write waiting for the channel ends cancelled, and never writes (`asyncio.wait_for` in Python
    3.11 returns the nudge instead, and the write went on waiting)."""
    async def main() -> tuple[bool, list[str]]:
        pacer = Pacer(channel_interval=1.2, clock=now)
        wrote: list[str] = []

        async def write(name: str) -> None:
            async with pacer.slot(Priority.TABLE, 1):
                wrote.append(name)

        for i in range(5):
            await write(f"write {i}")   # the channel's five writes of the last 5 s
        waiting = asyncio.create_task(write("cancelled"))
        await asyncio.sleep(0.1)
        pacer.nudge(1)
        waiting.cancel()
        await asyncio.wait([waiting], timeout=10)
        return waiting.cancelled(), wrote

    cancelled, wrote = run(main())
    assert cancelled and "cancelled" not in wrote
