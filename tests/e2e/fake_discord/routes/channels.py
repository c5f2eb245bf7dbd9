"""Routes for channels and threads: reading a channel, typing, starting a public thread (alone or
from a message), renaming, archiving and locking it, with Discord's permission checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.constants import JSON, P_CREATE_PUBLIC_THREADS, P_MANAGE_THREADS
from tests.e2e.fake_discord.models import FakeMessage, RequestRecord, now_iso
from tests.e2e.fake_discord.responses import Params, error_response, json_response, no_content
from tests.e2e.fake_discord.routes.base import CHANNEL, MESSAGE, Route, reject, route
from tests.e2e.fake_discord.routes.messages import channel_message

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord


async def get_channel(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    payload = fake._channel_payload(int(p["channel_id"]))
    if payload is None:
        return error_response(404, 10003, "Unknown Channel")
    return json_response(payload)


async def trigger_typing(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    if fake._channel_payload(int(p["channel_id"])) is None:
        return error_response(404, 10003, "Unknown Channel")
    return no_content()


async def start_thread(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    """A public thread in a text channel, standalone or from a message (then it takes the
    message's id, as on Discord). Private threads are not modelled."""
    cid = int(p["channel_id"])
    guild = fake._guild_of_channel(cid)
    if guild is None or cid not in guild.channels:   # a DM, a thread, or nothing
        if fake._channel_payload(cid) is None:
            return error_response(404, 10003, "Unknown Channel")
        return error_response(400, 50024, "Cannot execute action on this channel type")
    if not fake.permissions_for(guild.id, fake.bot_user.id) & P_CREATE_PUBLIC_THREADS:
        return error_response(403, 50013, "Missing Permissions")
    body = rec.json or {}
    name = body.get("name") or ""
    if not 1 <= len(name) <= 100:
        return reject(fake, rec, [f"thread name must be 1-100 characters, got {len(name)}"])
    if body.get("auto_archive_duration", 1440) not in (60, 1440, 4320, 10080):
        return reject(fake, rec, [f"auto_archive_duration {body.get('auto_archive_duration')} is not allowed"])
    tid = fake.new_id()
    starter: FakeMessage | None = None
    if "message_id" in p:
        starter = channel_message(fake, p)
        if starter is None:
            return error_response(404, 10008, "Unknown Message")
        if starter.data.get("thread"):
            return error_response(400, 160004, "A thread has already been created for this message")
        tid = starter.id
    elif body.get("type", 12) != 11:
        return reject(fake, rec, [f"only public threads (type 11) are modelled, got {body.get('type', 12)}"])
    thread: JSON = {
        "id": str(tid), "type": 11, "guild_id": str(guild.id), "parent_id": str(cid),
        "owner_id": str(fake.bot_user.id), "name": name, "last_message_id": None,
        "rate_limit_per_user": body.get("rate_limit_per_user") or 0, "message_count": 0,
        "member_count": 1, "total_message_sent": 0, "flags": 0,
        "thread_metadata": {"archived": False, "auto_archive_duration": body.get("auto_archive_duration", 1440),
                            "archive_timestamp": now_iso(), "locked": False, "create_timestamp": now_iso()},
    }
    guild.threads[tid] = thread
    if starter is not None:
        starter.data["thread"] = {**thread}
    if fake.connected:
        await fake.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
    return json_response({**thread})


async def edit_thread(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    """Rename, archive or lock a thread: its creator may rename and archive it; locking and
    unlocking need Manage Threads. Editing other channels is not modelled."""
    cid = int(p["channel_id"])
    thread = fake._thread(cid)
    if thread is None:
        fake.unhandled.append(rec)
        return error_response(404, 0, "404: fake Discord only edits threads")
    body = rec.json or {}
    unknown = set(body) - {"name", "archived", "locked", "auto_archive_duration"}
    if unknown:
        return reject(fake, rec, [f"thread edit fields not modelled: {sorted(unknown)}"])
    guild = fake._guild_of_channel(cid)
    assert guild is not None
    moderator = bool(fake.permissions_for(guild.id, fake.bot_user.id) & P_MANAGE_THREADS)
    creator = thread["owner_id"] == str(fake.bot_user.id)
    if ("locked" in body or thread["thread_metadata"]["locked"]) and not moderator:
        return error_response(403, 50013, "Missing Permissions")
    if ("name" in body or body.get("archived")) and not (creator or moderator):
        return error_response(403, 50013, "Missing Permissions")
    if "name" in body and not 1 <= len(body["name"] or "") <= 100:
        return reject(fake, rec, ["thread name must be 1-100 characters"])
    await fake._update_thread(thread, body)
    return json_response({**thread})


ROUTES: list[Route] = [
    route("GET", rf"/channels/{CHANNEL}", get_channel),
    route("PATCH", rf"/channels/{CHANNEL}", edit_thread),
    route("POST", rf"/channels/{CHANNEL}/threads", start_thread),
    route("POST", rf"/channels/{CHANNEL}/messages/{MESSAGE}/threads", start_thread),
    route("POST", rf"/channels/{CHANNEL}/typing", trigger_typing),
]
