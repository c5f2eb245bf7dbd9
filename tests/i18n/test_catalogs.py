"""The catalogs: every language has every key with the same parameters, and formats."""

from __future__ import annotations

import string

import discord
import pytest

from bot.i18n import ENGLISH, Locale, available, negotiate, number, t
from bot.i18n.catalog import catalog

from tests.i18n.checks import leftover_english


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


OTHERS = [code for code in available() if code != ENGLISH]


def test_japanese_is_available_and_english_comes_first() -> None:
    assert available()[0] == ENGLISH and Locale("ja") in available()


@pytest.mark.parametrize("locale", OTHERS)
def test_every_key_in_both_catalogs_with_the_same_parameters(locale: Locale) -> None:
    english, other = catalog(ENGLISH).messages, catalog(locale).messages
    assert set(english) == set(other), (set(english) ^ set(other))
    for key, value in english.items():
        wanted = set().union(*(_fields(f) for f in _forms(value)))
        for form in _forms(other[key]):
            assert _fields(form) == wanted, key
        assert isinstance(value, tuple) == isinstance(other[key], tuple), f"{key}: plural in one catalog only"


@pytest.mark.parametrize("locale", available())
def test_every_message_formats_with_its_parameters(locale: Locale) -> None:
    for value in catalog(locale).messages.values():
        for form in _forms(value):
            form.format_map(dict.fromkeys(_fields(form), "x"))


def test_japanese_messages_have_no_english_words() -> None:
    ja = Locale("ja")
    for key, value in catalog(ja).messages.items():
        for form in _forms(value):
            words = leftover_english(form.format_map(dict.fromkeys(_fields(form), "")))
            assert not words, (key, words)


def test_plural_forms_follow_each_language() -> None:
    assert t(ENGLISH, "count.chips", n=1) == "1 chip"
    assert t(ENGLISH, "count.chips", n=1234) == "1,234 chips"
    assert t(Locale("ja"), "count.chips", n=1) == "1チップ"
    assert t(Locale("ja"), "count.chips", n=20000) == "20,000チップ"


def test_numbers_are_written_the_way_each_language_writes_them() -> None:
    assert number(ENGLISH, 1234567) == "1,234,567"
    assert number(Locale("ja"), 1234567) == "1,234,567"


def test_a_missing_key_shows_itself_so_it_is_seen() -> None:
    assert t(Locale("ja"), "no.such.key") == "no.such.key"


@pytest.mark.parametrize(("tag", "expected"), [
    ("ja", "ja"), ("en-US", "en"), ("en-GB", "en"), ("zh-TW", "en"), ("", "en"), (None, "en"),
    (discord.Locale.japanese, "ja"), (discord.Locale.british_english, "en"), (discord.Locale.french, "en"),
])
def test_discord_locales_find_their_catalog(tag: object, expected: str) -> None:
    assert negotiate(tag) == expected


def test_negotiation_falls_back_to_the_given_default() -> None:
    assert negotiate("fr", default=Locale("ja")) == "ja"
