"""Who reads which language: a player's choice over their Discord client, a server's table
language over its preferred locale; stored choices survive and can be forgotten, a player's
client language survives a restart, and a choice made through another process is seen."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.clock import FakeClock
from bot.i18n import Locale
from bot.i18n.choose import KEEP_FOR, Languages, reader_locale, table_locale
from storage.db import Database

JA, EN = Locale("ja"), Locale("en")


def calls_of(db: Database, *methods: str) -> list[str]:
    """The calls of these methods of `db` from now on, one item each."""
    calls: list[str] = []
    for method in methods:
        real = getattr(db, method)

        def counted(*args: object, method: str = method, real: Any = real) -> object:
            calls.append(method)
            return real(*args)

        setattr(db, method, counted)
    return calls


def test_a_players_choice_wins_over_their_client() -> None:
    assert reader_locale("ja", discord.Locale.american_english) == JA
    assert reader_locale(None, discord.Locale.japanese) == JA
    assert reader_locale(None, discord.Locale.british_english) == EN
    assert reader_locale(None, None) == EN


def test_a_choice_the_bot_no_longer_speaks_falls_back_to_the_client() -> None:
    assert reader_locale("xx", discord.Locale.japanese) == JA


def test_a_servers_setting_wins_over_its_preferred_locale() -> None:
    assert table_locale("en", discord.Locale.japanese) == EN
    assert table_locale(None, discord.Locale.japanese) == JA
    assert table_locale(None, discord.Locale.french) == EN


async def test_choices_are_stored_changed_and_forgotten(db: Database) -> None:
    languages = Languages(db)
    assert await languages.for_user(7, discord.Locale.american_english) == EN
    await languages.choose_for_user(7, JA)
    assert await languages.for_user(7, discord.Locale.american_english) == JA
    await languages.choose_for_user(7, EN)
    assert await languages.for_user(7, discord.Locale.japanese) == EN
    await languages.choose_for_user(7, None)
    assert await languages.for_user(7, discord.Locale.japanese) == JA
    assert await languages.for_user(8, discord.Locale.american_english) == EN   # others untouched


async def test_a_servers_table_language_is_stored_per_server(db: Database) -> None:
    languages = Languages(db)
    await languages.choose_for_guild(1, JA)
    assert await languages.for_guild(1, discord.Locale.american_english) == JA
    assert await languages.for_guild(2, discord.Locale.american_english) == EN
    await languages.choose_for_guild(1, None)
    assert await languages.for_guild(1, discord.Locale.japanese) == JA


async def test_choices_are_read_once_and_a_players_client_language_is_remembered(db: Database) -> None:
    languages = Languages(db)
    await languages.choose_for_guild(1, JA)
    assert await languages.for_user(7, discord.Locale.japanese) == JA   # a click from a Japanese client
    assert await languages.for_user(7) == JA   # a DM later, with no interaction at hand
    reads = calls_of(db, "read", "fetch")
    assert await languages.for_user(7) == JA and await languages.for_guild(1) == JA
    assert not reads   # both were kept in memory
    await languages.choose_for_user(7, EN)
    assert await languages.for_user(7) == EN and not reads   # a choice updates what is kept


@pytest.mark.both_backends
async def test_a_players_client_language_is_stored_for_their_dms_after_a_restart(db: Database) -> None:
    before = Languages(db)
    assert await before.for_user(7, discord.Locale.japanese) == JA   # a click from a Japanese client
    await before.saved()
    after = Languages(db)                                           # the bot restarted
    assert await after.for_user(7) == JA                            # their next hand DM, no click at hand
    assert await after.for_user(8) == EN                            # a player never seen: English
    assert await after.for_user(7, discord.Locale.american_english) == EN   # they switched their app
    await after.saved()
    assert await Languages(db).for_user(7) == EN
    await after.choose_for_user(7, JA)
    assert await Languages(db).for_user(7) == JA                    # a /language choice still wins


async def test_the_same_client_language_is_not_written_again(db: Database) -> None:
    languages = Languages(db)
    await languages.for_user(7, discord.Locale.japanese)
    await languages.saved()
    writes = calls_of(db, "transaction", "commit_alone")
    for _ in range(3):
        assert await languages.for_user(7, discord.Locale.japanese) == JA
    await languages.saved()
    assert not writes
    assert await languages.for_user(7, discord.Locale.british_english) == EN
    await languages.saved()
    assert len(writes) == 1


@pytest.mark.both_backends
async def test_many_players_first_clicks_read_once_each_and_store_their_languages_together(db: Database) -> None:
    """Hundreds of tables started at once: every player's first click brings their client's
    language, and every table of a server asks for its language. A server is read once however
    many ask, and languages that change together are stored in one write."""
    languages = Languages(db)
    await languages.choose_for_guild(1, JA)
    languages = Languages(db)   # a restart: nothing in memory
    reads = calls_of(db, "fetch")
    clients = [discord.Locale.japanese, discord.Locale.american_english] * 20
    got = await asyncio.gather(*(languages.for_user(100 + i, client) for i, client in enumerate(clients)),
                               *(languages.for_guild(1, discord.Locale.american_english) for _ in range(40)))
    assert got == [JA, EN] * 20 + [JA] * 40
    assert len(reads) == 40 + 1   # one a player, one for the server
    await languages.saved()
    assert [await Languages(db).for_user(100 + i) for i in range(40)] == [JA, EN] * 20   # all stored
    writes = calls_of(db, "commit_alone", "transaction")
    switched = [languages.for_user(100 + i, discord.Locale.japanese) for i in range(40)]   # all switched apps
    assert await asyncio.gather(*switched) == [JA] * 40
    await languages.saved()
    assert writes.count("commit_alone") == 1   # one write for all (PostgreSQL's takes a transaction)
    assert [await Languages(db).for_user(100 + i) for i in range(40)] == [JA] * 40


async def test_a_choice_made_through_another_process_is_seen_within_a_minute(db: Database, clock: FakeClock) -> None:
    """Shard processes share the database, each with its own memory: what one keeps is trusted
    for `KEEP_FOR`, then read again."""
    here, there = Languages(db, clock), Languages(db, clock)
    assert await here.for_user(7, discord.Locale.american_english) == EN
    assert await here.for_guild(1, discord.Locale.american_english) == EN
    await there.choose_for_user(7, JA)
    await there.choose_for_guild(1, JA)
    clock.advance(KEEP_FOR.total_seconds() - 1)
    assert await here.for_user(7) == EN and await here.for_guild(1) == EN   # still kept
    clock.advance(1)
    assert await here.for_user(7) == JA and await here.for_guild(1) == JA
    await there.choose_for_user(7, None)
    clock.advance(KEEP_FOR.total_seconds())
    assert await here.for_user(7) == EN   # the choice forgotten: the client's language again
