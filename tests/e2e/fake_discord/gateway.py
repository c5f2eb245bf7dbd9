"""The fake's gateway: the WebSocket discord.py connects to (HELLO, IDENTIFY with shards, READY
and GUILD_CREATE, heartbeats, RESUME, member chunks) and the DISPATCH events that tell the bot what
happened (its own messages echoed, interactions, world changes made after it connected)."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp import web

from tests.e2e.fake_discord.constants import DEFAULT_TIMEOUT, JSON
from tests.e2e.fake_discord.models import FakeMessage
from tests.e2e.fake_discord.payloads import Payloads


class GatewaySession:
    """One WebSocket connection from discord.py (normally exactly one per bot)."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.identified = False
        self.intents = 0
        self.shard = (0, 1)  # (shard id, shard count) from IDENTIFY
        self.session_id = secrets.token_hex(16)
        self._lock = asyncio.Lock()

    async def send(self, op: int, d: Any, t: str | None = None) -> None:
        async with self._lock:
            seq: int | None = None
            if op == 0:
                self.seq += 1
                seq = self.seq
            if not self.ws.closed:
                await self.ws.send_str(json.dumps({"op": op, "d": d, "s": seq, "t": t}))


class Gateway(Payloads):
    """Sessions, the ops they send, and the events the fake dispatches to them."""

    heartbeat_interval_ms: int = 41250  # Discord's usual value; must stay < 60 s

    @property
    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self._sessions)

    async def _gateway_handler(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO, then answer heartbeats / IDENTIFY / RESUME / member requests.

        We always send text frames: discord.py only runs its zlib/zstd decompressor on
        binary frames, so the ``compress`` query parameter can be ignored."""
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self._sessions.append(session)
        try:
            await session.send(10, {"heartbeat_interval": self.heartbeat_interval_ms})
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                self.gateway_log.append(payload)
                await self._on_gateway_op(session, payload)
                await self._signal()
        finally:
            self._sessions.remove(session)
            self._ended_sessions[session.session_id] = (session.seq, session.intents)
            await self._signal()
        return ws

    async def _on_gateway_op(self, session: GatewaySession, payload: JSON) -> None:
        op = payload.get("op")
        d = payload.get("d") or {}
        if op == 1:  # HEARTBEAT
            await session.send(11, None)
        elif op == 2:  # IDENTIFY
            await self._identify(session, d)
        elif op == 6:  # RESUME
            old = self._ended_sessions.get(d.get("session_id", ""))
            if old is not None:
                session.seq, session.intents = old
            session.session_id = d.get("session_id", session.session_id)
            session.identified = True
            self.resume_count += 1
            await session.send(0, {}, "RESUMED")
        elif op == 8:  # REQUEST_GUILD_MEMBERS
            await self._send_member_chunk(session, d or {})
        # op 3 (presence) / 4 (voice) are recorded in gateway_log and otherwise ignored.

    async def _identify(self, session: GatewaySession, d: JSON) -> None:
        """READY, then a GUILD_CREATE for each guild of the session's shard."""
        self.identify_payload = d
        session.intents = int(d.get("intents", 0))
        session.shard = (int(d["shard"][0]), int(d["shard"][1])) if d.get("shard") else (0, 1)
        shard, count = session.shard
        guilds = [g for g in list(self.guilds.values()) if self._shard_of(g.id, count) == shard]
        await session.send(0, {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": self.gateway_url,
            "shard": list(session.shard),
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
        }, "READY")
        for guild in guilds:
            await session.send(0, self._guild_create_payload(guild, session.intents), "GUILD_CREATE")
        session.identified = True
        self.identify_count += 1

    async def _send_member_chunk(self, session: GatewaySession, d: JSON) -> None:
        guild = self.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        uids = list(guild.members)
        if d.get("user_ids"):
            wanted = {int(x) for x in d["user_ids"]}
            uids = [u for u in uids if u in wanted]
        elif d.get("query"):
            uids = [u for u in uids if self.users[u].username.lower().startswith(str(d["query"]).lower())]
        if d.get("limit"):
            uids = uids[: int(d["limit"])]
        await session.send(0, {
            "guild_id": str(guild.id),
            "members": [self._member_payload(guild, u) for u in uids],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
            "nonce": d.get("nonce"),
        }, "GUILD_MEMBERS_CHUNK")

    async def wait_identified(self, timeout: float = DEFAULT_TIMEOUT, *, after: int = 0) -> None:
        """Wait until more than ``after`` IDENTIFYs were answered (READY and GUILD_CREATEs
        sent).  Pass ``after=fake.identify_count`` taken before (re)starting a client."""
        await self.wait_for(lambda: self.identify_count > after and self.connected, timeout, what="IDENTIFY")

    async def force_reconnect(self, *, resume: bool = True) -> None:
        """Make the client reconnect: op 7 RECONNECT (it RESUMEs; we answer RESUMED) or,
        with ``resume=False``, op 9 INVALID_SESSION (it re-IDENTIFYs; READY and
        GUILD_CREATEs are sent again and ``on_ready`` fires again)."""
        for session in [s for s in self._sessions if s.identified]:
            session.identified = False
            await session.send(7 if resume else 9, None if resume else False)

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH event to every identified gateway session (after any pending
        world-change events, so ordering matches the order of test actions)."""
        await self.flush_events()
        await self._dispatch_now(event, data)

    async def flush_events(self) -> None:
        """Wait until live world-change events (``add_member`` etc. after connect) are sent."""
        while self._live_tasks:
            tasks, self._live_tasks = self._live_tasks, []
            await asyncio.gather(*tasks)

    @staticmethod
    def _shard_of(guild_id: int, shard_count: int) -> int:
        return (guild_id >> 22) % shard_count

    def _delivers(self, session: GatewaySession, event: str, data: JSON) -> bool:
        """Whether ``event`` goes to ``session``: the shard of its guild (shard 0 for a DM)."""
        shard, count = session.shard
        routed = self.route(event, data) if self.route is not None else None
        if routed is not None:
            return routed == shard
        return shard == (self._shard_of(int(data["guild_id"]), count) if data.get("guild_id") else 0)

    async def _dispatch_now(self, event: str, data: JSON) -> None:
        sessions = [s for s in self._sessions if s.identified]
        if not sessions:
            raise RuntimeError(f"cannot dispatch {event}: no bot is connected to the fake gateway")
        for session in sessions:
            if self._delivers(session, event, data):
                await session.send(0, data, event)

    def _push_live(self, event: str, build: Callable[[GatewaySession], JSON], intent: int = 0) -> None:
        """World changes made after the bot connected are sent as gateway events (only to
        sessions that identified with ``intent``, if given)."""
        for session in self._sessions:
            if session.identified and not session.ws.closed and (not intent or session.intents & intent):
                self._live_tasks.append(asyncio.get_running_loop().create_task(
                    session.send(0, build(session), event)))

    async def _dispatch_message_event(self, event: str, msg: FakeMessage) -> None:
        """Real Discord echoes the bot's own (non-ephemeral) messages over the gateway."""
        if msg.ephemeral or not self.connected:
            return
        if event == "MESSAGE_DELETE":
            data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if "guild_id" in msg.data:
                data["guild_id"] = msg.data["guild_id"]
        else:
            data = dict(msg.data)
            guild = self._guild_of_channel(msg.channel_id)
            author_id = int(msg.data["author"]["id"])
            if guild is not None and author_id in guild.members:
                data["member"] = self._member_payload(guild, author_id, with_user=False)
        await self.dispatch(event, data)
