"""The Tripoley / Michigan Rummy seat bot: its Michigan rollouts play by the rules, its poker
strength is deterministic, its games replay from the seed, and it beats random players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import parse_cards
from bot.games.simulate import bot_policy, play, random_policy
from bot.games.tripoley import MichiganRummyGame, TripoleyGame
from bot.games.tripoley.game import DealGame
from bot.games.tripoley.seat_bot import _rollout, equity


def reference_rollout(owner: list[int], order: list[int], me: int, suit: int, pay: dict[int, int]) -> float:
    """The Michigan phase played card by card (TRI-31 to TRI-34): the leader plays their lowest
    card of the suit, whoever holds the next card up plays it, until the ace or a card nobody
    holds stops the run; the stopper (or the next seat able to) leads their lowest card of
    another suit. Valued as the bot values it."""
    owner = list(owner)
    counts = {p: owner.count(p) for p in order}
    gained, leader, lead_suit = 0, me, suit
    for _ in range(60):
        c = min(c for c in range(13 * lead_suit, 13 * lead_suit + 13) if owner[c] == leader)
        holder = leader
        while True:
            owner[c] = -1
            counts[holder] -= 1
            gained += pay.get(c, 0) if holder == me else 0
            if counts[holder] == 0:
                return 6.0 + sum(counts.values()) + gained / 3 if holder == me else -counts[me] + gained / 3
            if c % 13 == 12 or owner[c + 1] < 0:
                break
            c, holder = c + 1, owner[c + 1]
        start = order.index(holder)
        leader = -1
        for k in range(len(order)):
            p = order[(start + k) % len(order)]
            mine = [x for x in range(52) if owner[x] == p and x // 13 != c // 13]
            if mine:
                low = min(mine, key=lambda x: (x % 13, x // 13))
                leader, lead_suit = p, low // 13
                break
        if leader < 0:
            return -counts[me] + gained / 3
    raise AssertionError("a Michigan phase cannot last 60 runs")


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(3, 9), st.booleans())
def test_rollout_plays_the_michigan_phase_as_the_rules_do(rng: random.Random, players: int, pays: bool) -> None:
    order = list(range(players))
    rng.shuffle(order)
    deck = list(range(52))
    rng.shuffle(deck)
    size = rng.randint(1, 52 // (players + 1))     # the cards left: the rest are dead or played
    owner, held = [-1] * 52, [0] * players
    for i, p in enumerate(order):
        for c in deck[i * size:(i + 1) * size]:
            owner[c], held[p] = p, held[p] | 1 << c
    me = rng.choice(order)
    suit = rng.choice(sorted({c // 13 for c in range(52) if owner[c] == me}))
    pay = {c: rng.randint(1, 9) for c in rng.sample(range(52), 5)} if pays else {}
    assert _rollout(held, order, me, suit, pay) == reference_rollout(owner, order, me, suit, pay)


def test_equity_is_deterministic_and_orders_hands() -> None:
    quads = parse_cards("AS AH AD AC 2S 4H 7D 9C JS KH")
    junk = parse_cards("2S 4H 7D 9C JS KH 3D 8C QS 5H")      # king high: no pair, straight or flush
    assert equity(quads, [10, 10, 10]) == equity(quads, [10, 10, 10])
    assert equity(quads, [10, 10, 10]) > 0.95
    assert equity(junk, [10, 10, 10]) < 0.02
    assert equity(junk, []) == 1.0 and equity(junk[:4], [10]) == 0.0


@pytest.mark.parametrize("cls", (TripoleyGame, MichiganRummyGame), ids=lambda c: c.id)
def test_a_seeded_game_of_bots_replays_exactly(cls: type[DealGame]) -> None:
    runs = []
    for _ in range(2):
        game = cls.start([100] * 4, {"max_deals": 3}, seed=12)
        runs.append(list(play(game, bot_policy, seed=12)))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("cls", (TripoleyGame, MichiganRummyGame), ids=lambda c: c.id)
def test_bot_beats_random_players(cls: type[DealGame]) -> None:
    bot_net = 0
    for seed in range(32):
        hero = seed % 4
        policies = [bot_policy if p == hero else random_policy for p in range(4)]
        game = cls.start([100] * 4, {"max_deals": 8}, seed=seed)
        for _ in play(game, policies, seed=seed):
            pass
        bot_net += game.stacks[hero] - 100
    assert bot_net / 32 > 20   # +106 (Tripoley) and +45 (Michigan Rummy) chips a game here
