"""Shared fixtures: a migrated database, a fake clock, a recording presenter, the services.

`db` is SQLite; in a module or test marked `both_backends` it is SQLite and then PostgreSQL:
a fresh schema on the server TEST_DATABASE_URL names (`make test` starts a throwaway one), or
else on one the first such test starts (`tests/postgres.py`), so any test file runs with plain
`pytest`.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from hypothesis import settings as hypothesis_settings

from bot.clock import FakeClock
from bot.config import Settings
from bot.games import GAMES
from bot.games.base import Event
from bot.games.messages import Text
from bot.i18n import ENGLISH, render
from bot.tables.models import Closing, HandRef, TableSnapshot
from bot.tables.pacing import Pacer
from bot.tables.service import TableService
from bot.wallet import WalletService
from storage.connect import open_database
from storage.db import Database

from tests import postgres
from tests.tables.toy_game import HighCard

hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
hypothesis_settings.load_profile("ci")


class RecordingPresenter:
    """Keeps every call, so tests can read what the channel and each seat would have seen.

    Kinds: "table" (posted or edited), "close" (a message's final words), "prompt" (a new hand
    message: a notification), "hand" (a hand message edited), "strip", "notice", "game_over".
    """

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.pictures: list[bool] = []
        """Whether each table message ("table" call) was shown with its picture."""
        self.next_message_id = 1000

    def of(self, kind: str) -> list[Any]:
        return [payload for k, payload in self.calls if k == kind]

    def _new_id(self) -> int:
        self.next_message_id += 1
        return self.next_message_id

    async def show_table(self, snap: TableSnapshot, recent: list[Event], message_id: int | None,
                         picture: bool = True) -> int | None:
        self.calls.append(("table", (snap, recent, message_id)))
        self.pictures.append(picture)
        return message_id if message_id is not None else self._new_id()

    async def close_message(self, snap: TableSnapshot, message_id: int | None, closing: Closing) -> None:
        self.calls.append(("close", (snap, message_id, closing)))

    async def show_hand(self, snap: TableSnapshot, seat: int, message: HandRef | None,
                        events: list[Event]) -> HandRef | None:
        if message is None:
            self.calls.append(("prompt", (snap, seat, events)))
            return HandRef(-1, self._new_id())
        self.calls.append(("hand", (snap, seat, events)))
        return message

    async def strip_controls(self, message: HandRef) -> None:
        self.calls.append(("strip", message))

    async def notice(self, snap: TableSnapshot, text: Text) -> None:
        self.calls.append(("notice", (snap, render(ENGLISH, text, snap.names))))

    async def game_over(self, snap: TableSnapshot, payouts: dict[int, int]) -> None:
        self.calls.append(("game_over", (snap, payouts)))

    def outside_budget(self, message: HandRef | None, *, channel_id: int | None = None,
                       user_id: int | None = None) -> bool:
        return False


def unpaced() -> Pacer:
    """No waiting between writes: service tests look at what is written, not when."""
    return Pacer(channel_interval=0)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(token="test", database_path=tmp_path / "bot.db", starting_chips=1000, daily_chips=100,
                    turn_timeout_s=60, bot_delay_s=0)


BACKENDS = ("sqlite", "postgresql")


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):   # the run's first process: the throwaway server's owner
        postgres.stop()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_backends"):
        metafunc.parametrize("backend", BACKENDS)


@pytest.fixture
def backend() -> str:
    return "sqlite"


@asynccontextmanager
async def pg_schema() -> AsyncIterator[str]:
    """A database URL on the test server whose tables live in a schema of their own, dropped after."""
    server = postgres.server_url()
    schema = f"test_{secrets.token_hex(6)}"
    con = await asyncpg.connect(server)
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
        yield f"{server}?search_path={schema}"
        await con.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await con.close()


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    """A fresh PostgreSQL schema, for tests that open it several times (several processes)."""
    async with pg_schema() as url:
        yield url


@pytest.fixture
async def db(settings: Settings, backend: str) -> AsyncIterator[Database]:
    async with AsyncExitStack() as stack:
        target = await stack.enter_async_context(pg_schema()) if backend == "postgresql" else settings.database_path
        database = await open_database(target)
        stack.push_async_callback(database.close)
        yield database


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def presenter() -> RecordingPresenter:
    return RecordingPresenter()


@pytest.fixture
def wallets(db: Database, settings: Settings, clock: FakeClock) -> WalletService:
    return WalletService(db, settings, clock, games={*GAMES, "high_card"})


@pytest.fixture
async def services() -> AsyncIterator[list[TableService]]:
    """Every service a test makes is stopped before its database closes."""
    made: list[TableService] = []
    yield made
    for service in made:
        await service.stop()


@pytest.fixture
async def service(db: Database, wallets: WalletService, presenter: RecordingPresenter,
                  clock: FakeClock) -> AsyncIterator[TableService]:
    svc = TableService(db, wallets, presenter, clock, games={"high_card": HighCard}, pacer=unpaced(),
                       retry_base_s=0)
    yield svc
    await svc.settle()
