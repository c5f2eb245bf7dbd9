"""Slash commands and autocomplete as a user's client sends them: built from the commands the bot
*synced*, so a test cannot invoke an option the bot never registered, a choice it never offered,
or a command the user could not see (permissions, contexts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.e2e.fake_discord.constants import (
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    JSON,
    OPT_SUB_COMMAND,
    OPT_SUB_COMMAND_GROUP,
    P_ADMINISTRATOR,
)
from tests.e2e.fake_discord.interactions import InteractionRecord, Interactions


class SlashCommands(Interactions):
    """``slash`` and ``autocomplete``."""

    async def slash(self, user_id: int, guild_id: int | None, channel_id: int | None, command: str,
                    options: Mapping[str, Any] | None = None) -> InteractionRecord:
        """Invoke ``/command`` (``"chips grant"`` for subcommands) as ``user_id``.

        ``options`` maps option names to plain values: str/int/float/bool, and user ids
        for user options (resolved user + member data is attached).  ``guild_id=None``
        means a DM invocation (``channel_id`` may then be ``None``)."""
        rec = self._interaction_base(IT_APPLICATION_COMMAND, user_id, guild_id, channel_id)
        rec.payload["data"] = self._command_data(user_id, guild_id, command, options or {})
        return await self._send_interaction(rec)

    async def autocomplete(self, user_id: int, guild_id: int | None, channel_id: int | None, command: str,
                           options: Mapping[str, Any], focused: str) -> InteractionRecord:
        """Type-4 autocomplete for option ``focused``; ``await rec.wait_choices()``."""
        rec = self._interaction_base(IT_AUTOCOMPLETE, user_id, guild_id, channel_id)
        rec.payload["data"] = self._command_data(user_id, guild_id, command, options, focused=focused)
        return await self._send_interaction(rec)

    def _command_data(self, user_id: int, guild_id: int | None, command: str, options: Mapping[str, Any],
                      focused: str | None = None) -> JSON:
        """Build ``data`` for a chat-input interaction from the *synced* definition, so a
        test cannot invoke options the bot never registered."""
        parts = command.split()
        root = self.find_command(parts[0], guild_id)
        self._check_can_invoke(root, user_id, guild_id)
        defs: list[JSON] = root.get("options") or []
        chain: list[JSON] = []
        for part in parts[1:]:
            sub = next((o for o in defs
                        if o["name"] == part and o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP)), None)
            if sub is None:
                raise LookupError(f"/{command}: no subcommand {part!r}")
            chain.append(sub)
            defs = sub.get("options") or []
        if any(o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP) for o in defs):
            raise LookupError(f"/{command} is a group; name a subcommand, e.g. '{command} <sub>'")
        by_name = {o["name"]: o for o in defs}
        unknown = set(options) - set(by_name)
        if unknown:
            raise ValueError(f"/{command}: unknown options {sorted(unknown)}; defined: {sorted(by_name)}")
        resolved: JSON = {}
        leaf: list[JSON] = []
        for opt in defs:
            if opt["name"] not in options:
                if opt.get("required") and focused is None:
                    raise ValueError(f"/{command}: missing required option {opt['name']!r}")
                continue
            value = options[opt["name"]]
            entry: JSON = {"name": opt["name"], "type": opt["type"]}
            if focused == opt["name"]:
                entry["value"] = value
                entry["focused"] = True
            else:
                entry["value"] = self._resolve_option(opt, value, guild_id, resolved)
            leaf.append(entry)
        nested: list[JSON] = leaf
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: JSON = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        return data

    def _check_can_invoke(self, cmd: JSON, user_id: int, guild_id: int | None) -> None:
        """Discord hides commands a user may not use; mirror that instead of sending."""
        contexts = cmd.get("contexts")
        if guild_id is None:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise PermissionError(f"/{cmd['name']} is not available in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise PermissionError(f"/{cmd['name']} is not available in guilds")
        required = cmd.get("default_member_permissions")
        if required is None:
            return
        perms = self.permissions_for(guild_id, user_id)
        if perms & P_ADMINISTRATOR:
            return
        need = int(required)
        if need == 0 or perms & need != need:
            raise PermissionError(f"user {user_id} lacks default_member_permissions={need} for /{cmd['name']}")
