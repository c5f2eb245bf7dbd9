"""Players at one table read their own language: a Japanese player and an English one play Gin
Rummy in a server whose language is Japanese. Each one's hand (by DM and by “My hand”) and
controls come in their client's language; the table message in the server's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.app import CardRoomBot
from bot.games import GAMES
from bot.i18n import ENGLISH, Locale, t
from bot.ui.controls import label_of

from tests.e2e.driver import HumanSeat, hand_control, open_my_hand, read_table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, iter_components, running_bot
from tests.e2e.test_bot import verb_id
from tests.i18n.checks import leftover_english, unknown_keys

JA = Locale("ja")


def words(message: FakeMessage) -> str:
    """All a reader sees of a message: its text, buttons, and every select's title and options."""
    parts = [message.text]
    for comp in iter_components(message.components):
        parts += [str(comp.get("placeholder") or "")]
        parts += [f"{o['label']} {o.get('description') or ''}" for o in comp.get("options") or []]
    return "\n".join(parts)


def controls(message: FakeMessage) -> set[str]:
    """The labels of a hand's controls: its buttons (less the “…” of one that asks first), and
    the options of its selects."""
    labels = set()
    for comp in iter_components(message.components):
        if comp.get("type") == 2 and comp.get("label"):
            labels.add(comp["label"].removesuffix("…"))
        labels |= {o["label"] for o in comp.get("options") or []}
    return labels


def offered(db: Path, user: int, locale: Locale) -> set[str]:
    """The labels of the seat's legal actions, as the committed table has them, in `locale`."""
    table = read_table(db)
    seat = next(s["seat"] for s in table["seats"] if s["user_id"] == user)
    game = GAMES[table["game_id"]].from_dict(table["state"])
    return {label_of(a, locale) for a in game.legal_actions(seat)}


def assert_japanese(text: str) -> None:
    assert not leftover_english(text), (leftover_english(text), text)
    assert not unknown_keys(text), (unknown_keys(text), text)


async def table_message(fake: FakeDiscord, channel: int) -> FakeMessage:
    """The table's current message (between a deal's end and the next one's message, wait)."""
    table, _ = await hand_control(fake, channel)
    return table


async def my_hand(fake: FakeDiscord, user: int, channel: int) -> FakeMessage:
    return await open_my_hand(fake, user, channel)


async def test_each_player_reads_their_own_language_at_one_table(fake_discord: FakeDiscord, tmp_path: Path,
                                                                make_bot: Callable[[], CardRoomBot]) -> None:
    fake = fake_discord
    guild = fake.create_guild("カードルーム", channels=["カジノ"])
    guild.preferred_locale = "ja"
    channel = guild.channel("カジノ")
    akane = fake.add_member(guild.id, "あかね")
    botan = fake.add_member(guild.id, "ぼたん")
    fake.set_locale(akane, "ja")
    fake.set_locale(botan, "en-US")
    db = tmp_path / "bot.db"
    async with running_bot(fake, make_bot()):
        await (await fake.slash(akane, guild.id, channel, "play", {"game": "gin_rummy"})).reply()
        lobby = await fake.wait_for_message(channel, lambda m: any(c.endswith(":join") for c in m.custom_ids()))
        joined = await (await fake.click(botan, lobby, verb_id(lobby, "join"))).reply()
        assert joined.text == t(ENGLISH, "ui.sat_down", chips=GAMES["gin_rummy"].buy_in({}).default)
        await fake.wait_for(lambda: f"<@{botan}>" in lobby.text)
        assert t(JA, "ui.btn.join") in words(lobby)   # the lobby: the server's language
        assert_japanese(words(lobby))
        started = await (await fake.click(akane, lobby, verb_id(lobby, "start"))).edited()
        assert started.id == lobby.id and t(JA, "table.closing.started", players=2) in started.text

        # the table message: the server's language, Japanese
        table = await fake.wait_for(lambda: next((m for m in reversed(fake.channel_messages(channel))
                                                  if any(c.endswith(":hand") for c in m.custom_ids())), None))
        await fake.wait_for(lambda: read_table(db)["status"] == "playing")
        assert t(JA, "ui.btn.hand") in words(table)
        assert_japanese(words(table))

        # each player, on their turn and off it, gets their hand in their own language
        turns = {akane: 0, botan: 0}
        seats = {akane: HumanSeat(fake, channel, db, akane), botan: HumanSeat(fake, channel, db, botan)}
        for _ in range(6):
            for user, locale in ((akane, JA), (botan, ENGLISH)):
                hand = await my_hand(fake, user, channel)
                assert hand.embeds[0]["title"] == t(locale, "ui.your_hand_title", game=t(locale, "game.gin_rummy"))
                if seats[user].my_turn():
                    turns[user] += 1
                    assert controls(hand) and controls(hand) <= offered(db, user, locale), controls(hand)
                if locale == JA:
                    assert_japanese(words(hand))
            mover = next((u for u in seats if seats[u].my_turn()), None)
            if mover is None:
                break
            await seats[mover].move()
        assert turns[akane] and turns[botan], turns   # each was shown their controls at least once

        # the hands that came by DM: the same languages
        await fake.wait_for(lambda: any(m.embeds for m in fake.dms(akane)) and any(m.embeds for m in fake.dms(botan)))
        for dm in (m for m in fake.dms(akane) if m.embeds):
            assert dm.embeds[0]["title"] == t(JA, "ui.your_hand_title", game=t(JA, "game.gin_rummy"))
            assert_japanese(words(dm))
        english_dm = next(m for m in fake.dms(botan) if m.embeds)
        assert english_dm.embeds[0]["title"] == t(ENGLISH, "ui.your_hand_title", game=t(ENGLISH, "game.gin_rummy"))
        assert leftover_english(words(english_dm))   # the English player does read English
        table_now = await table_message(fake, channel)
        assert_japanese(words(table_now))

        # leaving forfeits the match (GIN-22): asked first, and told what happened, in Japanese
        asked = await (await fake.click(akane, table_now, verb_id(table_now, "leave"))).reply()
        assert_japanese(words(asked))
        assert t(JA, "forfeit.gin_rummy") in asked.text
        confirm = next(c["custom_id"] for c in iter_components(asked.components)
                       if c.get("label") == t(JA, "ui.btn.leave"))
        await fake.click(akane, asked, confirm)
        await fake.wait_for(lambda: asked.text.startswith("退席しました。"))   # ui.leave.left
        assert_japanese(words(asked))
        assert f"{t(JA, 'forfeit.gin_rummy')}を失い" in asked.text
