"""The slash commands through the catalog Translator: every command, option and choice has its
Japanese, within Discord's rules for names and its length limits, and the English catalog says
what the code says."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.app import COGS
from bot.i18n import ENGLISH, Locale, t
from bot.i18n.commands import CatalogTranslator, discord_language

NAME_MARKS = set("-_'")
NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100
CHOICE_LIMIT = 100
"""Discord's limits on a command's or option's name, a description and a choice's name."""


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names: 1–32 letters, numbers, - _ ' (any script),
    lowercase where the script has case."""
    return 1 <= len(name) <= NAME_LIMIT and name == name.lower() and all(
        ch in NAME_MARKS or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Mn" for ch in name)


async def _payloads() -> list[dict[str, Any]]:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for cog in COGS:
        await bot.load_extension(cog)
    await bot.tree.set_translator(CatalogTranslator())
    translator = bot.tree.translator
    assert translator is not None
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def _walk(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, group, option and choice of a command's payload, with its place."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options", []):
        yield from _walk(option, here)
    for choice in payload.get("choices", []):
        yield f"{here} = {choice['value']}", choice


async def test_every_command_option_and_choice_has_japanese_within_discords_limits() -> None:
    seen = 0
    for payload in await _payloads():
        for where, item in _walk(payload):
            names = item.get("name_localizations") or {}
            assert "ja" in names, f"no Japanese name for {where}"
            is_choice = "value" in item
            if is_choice:
                assert 1 <= len(names["ja"]) <= CHOICE_LIMIT, where
            else:
                assert valid_name(names["ja"]), f"{where}: {names['ja']!r} is not a valid Discord name"
                descriptions = item.get("description_localizations") or {}
                assert "ja" in descriptions, f"no Japanese description for {where}"
                assert 1 <= len(descriptions["ja"]) <= DESCRIPTION_LIMIT, where
                assert 1 <= len(item["description"]) <= DESCRIPTION_LIMIT, where
            seen += 1
    assert seen > 50


async def test_sibling_commands_and_options_keep_distinct_japanese_names() -> None:
    for payload in await _payloads():
        for where, item in _walk(payload):
            names = [(o.get("name_localizations") or {}).get("ja", o["name"]) for o in item.get("options", [])]
            assert len(names) == len(set(names)), f"{where}: {names}"


async def test_english_catalog_says_what_the_commands_say() -> None:
    """The English catalog is the commands' own English, so the two never drift apart."""
    for payload in await _payloads():
        for where, item in _walk(payload):
            if "value" in item:
                continue
            assert re.fullmatch(r"[-_a-z0-9]{1,32}", item["name"]), where
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for cog in COGS:
        await bot.load_extension(cog)
    for command in bot.tree.walk_commands():
        base = "cmd." + command.qualified_name.replace(" ", ".")
        assert t(ENGLISH, f"{base}.name") == command.name
        assert t(ENGLISH, f"{base}.desc") == command.description
        for param in getattr(command, "parameters", []):
            assert t(ENGLISH, f"{base}.{param.name}.name") == param.name
            assert t(ENGLISH, f"{base}.{param.name}.desc") == param.description


@pytest.mark.parametrize(("locale", "expected"), [
    (discord.Locale.japanese, "ja"), (discord.Locale.american_english, None), (discord.Locale.british_english, None),
    (discord.Locale.french, None), (discord.Locale.taiwan_chinese, None),
])
def test_only_languages_with_a_catalog_are_translated(locale: discord.Locale, expected: str | None) -> None:
    assert discord_language(locale) == (Locale(expected) if expected else None)
