"""A publisher's lanes: a player has one DM channel however many tables they sit at, so their
writes are paced as one channel; a prompt never waits behind a hand refresh that is held up;
deals that end quickly never keep the table's message off the screen; and a Start right after a
Join shows the table at once.
On virtual time (`tests/virtual_time.py`), with a host that serves fixed snapshots."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from bot.games.base import BuyIn, Event
from bot.games.messages import Join, Msg, msg
from bot.tables.models import Change, Closing, HandRef, SeatInfo, TableSnapshot
from bot.tables.pacing import Budget, Pacer
from bot.tables.publisher import Publisher

from tests.conftest import RecordingPresenter
from tests.virtual_time import now, run

ALICE = 11


def snapshot(table_id: int, to_act: tuple[int, ...]) -> TableSnapshot:
    """Alice at seat 0 against a seat bot."""
    seats = (SeatInfo(0, ALICE, "alice", 100, 100, False, True), SeatInfo(1, None, "Bot 1", 100, 100, False, True))
    return TableSnapshot(table_id=table_id, guild_id=1, channel_id=100 + table_id, game_id="high_card",
                         title="High card", status="playing", version=1, host_id=ALICE, options={},
                         buy_in=BuyIn(100, 100, 100), seats=seats, min_players=2, max_players=2, to_act=to_act)


class Host:
    """The table service as a publisher sees it: each table as it stands, and Alice's old hands."""

    def __init__(self) -> None:
        self.to_act: dict[int, tuple[int, ...]] = {}

    async def view(self, table_id: int, seats: Iterable[int]) -> TableSnapshot | None:
        return snapshot(table_id, self.to_act.get(table_id, (1,)))

    async def save_message(self, table_id: int, message_id: int | None) -> None:
        return None

    async def save_hand(self, table_id: int, seat: int, ref: HandRef) -> None:
        return None

    async def hand_refs(self, table_id: int) -> dict[int, HandRef]:
        return {0: HandRef(ALICE, 500 + table_id)}


class Timed(RecordingPresenter):
    """Records when each hand was written; an edit of `held` waits until it is released."""

    def __init__(self) -> None:
        super().__init__()
        self.hands: list[tuple[float, str, int]] = []
        self.held: int | None = None
        self.release = asyncio.Event()

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        if message is not None and snap.table_id == self.held:
            await self.release.wait()
        self.hands.append((now(), "edit" if message else "prompt", snap.table_id))
        return await super().show_hand(snap, seat, message, events)


def test_a_player_at_two_tables_has_one_dm_lane() -> None:
    """Both tables refresh Alice's hand at once: Discord sees one DM channel, so the writes are
    spaced as one channel's (not sent together, as two lanes would)."""
    async def main() -> list[tuple[float, str, int]]:
        host, presenter, pacer = Host(), Timed(), Pacer(channel_interval=1.2, clock=now)
        publishers = [Publisher(t, 100 + t, None, host, presenter, pacer) for t in (1, 2)]
        for publisher in publishers:
            publisher.push(Change(touch={0}), show_table=False)
        await asyncio.gather(*(p.idle() for p in publishers))
        return presenter.hands

    (first, _, a), (second, _, b) = run(main())
    assert {a, b} == {1, 2}
    assert second - first >= 1.2 - 1e-9


def test_a_prompt_does_not_wait_behind_a_held_up_refresh() -> None:
    """A hand refresh of table 1 is held up (Discord, or the budget); Alice's turn comes at the
    same table: she is told at once, and the refresh follows when it can."""
    async def main() -> list[tuple[float, str, int]]:
        host, presenter, pacer = Host(), Timed(), Pacer(channel_interval=1.2, clock=now)
        presenter.held = 1
        publisher = Publisher(1, 101, None, host, presenter, pacer)
        publisher.push(Change(touch={0}), show_table=False)
        await asyncio.sleep(0.5)
        host.to_act[1] = (0,)
        publisher.push(Change(notify={0}), show_table=False)
        await asyncio.sleep(2)
        told = list(presenter.hands)
        presenter.release.set()
        await publisher.idle()
        return told

    assert [(kind, table) for _, kind, table in run(main())] == [("prompt", 1)]


