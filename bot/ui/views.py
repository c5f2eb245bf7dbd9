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
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot import inputs
from bot.errors import PlayerError, StaleControl
from bot.games import GAMES
from bot.games.base import Event, SpectatorBets
from bot.games.messages import msg
from bot.i18n import ENGLISH, Locale, t
from bot.tables.leaving import left_text
from bot.tables.models import HandRef, TableSnapshot
from bot.tables.service import TableService

from . import custom_ids
from .boards import board_for
from .client import CardRoomClient
from .controls import ASK_FIRST_KINDS, ButtonSpec, Choice, SelectSpec, Style, layout
from .embeds import closing_embed, hand_embed, table_embed
from .errors import describe, report_error
from .images import BOARD_FILE, HAND_FILE
from .interactions import Picker, Press, ShortLived, reader, table_language
from .interactions import chosen as _chosen
from .interactions import place as _place
from .leaderboard import BoardPage
from .settings import SettingsView

log = logging.getLogger(__name__)

LOBBY_BUTTONS = (("join", discord.ButtonStyle.success), ("leave", discord.ButtonStyle.secondary),
                 ("bot", discord.ButtonStyle.secondary), ("start", discord.ButtonStyle.primary),
                 ("cancel", discord.ButtonStyle.danger), ("opts", discord.ButtonStyle.secondary))
"""The lobby's buttons by verb; each one's words are `ui.btn.<verb>` in the catalog."""


BUTTON_STYLES: dict[Style, discord.ButtonStyle] = {
    "play": discord.ButtonStyle.primary, "wager": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger, "ask": discord.ButtonStyle.secondary}


def location(client: discord.Client, snap: TableSnapshot, locale: Locale = ENGLISH) -> str:
    """“Server · #channel”, so a DM says which table it belongs to."""
    guild = client.get_guild(snap.guild_id)
    channel = client.get_channel(snap.channel_id)
    return (f"{guild.name if guild else t(locale, 'ui.somewhere_server')} · "
            f"#{getattr(channel, 'name', t(locale, 'ui.somewhere_channel'))}")


def table_view(snap: TableSnapshot, locale: Locale = ENGLISH) -> discord.ui.View | None:
    """The public message's controls, in the table's language: the lobby's, or “My hand” and
    “Leave” in play."""
    if snap.status == "finished":
        return None
    view = discord.ui.View(timeout=None)

    def button(verb: str, style: discord.ButtonStyle) -> None:
        view.add_item(TableButton(snap.table_id, verb, t(locale, f"ui.btn.{verb}"), style))

    if snap.status == "lobby":
        for verb, style in LOBBY_BUTTONS:
            button(verb, style)
    else:
        button("hand", discord.ButtonStyle.primary)
        button("leave", discord.ButtonStyle.secondary)
        if issubclass(GAMES[snap.game_id], SpectatorBets) and snap.options.get("spectator_bets", True):
            button("back", discord.ButtonStyle.success)
    return view


def controls_view(snap: TableSnapshot, seat: int, locale: Locale = ENGLISH) -> discord.ui.View | None:
    """Exactly the seat's legal actions, drawn for this version of the table, in the player's
    language."""
    actions = snap.legal.get(seat, [])
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    board, public, private = board_for(snap.game_id), snap.public or {}, snap.privates.get(seat, {})
    names = snap.names_in(locale)
    controls = layout(snap.table_id, snap.version, actions, board.select_prompts(public, names, locale),
                      board.card_notes(private, public, locale), locale, names)
    for row, item in enumerate(controls.rows):
        if isinstance(item, SelectSpec):
            view.add_item(ActionSelect(item, row))
        else:
            for spec in item:
                view.add_item(ActionButton(spec, row))
    return view


