"""How the fake answers HTTP: bodies shaped as Discord shapes them (discord.py parses them with
its own code), and the answers a test injects in place of a route's."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.e2e.fake_discord.constants import JSON

Params = dict[str, str]
"""A route pattern's named groups (``channel_id``, ``token``...)."""


def json_response(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    """JSON response with ``Content-Type: application/json`` *exactly*.

    discord.py's ``json_or_text`` compares the header for equality, so aiohttp's
    ``json_response`` (which appends ``; charset=utf-8``) would make every body a str.
    """
    hdrs = {"Content-Type": "application/json"}
    if headers:
        hdrs.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode("utf-8"), headers=hdrs)


def error_response(status: int, code: int, message: str, errors: JSON | None = None) -> web.Response:
    """A Discord-shaped JSON error, which discord.py turns into HTTPException/Forbidden/NotFound."""
    body: JSON = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass
class Injection:
    """The next `remaining` requests matching `method` and `pattern` get `respond()` instead."""

    method: str
    pattern: re.Pattern[str]
    respond: Callable[[], web.Response]
    remaining: int
