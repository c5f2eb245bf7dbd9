"""One reporter for every failed interaction: player errors are answered with
their own text; anything else is logged once and answered with an apology."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.errors import PlayerError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on our side. Nothing changed; please try again."


def describe(interaction: discord.Interaction) -> str:
    data: Mapping[str, Any] = interaction.data or {}
    what = interaction.command.qualified_name if interaction.command else data.get("custom_id", "?")
    return f"{what!r} by user {interaction.user.id} in channel {interaction.channel_id}"


def reply_text(error: BaseException) -> str:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, (PlayerError, app_commands.CheckFailure)):
        return str(error)
    return APOLOGY


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    text = reply_text(error)
    if text == APOLOGY:
        log.error("unexpected error in %s", describe(interaction), exc_info=error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s about an error", describe(interaction))
