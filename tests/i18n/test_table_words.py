"""The table's own words, beyond the games': how a table message closes (a game that started, a
table cancelled or closed), why a finished table ended, the notices posted in its channel, and
the refusals of the controls, read in Japanese with no English left."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.errors import PlayerError
from bot.games import GAMES
from bot.games.messages import Text, msg
from bot.i18n import ENGLISH, Locale, render, t
from bot.tables.models import END_REASONS
from bot.tables.presenter import DmClosed
from bot.tables.service import TableService
from bot.ui.errors import reply_text
from bot.ui.threads import Place, name_thread, new_thread, thread_name
from bot.ui.views import chip_amount
from bot.wallet import WalletService
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced
from tests.i18n.checks import NAMES, leftover_english, unknown_keys
from tests.i18n.test_game_messages import _keys

JA = Locale("ja")
G, C = 1, 100
HOST, GUEST = 11, 12


def japanese(text: Text, names: tuple[str, ...] | list[str] = NAMES) -> str:
    shown = render(JA, text, names)
    assert not leftover_english(shown) and not unknown_keys(shown), shown
    assert not unknown_keys(render(ENGLISH, text, names))
    return shown


@pytest.fixture
def presenter() -> RecordingPresenter:
    return RecordingPresenter()


@pytest.fixture
async def gin(db: Database, wallets: WalletService, presenter: RecordingPresenter, clock: object) -> TableService:
    return TableService(db, wallets, presenter, clock, games={"gin_rummy": GAMES["gin_rummy"]},  # type: ignore[arg-type]
                        pacer=unpaced(), retry_base_s=0)


async def _table(service: TableService, *players: int) -> int:
    table_id = (await service.open(G, C, players[0], "gin_rummy", seed=3)).table_id
    for p in players:
        await service.join(table_id, p, NAMES[p - HOST])
    return table_id


async def test_a_tables_closing_words_read_in_japanese(gin: TableService, presenter: RecordingPresenter) -> None:
    cancelled = await _table(gin, HOST, GUEST)
    await gin.cancel(cancelled, HOST)
    left = await _table(gin, HOST)
    await gin.leave(left, HOST)
    started = await _table(gin, HOST, GUEST)
    await gin.start(started, HOST)
    closed = await gin.close(started)                       # an admin, mid-deal
    refunded = await _table(gin, HOST, GUEST)
    await gin.close(refunded)                               # an admin, in the lobby
    await gin.settle()
    closings = [(snap, closing) for snap, _, closing in presenter.of("close")]
    keys = {key for _, c in closings for key in _keys(c.message)}
    assert {"table.closing.cancelled", "table.closing.lobby_left", "table.closing.started",
            "table.closing.refunded", "table.closing.got"} <= keys
    for snap, closing in closings:
        japanese(closing.message, snap.names)
    assert "管理者" in japanese(closed.message, closed.snapshot.names)   # the admin's reply
    assert closed.text.startswith("The table was closed by an admin. The deal under way is void")


def test_every_way_a_table_ends_reads_in_japanese() -> None:
    for saved, key in END_REASONS.items():
        assert t(ENGLISH, key) == saved                      # older rows hold these English words
        shown = t(JA, "ui.closed", reason=t(JA, key))
        assert not leftover_english(shown) and not unknown_keys(shown), shown


def test_the_channel_notices_read_in_japanese() -> None:
    closed_dms = japanese(DmClosed.notice(4242))
    assert "<@4242>" in closed_dms and t(JA, "ui.btn.hand") in closed_dms
    assert render(ENGLISH, DmClosed.notice(4242), ()) == (
        "<@4242>, I can't send you direct messages, so I'll stop trying. "
        "Press **My hand** on the table to see your cards and play.")
    japanese(msg("err.table.set_aside"))


@pytest.mark.parametrize("typed", ["lots", "0", "-3", str(10**12)])
def test_a_chip_amount_refused_reads_in_japanese(typed: str) -> None:
    with pytest.raises(PlayerError) as refused:
        chip_amount(typed)
    japanese(refused.value.message)
    assert reply_text(refused.value, JA) != reply_text(refused.value, ENGLISH)


@pytest.mark.parametrize("key", ["err.table.other_server", "err.table.host_settings", "err.table.not_in_play",
                                 "err.codec.unknown_kind", "err.codec.invalid", "ui.thread.in_thread",
                                 "ui.thread.no_threads", "ui.thread.permissions"])
def test_the_controls_refusals_read_in_japanese(key: str) -> None:
    japanese(msg(key))


def test_discords_refusal_to_make_a_thread_reads_in_japanese() -> None:
    japanese(msg("ui.thread.refused", code="160004"))


class _Thread:
    """Just what naming a thread touches."""

    id, parent, mention = 5, None, "<#5>"

    def __init__(self) -> None:
        self.names: list[str] = []

    async def edit(self, name: str) -> None:
        self.names.append(name)


async def test_a_tables_thread_is_named_in_the_tables_language() -> None:
    thread = _Thread()
    await name_thread(Place(5, thread, locale=JA), "gin_rummy", 12)  # type: ignore[arg-type]
    assert thread.names == [thread_name(t(JA, "game.gin_rummy"), 12, JA)]
    assert not leftover_english(thread.names[0]), thread.names


async def test_why_play_made_no_thread_is_a_message_for_the_reader() -> None:
    async def for_guild(guild_id: int, preferred: object) -> Locale:
        return JA

    client = SimpleNamespace(get_guild=lambda guild_id: None, languages=SimpleNamespace(for_guild=for_guild))
    interaction = SimpleNamespace(channel=None, client=client, guild_id=G, channel_id=C)
    place = await new_thread(interaction, "gin_rummy")  # type: ignore[arg-type]
    assert place.channel_id == C and place.thread is None
    assert place.why_not == msg("ui.thread.no_threads")   # rendered in the reader's language by /play
