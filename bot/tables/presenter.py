"""The only way the table service talks to the outside world (Discord, the console, tests).

Each method is one write (a message posted or edited); publishers pace and order the calls,
so a presenter only builds the message and sends it.
"""

from __future__ import annotations

from typing import Protocol

from bot.games.base import Event
from bot.games.messages import Msg, Text, msg

from .models import Closing, HandRef, TableSnapshot


class DmClosed(Exception):
    """The player does not accept direct messages (remembered; they are told once)."""

    @staticmethod
    def notice(user_id: int | None) -> Msg:
        return msg("table.notice.dms_closed", mention=f"<@{user_id}>", button=msg("ui.btn.hand"))


class Presenter(Protocol):
    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        """Show the table: edit `message_id`, or post a new message when it is None or gone.
        Returns the id of the message now showing the table. `picture=False`: without its
        picture, which a later edit adds (`Publisher` posts that way when drawing would keep
        someone waiting)."""

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        """Edit a table message into its final words, with no controls; with no message (a deal
        played out before its own could be posted), post the final words as one."""

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        """A human seat's hand and controls: edit `message`, or send a new one (a notification)
        when it is None. Raises DmClosed when the player refuses DMs."""

    async def strip_controls(self, message: HandRef) -> None:
        """A superseded hand message keeps its text and loses its controls."""

    async def notice(self, snap: TableSnapshot, text: Text) -> None:
        """A message to the table's channel (a player's closed DMs, a table set aside), in the
        table's language."""

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        """The table closed; `payouts` is what each seat took home."""

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        """Whether a write to `message` (None: a new message in channel `channel_id`, or in player
        `user_id`'s DM) would leave outside the bot's budget now (a fresh click's token writes it):
        it then takes no place among the writes the budget holds (`Pacer.slot`)."""


class NullPresenter:
    """Shows nothing (service tests that only look at the database, benchmarks)."""

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        return message_id if message_id is not None else snap.table_id

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        return None

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        return message if message is not None else HandRef(seat, snap.version)

    async def strip_controls(self, message: HandRef) -> None:
        return None

    async def notice(self, snap: TableSnapshot, text: Text) -> None:
        return None

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        return None

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        return False
