"""Table options in both languages: every option's label, description and value words, and
every preset, are in both catalogs (the engines declare none: these are their only words), the
Japanese ones without English; the settings control and the lobby read Japanese within Discord's
limits."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.errors import PlayerError, TableError
from bot.games import GAMES
from bot.games.base import BuyIn
from bot.games.messages import Msg, Value, msg
from bot.games.options import OptionSpec
from bot.i18n import ENGLISH, Locale, render
from bot.i18n import options as words_of
from bot.i18n.catalog import catalog
from bot.tables.models import TableSnapshot
from bot.ui.embeds import options_text
from bot.ui.errors import reply_text
from bot.ui.settings import NumberModal, SettingsView, changes

from tests.i18n.checks import leftover_english, unknown_keys

JAPANESE = Locale("ja")
ALL_SPECS = [(game_id, spec) for game_id in sorted(GAMES) for spec in GAMES[game_id].option_specs]
CLIENT = cast(discord.Client, SimpleNamespace(short_lived_ids=set()))   # all a settings reply asks of the bot


def option_keys(game_id: str, spec: OptionSpec) -> list[str]:
    """The catalog keys of an option's words: its name, what it does, each named value."""
    base = spec.key(game_id)
    return [f"{base}.label", f"{base}.desc", *(f"{base}.{words_of.value_key(v)}" for v in spec.named)]


def preset_keys(game_id: str) -> list[str]:
    return [f"opt.{game_id}.preset.{i}.{part}" for i in range(len(GAMES[game_id].option_presets))
            for part in ("label", "desc")]


def _in_both_catalogs(key: str) -> None:
    english, japanese = catalog(ENGLISH).messages.get(key), catalog(JAPANESE).messages.get(key)
    assert isinstance(english, str) and english and english != key, key
    assert isinstance(japanese, str) and japanese and not leftover_english(japanese), (key, japanese)


@pytest.mark.parametrize(("game_id", "spec"), ALL_SPECS, ids=[f"{g}-{s.name}" for g, s in ALL_SPECS])
def test_every_option_reads_in_both_catalogs(game_id: str, spec: OptionSpec) -> None:
    for key in option_keys(game_id, spec):
        _in_both_catalogs(key)
    words = [words_of.say(ENGLISH, game_id, spec, v) for v in spec.named]
    assert len(set(words)) == len(words), words   # no two values read alike


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_preset_reads_in_both_catalogs(game_id: str) -> None:
    for key in preset_keys(game_id):
        _in_both_catalogs(key)


def lobby(game_id: str, **changed: Any) -> TableSnapshot:
    cls = GAMES[game_id]
    options = {s.name: s.default for s in cls.option_specs} | changed
    return TableSnapshot(table_id=3, guild_id=1, channel_id=2, game_id=game_id, title="卓", status="lobby",
                         version=0, host_id=7, options=options, buy_in=BuyIn(100, 100, 100), seats=(),
                         min_players=cls.min_players, max_players=cls.max_players)


def shown_texts(view: SettingsView) -> list[str]:
    """Every text of the reply's controls, each checked against Discord's limits."""
    texts = []
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    for c in (c for row in rows for c in row["components"]):
        if c["type"] == 3:
            assert len(c.get("placeholder", "")) <= 150
            texts.append(c.get("placeholder", ""))
            for o in c["options"]:
                assert 1 <= len(o["label"]) <= 100 and len(o.get("description") or "") <= 100
                texts += [o["label"], o.get("description") or ""]
        else:
            assert 1 <= len(c["label"]) <= 80
            texts.append(c["label"])
    return texts


def japanese_only(texts: list[str]) -> None:
    for text in texts:
        assert not leftover_english(text) and not unknown_keys(text), text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_settings_control_reads_japanese_within_discords_limits(game_id: str) -> None:
    specs = GAMES[game_id].option_specs
    first = specs[0]
    view = SettingsView(CLIENT, lobby(game_id, **{first.name: first.choices[-1] if first.choices
                                                  else first.top}), JAPANESE)   # a change: standard rules offered
    japanese_only(shown_texts(view) + [view.text])
    assert "適用中：" in view.text and words_of.title(JAPANESE, game_id, first) in view.text
    for spec in specs:
        if spec.choices is None:
            modal = NumberModal(view, spec, spec.default)
            [field] = modal.to_components()
            assert 1 <= len(modal.title) <= 45 and len(field["label"]) <= 45 and len(field["description"]) <= 100
            assert len(field["component"]["placeholder"]) <= 100
            japanese_only([modal.title, field["label"], field["description"], field["component"]["placeholder"]])
            continue
        text = view.choices(spec)
        assert not spec.rule or spec.rule not in text   # a rule id means nothing to a player
        japanese_only(shown_texts(view) + [text])


