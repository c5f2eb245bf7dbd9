"""Interactions that Discord's own client never sends, but anyone can forge: option values of the
wrong type or outside their range, choices that were never offered, commands from a DM, clicks on
ids no message carries. The fake Discord's `slash` and `click` refuse to build these (they check
what a client would), so these helpers write the payload themselves and send it as it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.e2e.fake_discord import (
    IT_APPLICATION_COMMAND,
    IT_COMPONENT,
    OPT_SUB_COMMAND,
    OPT_USER,
    FakeDiscord,
    FakeMessage,
    InteractionRecord,
)


async def forged_slash(fake: FakeDiscord, user_id: int, guild_id: int | None, channel_id: int | None, command: str,
                       options: Mapping[str, Any]) -> InteractionRecord:
    """`/command` with every option value sent as given; a user option's id is resolved as
    Discord would (with member data only for a member of the server)."""
    name, *subs = command.split()
    root = fake.find_command(name, None)
    defs = root.get("options") or []
    for sub in subs:
        defs = next(o for o in defs if o["name"] == sub and o["type"] == OPT_SUB_COMMAND).get("options") or []
    types = {o["name"]: o["type"] for o in defs}
    resolved: dict[str, Any] = {}
    leaf = []
    for option, value in options.items():
        if types[option] == OPT_USER:
            value = str(value)   # snowflakes travel as strings
            resolved.setdefault("users", {})[str(value)] = fake._user(int(value)).payload()
            guild = fake.guilds.get(guild_id) if guild_id is not None else None
            if guild is not None and int(value) in guild.members:
                resolved.setdefault("members", {})[str(value)] = fake._member_payload(
                    guild, int(value), with_user=False, with_permissions=True)
        leaf.append({"name": option, "type": types[option], "value": value})
    for sub in reversed(subs):
        leaf = [{"name": sub, "type": OPT_SUB_COMMAND, "options": leaf}]
    rec = fake._interaction_base(IT_APPLICATION_COMMAND, user_id, guild_id, channel_id)
    rec.payload["data"] = {"id": root["id"], "name": root["name"], "type": 1, "options": leaf,
                           **({"resolved": resolved} if resolved else {})}
    return await fake._send_interaction(rec)


async def forged_click(fake: FakeDiscord, user_id: int, message: FakeMessage, custom_id: str,
                       component_type: int = 2) -> InteractionRecord:
    """A click on `message` naming a control it does not carry."""
    guild = fake._guild_of_channel(message.channel_id)
    rec = fake._interaction_base(IT_COMPONENT, user_id, guild.id if guild else None, message.channel_id)
    rec.source_message_id = message.id
    rec.payload["message"] = message.data
    rec.payload["data"] = {"custom_id": custom_id, "component_type": component_type}
    return await fake._send_interaction(rec)
