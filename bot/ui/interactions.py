"""What every control's callback needs: where a click came from, what a select chose, and the
short-lived views of ephemeral replies (menus that live a few minutes, not persistent)."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

import discord

from bot.i18n import Locale

from . import custom_ids
from .client import CardRoomClient

Callback = Callable[[discord.Interaction], Awaitable[None]]


def place(interaction: discord.Interaction) -> int:
    """Where a table control was clicked: its server, or 0 from a DM (never a table's server)."""
    return interaction.guild_id or 0


async def reader(interaction: discord.Interaction) -> Locale:
    """The language of the player who clicked: theirs from /language, else their client's."""
    client = cast(CardRoomClient, interaction.client)   # the only client our controls serve
    return await client.languages.for_user(interaction.user.id, interaction.locale)


async def table_language(client: CardRoomClient, guild_id: int) -> Locale:
    """The language of a server's tables: its setting, else the server's preferred locale."""
    guild = client.get_guild(guild_id)
    return await client.languages.for_guild(guild_id, guild.preferred_locale if guild else None)


def chosen(interaction: discord.Interaction, default: list[str]) -> list[str]:
    """The values picked in the select that sent the interaction (`default` if none came)."""
    data: Mapping[str, Any] = interaction.data or {}
    values: list[str] = data.get("values", default)
    return values


class ShortLived(discord.ui.View):
    """A view that lives for a few minutes in one ephemeral reply (not persistent).

    Its controls' ids start with `tmp:` and are known to the bot while the view lives, so a
    click on one that expired (or from before a restart) is answered as no longer active; on
    timeout the reply loses its controls.
    """

    def __init__(self, client: discord.Client) -> None:
        super().__init__(timeout=300)
        self.live_ids: set[str] = getattr(client, "short_lived_ids", set())
        self._shown: discord.Interaction | None = None

    @staticmethod
    def new_id() -> str:
        return f"{custom_ids.SHORT_LIVED_PREFIX}{secrets.token_hex(8)}"

    def add_item(self, item: discord.ui.Item[Any]) -> ShortLived:
        custom_id = getattr(item, "custom_id", None)
        if custom_id:
            self.live_ids.add(custom_id)
        super().add_item(item)
        return self

    def clear_items(self) -> ShortLived:
        """Forget the controls too, for a view that redraws itself in place."""
        self._forget()
        super().clear_items()
        return self

    def shown_by(self, interaction: discord.Interaction) -> None:
        self._shown = interaction

    def _forget(self) -> None:
        for item in self.children:
            self.live_ids.discard(getattr(item, "custom_id", ""))

    async def on_timeout(self) -> None:
        self._forget()
        if self._shown is not None:
            try:
                await self._shown.edit_original_response(view=None)
            except discord.HTTPException:
                pass


class Picker(discord.ui.Select[discord.ui.View]):
    """The menu of a short-lived view; what is picked goes to `picked`."""

    def __init__(self, picked: Callback, placeholder: str, options: list[discord.SelectOption]) -> None:
        super().__init__(custom_id=ShortLived.new_id(), placeholder=placeholder, options=options)
        self.picked = picked

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.picked(interaction)


class Press(discord.ui.Button[discord.ui.View]):
    """A button of a short-lived view; a click goes to `pressed`."""

    def __init__(self, pressed: Callback, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        super().__init__(custom_id=ShortLived.new_id(), label=label, style=style, disabled=disabled)
        self.pressed = pressed

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.pressed(interaction)
