"""Readable settings: every option's label, description and values fit Discord's limits; the
settings reply lists them (paged past 25) with the current values and shows each option's
choices; the lobby lists only the options changed from the standard rules; presets set what
they say, through the table service, all or nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.clock import FakeClock
from bot.errors import TableError
from bot.games import GAMES
from bot.games.base import BuyIn
from bot.games.options import OptionSpec, changed_options
from bot.i18n import ENGLISH, t
from bot.i18n import options as words_of
from bot.tables.models import TableSnapshot
from bot.tables.service import TableService
from bot.ui import settings as settings_module
from bot.ui.embeds import lobby_embed, options_text
from bot.ui.settings import NumberModal, SettingsView, changes, number_range
from bot.wallet import WalletService
from storage.db import Database

from tests.conftest import RecordingPresenter, unpaced

ALL_SPECS = [(game_id, spec) for game_id in sorted(GAMES) for spec in GAMES[game_id].option_specs]
CLIENT = cast(discord.Client, SimpleNamespace(short_lived_ids=set()))   # all a settings reply asks of the bot


def name(game_id: str, spec: OptionSpec) -> str:
    """The option's name in English, from the catalog."""
    return words_of.title(ENGLISH, game_id, spec)


def desc(game_id: str, spec: OptionSpec) -> str:
    return words_of.description(ENGLISH, game_id, spec)


def say(game_id: str, spec: OptionSpec, value: Any) -> str:
    return words_of.say(ENGLISH, game_id, spec, value)


def lobby(game_id: str, **changed: Any) -> TableSnapshot:
    cls = GAMES[game_id]
    options = {s.name: s.default for s in cls.option_specs} | changed
    return TableSnapshot(table_id=3, guild_id=1, channel_id=2, game_id=game_id, title=t(ENGLISH, f"game.{game_id}"),
                         status="lobby", version=0, host_id=7, options=options, buy_in=BuyIn(100, 100, 100), seats=(),
                         min_players=cls.min_players, max_players=cls.max_players)


def components(view: SettingsView) -> list[dict[str, Any]]:
    """The reply's controls as Discord receives them, rows flattened."""
    return [c for row in view.to_components() for c in row["components"]]


def check_component_limits(view: SettingsView) -> None:
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    for c in components(view):
        assert c["custom_id"].startswith("tmp:") and len(c["custom_id"]) <= 100
        if c["type"] == 3:
            assert 1 <= len(c["options"]) <= 25 and len(c.get("placeholder", "")) <= 150
            assert len({o["value"] for o in c["options"]}) == len(c["options"])
            for o in c["options"]:
                assert 1 <= len(o["label"]) <= 100 and len(o.get("description") or "") <= 100
        else:
            assert 1 <= len(c["label"]) <= 80


@pytest.mark.parametrize(("game_id", "spec"), ALL_SPECS, ids=[f"{g}-{s.name}" for g, s in ALL_SPECS])
def test_every_option_has_a_label_a_description_and_words_within_discord_limits(game_id: str,
                                                                                spec: OptionSpec) -> None:
    label = name(game_id, spec)
    assert label and label != spec.name and "_" not in label
    assert len(label) <= 45                        # a modal's title
    description = desc(game_id, spec)
    assert description and len(description) <= 100 and "_" not in description
    assert spec.rule or spec.shared        # the rules file's, or the table's own (the seat bots')
    values = spec.choices if spec.choices is not None else (spec.default, spec.minimum or 0)
    for value in values:
        word = say(game_id, spec, value)
        assert word and "_" not in word and word.lower() not in ("true", "false")
        assert len(f"{label}: {word} (changed)") <= 100     # a row of the option select
    if spec.choices is not None:
        assert len({say(game_id, spec, c) for c in spec.choices}) == len(spec.choices)   # no two choices read alike


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_labels_are_distinct_within_a_game(game_id: str) -> None:
    labels = [name(game_id, s) for s in GAMES[game_id].option_specs]
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_settings_reply_lists_every_option_with_its_value_and_every_choice_screen_fits(
        game_id: str) -> None:
    specs = GAMES[game_id].option_specs
    view = SettingsView(CLIENT, lobby(game_id))
    check_component_limits(view)
    rows = [o for c in components(view) if c["type"] == 3 for o in c["options"]]
    listed = {o["value"]: o for o in rows if o["value"] in {s.name for s in specs}}
    assert list(listed) == [s.name for s in specs]
    for spec in specs:
        assert listed[spec.name]["label"] == f"{name(game_id, spec)}: {say(game_id, spec, spec.default)}"
        assert listed[spec.name]["description"] == desc(game_id, spec)
    assert "In force: Standard rules" in view.text
    for spec in specs:
        if spec.choices is None:
            modal = NumberModal(view, spec, spec.default)
            assert 1 <= len(modal.title) <= 45 and modal.title == name(game_id, spec)
            [field] = modal.to_components()
            assert field["type"] == 18 and field["label"] == number_range(spec) and len(field["label"]) <= 45
            assert field["description"] == desc(game_id, spec) and len(field["description"]) <= 100
            assert field["component"]["placeholder"] == f"Now {say(game_id, spec, spec.default)}"
            continue
        text = view.choices(spec)
        check_component_limits(view)
        assert f"**{name(game_id, spec)}**" in text and desc(game_id, spec) in text
        if isinstance(spec.default, bool):
            [on, off, back] = components(view)
            now = on if spec.default else off
            assert now["disabled"] and now["label"].endswith("(now)") and back["label"] == "Back to all settings"
        else:
            [select, _back] = components(view)
            assert [o["label"] for o in select["options"]] == [say(game_id, spec, c) for c in spec.choices]
            assert [o.get("default", False) for o in select["options"]] == [c == spec.default for c in spec.choices]
        view.menu(lobby(game_id))


