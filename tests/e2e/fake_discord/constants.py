"""Discord's numbers as the fake speaks them: API paths, permission bits, intents, message flags,
interaction, callback and option types. One home for them, so a route, the gateway and the test
driver mean the same thing by `CB_MODAL`."""

from __future__ import annotations

from typing import Any

import discord

JSON = dict[str, Any]
"""A Discord object as it travels: a JSON object."""

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"
DISCORD_EPOCH_MS = 1420070400000
DEFAULT_TIMEOUT = 120.0  # a safety net against hangs, never a budget a busy machine could break

# Permission bits (https://discord.com/developers/docs/topics/permissions).
P_ADD_REACTIONS = 1 << 6
P_ADMINISTRATOR = 1 << 3
P_MANAGE_GUILD = 1 << 5
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_EXTERNAL_EMOJIS = 1 << 18
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_SEND_MESSAGES_IN_THREADS = 1 << 38

ALL_PERMISSIONS: int = discord.Permissions.all().value
DEFAULT_EVERYONE_PERMISSIONS: int = (
    P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_READ_MESSAGE_HISTORY
    | P_ADD_REACTIONS
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_USE_EXTERNAL_EMOJIS
    | P_USE_APPLICATION_COMMANDS
)
DEFAULT_BOT_PERMISSIONS: int = (
    DEFAULT_EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_SEND_MESSAGES_IN_THREADS
)

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types / callback types.
IT_APPLICATION_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5
CB_CHANNEL_MESSAGE = 4
CB_DEFERRED_CHANNEL_MESSAGE = 5
CB_DEFERRED_UPDATE_MESSAGE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE_RESULT = 8
CB_MODAL = 9

# Application command option types.
OPT_SUB_COMMAND = 1
OPT_SUB_COMMAND_GROUP = 2
OPT_STRING = 3
OPT_INTEGER = 4
OPT_BOOLEAN = 5
OPT_USER = 6
OPT_CHANNEL = 7
OPT_ROLE = 8
OPT_MENTIONABLE = 9
OPT_NUMBER = 10
