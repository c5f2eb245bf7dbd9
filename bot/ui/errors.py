"""One reporter for every failed interaction: player errors are answered with their own
message, in the player's language; anything else is logged once and answered with an apology."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.errors import PlayerError
from bot.i18n import Locale, negotiate, render, seat_name, t

log = logging.getLogger(__name__)

APOLOGY = "error.apology"
"""The catalog key of the reply to a failure that is ours, not the player's."""


def describe(interaction: discord.Interaction) -> str:
    data: Mapping[str, Any] = interaction.data or {}
    what = interaction.command.qualified_name if interaction.command else data.get("custom_id", "?")
    return f"{what!r} by user {interaction.user.id} in channel {interaction.channel_id}"


FORGED = {app_commands.TransformerError: "err.input.value", app_commands.NoPrivateMessage: "err.input.server",
          app_commands.MissingPermissions: "err.input.admin"}
"""Failures discord.py finds in an interaction before the command runs, which Discord's own
client never sends (a value of the wrong type, a server command from a DM, an admin command
Discord hides from the member): the player's doing, answered in their language."""


def is_ours(error: BaseException) -> bool:
    """Whether the failure is the bot's (logged, apologised for) rather than the player's."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return not isinstance(error, (PlayerError, app_commands.CheckFailure, app_commands.TransformerError))


def reply_text(error: BaseException, locale: Locale) -> str:
    """What the player reads about a failure, in their language. Seats an error names show as
    `Seat 3`: the error knows no table."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, PlayerError):
        return render(locale, error.message, [seat_name([], n, locale) for n in range(10)])
    for kind, key in FORGED.items():
        if isinstance(error, kind):
            return t(locale, key)
    if isinstance(error, app_commands.CheckFailure):
        return str(error)
    return t(locale, APOLOGY)


async def reply_locale(interaction: discord.Interaction) -> Locale:
    """The language of this player's own replies: their /language choice, else their client's."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None:
        return negotiate(interaction.locale)
    locale: Locale = await languages.for_user(interaction.user.id, interaction.locale)
    return locale


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    if is_ours(error):
        log.error("unexpected error in %s", describe(interaction), exc_info=error)
    try:
        text = reply_text(error, await reply_locale(interaction))
    except Exception:
        log.exception("could not choose a language for %s", describe(interaction))
        text = reply_text(error, negotiate(interaction.locale))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s about an error", describe(interaction))