def test_the_current_value_is_marked_on_every_screen() -> None:
    view = SettingsView(CLIENT, lobby("gin_rummy", target_rule="at_least", big_gin=True))
    rows = {o["value"]: o for c in components(view) if c["type"] == 3 for o in c["options"]}
    assert rows["target_rule"]["label"] == "Winning score: At least the target (changed)"
    assert rows["knock_limit"]["label"] == "Knock limit: 10"
    view.choices(GAMES["gin_rummy"].option_specs[10])
    [select, _back] = components(view)
    assert [(o["label"], o.get("description")) for o in select["options"]] == [
        ("More than the target", "the rules' default"), ("At least the target", "Now")]
    text = view.choices(next(s for s in GAMES["gin_rummy"].option_specs if s.name == "big_gin"))
    assert "Now: **On** · the rules' default: Off" in text
    [on, off, _back] = components(view)
    assert on["label"] == "On (now)" and on["disabled"] and not off.get("disabled")


def test_options_past_25_are_paged_over_several_selects(monkeypatch: pytest.MonkeyPatch) -> None:
    specs = tuple(OptionSpec(f"o{i}", i, "X-1", minimum=0) for i in range(30))
    game = SimpleNamespace(option_specs=specs, option_presets=())
    monkeypatch.setattr(settings_module, "GAMES", {**GAMES, "many": game})
    snap = dataclasses.replace(lobby("gin_rummy"), game_id="many", options={s.name: s.default for s in specs})
    view = SettingsView(CLIENT, snap)
    check_component_limits(view)
    selects = [c for c in components(view) if c["type"] == 3]
    assert [len(c["options"]) for c in selects] == [25, 5]
    assert selects[1]["placeholder"] == "Choose a setting to change (26–30 of 30)"


def test_the_lobby_lists_only_changed_options_in_words() -> None:
    assert options_text(lobby("gin_rummy")) == "Standard rules"
    snap = lobby("gin_rummy", scoring_system="20/25", target_score=150, stake_per_point=0)
    assert options_text(snap) == "Scoring system: 20/25 · Target score: 150 · Chips per point: None (friendly match)"
    fields = {f["name"]: f["value"] for f in lobby_embed(snap).to_dict()["fields"]}
    assert fields["Settings"] == options_text(snap)
    assert "knock_limit" not in str(lobby_embed(snap).to_dict())
    assert options_text(lobby("buki_domino", payout_multiplier=3, tiles_per_player=7)) == \
        "Payout: 3× · Tiles per player: 7"


