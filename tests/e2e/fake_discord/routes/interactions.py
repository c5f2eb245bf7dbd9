"""Routes for answering interactions: the callback (each type allowed only where Discord allows
it, once, within the acknowledgement deadline) and the interaction token's webhook (followups,
reading, editing and deleting the original response and followups). Outside the bot-wide limit,
as on Discord."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.constants import (
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    FLAG_EPHEMERAL,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    JSON,
)
from tests.e2e.fake_discord.interactions import InteractionRecord
from tests.e2e.fake_discord.models import FakeMessage, RequestRecord
from tests.e2e.fake_discord.responses import Params, error_response, json_response, no_content
from tests.e2e.fake_discord.routes.base import APP, TOKEN, Route, reject, route
from tests.e2e.fake_discord.validation import validate_message_body

if TYPE_CHECKING:
    from tests.e2e.fake_discord.fake import FakeDiscord

Performed = FakeMessage | web.Response | None
"""What a callback did: the message it made or changed (None for choices or a modal), or a refusal."""
_CALLBACK_TYPES = frozenset({CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE,
                             CB_UPDATE_MESSAGE, CB_AUTOCOMPLETE_RESULT, CB_MODAL})


async def interaction_callback(fake: FakeDiscord, rec_http: RequestRecord, p: Params) -> web.Response:
    rec = fake.interactions.get(int(p["interaction_id"]))
    if rec is None or rec.token != p["token"]:
        return error_response(404, 10062, "Unknown interaction")
    if rec.callback_type is not None:
        return reject(fake, rec_http, [f"{rec!r} already acknowledged"], 40060)
    elapsed = asyncio.get_running_loop().time() - rec.sent_at
    if fake.ack_deadline is not None and elapsed > fake.ack_deadline:
        fake.rejected.append((rec_http, [f"{rec!r} acknowledged after {elapsed:.2f}s; Discord allows "
                                         f"{fake.ack_deadline}s (defer() slow handlers)"]))
        return error_response(404, 10062, "Unknown interaction")
    body = rec_http.json or {}
    cb_type = int(body.get("type", 0))
    data: JSON = body.get("data") or {}
    if cb_type not in _allowed_callbacks(rec):
        if cb_type in _CALLBACK_TYPES:
            return reject(fake, rec_http, [f"callback type {cb_type} is invalid for interaction type {rec.type}"],
                          50035)
        fake.unhandled.append(rec_http)
        return error_response(400, 50035, f"fake Discord does not implement callback type {cb_type}")
    performed = _PERFORM[cb_type](fake, rec_http, rec, data)
    if isinstance(performed, web.Response):
        return performed
    message = performed
    rec.callbacks.append(body)
    rec.callback_type = cb_type
    if message is not None and not message.ephemeral and cb_type in (CB_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
        await fake._dispatch_message_event("MESSAGE_CREATE" if cb_type == CB_CHANNEL_MESSAGE else "MESSAGE_UPDATE",
                                           message)
    if rec_http.query.get("with_response") not in ("1", "true", "True"):
        return no_content()
    return _callback_response(rec, cb_type, message)


def _allowed_callbacks(rec: InteractionRecord) -> set[int]:
    """The callback types Discord accepts for this kind of interaction."""
    return {
        IT_APPLICATION_COMMAND: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_MODAL},
        IT_COMPONENT: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE,
                       CB_UPDATE_MESSAGE, CB_MODAL},
        IT_AUTOCOMPLETE: {CB_AUTOCOMPLETE_RESULT},
        IT_MODAL_SUBMIT: {CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE}
        | ({CB_DEFERRED_UPDATE_MESSAGE, CB_UPDATE_MESSAGE} if rec.source_message_id else set()),
    }[rec.type]


def _reply(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    problems = validate_message_body(data, has_files=bool(rec_http.files), partial=False)
    if problems:
        return reject(fake, rec_http, problems)
    ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
    message = fake._create_message(rec.channel_id, data, rec_http.files, rec=rec, ephemeral=ephemeral,
                                   msg_type=20 if rec.type == IT_APPLICATION_COMMAND else 0)
    rec.original_message_id = message.id
    rec.touch(message.id)
    return message


def _defer(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    """The "Bot is thinking..." placeholder, filled by the first followup."""
    ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
    message = fake._create_message(rec.channel_id, {}, [], rec=rec, ephemeral=ephemeral, loading=True,
                                   msg_type=20 if rec.type == IT_APPLICATION_COMMAND else 0)
    rec.original_message_id = message.id
    return message


def _defer_update(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    assert rec.source_message_id is not None
    rec.original_message_id = rec.source_message_id
    return fake.messages[rec.source_message_id]


def _update(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    """Edit the message whose component was used."""
    message = _defer_update(fake, rec_http, rec, data)
    assert isinstance(message, FakeMessage)
    problems = validate_message_body(data, has_files=bool(rec_http.files), partial=True)
    if problems:
        return reject(fake, rec_http, problems)
    fake._apply_edit(message, data, rec_http.files)
    rec.touch(message.id)
    return message


def _choices(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    choices = list(data.get("choices") or [])
    if len(choices) > 25:
        return reject(fake, rec_http, [f"{len(choices)} autocomplete choices (max 25)"])
    rec.choices = choices
    return None


def _modal(fake: FakeDiscord, rec_http: RequestRecord, rec: InteractionRecord, data: JSON) -> Performed:
    problems = []
    if not 1 <= len(str(data.get("title", ""))) <= 45:
        problems.append("modal title must be 1-45 chars")
    if not 1 <= len(data.get("components") or []) <= 5:
        problems.append("modal needs 1-5 components")
    if problems:
        return reject(fake, rec_http, problems)
    rec.modal = data
    return None


_PERFORM: dict[int, Callable[[FakeDiscord, RequestRecord, InteractionRecord, JSON], Performed]] = {
    CB_CHANNEL_MESSAGE: _reply,
    CB_DEFERRED_CHANNEL_MESSAGE: _defer,
    CB_DEFERRED_UPDATE_MESSAGE: _defer_update,
    CB_UPDATE_MESSAGE: _update,
    CB_AUTOCOMPLETE_RESULT: _choices,
    CB_MODAL: _modal,
}


def _callback_response(rec: InteractionRecord, cb_type: int, message: FakeMessage | None) -> web.Response:
    """The body of a callback sent ``with_response``: the interaction and what it made."""
    interaction: JSON = {
        "id": str(rec.id),
        "type": rec.type,
        "response_message_loading": cb_type == CB_DEFERRED_CHANNEL_MESSAGE,
        "response_message_ephemeral": bool(message and message.ephemeral),
    }
    resource: JSON = {"type": cb_type}
    if message is not None:
        interaction["response_message_id"] = str(message.id)
        if cb_type in (CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
            resource["message"] = message.data
    return json_response({"interaction": interaction, "resource": resource})


def _webhook_interaction(fake: FakeDiscord, p: Params) -> InteractionRecord | None:
    if int(p["app_id"]) != fake.application_id:
        return None
    return fake._interactions_by_token.get(p["token"])


def _webhook_message(fake: FakeDiscord, rec: InteractionRecord, message_id: str) -> FakeMessage | None:
    if message_id == "@original":
        mid = rec.original_message_id
    else:
        mid = int(message_id)
        if mid not in rec.followup_ids and mid != rec.original_message_id:
            return None
    msg = fake.messages.get(mid) if mid is not None else None
    return None if msg is None or msg.deleted else msg


async def followup(fake: FakeDiscord, rec_http: RequestRecord, p: Params) -> web.Response:
    """Followup send.  Like Discord, the first followup after a type-5 deferral fills
    in the "thinking" message (keeping the deferral's ephemerality)."""
    rec = _webhook_interaction(fake, p)
    if rec is None:
        return error_response(404, 10015, "Unknown Webhook")
    if rec.callback_type is None:
        return reject(fake, rec_http, ["followup sent before the interaction was acknowledged"], 10015)
    body = rec_http.json or {}
    problems = validate_message_body(body, has_files=bool(rec_http.files), partial=False)
    if problems:
        return reject(fake, rec_http, problems)
    original = rec.original()
    if rec.callback_type == CB_DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
        fake._apply_edit(original, {k: v for k, v in body.items() if k != "flags"}, rec_http.files)
        msg = original
        rec.touch(msg.id)
        event = "MESSAGE_UPDATE"
    else:
        ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
        msg = fake._create_message(rec.channel_id, body, rec_http.files, rec=rec, ephemeral=ephemeral, msg_type=0)
        rec.followup_ids.append(msg.id)
        rec.touch(msg.id)
        event = "MESSAGE_CREATE"
    if not msg.ephemeral:
        await fake._dispatch_message_event(event, msg)
    if rec_http.query.get("wait") in ("1", "true", "True"):
        return json_response(msg.data)
    return no_content()


async def get_webhook_message(fake: FakeDiscord, rec_http: RequestRecord, p: Params) -> web.Response:
    rec = _webhook_interaction(fake, p)
    if rec is None:
        return error_response(404, 10015, "Unknown Webhook")
    msg = _webhook_message(fake, rec, p["message_id"])
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    return json_response(msg.data)


async def edit_webhook_message(fake: FakeDiscord, rec_http: RequestRecord, p: Params) -> web.Response:
    rec = _webhook_interaction(fake, p)
    if rec is None:
        return error_response(404, 10015, "Unknown Webhook")
    msg = _webhook_message(fake, rec, p["message_id"])
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    body = rec_http.json or {}
    problems = validate_message_body(body, has_files=bool(rec_http.files), partial=True)
    if problems:
        return reject(fake, rec_http, problems)
    fake._apply_edit(msg, body, rec_http.files)
    rec.touch(msg.id)
    rec.edited_ids.append(msg.id)
    if not msg.ephemeral:
        await fake._dispatch_message_event("MESSAGE_UPDATE", msg)
    return json_response(msg.data)


async def delete_webhook_message(fake: FakeDiscord, rec_http: RequestRecord, p: Params) -> web.Response:
    rec = _webhook_interaction(fake, p)
    if rec is None:
        return error_response(404, 10015, "Unknown Webhook")
    msg = _webhook_message(fake, rec, p["message_id"])
    if msg is None:
        return error_response(404, 10008, "Unknown Message")
    msg.deleted = True
    if not msg.ephemeral:
        await fake._dispatch_message_event("MESSAGE_DELETE", msg)
    return no_content()


_MESSAGE_ID = r"(?P<message_id>@original|\d+)"
ROUTES: list[Route] = [
    route("POST", rf"/interactions/(?P<interaction_id>\d+)/{TOKEN}/callback", interaction_callback),
    route("POST", rf"/webhooks/{APP}/{TOKEN}", followup),
    route("GET", rf"/webhooks/{APP}/{TOKEN}/messages/{_MESSAGE_ID}", get_webhook_message),
    route("PATCH", rf"/webhooks/{APP}/{TOKEN}/messages/{_MESSAGE_ID}", edit_webhook_message),
    route("DELETE", rf"/webhooks/{APP}/{TOKEN}/messages/{_MESSAGE_ID}", delete_webhook_message),
]
