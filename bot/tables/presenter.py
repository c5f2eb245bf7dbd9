"""The only way the table service talks to the outside world (Discord, the console, tests)."""

from __future__ import annotations

from typing import Protocol

from bot.games.base import Event

from .models import TableSnapshot


class Presenter(Protocol):
    async def table_changed(self, snap: TableSnapshot, events: list[Event], repost: bool) -> int | None:
        """Show the table. Post a new message when `repost` (a new deal, a restart) or when there is
        none yet, else edit `snap.message_id`. Returns the message id now showing the table."""

    async def hand_changed(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        """A human seat's private view changed; `events` are the ones only it may see."""

    async def prompt(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        """A human seat must act now: its hand and its controls."""

    async def notice(self, snap: TableSnapshot, text: str) -> None:
        """A message to the table's channel (deal summaries, a player's closed DMs)."""

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        """The table closed; `payouts` is what each seat took home."""


class NullPresenter:
    """Shows nothing (service tests that only look at the database)."""

    async def table_changed(self, snap: TableSnapshot, events: list[Event], repost: bool) -> int | None:
        return snap.message_id

    async def hand_changed(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        return None

    async def prompt(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        return None

    async def notice(self, snap: TableSnapshot, text: str) -> None:
        return None

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        return None
