"""The pieces /play thread:, /stats and /settings show, without Discord."""

from __future__ import annotations

import pytest

from bot.ui.threads import thread_name
from cogs.admin import SETTINGS
from cogs.wallet import stats_embed
from storage.stats import GameStats


def test_a_thread_is_named_after_the_game_and_the_table() -> None:
    assert thread_name("Gin Rummy") == "Gin Rummy · new table"
    assert thread_name("Gin Rummy", 12) == "Gin Rummy · table 12"
    assert len(thread_name("x" * 200, 1)) == 100   # Discord's limit


def test_stats_embed_has_a_field_per_game_within_discords_limits() -> None:
    embed = stats_embed("alice", {
        "gin_rummy": GameStats("gin_rummy", games=3, games_won=2, net=-1234, biggest_win=80, deals=17, deals_won=9),
        "bourre": GameStats("bourre")})
    assert embed.title == "alice · statistics"
    assert [f.name for f in embed.fields] == ["Gin Rummy", "Bourré"]
    assert embed.fields[0].value == ("Games **3** · won **2**\nDeals **17** · won **9**\n"
                                     "Net **-1,234** · biggest win **80**")
    assert (embed.fields[1].value or "").endswith("Net **+0** · biggest win **0**")
    assert len(embed) <= 6000
    assert stats_embed("bob", {}).description == "No games played here yet."


@pytest.mark.parametrize(("name", "text", "stored"), [
    ("images", "off", 0), ("images", " ON ", 1), ("threads", "yes", 1), ("threads", "false", 0),
    ("starting_chips", "1,500", 1500), ("turn_timeout_s", "10", 10)])
def test_settings_parse_numbers_and_switches(name: str, text: str, stored: int) -> None:
    assert SETTINGS[name].parse(text) == stored


@pytest.mark.parametrize(("name", "text", "error"), [
    ("images", "1", "images is on or off."),
    ("turn_timeout_s", "9", "turn_timeout_s must be a whole number between 10 and 3,600."),
    ("daily_chips", "-5", "daily_chips must be a whole number between 0 and 1,000,000."),
    ("starting_chips", "lots", "starting_chips must be a whole number between 0 and 1,000,000.")])
def test_settings_refuse_what_is_out_of_range(name: str, text: str, error: str) -> None:
    with pytest.raises(ValueError, match=f"^{error}$"):
        SETTINGS[name].parse(text)


def test_settings_show_switches_as_words() -> None:
    assert SETTINGS["images"].show(False) == "off"
    assert SETTINGS["threads"].show(True) == "on"
    assert SETTINGS["starting_chips"].show(25000) == "25,000"
