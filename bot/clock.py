"""Time, injected so tests move a fake clock instead of sleeping."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(when: datetime) -> str:
    """Sortable text for SQLite (UTC, microseconds)."""
    if when.tzinfo is not UTC:
        when = when.astimezone(UTC)
    return when.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text)


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
