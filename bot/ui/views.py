"""Persistent controls: DynamicItems whose custom_id carries all they need.

Callbacks parse, defer, call the table service and report errors; the service decides who may
do what. No view holds game state.

discord.py types a callback for an interaction of any client; ours only ever get CardRoomClient's,
whose services they use, hence the `type: ignore[override]` on each.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.errors import PlayerError, StaleControl
from bot.games import GAMES
from bot.games.base import Event, GameState, takes_spectator_bets
from bot.games.options import CHIP_CEILING, show_option
from bot.tables.models import TableSnapshot

from . import custom_ids
from .client import CardRoomClient
from .controls import ButtonSpec, SelectSpec, layout
from .embeds import board_image, hand_embed, hand_image, table_embed
from .errors import report_error
from .images import BOARD_FILE, HAND_FILE


class Draw:
    """A message builder draws its picture itself (the default) unless given the PNG."""


DRAW = Draw()

log = logging.getLogger(__name__)

LOBBY_BUTTONS = (("join", "Join", discord.ButtonStyle.success), ("leave", "Leave", discord.ButtonStyle.secondary),
                 ("bot", "Add bot", discord.ButtonStyle.secondary), ("start", "Start", discord.ButtonStyle.primary),
                 ("cancel", "Cancel", discord.ButtonStyle.danger))


def location(client: discord.Client, snap: TableSnapshot) -> str:
    """“Server · #channel”, so a DM says which table it belongs to."""
    guild = client.get_guild(snap.guild_id)
    channel = client.get_channel(snap.channel_id)
    return f"{guild.name if guild else 'server'} · #{getattr(channel, 'name', 'channel')}"


def table_view(snap: TableSnapshot) -> discord.ui.View | None:
    """The public message's controls: the lobby's, or “My hand” and “Leave” in play."""
    if snap.status == "finished":
        return None
    view = discord.ui.View(timeout=None)
    if snap.status == "lobby":
        for verb, label, style in LOBBY_BUTTONS:
            view.add_item(TableButton(snap.table_id, verb, label, style))
        view.add_item(TableButton(snap.table_id, "opts", "Settings", discord.ButtonStyle.secondary))
    else:
        view.add_item(TableButton(snap.table_id, "hand", "My hand", discord.ButtonStyle.primary))
        view.add_item(TableButton(snap.table_id, "leave", "Leave", discord.ButtonStyle.secondary))
        if takes_spectator_bets(GAMES[snap.game_id]) and snap.options.get("spectator_bets", True):
            view.add_item(TableButton(snap.table_id, "back", "Back a player", discord.ButtonStyle.success))
    return view


def controls_view(snap: TableSnapshot, seat: int) -> discord.ui.View | None:
    """Exactly the seat's legal actions, drawn for this version of the table."""
    actions = snap.legal.get(seat, [])
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    for row, item in enumerate(layout(snap.table_id, snap.version, actions).rows):
        if isinstance(item, SelectSpec):
            view.add_item(ActionSelect(item, row))
        else:
            for spec in item:
                view.add_item(ActionButton(spec, row))
    return view


def hand_message(client: discord.Client, snap: TableSnapshot, seat: int, events: list[Event] | None = None,
                 note: str | None = None, png: bytes | None | Draw = DRAW) -> dict[str, Any]:
    """The kwargs of a new message showing a seat its hand (text and picture) and controls.
    `png`: the hand's picture when the caller drew it already (off the event loop)."""
    view = controls_view(snap, seat)
    if isinstance(png, Draw):
        png = hand_image(snap, seat)
    return {"embed": hand_embed(snap, seat, location(client, snap), events, note, HAND_FILE if png else None),
            "view": view if view is not None else discord.utils.MISSING, "files": _picture(png, HAND_FILE)}


def _picture(png: bytes | None, filename: str) -> list[discord.File]:
    return [discord.File(io.BytesIO(png), filename)] if png else []


def as_edit(message: dict[str, Any]) -> dict[str, Any]:
    """A message's kwargs for an edit: its pictures replace the old ones, no view removes controls."""
    edit = {k: v for k, v in message.items() if k != "files"}
    edit["attachments"] = message.get("files", [])
    if edit.get("view") is discord.utils.MISSING:
        edit["view"] = None
    return edit