def hand_message(client: discord.Client, snap: TableSnapshot, seat: int, events: list[Event] | None = None,
                 note: str | None = None, png: bytes | None = None, locale: Locale = ENGLISH) -> dict[str, Any]:
    """The kwargs of a new message showing a seat its hand (text and picture) and controls, in
    its player's language. `png`: the hand's picture, drawn by the caller off the event loop
    (`Painter`), or None for none."""
    view = controls_view(snap, seat, locale)
    return {"embed": hand_embed(snap, seat, location(client, snap, locale), events, note,
                                HAND_FILE if png else None, locale),
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
    locale = await reader(interaction)
    seat = snap.seat_of(interaction.user.id)
    if seat is None or snap.status != "playing":
        if snap.status == "finished" or (seat is None and snap.status == "playing" and
                                         any(s.user_id == interaction.user.id for s in snap.seats)):
            text = t(locale, "ui.hand.left")
        elif seat is None:
            text = t(locale, "ui.hand.not_seated")
        else:
            text = t(locale, "ui.hand.not_started")
        if edit:
            await interaction.edit_original_response(content=text, embed=None, view=None)
        else:
            await interaction.followup.send(note or text, ephemeral=True)
        return
    pictures = (await interaction.client.wallets.guild_config(snap.guild_id)).images
    png = await interaction.client.painter.hand(snap, seat.seat, locale) if pictures else None
    message = hand_message(interaction.client, snap, seat.seat, note=note, png=png, locale=locale)
    if edit:
        await interaction.edit_original_response(**as_edit(message))
    else:
        await interaction.followup.send(ephemeral=True, **message)


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
                raise PlayerError(msg("err.table.other_server"))
            if self.verb in ("start", "cancel"):
                await self._close_lobby(interaction)
                return
            locale = await reader(interaction)
            if self.verb == "join":
                if snap.buy_in.minimum != snap.buy_in.maximum:
                    await interaction.response.send_modal(BuyInModal(snap, locale))
                    return
                await interaction.response.defer(ephemeral=True, thinking=True)
                await service.join(self.table_id, interaction.user.id, interaction.user.display_name,
                                   guild_id=_place(interaction))
                await interaction.followup.send(t(locale, "ui.sat_down", chips=snap.buy_in.default), ephemeral=True)
            elif self.verb == "back":
                choices = await service.spectator_choices(self.table_id, interaction.user.id)
                view: ShortLived = BackView(interaction.client, self.table_id, choices, locale)
                await interaction.response.send_message(t(locale, "ui.whom_to_back"), view=view, ephemeral=True)
                view.shown_by(interaction)
            elif self.verb == "opts":
                if snap.host_id != interaction.user.id:
                    raise PlayerError(msg("err.table.host_settings"))
                view = SettingsView(interaction.client, snap, locale)
                await interaction.response.send_message(view.text, view=view, ephemeral=True)
                view.shown_by(interaction)
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
                if self.verb == "hand":
                    await _show_hand(interaction, self.table_id)
                    return
                if self.verb == "leave":
                    await leave_or_ask(interaction, service, self.table_id)
                    return
                text = t(locale, await self._lobby_verb(interaction))
                await interaction.followup.send(text, ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)

    async def _lobby_verb(self, interaction: discord.Interaction[CardRoomClient]) -> str:
        """Add a bot; the catalog key of the reply."""
        await interaction.client.tables.add_bot(self.table_id, interaction.user.id, guild_id=_place(interaction))
        return "ui.bot_sat_down"

    async def _close_lobby(self, interaction: discord.Interaction[CardRoomClient]) -> None:
        """Start or Cancel: the lobby message itself answers, closed in the same step as the
        change, through the click's own response (which Discord does not pace): it loses its
        controls at once and says the game is being dealt, or what everyone got back. The click
        then posts the table's messages in its channel, outside the bot's budget (`bot.ui.replies`):
        a started table is shown at once, however busy the bot is."""
        await interaction.response.defer()   # first: when hundreds start at once, nothing comes before it
        if interaction.message is not None and interaction.channel_id is not None:
            interaction.client.replies.keep((interaction.channel_id, interaction.message.id), interaction,
                                            ("channel", interaction.channel_id))
        await reader(interaction)   # their client's language, for the DMs the start sends them
        service, user, place = interaction.client.tables, interaction.user.id, _place(interaction)
        act = service.start if self.verb == "start" else service.cancel
        snap = await act(self.table_id, user, guild_id=place, reply_closes=True)
        assert snap.closing is not None
        embed = closing_embed(snap, snap.closing, await table_language(interaction.client, snap.guild_id))
        await interaction.edit_original_response(content=None, embed=embed, view=None, attachments=[])


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=custom_ids.ACTION_PATTERN):
    """One legal action of one seat, for one version of the table."""

    def __init__(self, spec: ButtonSpec, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=spec.label, custom_id=spec.custom_id, style=BUTTON_STYLES[spec.style],
                                           emoji=spec.emoji, row=row))
        self.match = custom_ids.parse(custom_ids.ACTION_PATTERN, spec.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(ButtonSpec(label or "…", match.string))

    async def callback(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        table_id, version, kind, args = (int(self.match["table"]), int(self.match["version"]), self.match["kind"],
                                         self.match["args"])
        if kind in ASK_FIRST_KINDS:
            await ask_to_resign(interaction, table_id, version, kind, args)
        else:
            await play(interaction, table_id, version, kind, args)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=custom_ids.SELECT_PATTERN):
    """A choice among many actions of one kind (a card to discard, an amount, cards to throw)."""

    def __init__(self, spec: SelectSpec, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, min_values=spec.min_values,
            max_values=spec.max_values, row=row,
            options=[discord.SelectOption(label=o.label, value=o.value, description=o.description, emoji=o.emoji)
                     for o in spec.options]))
        self.match = custom_ids.parse(custom_ids.SELECT_PATTERN, spec.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActionSelect:
        # Only the id matters once clicked: the chosen values come with the interaction.
        placeholder = item.placeholder if isinstance(item, discord.ui.Select) else None
        return cls(SelectSpec(placeholder or "", match.string, (Choice("…", "…"),)))

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
        if interaction.guild_id is None and interaction.message is not None:   # their DM: its next edits
            interaction.client.replies.keep(HandRef(interaction.message.channel.id, interaction.message.id),
                                            interaction, ("dm", interaction.user.id))
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


async def leave_or_ask(interaction: discord.Interaction, service: TableService, table_id: int) -> None:
    """Leave (after the interaction was deferred), or first ask, saying what the player would
    get back, when leaving now forfeits or costs chips. The reply says what happened."""
    place, locale = _place(interaction), await reader(interaction)
    quote = await service.leave_quote(table_id, interaction.user.id, guild_id=place)
    if quote is None or not quote.asks_first:
        await interaction.followup.send(await service.leave(table_id, interaction.user.id, guild_id=place,
                                                            locale=locale), ephemeral=True)
        return

    async def confirmed(click: discord.Interaction) -> str:
        return await service.leave(table_id, click.user.id, guild_id=place, locale=locale)

    view = ConfirmView(interaction.client, t(locale, "ui.btn.leave"), confirmed, locale)
    await interaction.followup.send(quote.text(locale), view=view, ephemeral=True)
    view.shown_by(interaction)


async def ask_to_resign(interaction: discord.Interaction[CardRoomClient], table_id: int, version: int, kind: str,
                        args: str | None) -> None:
    """The resign control asks first, saying what the player would get back; Confirm plays it
    for the version the control was drawn for, and the reply says what the table committed."""
    service = interaction.client.tables

    def decode(types: Sequence[type]) -> Any:
        return custom_ids.decode_action(types, kind, args)

    try:
        locale = await reader(interaction)
        quote = await service.leave_quote(table_id, interaction.user.id, decode, guild_id=interaction.guild_id)
        if quote is None:
            raise PlayerError(msg("err.table.not_in_play"))

        async def confirmed(click: discord.Interaction) -> str:
            snap = await service.play(table_id, click.user.id, decode, version, guild_id=click.guild_id,
                                      via_dm=click.guild_id is None, interaction_id=click.id)
            mine = next(s for s in snap.seats if s.user_id == click.user.id)
            return left_text(quote.stack, mine.cashed_out, quote.forfeit_text(locale), resigned=True, locale=locale)

        view = ConfirmView(interaction.client, t(locale, "ui.btn.resign"), confirmed, locale)
        await interaction.response.send_message(quote.text(locale), view=view, ephemeral=True)
        view.shown_by(interaction)
    except StaleControl as exc:
        await interaction.response.defer()
        await _refresh_after(interaction, table_id, str(exc))
    except Exception as exc:
        await report_error(interaction, exc)


def chip_amount(text: str) -> int:
    """A positive number of chips typed into a modal (“1,200” is fine)."""
    try:
        amount = int(text.replace(",", "").replace("_", "").strip())
    except ValueError:
        raise PlayerError(msg("err.chips.whole")) from None
    return inputs.chips(amount)


class BuyInModal(discord.ui.Modal):
    """For games where each player chooses how many chips to bring."""

    def __init__(self, snap: TableSnapshot, locale: Locale = ENGLISH) -> None:
        super().__init__(title=t(locale, "ui.buy_in_title"), timeout=300)
        self.table_id, self.locale = snap.table_id, locale
        low, high = snap.buy_in.minimum, snap.buy_in.maximum
        label = t(locale, "ui.chips_to_bring", low=low, high=high) if high is not None \
            else t(locale, "ui.chips_to_bring_open", low=low)
        self.amount: discord.ui.TextInput[BuyInModal] = discord.ui.TextInput(
            label=label[:45], default=str(snap.buy_in.default), max_length=12)
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            amount = chip_amount(self.amount.value)
            await interaction.client.tables.join(self.table_id, interaction.user.id,
                                                 interaction.user.display_name, amount, guild_id=_place(interaction))
            await interaction.followup.send(t(self.locale, "ui.sat_down", chips=amount), ephemeral=True)
        except Exception as exc:
            await report_error(interaction, exc)


class ConfirmView(ShortLived):
    """Asks before a step that cannot be undone (a forfeit); the confirmation's own message then
    says what happened, or that nothing did."""

    def __init__(self, client: discord.Client, label: str,
                 confirmed: Callable[[discord.Interaction], Awaitable[str]], locale: Locale = ENGLISH,
                 keep: str = "ui.btn.keep_playing", kept: str = "ui.nothing_changed") -> None:
        """`keep` and `kept` are the catalog keys of the button that changes nothing and of what
        it then says."""
        super().__init__(client)
        self.confirmed, self.locale, self.kept = confirmed, locale, kept
        self.add_item(Press(self._confirm, label, discord.ButtonStyle.danger))
        self.add_item(Press(self._cancel, t(locale, keep), discord.ButtonStyle.secondary))

    async def _confirm(self, interaction: discord.Interaction) -> None:
        self._answered()
        try:
            await interaction.response.defer()
            text = await self.confirmed(interaction)
            await interaction.edit_original_response(content=text, view=None)
        except Exception as exc:
            await report_error(interaction, exc)

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self._answered()
        await interaction.response.edit_message(content=t(self.locale, self.kept), view=None)

    def _answered(self) -> None:
        """One answer only: the view stops and its ids are no longer live."""
        self.stop()
        for item in self.children:
            self.live_ids.discard(getattr(item, "custom_id", ""))


class BackView(ShortLived):
    """An onlooker picks a player to back; a modal takes the amount (short-lived)."""

    def __init__(self, client: discord.Client, table_id: int, choices: list[tuple[int, str, int, int]],
                 locale: Locale = ENGLISH) -> None:
        super().__init__(client)
        self.table_id, self.locale = table_id, locale
        self.limits = {seat: (name, low, high) for seat, name, low, high in choices}
        self.add_item(Picker(self._picked, t(locale, "ui.choose_backed"), [
            discord.SelectOption(label=name[:100], value=str(seat),
                                 description=t(locale, "ui.bets_range", low=low, high=high))
            for seat, name, low, high in choices[:25]]))

    async def _picked(self, interaction: discord.Interaction) -> None:
        seat = int(_chosen(interaction, ["0"])[0])
        name, low, high = self.limits[seat]
        await interaction.response.send_modal(BetModal(self.table_id, seat, name, low, high, self.locale))


class BetModal(discord.ui.Modal):
    def __init__(self, table_id: int, seat: int, name: str, low: int, high: int, locale: Locale = ENGLISH) -> None:
        super().__init__(title=t(locale, "ui.spectator_bet_title"), timeout=300)
        self.table_id, self.seat, self.locale = table_id, seat, locale
        self.amount: discord.ui.TextInput[BetModal] = discord.ui.TextInput(
            label=t(locale, "ui.chips_on", name=name)[:45], placeholder=t(locale, "ui.range", low=low, high=high),
            default=str(low), max_length=9)
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            amount = chip_amount(self.amount.value)
            await interaction.client.tables.spectator_bet(self.table_id, interaction.user.id, self.seat, amount,
                                                          guild_id=_place(interaction))
            await interaction.followup.send(t(self.locale, "ui.bet_asked", chips=amount), ephemeral=True)
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
        await answer_retired(interaction)


DYNAMIC_ITEMS = (TableButton, ActionButton, ActionSelect, BoardPage, RetiredControl)


async def answer_retired(interaction: discord.Interaction) -> None:
    """Tell the clicker the control is no longer active (instead of “This interaction failed”)."""
    try:
        locale = await reader(interaction)
        await interaction.response.send_message(t(locale, "ui.control_retired"), ephemeral=True)
    except discord.HTTPException:
        log.info("could not answer a retired control in %s", describe(interaction))


def shows_control(interaction: discord.Interaction) -> bool:
    """Whether the clicked control is on its message as Discord now has it, with the kind of
    control clicked: discord.py hands a click to a control only then, and drops any other
    unanswered. A client that had not yet seen an edit (a lobby that Start or Cancel just closed)
    can still send a click on a control the message no longer has; a forged click can name any id."""
    data: Mapping[str, Any] = interaction.data or {}
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    message = interaction.message
    if message is None:
        return False
    view = (discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View).from_message(message)
    return any(getattr(child, "custom_id", None) == custom_id and child.type.value == kind
               for child in view.walk_children())


async def answer_unshown(interaction: discord.Interaction[CardRoomClient]) -> None:
    """Answer a click on a control its message no longer shows as that control would: the
    service says what became of the table (cancelled, started, an earlier turn)."""
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    blank: discord.ui.Item[Any] = (discord.ui.Select(custom_id=custom_id) if data.get("component_type") == 3
                                   else discord.ui.Button(custom_id=custom_id))
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            item = await cls.from_custom_id(interaction, blank, match)
            await item.callback(interaction)
            return


def public_message(snap: TableSnapshot, events: list[Event] | None = None,
                   png: bytes | None = None, locale: Locale = ENGLISH) -> dict[str, Any]:
    """The kwargs of a new table message in the table's language: the compact text, the
    board's picture (drawn by the caller off the event loop, `Painter`; None for none), the
    controls."""
    return {"embed": table_embed(snap, events, BOARD_FILE if png else None, locale),
            "view": table_view(snap, locale),
            "files": _picture(png, BOARD_FILE)}
