"""Messages and threads as Discord keeps them: creating a message (author, flags, mentions and who
they ping, attachments), editing it with PATCH semantics, updating a thread. The routes, the
interaction callbacks and the test driver all change messages through here."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from tests.e2e.fake_discord.constants import FLAG_EPHEMERAL, FLAG_LOADING, JSON
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.interactions import InteractionRecord
from tests.e2e.fake_discord.models import FakeMessage, FakeUser, now_iso


class Messages(Gateway):
    """Message and thread state changes, and the bot-side and human-side ways to post."""

    _MENTION_RE = re.compile(r"<@!?(\d+)>")

    def _create_message(self, channel_id: int, body: JSON, files: Sequence[JSON], *,
                        author: FakeUser | None = None, rec: InteractionRecord | None = None,
                        ephemeral: bool = False, loading: bool = False, msg_type: int = 0) -> FakeMessage:
        author = author or self.bot_user
        mid = self.new_id()
        flags = int(body.get("flags") or 0) & ~FLAG_LOADING
        if ephemeral:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        data: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": msg_type,
            "author": author.payload(),
            "content": body.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "pinned": False,
            "flags": flags,
        }
        guild = self._guild_of_channel(channel_id)
        if guild is not None:
            data["guild_id"] = str(guild.id)
        if body.get("message_reference"):
            data["message_reference"] = body["message_reference"]
        if rec is not None or author.id == self.bot_user.id:
            data["application_id"] = str(self.application_id)
        if rec is not None:
            data["webhook_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(rec.id),
                "type": rec.type,
                "user": self._user(rec.user_id).payload(),
                "authorizing_integration_owners": {"0": str(rec.guild_id)} if rec.guild_id else {"1": str(rec.user_id)},
            }
        msg = FakeMessage(data=data, ephemeral=ephemeral, visible_to=rec.user_id if (ephemeral and rec) else None,
                          interaction_id=rec.id if rec else None)
        msg.allowed_mentions = body.get("allowed_mentions")
        self._set_mentions(msg)
        self._add_attachments(msg, files, keep=[])
        self.messages[mid] = msg
        if guild is not None and not ephemeral:
            self._channel_data(guild, channel_id)["last_message_id"] = str(mid)
        return msg

    def _set_mentions(self, msg: FakeMessage) -> None:
        ids = [i for i in dict.fromkeys(int(x) for x in self._MENTION_RE.findall(msg.content)) if i in self.users]
        msg.data["mentions"] = [self.users[i].payload() for i in ids]
        am = msg.allowed_mentions
        if am is None:  # Discord's default: parse everything
            msg.pinged_user_ids = ids
        else:
            parse_users = "users" in (am.get("parse") or [])
            listed = {int(u) for u in am.get("users") or []}
            msg.pinged_user_ids = [i for i in ids if parse_users or i in listed]

    def _add_attachments(self, msg: FakeMessage, files: Sequence[JSON], keep: list[JSON]) -> None:
        """The message's attachments become `keep` and `files`: a file not kept is gone, as on Discord."""
        attachments = list(keep)
        msg.files = {a["filename"]: msg.files[a["filename"]] for a in keep if a["filename"] in msg.files}
        for f in files:
            aid = self.new_id()
            attachments.append({
                "id": str(aid),
                "filename": f["filename"],
                "size": len(f["data"]),
                "url": f"{self.base_url}/attachments/{aid}/{f['filename']}",
                "proxy_url": f"{self.base_url}/attachments/{aid}/{f['filename']}",
                "content_type": f["content_type"],
            })
            msg.files[f["filename"]] = f["data"]
        msg.data["attachments"] = attachments

    def _apply_edit(self, msg: FakeMessage, body: JSON, files: Sequence[JSON]) -> None:
        """PATCH semantics: only keys present change; editing a deferral ends 'thinking'."""
        msg.history.append(json.loads(json.dumps(msg.data)))
        for key in ("content", "embeds", "components"):
            if key in body:
                msg.data[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & FLAG_EPHEMERAL
            msg.data["flags"] = (int(body["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING)) | keep
        else:
            msg.data["flags"] = msg.flags & ~FLAG_LOADING
        if "attachments" in body or files:
            wanted = {str(a.get("id")) for a in body.get("attachments") or []}
            keep_list = [a for a in msg.data.get("attachments", []) if a["id"] in wanted] if "attachments" in body \
                else list(msg.data.get("attachments", []))
            self._add_attachments(msg, files, keep_list)
        msg.data["edited_timestamp"] = now_iso()
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        self._set_mentions(msg)

    async def _update_thread(self, thread: JSON, changes: JSON) -> None:
        meta = thread["thread_metadata"]
        if "name" in changes:
            thread["name"] = changes["name"]
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in changes:
                meta[key] = changes[key]
        if "archived" in changes:
            meta["archive_timestamp"] = now_iso()
        if self.connected:
            await self.dispatch("THREAD_UPDATE", {**thread})

    def seed_bot_message(self, channel_id: int, content: str = "", *, components: Sequence[JSON] = (),
                         embeds: Sequence[JSON] = ()) -> FakeMessage:
        """A bot-authored message that exists without the bot sending it now -- e.g. a
        message with persistent buttons posted by a previous run of the bot."""
        return self._create_message(channel_id, {"content": content, "components": list(components),
                                                 "embeds": list(embeds)}, [])

    async def user_message(self, user_id: int, channel_id: int, content: str) -> FakeMessage:
        """A human posts ``content`` (MESSAGE_CREATE); for prefix commands / on_message."""
        author = self._user(user_id)
        msg = self._create_message(channel_id, {"content": content}, [], author=author)
        await self._dispatch_message_event("MESSAGE_CREATE", msg)
        await self._signal()
        return msg
