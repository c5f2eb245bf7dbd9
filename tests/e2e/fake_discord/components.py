"""Clicks, selects and modal submits as a user's client sends them: only on components a message
the user can see carries (enabled, of the right type, with values among the options), and only
for a modal the bot showed that user."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tests.e2e.fake_discord.constants import (
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    JSON,
    OPT_CHANNEL,
    OPT_MENTIONABLE,
    OPT_ROLE,
    OPT_USER,
)
from tests.e2e.fake_discord.interactions import InteractionRecord, Interactions
from tests.e2e.fake_discord.models import FakeMessage, iter_components

MessageRef = FakeMessage | JSON | int | str
"""A message as a test has it in hand: the fake's record, Discord's object, or its id."""


class Components(Interactions):
    """``click``, ``select`` and ``submit_modal``."""

    async def click(self, user_id: int, message: MessageRef, custom_id: str, *,
                    stale: bool = False) -> InteractionRecord:
        """Press button ``custom_id`` on a message the bot sent. ``stale``: the button may be
        one an earlier version of the message had (a client that has not seen the edit yet)."""
        msg = self._message_ref(message)
        rec, comp = self._component_interaction(user_id, msg, custom_id, (2,), stale)
        rec.payload["data"] = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            rec.payload["data"]["id"] = comp["id"]
        return await self._send_interaction(rec)

    async def select(self, user_id: int, message: MessageRef, custom_id: str,
                     values: Sequence[Any]) -> InteractionRecord:
        """Choose ``values`` in select ``custom_id`` (string selects check values exist and
        min/max; user selects take user ids and attach resolved data)."""
        msg = self._message_ref(message)
        rec, comp = self._component_interaction(user_id, msg, custom_id, (3, 5, 6, 7, 8))
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}-{hi} values, got {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": ctype, "values": [str(v) for v in values]}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in data["values"] if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r}: {bad} not among options {allowed}")
        elif ctype in (5, 6, 7, 8):
            resolved: JSON = {}
            kind = {5: OPT_USER, 6: OPT_ROLE, 7: OPT_MENTIONABLE, 8: OPT_CHANNEL}[ctype]
            for v in values:
                self._resolve_option({"type": kind, "name": custom_id}, v, rec.guild_id, resolved)
            data["resolved"] = resolved
        rec.payload["data"] = data
        return await self._send_interaction(rec)

    async def submit_modal(self, user_id: int, channel_id: int | None, custom_id: str,
                           values: Mapping[str, Any]) -> InteractionRecord:
        """Submit the modal ``custom_id`` most recently shown to ``user_id``.  ``values``
        maps text-input custom_ids to strings (select custom_ids to lists)."""
        shown = next((r for r in reversed(list(self.interactions.values()))
                      if r.user_id == user_id and r.modal is not None and r.modal.get("custom_id") == custom_id), None)
        if shown is None:
            raise LookupError(f"no modal {custom_id!r} was shown to user {user_id}")
        channel_id = channel_id or shown.channel_id
        rec = self._interaction_base(IT_MODAL_SUBMIT, user_id, shown.guild_id, channel_id)
        if shown.source_message_id is not None:
            rec.source_message_id = shown.source_message_id
            rec.payload["message"] = json.loads(json.dumps(self.messages[shown.source_message_id].data))
        known: set[str] = set()

        def convert(comp: JSON) -> JSON | None:
            t = comp.get("type")
            if t == 1:
                inner = [c for c in (convert(x) for x in comp.get("components") or []) if c]
                return {"type": 1, "components": inner}
            if t == 18:
                inner_c = convert(comp["component"])
                return {"type": 18, "component": inner_c} if inner_c else None
            cid = comp.get("custom_id")
            if cid is None:
                return None
            known.add(cid)
            if t == 4:
                value = str(values.get(cid, comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal {custom_id!r}: text input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            if t in (3, 5, 6, 7, 8):
                return {"type": t, "custom_id": cid, "values": [str(v) for v in values.get(cid, [])]}
            return None

        assert shown.modal is not None
        components = [c for c in (convert(x) for x in shown.modal.get("components") or []) if c]
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"modal {custom_id!r} has no inputs {sorted(unknown)}; it has {sorted(known)}")
        rec.payload["data"] = {"custom_id": custom_id, "components": components}
        return await self._send_interaction(rec)

    def _message_ref(self, message: MessageRef) -> FakeMessage:
        if isinstance(message, FakeMessage):
            mid = message.id
        elif isinstance(message, dict):
            mid = int(message["id"])
        else:
            mid = int(message)
        msg = self.messages.get(mid)
        if msg is None or msg.deleted:
            raise LookupError(f"message {mid} does not exist (or was deleted)")
        return msg

    def _component_interaction(self, user_id: int, msg: FakeMessage, custom_id: str,
                               component_types: tuple[int, ...], stale: bool = False) -> tuple[InteractionRecord, JSON]:
        if msg.ephemeral and msg.visible_to not in (None, user_id):
            raise PermissionError(f"user {user_id} cannot see ephemeral message {msg.id}")
        comp = msg.find_component(custom_id)
        if comp is None and stale:   # a client that has not seen the edit yet still shows it
            comp = next((c for old in reversed(msg.history) for c in iter_components(old.get("components") or [])
                         if c.get("custom_id") == custom_id), None)
        if comp is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r}; it has {msg.custom_ids()}")
        if comp.get("type") not in component_types:
            raise LookupError(f"component {custom_id!r} has type {comp.get('type')}, expected {component_types}")
        if comp.get("disabled"):
            raise PermissionError(f"component {custom_id!r} is disabled; Discord would not let the user use it")
        guild = self._guild_of_channel(msg.channel_id)
        rec = self._interaction_base(IT_COMPONENT, user_id, guild.id if guild else None, msg.channel_id)
        rec.source_message_id = msg.id
        rec.payload["message"] = json.loads(json.dumps(msg.data))
        return rec, comp
