"""What the table service hands to presenters: immutable snapshots of committed state."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.games.base import BuyIn, Event


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

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id and s.present), None)

    def render(self, event: Event) -> str:
        return event.render(self.names)
