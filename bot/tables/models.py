"""What the table service hands to presenters: immutable snapshots of committed state."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from bot.games.base import BuyIn, Event
from bot.games.messages import Text
from bot.i18n import ENGLISH, Locale, render, t

BOT_NAME = re.compile(r"Bot (\d+)")
"""How a seat bot's name is stored (`bot_name`): only its number is shown, in the reader's words."""


def bot_name(number: int) -> str:
    """The name a seat bot is stored under; players read `ui.bot_name` in their language."""
    return f"Bot {number}"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    stack: int
    buy_in: int
    leaving: bool
    present: bool
    cashed_out: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def shown(self, locale: Locale = ENGLISH) -> str:
        """The seat's name as `locale` reads it: a seat bot's in that language (“ボット1”), a
        person's as they chose it."""
        number = BOT_NAME.fullmatch(self.name) if self.is_bot else None
        return t(locale, "ui.bot_name", n=int(number[1])) if number else self.name


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table as committed, with everything a renderer needs and nothing it must fetch."""

    table_id: int
    guild_id: int
    channel_id: int
    game_id: str
    title: str
    status: str                     # lobby | playing | finished
    version: int
    host_id: int
    options: dict[str, Any]
    buy_in: BuyIn
    seats: tuple[SeatInfo, ...]
    min_players: int
    max_players: int
    public: dict[str, Any] | None = None
    to_act: tuple[int, ...] = ()
    deadline: datetime | None = None
    message_id: int | None = None
    end_reason: str | None = None
    privates: dict[int, dict[str, Any]] = field(default_factory=dict)
    legal: dict[int, list[Any]] = field(default_factory=dict)
    pots: dict[str, int] = field(default_factory=dict)
    actor: int | None = None
    """The seat whose own click caused this render; it sees the result in its reply."""
    missed: dict[int, int] = field(default_factory=dict)
    """Decisions in a row each seat let time out (a seat leaves past the table's limit)."""
    closing: Closing | None = None
    """The last words the action gave the lobby's message (Start, Cancel), for its own reply."""

    @property
    def names(self) -> list[str]:
        """The seats' names as stored (for logs and the console)."""
        return [s.name for s in self.seats]

    def names_in(self, locale: Locale = ENGLISH) -> list[str]:
        """The seats' names as `locale`'s readers see them."""
        return [s.shown(locale) for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id and s.present), None)

    def render(self, event: Event, locale: Locale = ENGLISH) -> str:
        """The event in `locale`, seats shown by their players' names."""
        return render(locale, event.text, self.names_in(locale))


@dataclass(frozen=True, slots=True)
class Closing:
    """The last words of a table message before it loses its controls: a deal that ended (who
    won what and why), a lobby whose game started, a table that closed."""

    message: Text
    """The words, rendered in each reader's language: a deal's public summaries, or what
    became of the table."""
    stacks: tuple[tuple[str, int], ...] = ()
    summary: Event | None = None
    """The deal's summary event, when a deal ended (its data names the winner and the score)."""
    public: dict[str, Any] | None = None
    """The public view just after the deal ended (what the deal's title is read from)."""
    names: tuple[str, ...] = ()
    """The seats' names, for the seats the message names."""
    shown: bool = False
    """Already shown by the action's own reply (Start and Cancel edit the lobby message through
    their interaction response, in the same step): the publisher only moves on to a new message."""

    @property
    def text(self) -> str:
        """In English, for the console, logs and tests."""
        return render(ENGLISH, self.message, self.names)


CLOSED_BY_ADMIN = "closed by an admin"
CLOSED_AFTER_PROBLEM = "closed after a problem with its game"
END_REASONS: dict[str, str] = {
    "finished": "ui.finished",
    "cancelled": "table.end.cancelled",
    CLOSED_BY_ADMIN: "table.end.admin",
    CLOSED_AFTER_PROBLEM: "table.end.problem",
}
"""Why a table ended, as its row saves it (English words, which older rows hold too), and the
catalog key that says it to players."""


class HandRef(NamedTuple):
    """Where a seat's current hand DM is, so it can be edited instead of sent anew."""

    channel_id: int
    message_id: int


@dataclass(slots=True)
class Change:
    """What one committed transaction means for the players, handed to the table's publisher.

    Publishers merge changes (the latest state wins), so a change names only what must not be
    lost: the deals that closed, who must now be told to act, whose hand message is stale.
    """

    events: list[Event] = field(default_factory=list)
    closings: list[Closing] = field(default_factory=list)
    notify: set[int] = field(default_factory=set)
    """Human seats that must act anew: a new hand message, which notifies them."""
    touch: set[int] = field(default_factory=set)
    """Human seats whose hand message is out of date: edited, no notification."""
    payouts: dict[int, int] | None = None
    """Set when the table closed: what each seat took home."""
    notices: list[Text] = field(default_factory=list)

    def merge(self, later: Change) -> None:
        self.events = (self.events + later.events)[-RECENT_EVENTS:]
        self.closings += later.closings
        self.notify = (self.notify | later.notify)
        self.touch |= later.touch
        self.notices += later.notices
        if later.payouts is not None:
            self.payouts = later.payouts


RECENT_EVENTS = 12
"""Public events a publisher keeps for the table message's last moves."""
