"""Routes for who the bot is and whom it talks to: the gateway's address, the bot's user and
application, other users, and opening a DM channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.models import RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response, json_response
from tests.e2e.fake_discord.routes.base import USER, Route, route

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord


async def get_gateway(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    return json_response({"url": fake.gateway_url})


async def get_gateway_bot(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    return json_response({
        "url": fake.gateway_url,
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    })


async def get_me(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    return json_response({**fake.bot_user.payload(), "verified": True, "mfa_enabled": False,
                          "locale": "en-US", "email": None})


async def get_application(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    return json_response(fake.application_payload())


async def get_user(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    user = fake.users.get(int(p["user_id"]))
    if user is None:
        return error_response(404, 10013, "Unknown User")
    return json_response(user.payload())


async def create_dm(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    uid = int((rec.json or {}).get("recipient_id", 0))
    if uid not in fake.users:
        return error_response(404, 10013, "Unknown User")
    payload = fake._channel_payload(fake.dm_channel_id(uid))
    return json_response(payload)


ROUTES: list[Route] = [
    route("GET", r"/gateway", get_gateway),
    route("GET", r"/gateway/bot", get_gateway_bot),
    route("GET", r"/users/@me", get_me),
    route("GET", r"/oauth2/applications/@me", get_application),
    route("GET", r"/applications/@me", get_application),
    route("GET", rf"/users/{USER}", get_user),
    route("POST", r"/users/@me/channels", create_dm),
]
