"""Every action a seated player may be offered, in every game, reads in both languages: its
button words (`Action.message`, catalog keys only: the engines hold no English) are in both
catalogs, read as words in English (no key shown as itself, no placeholder left) and leave no
English behind in Japanese; every select title is in both catalogs."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import SpectatorBets
from bot.games.buki_domino.actions import AcceptSpectatorBet, ChooseDeadline, RefuseSpectatorBet
from bot.games.cards import parse_cards
from bot.games.gin_rummy.actions import Arrangement, ShowMelds
from bot.games.tripoley.actions import ChoosePokerHand, Lead, Suit
from bot.i18n import ENGLISH, Locale
from bot.i18n.catalog import catalog
from bot.ui.controls import label_of, prompt_of

from tests.i18n.checks import NAMES, leftover_english, unknown_keys

JA = Locale("ja")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
"""A parameter the words name that the action did not give."""
MAX_ACTIONS = 2000


def _offered(game_id: str, seed: int) -> list[Any]:
    """Every legal action of a seeded game between seat bots (onlookers betting where the game
    takes spectator bets, so the banker is offered to accept and refuse them)."""
    cls = GAMES[game_id]
    players = cls.min_players if game_id == "gin_rummy" else min(cls.max_players, 4)
    game = cls.start([cls.buy_in({}).default] * players, {}, seed)
    rng = random.Random(seed)
    offered: list[Any] = []
    for step in range(MAX_ACTIONS):
        if game.is_over():
            break
        if step == 3 and isinstance(game, SpectatorBets):
            for backed in range(players):
                low_high = game.spectator_bet_range(backed)
                if low_high:
                    game.place_spectator_bet(900 + backed, backed, low_high[0])
        seat = game.to_act()[0]
        offered += [a for a in game.legal_actions(seat) if a not in offered]
        game.apply(seat, game.bot_action(seat, rng))
    return offered


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_offered_action_reads_in_both_languages(game_id: str) -> None:
    offered = _offered(game_id, seed=3)
    kinds = {a.kind for a in offered}
    assert len(kinds) >= 3, kinds   # the game was really played
    names = list(NAMES)
    for action in offered:
        _reads_in_both_languages(action, names)


def _reads_in_both_languages(action: Any, names: Sequence[str] = ()) -> None:
    assert action.message.key in catalog(ENGLISH).messages and action.message.key in catalog(JA).messages, action
    english = label_of(action, ENGLISH, names)
    assert english and not unknown_keys(english) and not PLACEHOLDER.search(english), (action, english)
    japanese = label_of(action, JA, names)
    assert not unknown_keys(japanese) and not leftover_english(japanese), (action, japanese)
    assert japanese != english or action.kind == "show_melds", action
    if action.prompt:
        assert prompt_of(action, ENGLISH) and not unknown_keys(prompt_of(action, ENGLISH)), action
        assert not leftover_english(prompt_of(action, JA)), action


def test_every_action_kind_has_its_words_in_both_catalogs() -> None:
    """Also the kinds a seeded game may not reach (Tripoley's Michigan leads, say)."""
    for cls in {a for g in GAMES.values() for a in g.action_types}:
        if "message" not in vars(cls):   # the kind's words are `act.<game>.<kind>` itself
            assert cls.key() in catalog(ENGLISH).messages and cls.key() in catalog(JA).messages, cls
        key = cls.prompt_key()
        if key is not None:
            assert key in catalog(ENGLISH).messages and key in catalog(JA).messages, cls


def test_actions_a_short_game_rarely_offers_read_in_both_languages() -> None:
    rare = [ChooseDeadline(3), ChooseDeadline(4), AcceptSpectatorBet(2), RefuseSpectatorBet(2),
            ShowMelds(Arrangement(())), ShowMelds(Arrangement.parse("AH-2H-3H/4S-4D-4C")), Lead(Suit.HEARTS),
            ChoosePokerHand(tuple(parse_cards("AS KS QS JS 10S")))]
    for action in rare:
        _reads_in_both_languages(action)
    assert label_of(ChooseDeadline(3), JA) == "締め切り延長を断る（3枚目より前まで）"
    assert label_of(ChooseDeadline(3)) == "Refuse late bets (bets before the 3rd tile)"