async def _show_hand(interaction: discord.Interaction[CardRoomClient], table_id: int, note: str | None = None,
                     edit: bool = False, snap: TableSnapshot | None = None) -> None:
    """The player's hand and controls: a new ephemeral reply, or (`edit`) the message they clicked.
    `snap` is the table their own action just produced, so showing it reads nothing again."""
    if snap is None:
        snap = await interaction.client.tables.hand(table_id, interaction.user.id, interaction.guild_id)
    seat = snap.seat_of(interaction.user.id)
    if seat is None or snap.status != "playing":
        if snap.status == "finished" or (seat is None and snap.status == "playing" and
                                         any(s.user_id == interaction.user.id for s in snap.seats)):
            text = "You have left this table; the result is in the channel."
        elif seat is None:
            text = "You are not seated at this table."
        else:
            text = "The game has not started yet."
        if edit:
            await interaction.edit_original_response(content=text, embed=None, view=None)
        else:
            await interaction.followup.send(note or text, ephemeral=True)
        return
    pictures = (await interaction.client.wallets.guild_config(snap.guild_id)).images
    message = hand_message(interaction.client, snap, seat.seat, note=note, png=DRAW if pictures else None)
    if edit:
        await interaction.edit_original_response(**as_edit(message))
    else:
        await interaction.followup.send(ephemeral=True, **message)


def _place(interaction: discord.Interaction) -> int:
    """Where a table control was clicked: its server, or 0 from a DM (never a table's server)."""
    return interaction.guild_id or 0


class TableButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=custom_ids.VERB_PATTERN):
    """Join, Leave, Add bot, Start, Cancel, Settings and My hand."""

    def __init__(self, table_id: int, verb: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_ids.verb(table_id, verb)))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        service = interaction.client.tables
        try:
            snap = await service.snapshot(self.table_id)
            if snap.guild_id != _place(interaction):
                raise PlayerError("That control belongs to a table in another server.")
            if self.verb == "join":
                if snap.buy_in.minimum != snap.buy_in.maximum:
                    await interaction.response.send_modal(BuyInModal(snap))
                    return
                await interaction.response.defer(ephemeral=True, thinking=True)
                await service.join(self.table_id, interaction.user.id, interaction.user.display_name,
                                   guild_id=_place(interaction))
                await interaction.followup.send(f"You sat down with {snap.buy_in.default:,} chips.", ephemeral=True)
            elif self.verb == "back":
                choices = await service.spectator_choices(self.table_id, interaction.user.id)
                view: ShortLived = BackView(interaction.client, self.table_id, choices)
                await interaction.response.send_message("Whom do you back?", view=view, ephemeral=True)
                view.shown_by(interaction)
            elif self.verb == "opts":
                if snap.host_id != interaction.user.id:
                    raise PlayerError("Only the player who opened this table can change its settings.")
                view = SettingsView(interaction.client, snap)
                await interaction.response.send_message("Which setting?", view=view, ephemeral=True)
                view.shown_by(interaction)
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
                if self.verb == "hand":
                    await _show_hand(interaction, self.table_id)
                    return
                text = await self._lobby_verb(interaction)
                await interaction.followup.send(text, ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)

    async def _lobby_verb(self, interaction: discord.Interaction[CardRoomClient]) -> str:
        service, user, place = interaction.client.tables, interaction.user.id, _place(interaction)
        if self.verb == "leave":
            return await service.leave(self.table_id, user, guild_id=place)
        if self.verb == "bot":
            await service.add_bot(self.table_id, user, guild_id=place)
            return "A seat bot sat down."
        if self.verb == "start":
            await service.start(self.table_id, user, guild_id=place)
            return "The game has started. Your hand comes by DM when it is your turn; “My hand” shows it here."
        await service.cancel(self.table_id, user, guild_id=place)
        return "The table is cancelled; every buy-in went back."


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=custom_ids.ACTION_PATTERN):
    """One legal action of one seat, for one version of the table."""

    def __init__(self, spec: ButtonSpec, row: int | None = None) -> None:
        style = discord.ButtonStyle.danger if spec.danger else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=spec.label, custom_id=spec.custom_id, style=style, row=row))
        self.match = custom_ids.parse(custom_ids.ACTION_PATTERN, spec.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(ButtonSpec(label or "…", match.string))

    async def callback(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        await play(interaction, int(self.match["table"]), int(self.match["version"]), self.match["kind"],
                   self.match["args"])


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=custom_ids.SELECT_PATTERN):
    """A choice among many actions of one kind (a card to discard, an amount, cards to throw)."""

    def __init__(self, spec: SelectSpec, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, min_values=spec.min_values,
            max_values=spec.max_values, row=row,
            options=[discord.SelectOption(label=label, value=value) for label, value in spec.options]))
        self.match = custom_ids.parse(custom_ids.SELECT_PATTERN, spec.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionSelect:
        # Only the id matters once clicked: the chosen values come with the interaction.
        placeholder = item.placeholder if isinstance(item, discord.ui.Select) else None
        return cls(SelectSpec(placeholder or "", match.string, (("…", "…"),)))

    async def callback(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        values = _chosen(interaction, [])
        kind = self.match["kind"]
        # A multi-select sends the chosen items; a one-of-many select sends the action's args.
        args = "+".join(values) if self.match["mode"] == "m" else (values[0] if values else "")
        await play(interaction, int(self.match["table"]), int(self.match["version"]), kind, args)


async def play(interaction: discord.Interaction[CardRoomClient], table_id: int, version: int, kind: str,
               args: str | None) -> None:
    """Defer, then one trip to the table service: it decodes the action for the table's game,
    applies it and returns the table, which the reply shows (the clicker's new hand)."""
    service = interaction.client.tables
    try:
        await interaction.response.defer()
        snap = await service.play(table_id, interaction.user.id,
                                  lambda types: custom_ids.decode_action(types, kind, args), version,
                                  guild_id=interaction.guild_id, via_dm=interaction.guild_id is None,
                                  interaction_id=interaction.id)
        await _show_hand(interaction, table_id, edit=True, snap=snap)
    except StaleControl as exc:
        await _refresh_after(interaction, table_id, str(exc))
    except Exception as exc:
        await report_error(interaction, exc)


async def _refresh_after(interaction: discord.Interaction[CardRoomClient], table_id: int, note: str) -> None:
    try:
        await _show_hand(interaction, table_id, note=note)
    except Exception as exc:
        await report_error(interaction, exc)


def _chosen(interaction: discord.Interaction, default: list[str]) -> list[str]:
    """The values picked in the select that sent the interaction (`default` if none came)."""
    data: Mapping[str, Any] = interaction.data or {}
    values: list[str] = data.get("values", default)
    return values


def chip_amount(text: str) -> int:
    """A positive number of chips typed into a modal (“1,200” is fine)."""
    try:
        amount = int(text.replace(",", "").replace("_", "").strip())
    except ValueError:
        raise PlayerError("Please enter a whole number of chips, like 200.") from None
    if amount < 1:
        raise PlayerError("Please enter a number of chips above zero, like 200.")
    if amount > CHIP_CEILING:
        raise PlayerError(f"That is more than a table takes: at most {CHIP_CEILING:,} chips.")
    return amount


class BuyInModal(discord.ui.Modal, title="Buy in"):
    """For games where each player chooses how many chips to bring."""

    def __init__(self, snap: TableSnapshot) -> None:
        super().__init__(timeout=300)
        self.table_id = snap.table_id
        top = f" to {snap.buy_in.maximum:,}" if snap.buy_in.maximum is not None else " or more"
        self.amount: discord.ui.TextInput[BuyInModal] = discord.ui.TextInput(
            label=f"Chips to bring ({snap.buy_in.minimum:,}{top})", default=str(snap.buy_in.default), max_length=12)
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            amount = chip_amount(self.amount.value)
            await interaction.client.tables.join(self.table_id, interaction.user.id,
                                                 interaction.user.display_name, amount, guild_id=_place(interaction))
            await interaction.followup.send(f"You sat down with {amount:,} chips.", ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)


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

    def shown_by(self, interaction: discord.Interaction) -> None:
        self._shown = interaction

    async def on_timeout(self) -> None:
        for item in self.children:
            self.live_ids.discard(getattr(item, "custom_id", ""))
        if self._shown is not None:
            try:
                await self._shown.edit_original_response(view=None)
            except discord.HTTPException:
                pass


class Picker(discord.ui.Select[discord.ui.View]):
    """The menu of a short-lived view; what is picked goes to `picked`."""

    def __init__(self, picked: Callable[[discord.Interaction], Awaitable[None]], placeholder: str,
                 options: list[discord.SelectOption]) -> None:
        super().__init__(custom_id=ShortLived.new_id(), placeholder=placeholder, options=options)
        self.picked = picked

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.picked(interaction)


class SettingsView(ShortLived):
    """The host picks an option; a modal takes its new value (short-lived, so not persistent)."""

    def __init__(self, client: discord.Client, snap: TableSnapshot) -> None:
        super().__init__(client)
        self.table_id = snap.table_id
        game: type[GameState] = GAMES[snap.game_id]
        specs = game.option_specs
        self.add_item(Picker(self._picked, "Choose a setting to change", [
            discord.SelectOption(label=spec.name[:100], value=spec.name[:100],
                                 description=f"now {show_option(snap.options[spec.name])} · {spec.allowed}"[:100])
            for spec in specs[:25]]))
        self.specs = {s.name: s for s in specs}
        self.current = dict(snap.options)

    async def _picked(self, interaction: discord.Interaction) -> None:
        name = _chosen(interaction, [""])[0]
        spec = self.specs[name]
        await interaction.response.send_modal(OptionModal(self.table_id, spec.name, spec.allowed,
                                                          show_option(self.current[name]), spec.description))


class OptionModal(discord.ui.Modal, title="Table setting"):
    def __init__(self, table_id: int, name: str, allowed: str, current: str, description: str) -> None:
        super().__init__(timeout=300)
        self.table_id, self.name = table_id, name
        self.value: discord.ui.TextInput[OptionModal] = discord.ui.TextInput(
            label=name[:45], default=current, placeholder=f"{allowed}"[:100], max_length=40)
        self.add_item(self.value)

    async def on_submit(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            snap = await interaction.client.tables.set_option(self.table_id, interaction.user.id, self.name,
                                                              self.value.value.strip(), guild_id=_place(interaction))
            await interaction.followup.send(f"{self.name} is now {show_option(snap.options[self.name])}.",
                                            ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)


class BackView(ShortLived):
    """An onlooker picks a player to back; a modal takes the amount (short-lived)."""

    def __init__(self, client: discord.Client, table_id: int, choices: list[tuple[int, str, int, int]]) -> None:
        super().__init__(client)
        self.table_id = table_id
        self.limits = {seat: (name, low, high) for seat, name, low, high in choices}
        self.add_item(Picker(self._picked, "Choose a player to back", [
            discord.SelectOption(label=name[:100], value=str(seat), description=f"bets {low} to {high}")
            for seat, name, low, high in choices[:25]]))

    async def _picked(self, interaction: discord.Interaction) -> None:
        seat = int(_chosen(interaction, ["0"])[0])
        name, low, high = self.limits[seat]
        await interaction.response.send_modal(BetModal(self.table_id, seat, name, low, high))


class BetModal(discord.ui.Modal, title="Spectator bet"):
    def __init__(self, table_id: int, seat: int, name: str, low: int, high: int) -> None:
        super().__init__(timeout=300)
        self.table_id, self.seat = table_id, seat
        self.amount: discord.ui.TextInput[BetModal] = discord.ui.TextInput(
            label=f"Chips on {name}"[:45], placeholder=f"{low} to {high}", default=str(low), max_length=9)
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            amount = chip_amount(self.amount.value)
            await interaction.client.tables.spectator_bet(self.table_id, interaction.user.id, self.seat, amount,
                                                          guild_id=_place(interaction))
            await interaction.followup.send(f"You asked to bet {amount:,} chips; the banker accepts or refuses. "
                                            "Your chips are held until then and come back if refused.",
                                            ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)


class RetiredControl(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=custom_ids.UNKNOWN_PATTERN):
    """Any control whose id no live control answers to (a retired format, an expired reply, a
    forged id): told so, instead of Discord's “This interaction failed”."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id))
        self.custom_id_seen = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RetiredControl:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.custom_id_seen in getattr(interaction.client, "short_lived_ids", ()):
            return   # a live short-lived view answers it
        try:
            await interaction.response.send_message("This control is no longer active. Use the table's latest "
                                                    "message, or /table view.", ephemeral=True)
        except discord.HTTPException:
            log.info("could not answer a retired control %r", self.custom_id_seen)


DYNAMIC_ITEMS = (TableButton, ActionButton, ActionSelect, RetiredControl)


def public_message(snap: TableSnapshot, events: list[Event] | None = None,
                   png: bytes | None | Draw = DRAW) -> dict[str, Any]:
    """The kwargs of a new table message: the compact text, the board's picture, the controls.
    `png`: the board's picture when the caller drew it already (off the event loop)."""
    if isinstance(png, Draw):
        png = board_image(snap)
    return {"embed": table_embed(snap, events, BOARD_FILE if png else None), "view": table_view(snap),
            "files": _picture(png, BOARD_FILE)}
