"""The seat bot plays well enough: it builds melds, uses the discard pile, goes gin, and
beats a random player clearly (the bench prints the full figures)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.cards import Card
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import DrawStock, Knock, Pass, TakeDiscard
from bot.games.simulate import bot_policy, play

from .helpers import DEALER, NON_DEALER, knock_after_draw, start


def no_resign(game: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice([a for a in game.legal_actions(seat) if a.kind != "resign"])


def test_bot_takes_an_upcard_that_completes_a_meld_and_passes_junk() -> None:
    g = start("2H 3H 9S 9D KC 5C 7D JS QH 4S", "AS 2S 3S 9H 5S 6S 7S 8S KH KD", "4H")
    assert g.bot_action(NON_DEALER, random.Random(0)) == TakeDiscard(Card.parse("4H"))
    g = start("2H 3H 9S 9D KC 5C 7D JS QH 4S", "AS 2S 3S 9H 5S 6S 7S 8S KH KD", "6C")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Pass(Card.parse("6C"))


def test_bot_goes_gin_when_it_can() -> None:
    g, _ = knock_after_draw("AC 2C 3C 4C 5C 5H 5S 5D 6D 9D", "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Knock(Card.parse("9D"), 0)


def test_bot_draws_blind_when_the_discard_does_not_help() -> None:
    g = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "KD", "QC")
    g.apply(NON_DEALER, Pass(Card.parse("KD")))
    assert g.bot_action(DEALER, random.Random(0)) == DrawStock()


def test_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(10):
        for bot_seat in (0, 1):
            policies = [bot_policy, no_resign] if bot_seat == 0 else [no_resign, bot_policy]
            game = GinRummy.start([250, 250], {}, seed=seed)
            for _ in play(game, policies, seed=seed):
                pass
            wins += game.result["winner"] == bot_seat
    assert wins >= 19
