"""Every error a player can meet while playing, read in Japanese: seeded games of seat bots in
which, now and then, someone tries what the rules do not allow (a move out of turn, an old move,
leaving mid-deal, stopping twice). Each refusal is a catalog message with no English left."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import IllegalAction, PlayerError
from bot.games.messages import LEGACY, Seat, msg
from bot.i18n import ENGLISH, Locale, render, t
from bot.ui.errors import reply_text

from tests.i18n.checks import NAMES, leftover_english, unknown_keys
from tests.i18n.test_game_messages import _keys

JA = Locale("ja")
SEEDS = (1,)
MAX_ACTIONS = 3000
PROBE_EVERY = 10


def _probes(game: Any, rng: random.Random, earlier: list[tuple[int, Any]]) -> Iterator[Callable[[Any], object]]:
    """Attempts that may be refused, each to be tried on a copy of the game."""
    acting = game.to_act()
    for seat in range(len(game.chips()) + 1):
        if seat not in acting and seat < len(NAMES):
            try:
                move = game.bot_action(acting[0], rng)
            except PlayerError:
                continue
            yield lambda g, seat=seat, move=move: g.apply(seat, move)
    for seat, move in earlier[-4:]:
        yield lambda g, seat=seat, move=move: g.apply(seat, move)
    yield lambda g: g.apply(len(NAMES) + 1, earlier[-1][1]) if earlier else None
    for name, args in (("cash_out", (acting[0],)), ("request_stop", ()), ("top_up", (acting[0], 0)),
                       ("place_spectator_bet", (901, 0, 10**9))):
        method = getattr(game, name, None)
        if method is not None:
            yield lambda g, name=name, args=args: (getattr(g, name)(*args), getattr(g, name)(*args))


def _refusals(game_id: str, seed: int) -> list[IllegalAction]:
    cls = GAMES[game_id]
    players = cls.min_players if game_id == "gin_rummy" else min(cls.max_players, 4)
    game = cls.start([cls.buy_in({}).default] * players, {}, seed)
    rng = random.Random(seed)
    earlier: list[tuple[int, Any]] = []
    refused: list[IllegalAction] = []
    for step in range(MAX_ACTIONS):
        if game.is_over():
            break
        if step % PROBE_EVERY == 0:
            for probe in _probes(game, rng, earlier):
                try:
                    probe(copy.deepcopy(game))
                except IllegalAction as exc:
                    refused.append(exc)
        seat = game.to_act()[0]
        action = game.bot_action(seat, rng)
        game.apply(seat, action)
        earlier.append((seat, action))
    return refused


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_met_in_play_reads_in_japanese(game_id: str) -> None:
    keys: set[str] = set()
    for seed in SEEDS:
        for exc in _refusals(game_id, seed):
            assert LEGACY not in set(_keys(exc.message)), f"{game_id} still refuses in English: {exc}"
            keys |= set(_keys(exc.message))
            english, japanese = render(ENGLISH, exc.message, NAMES), render(JA, exc.message, NAMES)
            assert not unknown_keys(english) and not unknown_keys(japanese), (english, japanese)
            assert not leftover_english(japanese), (exc.message.key, japanese)
    assert len(keys) >= 5, f"{game_id}: too few kinds of refusal met to test ({sorted(keys)})"


def test_an_error_is_english_for_logs_and_in_the_reader_language_for_the_reply() -> None:
    exc = IllegalAction(msg("err.wait_for", player=Seat(1)), rule="GIN-8")
    assert str(exc) == "It is not your turn; wait for {p1}."
    assert reply_text(exc, ENGLISH) == "It is not your turn; wait for Seat 2."
    assert reply_text(exc, JA) == "あなたの手番ではありません。2番席の番です。"
    assert reply_text(RuntimeError("boom"), JA) == t(JA, "error.apology") != t(ENGLISH, "error.apology")
