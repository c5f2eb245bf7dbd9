"""Every error a player can meet while playing, read in Japanese: seeded games (`played`) in
which, at each new situation, someone tries what the rules do not allow (a move out of turn,
an old move, leaving mid-deal, stopping twice). Each refusal is a catalog message with no
English left."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.base import IllegalAction
from bot.games.messages import LEGACY, Seat, msg
from bot.i18n import ENGLISH, Locale, render, t
from bot.ui.errors import reply_text

from tests.i18n.checks import NAMES, leftover_english, unknown_keys
from tests.i18n.played import SEEDS, played
from tests.i18n.test_game_messages import _keys, distinct

JA = Locale("ja")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_met_in_play_reads_in_japanese(game_id: str) -> None:
    keys: set[str] = set()
    refusals = [exc for seed in SEEDS for exc in played(game_id, seed).refusals]
    for message in distinct([exc.message for exc in refusals]):
        assert LEGACY not in set(_keys(message)), f"{game_id} still refuses in English: {message}"
        keys |= set(_keys(message))
        english, japanese = render(ENGLISH, message, NAMES), render(JA, message, NAMES)
        assert not unknown_keys(english) and not unknown_keys(japanese), (english, japanese)
        assert not leftover_english(japanese), (message, japanese)
    assert len(keys) >= 5, f"{game_id}: too few kinds of refusal met to test ({sorted(keys)})"


def test_an_error_is_english_for_logs_and_in_the_reader_language_for_the_reply() -> None:
    exc = IllegalAction(msg("err.wait_for", player=Seat(1)), rule="GIN-8")
    assert str(exc) == "It is not your turn; wait for {p1}."
    assert reply_text(exc, ENGLISH) == "It is not your turn; wait for Seat 2."
    assert reply_text(exc, JA) == "あなたの手番ではありません。2番席の番です。"
    assert reply_text(RuntimeError("boom"), JA) == t(JA, "error.apology") != t(ENGLISH, "error.apology")