def test_number_ranges_and_engine_messages_read_in_words() -> None:
    specs = GAMES["gin_rummy"].option_specs
    knock = next(s for s in specs if s.name == "knock_limit")
    target = next(s for s in specs if s.name == "target_score")
    assert number_range(knock) == "A whole number from 0 to 10"
    assert number_range(target) == "A whole number, 10 or more"
    with pytest.raises(ValueError) as clash:
        GAMES["buki_domino"].start([1000] * 4, {"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 5})
    assert str(clash.value) == "Largest bet must be even when Half chips is “Even bets only”; got 5. (max_bet)"
    before = {s.name: s.default for s in specs}
    assert changes(specs, before, before | {"knock_limit": 5}, "gin_rummy") == "✅ Knock limit is now 5 (was 10)."
    assert changes(specs, before, before | {"knock_limit": 5, "big_gin": True}, "gin_rummy") == \
        "✅ Changed Knock limit: 10 → 5 · Big gin: Off → On."
    assert changes(specs, before, before, "gin_rummy") == "Nothing changed: those settings were already in force."


@pytest.fixture
async def real_games(db: Database, wallets: WalletService, clock: FakeClock) -> AsyncIterator[TableService]:
    svc = TableService(db, wallets, RecordingPresenter(), clock, pacer=unpaced(), retry_base_s=0)
    yield svc
    await svc.settle()


PRESETS = [(game_id, i, preset) for game_id in sorted(GAMES) for i, preset in enumerate(GAMES[game_id].option_presets)]


@pytest.mark.parametrize(("game_id", "index", "preset"), PRESETS, ids=[f"{g}-{i}" for g, i, _ in PRESETS])
async def test_presets_set_what_they_say(real_games: TableService, game_id: str, index: int, preset: Any) -> None:
    snap = await real_games.open(1, 100, 11, game_id)
    snap = await real_games.set_options(snap.table_id, 11, preset.values)
    assert {name: snap.options[name] for name in preset.values} == dict(preset.values)
    specs = GAMES[game_id].option_specs
    listed = options_text(snap)
    for spec, value in changed_options(specs, dict(preset.values)):
        assert f"{name(game_id, spec)}: {say(game_id, spec, value)}" in listed
    view = SettingsView(CLIENT, snap)
    label = words_of.preset_label(ENGLISH, game_id, index)
    offered = [o for c in components(view) if c["type"] == 3 for o in c["options"] if o["label"] == label]
    assert offered and offered[0]["description"].startswith("In force · ")


def test_the_rules_name_the_presets_offered() -> None:
    presets = {game_id: [words_of.preset_label(ENGLISH, game_id, i) for i in range(len(cls.option_presets))]
               for game_id, cls in GAMES.items()}
    assert presets["gin_rummy"] == ["Scoring 10/20", "Scoring 20/25", "Scoring 25/25", "pagat.com and Wikipedia"]
    assert presets["bourre"] == ["Commercial edition"]
    assert presets["michigan_rummy"] == ["Pressman rules"] and presets["tripoley"] == ["Cadaco instruction sheet"]
    commercial = GAMES["bourre"].option_presets[0].values
    assert commercial == {"min_players": 3, "max_players": 6, "folded_hands_to_stock": True,
                          "ante_exemption": "bourre_only", "end_on_double": True}


async def test_a_preset_changes_all_its_options_or_none(real_games: TableService) -> None:
    snap = await real_games.open(1, 100, 11, "bourre")
    with pytest.raises(TableError, match="Most players must be at least Fewest players"):
        await real_games.set_options(snap.table_id, 11, {"min_players": 5, "max_players": 4, "ante": 3})
    assert (await real_games.snapshot(snap.table_id)).options == snap.options
    with pytest.raises(TableError, match="Only the player who opened"):
        await real_games.set_options(snap.table_id, 12, {"ante": 3})
    after = await real_games.set_options(snap.table_id, 11, {"min_players": 5, "max_players": 5, "ante": 3})
    assert options_text(after) == "Fewest players: 5 · Most players: 5 · Ante: 3"


async def test_standard_rules_are_offered_once_something_differs(real_games: TableService) -> None:
    gin = await real_games.open(1, 100, 11, "gin_rummy")
    view = SettingsView(CLIENT, gin)
    assert options_text(gin) == "Standard rules"
    assert "Standard rules" not in [o["label"] for c in components(view) if c["type"] == 3 for o in c["options"]]
    # The server's turn timer (60 s here) replaces Marriage's 120 at the opening: no change to the
    # rules, the lobby shows the timer on its own.
    snap = await real_games.open(1, 101, 11, "marriage")
    assert options_text(snap) == "Standard rules"
    assert {"name": "Turn timer (seconds)", "value": "60", "inline": True} in lobby_embed(snap).to_dict()["fields"]
    changed = await real_games.set_options(snap.table_id, 11, {"point_table": "house", "chips_per_point": 2})
    assert options_text(changed) == "Points table: Nepali house table · Chips per point: 2"
    view = SettingsView(CLIENT, changed)
    [presets] = [c for c in components(view) if c["type"] == 3 and c["options"][0]["value"] == "0"]
    assert [o["label"] for o in presets["options"]] == ["Standard rules"]
    standard = settings_module.standard_rules(GAMES["marriage"].option_specs)
    back = await real_games.set_options(snap.table_id, 11, standard.values)
    assert options_text(back) == "Standard rules" and back.options["turn_timeout_seconds"] == 120
