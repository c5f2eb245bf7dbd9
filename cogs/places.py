"""Where a slash command was used, and whom it names.

Discord sends a `guild_only` command only from a server's channel, so its interaction always
carries both ids; a forged one without them is told the command needs a server (the services
check it again: `bot.inputs.server`).
"""

from __future__ import annotations

import discord

from bot import inputs
from bot.inputs import Person


def guild_id_of(interaction: discord.Interaction) -> int:
    return inputs.server(interaction.guild_id)


def channel_id_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        return inputs.server(None)   # no channel, no server: the same refusal
    return interaction.channel_id


def person(interaction: discord.Interaction, user: discord.User | discord.Member) -> Person:
    """Whom a command's user option names, as the services judge them: Discord resolves a
    member of the command's server as a `Member`, anyone else as a plain `User`."""
    member = isinstance(user, discord.Member) and user.guild.id == interaction.guild_id
    return Person(user.id, bot=user.bot, member=member)
