"""/rules in every language: each game has its name and short rules, within the length an
embed shows at a glance."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.i18n import Locale, available, t

RULES_LIMIT = 1800


@pytest.mark.parametrize("locale", available())
def test_every_game_has_its_name_and_short_rules(locale: Locale) -> None:
    for game_id in GAMES:
        rules = t(locale, f"rules.{game_id}")
        assert rules != f"rules.{game_id}" and 200 <= len(rules) <= RULES_LIMIT, game_id
        assert t(locale, f"game.{game_id}") != f"game.{game_id}"


def test_japanese_rules_use_the_games_japanese_terms() -> None:
    ja = Locale("ja")
    assert "ノック" in t(ja, "rules.gin_rummy") and "ジン" in t(ja, "rules.gin_rummy")
    assert "ティプル" in t(ja, "rules.marriage") and "ダブリー" in t(ja, "rules.marriage")
    assert "スペアハンド" in t(ja, "rules.tripoley") and "キティ" in t(ja, "rules.tripoley")
    assert "切り札" in t(ja, "rules.bourre") and "親" in t(ja, "rules.buki_domino")
