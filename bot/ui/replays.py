"""Replays in Discord: /history offers the reader's recent deals, and a deal is stepped through
in one ephemeral message (⏮ ◀ ▶ ⏭), its board drawn at each step, in the reader's language.

The deal's frames come once from the table service (`bot/tables/replay.py`, checked against the
table's log) and live in the view: a press only draws and edits, through the press's own
interaction response, which Discord does not count against the bot's limits.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any, cast

import discord

from bot.errors import TableError
from bot.games.messages import msg
from bot.i18n import ENGLISH, Locale, render, t
from bot.tables.models import Closing
from bot.tables.replay import DealRef, DealReplay

from .boards import board_for
from .client import CardRoomClient
from .embeds import PHASE_COLOUR, attach_image, title_of
from .errors import report_error
from .images import BOARD_FILE
from .interactions import Callback, Picker, Press, ShortLived, chosen, place, reader
from .settings import PLACEHOLDER, SELECT_TEXT
from .text import DESCRIPTION, FIELD_VALUE, clip

STEPS: tuple[tuple[str, Callable[[int, int], int]], ...] = (
    ("⏮", lambda step, last: 0), ("◀", lambda step, last: max(step - 1, 0)),
    ("▶", lambda step, last: min(step + 1, last)), ("⏭", lambda step, last: last))
"""The buttons (symbols, the same in every language) and the step each one goes to."""


def deal_name(locale: Locale, game_id: str, number: int) -> str:
    """“deal 3”, or “hand 3” in the games whose players say so."""
    return t(locale, f"replay.deal.{game_id}", n=number)


class DealPicker(ShortLived):
    """/history's menu of the reader's recent deals; picking one opens its replay."""

    def __init__(self, client: discord.Client, deals: Sequence[DealRef], locale: Locale = ENGLISH) -> None:
        super().__init__(client)
        self.add_item(Picker(self._picked, clip(t(locale, "replay.pick"), PLACEHOLDER), [
            discord.SelectOption(
                label=clip(t(locale, "replay.option", game=t(locale, f"game.{d.game_id}"), table=str(d.table_id),
                             deal=deal_name(locale, d.game_id, d.number)), SELECT_TEXT),
                value=f"{d.table_id}:{d.version}",
                description=None if d.won is None else t(locale, "replay.won" if d.won else "replay.not_won"))
            for d in deals[:25]]))

    async def _picked(self, interaction: discord.Interaction) -> None:
        client = cast(CardRoomClient, interaction.client)
        try:
            table_id, version = _deal_of(chosen(interaction, [""])[0])
            await interaction.response.defer(ephemeral=True, thinking=True)
            deal = await client.tables.replays.deal(table_id, version, place(interaction))
            pictures = (await client.wallets.guild_config(deal.table.guild_id)).images
            view = ReplayView(client, deal, await reader(interaction), pictures)
            await interaction.edit_original_response(**await view.shown())
            view.shown_by(interaction)
        except Exception as exc:
            await report_error(interaction, exc)


def _deal_of(value: str) -> tuple[int, int]:
    """The (table, version) a menu choice names; a choice the menu never offered is refused."""
    table, _, version = value.partition(":")
    if not (table.isdigit() and version.isdigit()):
        raise TableError(msg("err.replay.unavailable"))
    return int(table), int(version)


class ReplayView(ShortLived):
    """One deal, step by step, in one ephemeral message."""

    def __init__(self, client: CardRoomClient, deal: DealReplay, locale: Locale = ENGLISH,
                 pictures: bool = True) -> None:
        super().__init__(client)
        self.client, self.deal, self.locale, self.pictures = client, deal, locale, pictures
        self.step = 0
        self.buttons = [Press(self._go(to), symbol) for symbol, to in STEPS]
        for button in self.buttons:
            self.add_item(button)

    @property
    def last(self) -> int:
        return len(self.deal.frames) - 1

    async def shown(self) -> dict[str, Any]:
        """The message's kwargs for the current step (an edit): text, picture and buttons."""
        for button, (_, to) in zip(self.buttons, STEPS, strict=True):
            button.disabled = to(self.step, self.last) == self.step
        png = await self._picture()
        return {"content": None, "embed": replay_embed(self.deal, self.step, self.locale, BOARD_FILE if png else None),
                "attachments": [discord.File(io.BytesIO(png), BOARD_FILE)] if png else [], "view": self}

    async def _picture(self) -> bytes | None:
        """The board after the step; where the deal ended, the deal's final picture (the
        showdown, the last trick, the final line), which the view keeps even when the same move
        dealt the next deal (then there is no other: that board is the next deal's)."""
        if not self.pictures:
            return None
        frame, snap = self.deal.frames[self.step], self.deal.snapshot(self.step)
        painter = self.client.painter
        if frame.ends_deal:
            summary = next(e for e in frame.events if e.kind == "summary")
            final = await painter.final(snap, Closing(summary.text, summary=summary, public=frame.public,
                                                      names=tuple(snap.names_in(self.locale))), self.locale)
            if final is not None or frame.next_dealt:
                return final
        return await painter.board(snap, self.locale)

    def _go(self, to: Callable[[int, int], int]) -> Callback:
        async def go(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.defer()
                self.step = to(self.step, self.last)
                await interaction.edit_original_response(**await self.shown())
            except Exception as exc:
                await report_error(interaction, exc)
        return go


def replay_embed(deal: DealReplay, step: int, locale: Locale = ENGLISH, image: str | None = None) -> discord.Embed:
    """One step of a deal: what it said to the table, the board (as a picture, or in words when
    there is none) and the stacks, and where in the deal it is."""
    snap, frame = deal.snapshot(step), deal.frames[step]
    names = snap.names_in(locale)
    said = "\n".join(render(locale, e.text, names) for e in frame.events)
    if not said:
        said = t(locale, "replay.unseen", player=names[frame.mover]) if frame.mover is not None else "—"
    e = discord.Embed(title=clip(t(locale, "replay.title", game=title_of(snap, locale), table=str(snap.table_id),
                                   deal=deal_name(locale, snap.game_id, deal.number)), 256),
                      colour=PHASE_COLOUR["finished" if frame.ends_deal else "playing"],
                      description=clip(said, DESCRIPTION))
    if image is None and not frame.next_dealt:
        for name, value in board_for(snap.game_id).table_fields(snap.public or {}, names, locale):
            e.add_field(name=clip(name, 256), value=clip(value, FIELD_VALUE), inline=False)
    e.add_field(name=t(locale, "ui.stacks"), inline=False, value=clip(" · ".join(
        t(locale, "ui.name_number", name=s.shown(locale), number=s.stack if s.present else s.cashed_out or 0)
        for s in snap.seats), FIELD_VALUE))
    whose = "" if frame.mover is None else " · " + t(locale, "replay.mover", player=names[frame.mover])
    e.set_footer(text=t(locale, "replay.step", step=step + 1, steps=len(deal.frames)) + whose)
    return attach_image(e, image) if image else e


async def send_with_replays(interaction: discord.Interaction, text: str, deals: Sequence[DealRef],
                            locale: Locale = ENGLISH) -> None:
    """/history's reply (deferred): its list and, when there is a deal to replay, the menu of them."""
    if not deals:
        await interaction.followup.send(text, ephemeral=True)
        return
    view = DealPicker(interaction.client, deals, locale)
    await interaction.followup.send(f"{text}\n{t(locale, 'replay.hint')}", view=view, ephemeral=True)
    view.shown_by(interaction)
