"""One publisher per open table: shows the latest committed state, paced, outside the lock.

The service hands every committed change to `push` and goes on; the game never waits for
Discord. Three lanes run beside the game:

- the channel lane closes finished deals' messages (never skipped), posts notices and the
  result, and shows the table message, where only the latest state counts: changes that pile
  up while it waits for its turn are shown once, as they stand then. A message is closed
  before anything newer is drawn (a redraw that finds a closing waiting gives way to it, so a
  lobby never shows the game that replaced it), and a notice that names the table's controls
  waits until a table message with them is up. A table whose Start's token posts its message
  while other such posts wait their turn goes up without its picture, which the next edit adds:
  hundreds started at once are all on the screen within a second or two, not after every
  picture is drawn;
- the prompt lane tells a player who must act: a new hand message (a notification, first in
  the bot's budget), or their message of this deal edited to ask again;
- the refresh lane edits the players' hand messages in place and takes the controls off
  superseded ones. It is a lane of its own so that a refresh waiting for the budget never holds
  up a prompt. A player has one DM channel however many tables they sit at, so their writes are
  paced as one channel.

Each write first takes its turn from the `Pacer` (the channel's limit, then its place among the
writes drawn ahead of the HTTP gate, by priority), then reads the table as it is now; its
requests spend the bot's budget as they leave. A table someone waits on (just started, restored
while a player must act, or with no message up since its last deal's final words) is shown before
the tables nobody waits on, and needs no spacing in its channel, only Discord's 5 writes in 5 s: a
deal's final words and the next deal's table go out together, so deals that end quickly cannot
keep the table off the screen.

Seat bots wait for `shown` before their first move on a table message: nobody's first sight of
a deal is moves already made, and while hundreds of tables start at once their bots add no moves
to the tables still waiting to go up.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from typing import Protocol

from bot.games.base import Event
from bot.games.messages import Join, Text

from .models import Change, Closing, HandRef, TableSnapshot
from .pacing import Pacer, Priority
from .presenter import DmClosed, Presenter

log = logging.getLogger(__name__)

LAST_MOVES = 3
CLOSING_TRIES = 3
MERGED_DEALS = 4


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
        self.resumed: set[int] = set()
        """Seats told again after a restart: their old hand message, if any, is edited."""
        self.waited_on = False
        """Someone waits to see the table (it just started, or was restored while a player must
        act): its messages go before those of tables nobody waits on, until it is shown."""
        self._up = asyncio.Event()
        """Set while the table's current message is up (or its last try to put one up failed)."""
        if message_id is not None:
            self._up.set()
        self.users: dict[int, int | None] = {}
        """Each seat's player, as last read (their DM channel is paced as theirs)."""
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
        self._prompts: asyncio.Task[None] | None = None
        self._refreshes: asyncio.Task[None] | None = None

    # --- fed by the service ----------------------------------------------------------------

    def push(self, change: Change, show_table: bool = True, resume: bool = False, urgent: bool = False) -> None:
        """Take a committed change; returns at once. `resume` (after a restart): the players to
        tell are told in their old hand message where it exists; `urgent`: a player must act,
        so the table goes before those nobody waits on (as does a game that just started)."""
        if resume:
            self.resumed |= change.notify
        self.waited_on |= urgent or any(event.kind == "start" for event in change.events)
        if self.waited_on:
            self._up.clear()
        if change.closings:   # a deal ended (or the lobby): the next deal's first turn pings anew
            self.told.clear()   # (now, not when the closing is shown: a prompt may go out before it)
        if self.waited_on or change.closings:
            self.pacer.nudge(self.channel_id)   # a redraw waiting its turn now goes as one waited on
        for event in change.events:
            if event.private_to is not None:
                self.private.setdefault(event.private_to, []).append(event)
            elif event.kind != "summary":
                self.recent.append(event)
        self.pending.merge(change)
        self.table_dirty |= show_table
        self._start()

    def _lanes(self) -> list[asyncio.Task[None]]:
        return [t for t in (self._channel, self._prompts, self._refreshes) if t is not None]

    def busy(self) -> bool:
        return any(not task.done() for task in self._lanes())

    async def idle(self) -> None:
        """Until everything pushed so far is shown (tests, the demo, shutdown)."""
        while self.busy():
            await asyncio.gather(*self._lanes(), return_exceptions=True)

    def stop(self) -> None:
        for task in self._lanes():
            task.cancel()
        self._up.set()

    async def shown(self) -> None:
        """Until the players can see the table as it stands: its message is up (or the last try
        to put it up failed: a channel the bot cannot write to holds nobody's moves)."""
        await self._up.wait()

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        if self._channel is None or self._channel.done():
            self._channel = loop.create_task(self._channel_lane(), name=f"table-{self.table_id}-channel")
        if self.pending.notify and (self._prompts is None or self._prompts.done()):
            self._prompts = loop.create_task(self._prompt_lane(), name=f"table-{self.table_id}-prompts")
        if (self.pending.touch or self._strips) and (self._refreshes is None or self._refreshes.done()):
            self._refreshes = loop.create_task(self._refresh_lane(), name=f"table-{self.table_id}-refreshes")

    def _priority(self) -> Priority:
        """A table with no message up (just started, restored, or between a deal's final words
        and the next one's message) is one its players wait to see."""
        return Priority.AWAITED if self.waited_on or self.message_id is None else Priority.TABLE

    # --- the channel lane ------------------------------------------------------------------

    async def _channel_lane(self) -> None:
        while True:
            p = self.pending
            if p.closings:
                await self._close(self._next_closing())
            elif p.notices:
                text = p.notices.pop(0)
                await self._write(self._priority, partial(self.presenter.notice, text=text), self._free_post)
            elif p.payouts is not None:
                payouts, p.payouts = p.payouts, None
                self.finished = True
                self._up.set()
                await self._write(self._priority, partial(self.presenter.game_over, payouts=payouts), self._free_post)
            elif self.table_dirty and not self.finished:
                self.table_dirty = False
                if not await self._show_table():
                    self._up.set()
            elif self.after_table and self.message_id is not None and not self.finished:
                text = self.after_table.pop(0)
                await self._write(Priority.TABLE, partial(self.presenter.notice, text=text), self._free_post)
            else:
                return

    def _next_closing(self) -> Closing:
        """The next closing; with no message up, the final words of up to `MERGED_DEALS` deals
        that ended meanwhile in one message (when Discord is the bottleneck, deals end faster
        than their words go out, and a message each would only make it worse)."""
        p = self.pending
        closing = p.closings.pop(0)
        merged = 1
        while (self.message_id is None and not closing.shown and p.closings and not p.closings[0].shown
               and merged < MERGED_DEALS):
            later = p.closings.pop(0)
            said = closing.message.items if isinstance(closing.message, Join) and closing.message.sep == "para" \
                else (closing.message,)
            closing = dataclasses.replace(later, message=Join((*said, later.message), "para"))
            merged += 1
        return closing

    async def _close(self, closing: Closing) -> None:
        """A finished deal's (or lobby's) message keeps its final words and loses its controls.
        A deal always shows how it ended: played out before its own message could be posted, its
        final words come as a message of their own."""
        if self.message_id is None and closing.summary is None:
            return
        message_id = self.message_id
        for attempt in range(0 if closing.shown else CLOSING_TRIES):
            if await self._write(self._priority, lambda snap: self.presenter.close_message(snap, message_id, closing),
                                 partial(self._free_write, message_id)):
                break
            await asyncio.sleep(self.retry_s * 2 ** attempt)
        self.message_id = None   # the next state goes into a new message (after a restart too)
        if not self.finished:
            self._up.clear()
        self.recent.clear()
        if not closing.shown:   # (one closed by the action's reply was freed in the action's own save)
            await self._attempt(self.host.save_message(self.table_id, None))

    async def _show_table(self) -> bool:
        async def show(snap: TableSnapshot) -> None:
            if self.pending.closings:   # committed after this redraw was queued: close first,
                self.table_dirty = True  # then show the new state in a message of its own
                return
            if snap.status == "finished":
                return
            sketch = self._sketch()
            shown = await self.presenter.show_table(snap, list(self.recent), self.message_id, picture=not sketch)
            self.table_dirty |= sketch   # its picture follows in an edit of its own
            self.waited_on = False
            if shown != self.message_id:
                self.message_id = shown
                await self.host.save_message(self.table_id, shown)
            self._up.set()
        return await self._write(self._priority, show, lambda: self._free_write(self.message_id))

    def _sketch(self) -> bool:
        """Whether a new table message goes up without its picture, which an edit adds next:
        when its Start's token posts it (the edit is as free) and other such writes wait for
        their turn (500 tables started at once: drawing them all first would keep most of them
        off the screen for seconds)."""
        return self.message_id is None and self.pacer.crowded(free=True) and self._free_post()

    def _free_write(self, message_id: int | None) -> bool:
        """Whether the write to the table's message `message_id` (None: a new message in its
        channel) would leave outside the bot's budget: its Start click's token writes it."""
        ref = None if message_id is None else HandRef(self.channel_id, message_id)
        return self.presenter.outside_budget(ref, channel_id=self.channel_id)

    def _free_post(self) -> bool:
        return self._free_write(None)

    async def _write(self, priority: Priority | Callable[[], Priority],
                     send: Callable[[TableSnapshot], Awaitable[None]], free: Callable[[], bool]) -> bool:
        """One paced write with the table as it stands when the slot comes; False if it failed."""
        try:
            async with self.pacer.slot(priority, self.channel_id, free):
                snap = await self.host.view(self.table_id, ())
                if snap is not None:
                    self._know(snap)
                    await send(snap)
            return True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: a message could not be shown", self.table_id)
            return False

    # --- the hand lanes --------------------------------------------------------------------

    async def _prompt_lane(self) -> None:
        await self._hand_refs()
        while self.pending.notify:
            seat = min(self.pending.notify)
            self.pending.notify.discard(seat)
            self.pending.touch.discard(seat)
            await self._hand(seat, notify=True)

    async def _refresh_lane(self) -> None:
        await self._hand_refs()
        while True:
            if self.pending.touch:
                seat = min(self.pending.touch)
                self.pending.touch.discard(seat)
                await self._hand(seat, notify=False)
            elif self._strips:
                seat, ref = self._strips.pop(0)
                async with self.pacer.slot(Priority.HAND, _dm_lane(self.users.get(seat)),
                                           partial(self.presenter.outside_budget, ref)):
                    await self._attempt(self.presenter.strip_controls(ref))
            else:
                return

    async def _hand_refs(self) -> None:
        if self.hands is None:
            hands = await self.host.hand_refs(self.table_id)
            if self.hands is None:   # the other hand lane may have read them meanwhile
                self.hands = hands

    async def _hand(self, seat: int, notify: bool) -> None:
        if seat not in self.users:
            try:
                snap = await self.host.view(self.table_id, ())
            except Exception:
                log.exception("table %d: cannot read the table for seat %d's hand", self.table_id, seat)
                return
            if snap is None:
                return
            self._know(snap)
        user = self.users.get(seat)
        if user is None:
            return   # a seat bot, or no seat: no DMs
        async with self.pacer.slot(Priority.PROMPT if notify else Priority.HAND, _dm_lane(user),
                                   partial(self._free_hand, seat, user, notify)):
            await self._show_hand(seat, notify)

    def _free_hand(self, seat: int, user: int, notify: bool) -> bool:
        """Whether the seat's hand write would leave outside the bot's budget: a fresh click of
        the player's edits their message, or sends a new one (a deal's first turn)."""
        old = None if self.hands is None else self.hands.get(seat)
        if old is not None and not (notify and seat not in self.told):
            return self.presenter.outside_budget(old)
        return self.presenter.outside_budget(None, user_id=user)

    async def _show_hand(self, seat: int, notify: bool) -> None:
        assert self.hands is not None
        try:
            snap = await self.host.view(self.table_id, (seat,))
        except Exception:
            log.exception("table %d: cannot read the table for seat %d's hand", self.table_id, seat)
            return
        if snap is None or snap.status != "playing" or seat >= len(snap.seats):
            return
        self._know(snap)
        info = snap.seats[seat]
        if info.is_bot or not info.present or info.leaving:
            return   # no DMs to a seat once it is leaving
        old = self.hands.get(seat)
        if seat in self.resumed:
            self.resumed.discard(seat)
            notify = notify and old is None   # after a restart: the old message, edited, if it is still there
        notify = notify and seat in snap.to_act
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
                self._start()

    def _know(self, snap: TableSnapshot) -> None:
        self.users = {s.seat: s.user_id for s in snap.seats}

    async def _attempt(self, call: Awaitable[None]) -> None:
        try:
            await call
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: a message could not be updated", self.table_id)


def _dm_lane(user: int | None) -> tuple[str, int | None]:
    """A player's DM channel, for pacing its writes: one per player, whichever table writes (a
    superseded hand was shown by this publisher, so its player is known)."""
    return ("dm", user)