def test_deals_that_end_quickly_cannot_keep_the_table_off_the_screen() -> None:
    """Deals end every second (a seat bot alone in a Bourré hand) while the table has no message
    up: each deal's final words go out, and the next deal's table right after them, within the
    channel's 5 writes in 5 s, not spaced a second apart, where a deal ending meanwhile would send
    the table back behind its final words, deal after deal."""
    async def main() -> RecordingPresenter:
        host, presenter = Host(), RecordingPresenter()
        publisher = Publisher(1, 101, None, host, presenter, Pacer(channel_interval=1.2, clock=now))
        for deal in range(6):
            summary = Event("summary", msg("bou.head_alone", hand=deal), data={"hand": deal})
            publisher.push(Change(closings=[Closing(msg("bou.head_alone", hand=deal), summary=summary)]))
            await asyncio.sleep(1.0)
        await publisher.idle()
        return presenter

    presenter = run(main())
    kinds = [kind for kind, _ in presenter.calls]
    assert "table" in kinds[:kinds.index("close", 1)]   # shown before the next deal's final words
    assert said_hands(presenter) == list(range(6))   # every deal's final words, in order


class Shown(RecordingPresenter):
    """Records when each table message was shown, and into which message."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[float, int | None]] = []

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        self.shown.append((now(), message_id))
        return await super().show_table(snap, recent, message_id, picture)


def test_a_start_right_after_a_join_shows_the_table_at_once() -> None:
    """A join's redraw of the lobby waits out the channel's spacing when Start comes: the redraw
    is now one someone waits on, goes at once, gives way to the lobby's closing (shown by the
    Start click's own reply), and the table comes in a message of its own without waiting."""
    async def main() -> tuple[float, list[tuple[float, int | None]]]:
        presenter = Shown()
        publisher = Publisher(1, 101, 500, Host(), presenter, Pacer(channel_interval=1.2, clock=now))
        publisher.push(Change())   # a join: the lobby redrawn
        await asyncio.sleep(0.1)
        publisher.push(Change())   # another join: its redraw waits for the channel's spacing
        await asyncio.sleep(0.1)
        started = now()
        closing = Closing(msg("table.closing.started", players=2), shown=True)
        publisher.push(Change(events=[Event("start", msg("table.closing.started", players=2))], closings=[closing]))
        await publisher.idle()
        return started, presenter.shown

    started, shown = run(main())
    assert shown[0][1] == 500 and shown[-1] == (started, None)   # the lobby, then the table's own message, at once
    assert all(message == 500 for _, message in shown[:-1])   # the lobby never showed the game


def said_hands(presenter: RecordingPresenter) -> list[int]:
    """The deals whose final words were written, in order (each deal's words one message here)."""
    return [int(str(m.params["hand"])) for _, _, c in presenter.of("close")
            for m in (c.message.items if isinstance(c.message, Join) else (c.message,)) if isinstance(m, Msg)]


class HeldClose(RecordingPresenter):
    """The first closing written waits until released (Discord is slow to take it)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        if not self.of("close"):
            await self.release.wait()
        await super().close_message(snap, message_id, closing)


def test_deals_that_ended_while_discord_was_slow_share_a_message_of_final_words() -> None:
    """With no table message up, the deals that ended while the first final words were on their
    way go out at most four to a message, every deal's words kept and in order."""
    async def main() -> list[Closing]:
        presenter = HeldClose()
        publisher = Publisher(1, 101, None, Host(), presenter, Pacer(channel_interval=0, clock=now))
        for deal in range(6):
            summary = Event("summary", msg("bou.head_alone", hand=deal), data={"hand": deal})
            publisher.push(Change(closings=[Closing(msg("bou.head_alone", hand=deal), summary=summary)]))
            await asyncio.sleep(0)
        presenter.release.set()
        await publisher.idle()
        return [closing for _, _, closing in presenter.of("close")]

    closings = run(main())
    hands = [[m.params["hand"] for m in (c.message.items if isinstance(c.message, Join) else (c.message,))
              if isinstance(m, Msg)] for c in closings]   # (a deal's words here are one message each)
    assert hands == [[0], [1, 2, 3, 4], [5]]
    assert [c.summary.data["hand"] for c in closings if c.summary] == [0, 4, 5]   # titled by the last deal


