"""Routes for guilds: the guild object, its channels, one member."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.constants import INTENT_GUILD_PRESENCES
from tests.e2e.fake_discord.models import RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response, json_response
from tests.e2e.fake_discord.routes.base import GUILD, USER, Route, route

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord


async def get_guild(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    guild = fake.guilds.get(int(p["guild_id"]))
    if guild is None:
        return error_response(404, 10004, "Unknown Guild")
    payload = fake._guild_create_payload(guild, INTENT_GUILD_PRESENCES)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large",
                "member_count"):
        payload.pop(key, None)
    return json_response(payload)


async def get_guild_channels(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    guild = fake.guilds.get(int(p["guild_id"]))
    if guild is None:
        return error_response(404, 10004, "Unknown Guild")
    return json_response([{**c, "guild_id": str(guild.id)} for c in guild.channels.values()])


async def get_member(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    guild = fake.guilds.get(int(p["guild_id"]))
    if guild is None:
        return error_response(404, 10004, "Unknown Guild")
    uid = int(p["user_id"])
    if uid not in guild.members:
        return error_response(404, 10007, "Unknown Member")
    return json_response(fake._member_payload(guild, uid))


ROUTES: list[Route] = [
    route("GET", rf"/guilds/{GUILD}", get_guild),
    route("GET", rf"/guilds/{GUILD}/channels", get_guild_channels),
    route("GET", rf"/guilds/{GUILD}/members/{USER}", get_member),
]
