"""The Bourré seat bot: sensible single decisions, and it beats random players clearly."""

from __future__ import annotations

import random

import pytest

from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.cards import Card, parse_cards
from bot.games.simulate import bot_policy, random_policy
from bot.games.simulate import play as drive

from .helpers import everyone_plays, play, start

RNG = random.Random(0)


def test_folds_a_hopeless_hand_against_many_players() -> None:
    g = start(6, 5, {0: "2S 3S 4H 5H 6C", 5: "9D 10D JD QD KD"})  # trump diamonds, seat 0 first
    assert g.bot_action(0, RNG) == Fold()


def test_plays_a_strong_hand_and_when_everybody_else_folded() -> None:
    g = start(4, 3, {0: "AD KD QD 2S 3S", 3: "4H 5H 6H 7H 9D"})
    assert g.bot_action(0, RNG) == PlayHand()
    g = start(3, 2, {2: "2S 3S 4H 5H 6D"})
    g.apply(0, Fold())
    g.apply(1, Fold())
    assert g.bot_action(2, RNG) == PlayHand()  # the pot is free


def test_exchange_keeps_trumps_and_aces() -> None:
    g = start(3, 2, {0: "AD 7D AS 2C 9H", 2: "3S 4S 5S 6S 8D"})
    g.apply(0, PlayHand())
    action = g.bot_action(0, RNG)
    assert isinstance(action, Exchange)
    assert set(action.cards) == set(parse_cards("2C 9H"))


def test_leads_the_master_trump_and_wins_cheaply_when_last() -> None:
    g = start(3, 2, {0: "AD 7D AS 2C 9H", 1: "KS QS 3C 4C 5C", 2: "3S 4S 5S 6S 8D"})
    everyone_plays(g)
    assert g.bot_action(0, RNG) == PlayCard(Card.parse("AD"))
    play(g, 0, "AS")
    play(g, 1, "KS")  # must beat? cannot beat AS, any spade
    # seat 2 must follow spades; nothing wins: the lowest spade goes
    assert g.bot_action(2, RNG) == PlayCard(Card.parse("3S"))


def test_bot_beats_random_players() -> None:
    for players in (2, 4, 6):
        bot_total = random_total = 0
        for seed in range(24):
            game = Bourre.start([200] * players, {"max_hands": 10}, seed=seed)
            me = seed % players
            policies = [random_policy] * players
            policies[me] = bot_policy
            for _ in drive(game, policies, seed=seed):
                pass
            bot_total += game.stacks[me] - 200
            random_total += sum(game.stacks) - game.stacks[me] - 200 * (players - 1)
        assert random_total == -bot_total  # chips only move between the players
        assert bot_total / 24 >= 4, (players, bot_total)  # chips won per game, clearly ahead


@pytest.mark.parametrize("strength", ["easy", "normal", "strong"])
def test_bou_18_no_trump_and_no_ace_folds_against_two_or_more(strength: str) -> None:
    """Two kings and two queens but no trump and no ace: against two or more players such a hand
    takes no trick too often, and a player without a trick pays the whole pot (BOU-18). The old
    bot stayed in 15% of the time (bench/blunders.py `reckless_stay`)."""
    for players in (3, 4, 6):
        g = start(players, players - 1, {0: "KS QS KH QH JC", players - 1: "2S 3S 4S 5H 9D"},
                  options={"bot_strength": strength})   # diamonds are trumps; seat 0 declares first
        assert g.bot_action(0, RNG) == Fold(), players


@pytest.mark.parametrize("strength", ["normal", "strong"])
def test_bou_9_a_lone_low_trump_stays_head_to_head_and_folds_against_many(strength: str) -> None:
    """Stay or fold by the hand against the number of players who may still play (BOU-9): one low
    trump is worth playing against one opponent, not against five; two trumps are."""
    options = {"bot_strength": strength}
    g = start(2, 1, {0: "3D KS QS KH QH", 1: "2S 3S 4S 5H 9D"}, options=options)
    assert g.bot_action(0, RNG) == PlayHand()
    g = start(6, 5, {0: "3D KS QS KH QH", 5: "2S 3S 4S 5H 9D"}, options=options)
    assert g.bot_action(0, RNG) == Fold()
    g = start(6, 5, {0: "3D 4D KS QH JC", 5: "2S 3S 4S 5H 9D"}, options=options)
    assert g.bot_action(0, RNG) == PlayHand()
