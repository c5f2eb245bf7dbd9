"""Routes for a channel's messages: listing, posting (refused to closed DMs and locked threads; a
post reopens an archived thread), reading, editing (only the bot's own) and deleting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.models import FakeMessage, RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response, json_response, no_content
from tests.e2e.fake_discord.routes.base import CHANNEL, MESSAGE, Route, reject, route
from tests.e2e.fake_discord.validation import validate_message_body

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord


def channel_message(fake: FakeDiscord, p: Params) -> FakeMessage | None:
    msg = fake.messages.get(int(p["message_id"]))
    if msg is None or msg.deleted or msg.channel_id != int(p["channel_id"]) or msg.ephemeral:
        return None
    return msg


async def list_messages(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    cid = int(p["channel_id"])
    if fake._channel_payload(cid) is None:
        return error_response(404, 10003, "Unknown Channel")
    limit = int(rec.query.get("limit", 50))
    msgs = [m.data for m in fake.channel_messages(cid)]
    if "before" in rec.query:
        msgs = [m for m in msgs if int(m["id"]) < int(rec.query["before"])]
    if "after" in rec.query:
        msgs = [m for m in msgs if int(m["id"]) > int(rec.query["after"])]
    return json_response(list(reversed(msgs))[:limit])  # newest first, like Discord


async def create_message(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    cid = int(p["channel_id"])
    if fake._channel_payload(cid) is None:
        return error_response(404, 10003, "Unknown Channel")
    if fake._dm_owner.get(cid) in fake.refused_dm_users:
        return error_response(403, 50007, "Cannot send messages to this user")
    body = rec.json or {}
    problems = validate_message_body(body, has_files=bool(rec.files), partial=False)
    if problems:
        return reject(fake, rec, problems, 50006 if problems == ["Cannot send an empty message"] else 50035)
    thread = fake._thread(cid)
    if thread is not None and thread["thread_metadata"]["archived"]:
        if thread["thread_metadata"]["locked"]:
            return error_response(400, 50083, "Thread is archived")
        await fake._update_thread(thread, {"archived": False})   # as Discord: a post reopens it
    msg = fake._create_message(cid, body, rec.files)
    await fake._dispatch_message_event("MESSAGE_CREATE", msg)
    return json_response(msg.data)


async def get_message(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    msg = channel_message(fake, p)
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    return json_response(msg.data)


async def edit_message(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    msg = channel_message(fake, p)
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    if int(msg.data["author"]["id"]) != fake.bot_user.id:
        return error_response(403, 50005, "Cannot edit a message authored by another user")
    thread = fake._thread(msg.channel_id)
    if thread is not None and thread["thread_metadata"]["archived"]:
        return error_response(400, 50083, "Thread is archived")
    problems = validate_message_body(rec.json or {}, has_files=bool(rec.files), partial=True)
    if problems:
        return reject(fake, rec, problems)
    fake._apply_edit(msg, rec.json or {}, rec.files)
    await fake._dispatch_message_event("MESSAGE_UPDATE", msg)
    return json_response(msg.data)


async def delete_message(fake: FakeDiscord, rec: RequestRecord, p: Params) -> web.Response:
    msg = channel_message(fake, p)
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    msg.deleted = True
    await fake._dispatch_message_event("MESSAGE_DELETE", msg)
    return no_content()


ROUTES: list[Route] = [
    route("GET", rf"/channels/{CHANNEL}/messages", list_messages),
    route("POST", rf"/channels/{CHANNEL}/messages", create_message),
    route("GET", rf"/channels/{CHANNEL}/messages/{MESSAGE}", get_message),
    route("PATCH", rf"/channels/{CHANNEL}/messages/{MESSAGE}", edit_message),
    route("DELETE", rf"/channels/{CHANNEL}/messages/{MESSAGE}", delete_message),
]
