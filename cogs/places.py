"""Where a server-only slash command was used.

Discord sends a `guild_only` command only from a server's channel, so its interaction always
carries both ids; should one ever be missing, the user is told the command needs a server.
"""

from __future__ import annotations

import discord
from discord import app_commands


def guild_id_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def channel_id_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.channel_id
