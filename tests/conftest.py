"""Shared fixtures: a migrated database, a fake clock, a recording presenter, the services."""

from __future__ import annotations

from pathlib import Path
from typing import Any, AsyncIterator

import pytest
from hypothesis import settings as hypothesis_settings

from bot.clock import FakeClock
from bot.config import Settings
from bot.games.base import Event
from bot.tables.models import TableSnapshot
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage.db import Database

from tests.tables.toy_game import HighCard

hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
hypothesis_settings.load_profile("ci")


class RecordingPresenter:
    """Keeps every call, so tests can read what the channel and each seat would have seen."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.next_message_id = 1000

    def of(self, kind: str) -> list[Any]:
        return [payload for k, payload in self.calls if k == kind]

    async def table_changed(self, snap: TableSnapshot, events: list[Event], repost: bool) -> int | None:
        self.calls.append(("table", (snap, events, repost)))
        if repost or snap.message_id is None:
            self.next_message_id += 1
            return self.next_message_id
        return snap.message_id

    async def hand_changed(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        self.calls.append(("hand", (snap, seat, events)))

    async def prompt(self, snap: TableSnapshot, seat: int, events: list[Event]) -> None:
        self.calls.append(("prompt", (snap, seat, events)))

    async def notice(self, snap: TableSnapshot, text: str) -> None:
        self.calls.append(("notice", (snap, text)))

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        self.calls.append(("game_over", (snap, payouts)))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(token="test", database_path=tmp_path / "bot.db", starting_chips=1000, daily_chips=100,
                    turn_timeout_s=60, bot_delay_s=0)


@pytest.fixture
async def db(settings: Settings) -> AsyncIterator[Database]:
    database = await Database.open(settings.database_path)
    yield database
    await database.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def presenter() -> RecordingPresenter:
    return RecordingPresenter()


@pytest.fixture
def wallets(db: Database, settings: Settings, clock: FakeClock) -> WalletService:
    return WalletService(db, settings, clock)


@pytest.fixture
async def service(db: Database, wallets: WalletService, presenter: RecordingPresenter,
                  clock: FakeClock) -> AsyncIterator[TableService]:
    svc = TableService(db, wallets, presenter, clock, games={"high_card": HighCard})
    yield svc
    await svc.settle()
