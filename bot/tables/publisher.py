"""One publisher per open table: shows the latest committed state, paced, outside the lock.

The service hands every committed change to `push` and goes on; the game never waits for
Discord. Two lanes run beside the game:

- the channel lane closes finished deals' messages (never skipped), posts notices and the
  result, and shows the table message, where only the latest state counts: changes that pile
  up while it waits for its turn are shown once, as they stand then. A message is closed
  before anything newer is drawn (a redraw that finds a closing waiting gives way to it, so a
  lobby never shows the game that replaced it), and a notice that names the table's controls
  waits until a table message with them is up;
- the hand lane sends a new hand message to a player who must act (a notification, first in
  the bot's budget) and otherwise edits the player's one hand message in place.

Each write first takes a slot from the bot-wide `Pacer`, then reads the table as it is now.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from typing import Protocol

from bot.games.base import Event
from bot.games.messages import Text

from .models import Change, Closing, HandRef, TableSnapshot
from .pacing import Pacer, Priority
from .presenter import DmClosed, Presenter

log = logging.getLogger(__name__)

LAST_MOVES = 3
CLOSING_TRIES = 3


class PublisherHost(Protocol):
    """What a publisher needs from the table service."""

    async def view(self, table_id: int, seats: Iterable[int]) -> TableSnapshot | None:
        """The table as committed now, with the private views of `seats`; None once it is gone."""

    async def save_message(self, table_id: int, message_id: int | None) -> None: ...

    async def save_hand(self, table_id: int, seat: int, ref: HandRef) -> None: ...

    async def hand_refs(self, table_id: int) -> dict[int, HandRef]: ...


class Publisher:
    def __init__(self, table_id: int, channel_id: int, message_id: int | None, host: PublisherHost,
                 presenter: Presenter, pacer: Pacer, retry_s: float = 1.0) -> None:
        self.table_id, self.channel_id, self.message_id = table_id, channel_id, message_id
        self.host, self.presenter, self.pacer = host, presenter, pacer
        self.retry_s = retry_s
        self.pending = Change()
        self.table_dirty = False
        self.finished = False
        self.resuming = False
        self.recent: deque[Event] = deque(maxlen=LAST_MOVES)
        self.private: dict[int, list[Event]] = {}
        self.after_table: list[Text] = []
        """Notices that name the table message's controls ("press My hand"): sent once it is up."""
        self.hands: dict[int, HandRef] | None = None
        self.told: set[int] = set()
        """Seats notified during this deal: later turns edit the message they were sent (no ping),
        until a decision of theirs times out or the deal ends."""
        self._strips: list[tuple[int, HandRef]] = []
        self._channel: asyncio.Task[None] | None = None
        self._dms: asyncio.Task[None] | None = None

    # --- fed by the service ----------------------------------------------------------------

    def push(self, change: Change, show_table: bool = True, resume: bool = False) -> None:
        """Take a committed change; returns at once. `resume` (after a restart): a player who
        must act and has no hand message yet gets one."""
        self.resuming |= resume
        for event in change.events:
            if event.private_to is not None:
                self.private.setdefault(event.private_to, []).append(event)
            elif event.kind != "summary":
                self.recent.append(event)
        self.pending.merge(change)
        self.table_dirty |= show_table
        self._start()

    def busy(self) -> bool:
        return any(task is not None and not task.done() for task in (self._channel, self._dms))

    async def idle(self) -> None:
        """Until everything pushed so far is shown (tests, the demo, shutdown)."""
        while self.busy():
            await asyncio.gather(*(t for t in (self._channel, self._dms) if t is not None),
                                 return_exceptions=True)

    def stop(self) -> None:
        for task in (self._channel, self._dms):
            if task is not None:
                task.cancel()

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        if self._channel is None or self._channel.done():
            self._channel = loop.create_task(self._channel_lane(), name=f"table-{self.table_id}-channel")
        if (self.pending.notify or self.pending.touch or self._strips) and (self._dms is None or self._dms.done()):
            self._dms = loop.create_task(self._hand_lane(), name=f"table-{self.table_id}-hands")

    # --- the channel lane ------------------------------------------------------------------

    async def _channel_lane(self) -> None:
        while True:
            p = self.pending
            if p.closings:
                await self._close(p.closings.pop(0))
            elif p.notices:
                text = p.notices.pop(0)
                await self._write(Priority.TABLE, partial(self.presenter.notice, text=text))
            elif p.payouts is not None:
                payouts, p.payouts = p.payouts, None
                self.finished = True
                await self._write(Priority.TABLE, partial(self.presenter.game_over, payouts=payouts))
            elif self.table_dirty and not self.finished:
                self.table_dirty = False
                await self._show_table()
            elif self.after_table and self.message_id is not None and not self.finished:
                text = self.after_table.pop(0)
                await self._write(Priority.TABLE, partial(self.presenter.notice, text=text))
            else:
                return

    async def _close(self, closing: Closing) -> None:
        """A finished deal's (or lobby's) message keeps its final words and loses its controls.
        A deal always shows how it ended: played out before its own message could be posted, its
        final words come as a message of their own."""
        if self.message_id is None and closing.summary is None:
            return
        message_id = self.message_id
        for attempt in range(0 if closing.shown else CLOSING_TRIES):
            if await self._write(Priority.TABLE,
                                 lambda snap: self.presenter.close_message(snap, message_id, closing)):
                break
            await asyncio.sleep(self.retry_s * 2 ** attempt)
        self.message_id = None   # the next state goes into a new message (after a restart too)
        self.recent.clear()
        self.told.clear()
        await self._attempt(self.host.save_message(self.table_id, None))

    async def _show_table(self) -> None:
        async def show(snap: TableSnapshot) -> None:
            if self.pending.closings:   # committed after this redraw was queued: close first,
                self.table_dirty = True  # then show the new state in a message of its own
                return
            if snap.status == "finished":
                return
            shown = await self.presenter.show_table(snap, list(self.recent), self.message_id)
            if shown != self.message_id:
                self.message_id = shown
                await self.host.save_message(self.table_id, shown)
        await self._write(Priority.TABLE, show)

    async def _write(self, priority: Priority, send: Callable[[TableSnapshot], Awaitable[None]]) -> bool:
        """One paced write with the table as it stands when the slot comes; False if it failed."""
        try:
            async with self.pacer.slot(priority, self.channel_id):
                snap = await self.host.view(self.table_id, ())
                if snap is not None:
                    await send(snap)
            return True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: a message could not be shown", self.table_id)
            return False

    # --- the hand lane ---------------------------------------------------------------------

    async def _hand_lane(self) -> None:
        if self.hands is None:
            self.hands = await self.host.hand_refs(self.table_id)
        while True:
            p = self.pending
            if p.notify:
                seat = min(p.notify)
                p.notify.discard(seat)
                p.touch.discard(seat)
                await self._hand(seat, notify=True)
            elif p.touch:
                seat = min(p.touch)
                p.touch.discard(seat)
                await self._hand(seat, notify=False)
            elif self._strips:
                seat, ref = self._strips.pop(0)
                async with self.pacer.slot(Priority.HAND, self._dm_lane_key(seat)):
                    await self._attempt(self.presenter.strip_controls(ref))
            else:
                self.resuming = False
                return

    async def _hand(self, seat: int, notify: bool) -> None:
        async with self.pacer.slot(Priority.PROMPT if notify else Priority.HAND, self._dm_lane_key(seat)):
            await self._show_hand(seat, notify)

    async def _show_hand(self, seat: int, notify: bool) -> None:
        assert self.hands is not None
        try:
            snap = await self.host.view(self.table_id, (seat,))
        except Exception:
            log.exception("table %d: cannot read the table for seat %d's hand", self.table_id, seat)
            return
        if snap is None or snap.status != "playing" or seat >= len(snap.seats):
            return
        info = snap.seats[seat]
        if info.is_bot or not info.present or info.leaving:
            return   # no DMs to a seat once it is leaving
        old = self.hands.get(seat)
        notify = (notify or (self.resuming and old is None)) and seat in snap.to_act
        if notify and old is not None and seat in self.told and not snap.missed.get(seat):
            notify = False   # told this deal already and playing along: their message asks again
        if not notify and old is None:
            return   # a new message only when the player must act
        events = self.private.pop(seat, [])
        try:
            ref = await self.presenter.show_hand(snap, seat, None if notify else old, events)
        except DmClosed:
            self.after_table.append(DmClosed.notice(info.user_id))
            self._start()
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: seat %d's hand could not be shown", self.table_id, seat)
            return
        if notify:
            self.told.add(seat)
        if ref is not None and ref != old:
            self.hands[seat] = ref
            await self._attempt(self.host.save_hand(self.table_id, seat, ref))
            if old is not None:
                self._strips.append((seat, old))   # the superseded message keeps its text, loses its controls

    def _dm_lane_key(self, seat: int) -> tuple[str, int, int]:
        """A seat's DM channel, for spacing its writes (one player, one channel)."""
        return ("dm", self.table_id, seat)

    async def _attempt(self, call: Awaitable[None]) -> None:
        try:
            await call
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: a message could not be updated", self.table_id)
