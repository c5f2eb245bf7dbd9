"""Every game's events and saved messages, from seeded games (`played`), read in English and in
Japanese: every message is in the catalog, and the Japanese has no English left in it.

Each distinct message is rendered once: a long game repeats the same few hundred."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games import GAMES
from bot.games.messages import LEGACY, Join, Msg, Value, to_json
from bot.i18n import ENGLISH, Locale, render, saved_lines

from tests.i18n.checks import NAMES, leftover_english, unknown_keys
from tests.i18n.played import SEEDS, played

JA = Locale("ja")


def _keys(value: Value) -> Iterator[str]:
    if isinstance(value, Msg):
        yield value.key
        for v in value.params.values():
            yield from _keys(v)
    elif isinstance(value, Join):
        for v in value.items:
            yield from _keys(v)


def distinct(texts: list[Msg | Join]) -> list[Msg | Join]:
    """Each message once (messages are equal when their keys and parameters are)."""
    seen: dict[str, Msg | Join] = {}
    for text in texts:
        seen.setdefault(repr(to_json(text)), text)
    return list(seen.values())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_of_a_game_reads_in_both_languages(game_id: str) -> None:
    texts = []
    for seed in SEEDS:
        game = played(game_id, seed)
        texts += [e.text for e in game.events] + [line for data in game.saved for line in saved_lines(data)]
    seen: set[str] = set()
    for text in distinct(texts):
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
