"""The parts a route table is made of: the handler's shape, the patterns of Discord's path
parameters, and the refusal of a payload Discord would reject (a 400 for the bot, a failure for
the test at teardown)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.models import RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord

Handler = Callable[["FakeDiscord", RequestRecord, Params], Awaitable[web.Response]]
Route = tuple[str, re.Pattern[str], Handler]


def route(method: str, path_regex: str, handler: Handler) -> Route:
    return method, re.compile(path_regex), handler


def snowflake(name: str) -> str:
    return rf"(?P<{name}>\d+)"


APP = snowflake("app_id")
GUILD = snowflake("guild_id")
CHANNEL = snowflake("channel_id")
MESSAGE = snowflake("message_id")
USER = snowflake("user_id")
TOKEN = r"(?P<token>[^/]+)"


def reject(fake: FakeDiscord, rec: RequestRecord, problems: list[str], code: int = 50035) -> web.Response:
    """Discord would refuse this payload: 400 for the bot, and a teardown failure."""
    fake.rejected.append((rec, problems))
    return error_response(400, code, "Invalid Form Body: " + "; ".join(problems))