def test_a_switch_and_a_change_read_in_japanese() -> None:
    specs = GAMES["gin_rummy"].option_specs
    view = SettingsView(CLIENT, lobby("gin_rummy"), JAPANESE)
    view.choices(next(s for s in specs if s.name == "big_gin"))
    assert [c["label"] for row in view.to_components() for c in row["components"]] == \
        ["オン", "オフ（現在）", "設定一覧に戻る"]
    before = {s.name: s.default for s in specs}
    assert changes(specs, before, before | {"knock_limit": 5}, "gin_rummy", JAPANESE) == \
        "✅ ノックの上限を5にしました（変更前：10）。"
    assert changes(specs, before, before | {"knock_limit": 5}, "gin_rummy") == "✅ Knock limit is now 5 (was 10)."


def test_the_lobby_lists_changed_options_in_the_tables_language() -> None:
    snap = lobby("gin_rummy", knock_limit=5, target_rule="at_least")
    assert options_text(snap, JAPANESE) == "ノックの上限：5 · 勝ちの条件：目標点以上"
    assert options_text(snap) == "Knock limit: 5 · Winning score: At least the target"


def refused(reason: Value) -> TableError:
    return TableError(msg("err.table.setting_unchanged", reason=reason))


def test_a_refused_value_is_said_in_the_hosts_language() -> None:
    """A number the option does not take, from the modal: the service's English reason is
    replaced by the option's range in the host's words."""
    japanese = SettingsView(CLIENT, lobby("gin_rummy"), JAPANESE)
    error = japanese.refusal(refused("knock_limit must be 0–10; got 42."), {"knock_limit": "42"})
    assert reply_text(error, JAPANESE) == \
        "設定は変更されませんでした：ノックの上限に指定できるのは0〜10の整数です（入力：42）。"
    english = SettingsView(CLIENT, lobby("gin_rummy"))
    assert reply_text(english.refusal(refused("knock_limit must be 0–10; got 42."), {"knock_limit": "42"}),
                      ENGLISH) == "That setting was not changed: Knock limit: A whole number from 0 to 10 (got 42)."


CLASHES: list[tuple[str, dict[str, Any]]] = [("bourre", {"min_players": 5, "max_players": 4}),
           ("bourre", {"min_players": 4}),                       # started with fewer seated
           ("tripoley", {"poker_min_bet": 5, "poker_max_bet": 4}),
           ("buki_domino", {"min_bet": 10, "max_bet": 8}),
           ("buki_domino", {"payout_rounding": "even_bets_only", "min_bet": 3}),
           ("buki_domino", {"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 5}),
           ("buki_domino", {"max_bet": 500, "buy_in": 600})]


@pytest.mark.parametrize(("game_id", "values"), CLASHES, ids=[f"{g}-{'-'.join(v)}" for g, v in CLASHES])
def test_a_check_between_options_reads_in_the_hosts_language(game_id: str, values: dict[str, Any]) -> None:
    """The engines' checks between options are catalog messages naming the options as the
    settings control does, in Japanese through and through."""
    cls = GAMES[game_id]
    with pytest.raises(PlayerError) as clash:
        cls.start([cls.buy_in(values).default if "buy_in" not in values else values["buy_in"]] * cls.min_players,
                  values, seed=0)
    assert isinstance(clash.value, ValueError) and clash.value.message.key.startswith("err.opt.")
    view = SettingsView(CLIENT, lobby(game_id), JAPANESE)
    error = view.refusal(refused(clash.value.message), values)     # no value is out of its range
    japanese = reply_text(error, JAPANESE)
    assert not leftover_english(japanese) and not unknown_keys(japanese), japanese
    english = reply_text(error, ENGLISH)
    assert not unknown_keys(english) and "_" not in english, english   # labels, not code names
    option = clash.value.message.params["option"]
    assert isinstance(option, Msg) and render(JAPANESE, option, ()) in japanese
