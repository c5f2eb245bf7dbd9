"""Every game's events and saved messages, from seeded games of seat bots, read in English and
in Japanese: every message is in the catalog, and the Japanese has no English left in it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import Event, seat_key, takes_spectator_bets
from bot.games.messages import LEGACY, Join, Msg, Value
from bot.i18n import ENGLISH, Locale, render, saved_lines

from tests.i18n.checks import NAMES, leftover_english, unknown_keys

JA = Locale("ja")
SEEDS = (1, 2)
MAX_ACTIONS = 3000
SAVED = ("last_summary", "end_reason")
"""State fields that hold a message (`messages.to_json`)."""


def _keys(value: Value) -> Iterator[str]:
    if isinstance(value, Msg):
        yield value.key
        for v in value.params.values():
            yield from _keys(v)
    elif isinstance(value, Join):
        for v in value.items:
            yield from _keys(v)


def _play(game_id: str, seed: int) -> tuple[list[Event], list[Any]]:
    """A whole game between seat bots; one player asks to leave half way, and onlookers bet
    where the game allows it. Returns the events and the messages the views saved."""
    cls = GAMES[game_id]
    players = cls.min_players if game_id == "gin_rummy" else min(cls.max_players, 4)
    game = cls.start([cls.buy_in({}).default] * players, {}, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    saved: list[Any] = []
    leaver = players - 1
    for step in range(MAX_ACTIONS):
        if game.is_over():
            break
        if step == 40:
            events += game.leave(leaver)
            if game.is_over():
                break
        if step == 5 and takes_spectator_bets(game):
            for backed in range(players):
                low_high = game.spectator_bet_range(backed)
                if low_high:
                    events += game.place_spectator_bet(900 + backed, backed, low_high[0])
        seat = game.to_act()[0]
        action = game.timeout_action(seat) if seat == leaver and step > 40 else game.bot_action(seat, rng)
        events += game.apply(seat, action)
        if seat_key(leaver) in game.chips() and step > 40 and game.can_cash_out(leaver):
            events += game.cash_out(leaver)
        saved += [game.public_view().get(name) for name in SAVED if game.public_view().get(name)]
    return events, saved


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_of_a_game_reads_in_both_languages(game_id: str) -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        events, saved = _play(game_id, seed)
        texts = [e.text for e in events] + [line for data in saved for line in saved_lines(data)]
        for text in texts:
            assert isinstance(text, (Msg, Join))
            keys = set(_keys(text))
            assert LEGACY not in keys, f"{game_id} still writes English: {render(ENGLISH, text, NAMES)}"
            seen |= keys
            for locale in (ENGLISH, JA):
                shown = render(locale, text, NAMES)
                assert not unknown_keys(shown), shown
            ja = render(JA, text, NAMES)
            assert not leftover_english(ja), ja
    assert len(seen) >= 10, f"too few kinds of message seen for {game_id}: {sorted(seen)}"
