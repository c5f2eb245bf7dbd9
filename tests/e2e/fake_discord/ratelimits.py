"""Discord's rate limits as the fake keeps them: a bucket per route and major parameter (the
channel, the guild...) with the ``X-RateLimit-*`` headers Discord sends, at most ``global_per_s``
requests in any second per bot token outside interaction routes (whichever process sends them),
and a 429 past either, shaped so discord.py waits and retries. Which statuses count toward
Discord's ban for invalid requests lives here too."""

from __future__ import annotations

import collections
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

from tests.e2e.fake_discord.responses import json_response

if TYPE_CHECKING:
    from tests.e2e.fake_discord.models import RequestRecord

GLOBAL_PER_S = 50
EXEMPT = re.compile(r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)(/.*)?$")
"""Routes outside the bot-wide limit: interaction callbacks and interaction-token webhooks."""
INVALID_STATUSES = {401, 403, 429}
"""What Discord counts toward its ban of 10,000 invalid requests in 10 minutes (a 429 of a shared
resource apart)."""


@dataclass(frozen=True)
class BucketRule:
    """Discord's per-route limit: `limit` requests per `window_s`, per major parameter (the
    channel, the guild...); the bucket resets `window_s` after its first request."""

    name: str
    methods: frozenset[str]
    pattern: re.Pattern[str]
    limit: int
    window_s: float


BUCKET_RULES = (
    BucketRule("channel-messages", frozenset({"POST", "PATCH", "DELETE"}),
               re.compile(r"/channels/(?P<major>\d+)/messages(/\d+)?"), 5, 5.0),
    BucketRule("channel-edit", frozenset({"PATCH"}), re.compile(r"/channels/(?P<major>\d+)"), 10, 10.0),
    BucketRule("threads", frozenset({"POST"}), re.compile(r"/channels/(?P<major>\d+)(/messages/\d+)?/threads"),
               10, 10.0),
)
"""Known routes' buckets; every other route has one of `DEFAULT_BUCKET` per route and major
parameter."""
DEFAULT_BUCKET = (50, 1.0)
_SNOWFLAKE = re.compile(r"/\d+")


@dataclass
class _Bucket:
    limit: int
    window_s: float
    used: int = 0
    resets_at: float = 0.0


class RateLimits:
    """What each bot token has spent: its requests in the last second, and its buckets."""

    def __init__(self) -> None:
        self._global_times: dict[str | None, collections.deque[float]] = {}
        self._buckets: dict[tuple[str, str], _Bucket] = {}

    def check(self, rec: RequestRecord, per_s: int) -> tuple[web.Response | None, dict[str, str]]:
        """A 429 when the request breaks Discord's limits, else its bucket's rate-limit headers
        (``X-RateLimit-*``, as Discord sends them on success)."""
        if not rec.counted:
            return None, {}
        now = rec.at
        window = self._global_times.setdefault(rec.token, collections.deque())
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) >= per_s:
            return too_many(round(window[0] + 1.0 - now, 3), "global", is_global=True), {}
        window.append(now)
        name, bucket = self._bucket(rec)
        if now >= bucket.resets_at:
            bucket.used, bucket.resets_at = 0, now + bucket.window_s
        reset_after = round(bucket.resets_at - now, 3)
        headers = {"X-RateLimit-Limit": str(bucket.limit), "X-RateLimit-Bucket": name,
                   "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                   "X-RateLimit-Reset-After": f"{reset_after:.3f}"}
        if bucket.used >= bucket.limit:
            return too_many(reset_after, "user", headers={**headers, "X-RateLimit-Remaining": "0"}), {}
        bucket.used += 1
        return None, {**headers, "X-RateLimit-Remaining": str(bucket.limit - bucket.used)}

    def _bucket(self, rec: RequestRecord) -> tuple[str, _Bucket]:
        """The bucket's name (as Discord's opaque hash) and state, for this request's route and
        major parameter, per bot token."""
        for rule in BUCKET_RULES:
            m = rule.pattern.fullmatch(rec.path)
            if m and rec.method in rule.methods:
                name, limit, window_s, major = rule.name, rule.limit, rule.window_s, m["major"]
                break
        else:
            name, major = f"{rec.method} {_SNOWFLAKE.sub('/:id', rec.path)}", ""
            limit, window_s = DEFAULT_BUCKET
        key = (f"{rec.token}:{name}", major)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(limit, window_s)
        return name, bucket


def too_many(retry_after: float, scope: str, *, is_global: bool = False,
             headers: Mapping[str, str] | None = None) -> web.Response:
    """Discord's 429: ``Via`` and a JSON ``retry_after`` make discord.py wait and retry (without
    ``Via`` it takes a Cloudflare ban and raises)."""
    sent = {"Via": "1.1 google", "Retry-After": str(max(1, int(retry_after + 0.999))),
            "X-RateLimit-Scope": scope, **(headers or {})}
    if is_global:
        sent["X-RateLimit-Global"] = "true"
    return json_response({"message": "You are being rate limited.", "retry_after": retry_after,
                          "global": is_global}, status=429, headers=sent)
