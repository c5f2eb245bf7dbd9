"""Routes for application commands: reading them and bulk overwrites, globally or per guild,
checked against Discord's limits; an unchanged name keeps its id, as on Discord."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.constants import JSON
from tests.e2e.fake_discord.models import RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response, json_response
from tests.e2e.fake_discord.routes.base import APP, GUILD, Route, reject, route
from tests.e2e.fake_discord.validation import check_command_limits

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord


def _check_app(fake: FakeDiscord, app_id: str) -> web.Response | None:
    if int(app_id) != fake.application_id:
        return error_response(403, 50001, "Missing Access")
    return None


async def get_commands(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    if (err := _check_app(fake, p["app_id"])) is not None:
        return err
    if "guild_id" in p:
        return json_response(fake.guild_commands.get(int(p["guild_id"]), []))
    return json_response(fake.global_commands)


async def put_commands(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    """Bulk overwrite: validate against Discord's limits, keep ids of unchanged names."""
    if (err := _check_app(fake, p["app_id"])) is not None:
        return err
    payload = rec.json or []
    if not isinstance(payload, list):
        return reject(fake, rec, ["bulk overwrite body must be a list"])
    problems = check_command_limits(payload)
    if problems:
        return reject(fake, rec, problems)
    guild_id = int(p["guild_id"]) if "guild_id" in p else None
    if guild_id is not None and guild_id not in fake.guilds:
        return error_response(403, 50001, "Missing Access")
    old = {(c["name"], c.get("type", 1)): c for c in
           (fake.guild_commands.get(guild_id, []) if guild_id else fake.global_commands)}
    stored: list[JSON] = []
    for cmd in payload:
        ctype = cmd.get("type", 1) or 1
        prev = old.get((cmd["name"], ctype))
        data = {
            "default_member_permissions": None,
            "nsfw": False,
            "description": "",
            "options": [],
            **cmd,
            "id": prev["id"] if prev else str(fake.new_id()),
            "application_id": str(fake.application_id),
            "type": ctype,
            "version": str(fake.new_id()),
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        stored.append(data)
    if guild_id is None:
        fake.global_commands = stored
    else:
        fake.guild_commands[guild_id] = stored
    return json_response(stored)


ROUTES: list[Route] = [
    route("GET", rf"/applications/{APP}/commands", get_commands),
    route("PUT", rf"/applications/{APP}/commands", put_commands),
    route("GET", rf"/applications/{APP}/guilds/{GUILD}/commands", get_commands),
    route("PUT", rf"/applications/{APP}/guilds/{GUILD}/commands", put_commands),
]