class Started(RecordingPresenter):
    """A presenter whose table posts a fresh Start's token makes (outside the bot's budget), and
    whose pictures take a tenth of a second to draw."""

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        await asyncio.sleep(0.1 if picture else 0.01)
        return await super().show_table(snap, recent, message_id, picture)

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        return channel_id is not None


def test_tables_started_together_go_up_at_once_and_their_pictures_follow() -> None:
    """Many tables started at once: drawing each one's picture before posting it would keep most
    of them off the screen for seconds. While the Start's token posts wait their turn, a table
    goes up without its picture, and the same message is edited with it next; a table started
    alone is posted with its picture."""
    async def main() -> tuple[Started, Started]:
        host = Host()
        crowded, alone = Started(), Started()
        pacer = Pacer(Budget(4, clock=now), channel_interval=1.2, clock=now)   # two drawn at once
        started = Change(events=[Event("start", msg("table.closing.started", players=2))])
        publishers = [Publisher(t, 100 + t, None, host, crowded, pacer) for t in range(1, 7)]
        for publisher in publishers:
            publisher.push(started)
        await asyncio.gather(*(p.idle() for p in publishers))
        lone = Publisher(9, 109, None, host, alone, Pacer(Budget(4, clock=now), channel_interval=1.2, clock=now))
        lone.push(started)
        await lone.idle()
        return crowded, alone

    crowded, alone = run(main())
    tables = crowded.of("table")
    sketched = [snap.table_id for (snap, _, message_id), picture in zip(tables, crowded.pictures)
                if message_id is None and not picture]
    assert sketched, "tables waiting for their turn went up without their picture"
    for table_id in sketched:   # and each got its picture in an edit of the message it posted
        assert any(snap.table_id == table_id and message_id is not None and picture
                   for (snap, _, message_id), picture in zip(tables, crowded.pictures))
    assert alone.pictures == [True]


class Held(RecordingPresenter):
    """Table messages wait until released (Discord slow to take them); `fail`: they raise."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.release, self.fail = asyncio.Event(), fail

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        await self.release.wait()
        if self.fail:
            raise RuntimeError("Discord said no")
        return await super().show_table(snap, recent, message_id, picture)


def test_a_started_table_counts_as_shown_once_its_message_is_up() -> None:
    """Seat bots wait for `shown` before moving: it waits while a started table's message is on
    its way, and again after a deal's message closed until the next one is up."""
    async def main() -> list[bool]:
        presenter = Held()
        publisher = Publisher(1, 101, 500, Host(), presenter, Pacer(channel_interval=0, clock=now))
        up_before = asyncio.create_task(publisher.shown())
        await asyncio.sleep(0)
        publisher.push(Change(events=[Event("start", msg("table.closing.started", players=2))]))
        waiting = asyncio.create_task(publisher.shown())
        await asyncio.sleep(30)
        seen = [up_before.done(), waiting.done()]
        presenter.release.set()
        await asyncio.wait_for(waiting, 1)
        summary = Event("summary", msg("bou.head_alone", hand=0), data={"hand": 0})
        presenter.release.clear()
        publisher.push(Change(closings=[Closing(msg("bou.head_alone", hand=0), summary=summary)]))
        next_deal = asyncio.create_task(publisher.shown())
        await asyncio.sleep(30)
        seen.append(next_deal.done())
        presenter.release.set()
        await asyncio.wait_for(next_deal, 1)
        await publisher.idle()
        return seen

    assert run(main()) == [True, False, False]


def test_a_table_whose_message_cannot_go_up_holds_no_bot() -> None:
    """The channel refuses the table's message: `shown` returns, so its bots play on (the
    players may be playing from their DMs)."""
    async def main() -> bool:
        presenter = Held(fail=True)
        publisher = Publisher(1, 101, None, Host(), presenter, Pacer(channel_interval=0, clock=now))
        publisher.push(Change(events=[Event("start", msg("table.closing.started", players=2))]))
        waiting = asyncio.create_task(publisher.shown())
        await asyncio.sleep(30)
        before = waiting.done()
        presenter.release.set()
        await asyncio.wait_for(waiting, 1)
        return before

    assert run(main()) is False
