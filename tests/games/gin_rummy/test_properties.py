"""Property tests: the fast meld search against a brute force, and random full matches with
every invariant of tests/games/invariants.py checked after every action."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.games.cards import Card, new_deck
from bot.games.gin_rummy import GinRummy, best_melds, discard_deadwoods, min_deadwood
from bot.games.gin_rummy.melds import VALUE, arrangements, is_run, is_set
from bot.games.gin_rummy.scoring import reached_target
from bot.games.gin_rummy.showdown import auto_best, plan_layoffs
from bot.games.simulate import bot_policy, play

from .helpers import every_meld
from tests.games.invariants import play_checked


def brute_force_deadwood(cards: list[Card]) -> int:
    """GIN-5 taken literally: list every meld in the hand, try every disjoint combination."""
    melds = [frozenset(m) for m in every_meld(cards)]
    total = sum(VALUE[c.rank] for c in cards)
    best = total

    def search(start: int, used: frozenset[Card], covered: int) -> None:
        nonlocal best
        best = min(best, total - covered)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                search(i + 1, used | melds[i], covered + sum(VALUE[c.rank] for c in melds[i]))

    search(0, frozenset(), 0)
    return best


def random_hands(seed: int, count: int, size: int) -> list[list[Card]]:
    rng = random.Random(seed)
    deck = new_deck()
    # Half uniform, half from a few ranks so that sets and crossing runs are common.
    dense = [c for c in deck if c.rank <= 6]
    return [rng.sample(deck if i % 2 else dense, size) for i in range(count)]


@pytest.mark.parametrize("size", [10, 11])
def test_min_deadwood_equals_brute_force(size: int) -> None:
    for hand in random_hands(size, 2500, size):
        assert min_deadwood(hand) == brute_force_deadwood(hand), hand


def test_min_deadwood_small_hands() -> None:
    for size in range(0, 10):
        for hand in random_hands(100 + size, 150, size):
            assert min_deadwood(hand) == brute_force_deadwood(hand), hand


def test_best_melds_are_valid_and_reach_the_optimum() -> None:
    for hand in random_hands(3, 1500, 10) + random_hands(4, 500, 11):
        dw, melds = best_melds(hand)
        assert dw == min_deadwood(hand)
        flat = [c for m in melds for c in m]
        assert len(flat) == len(set(flat)) and set(flat) <= set(hand)
        assert all(is_run(m) or is_set(m) for m in melds)
        assert dw == sum(VALUE[c.rank] for c in hand if c not in flat)


def test_discard_deadwoods_is_min_deadwood_of_each_ten() -> None:
    """GIN-10: whether an 11-card hand may knock is decided exactly."""
    for hand in random_hands(5, 400, 11):
        dws = discard_deadwoods(hand)
        assert dws == {c: min_deadwood([x for x in hand if x != c]) for c in hand}


def test_arrangements_all_reach_the_optimum_and_auto_best_maximises_d() -> None:
    """GIN-14: every offered collection shows exactly K; auto_best leaves the most D."""
    rng = random.Random(6)
    deck = [c for c in new_deck() if c.rank <= 7]
    for _ in range(300):
        cards = rng.sample(deck, 20)
        knocker, defender = cards[:10], cards[10:]
        k = min_deadwood(knocker)
        arrs = arrangements(knocker)
        assert arrs and len(set(arrs)) == len(arrs)
        for arr in arrs:
            assert k == sum(VALUE[c.rank] for c in knocker if all(c not in m for m in arr))
        _, plan = auto_best(knocker, defender, gin=False)
        ds = [plan_layoffs(a, defender).deadwood for a in arrs]
        assert plan.deadwood == max(ds)
        assert plan.deadwood <= min_deadwood(defender)           # layoffs never hurt (GIN-15)
        assert plan_layoffs(arrs[0], defender, allow=False).deadwood == min_deadwood(defender)


def no_resign(game: Any, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal action, never resigning (so matches are played out)."""
    return rng.choice([a for a in game.legal_actions(seat) if a.kind != "resign"])


def mixed(game: Any, seat: int, rng: random.Random) -> Any:
    """Seat 0 is the bot, seat 1 random; exercises knocks and showdowns often."""
    return bot_policy(game, seat, rng) if seat == 0 else no_resign(game, seat, rng)


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"knocker_arrangement": "player_choice", "first_turn": "classic", "settle": "per_hand"},
    {"big_gin": True, "gin_mandatory": False, "allow_discard_of_pickup": True, "knock_limit": 5},
    {"next_dealer": "winner", "void_hand_dealer": "next", "game_bonus": 100, "line_bonus": 25,
     "shutout": "double_all", "target_rule": "at_least", "scoring_system": "25/25"},
    {"next_dealer": "loser", "shutout": "double_game_bonus", "game_bonus": 100, "stake_per_point": 3,
     "escrow_points": 20, "settle": "per_hand"},
    {"stake_per_point": 0},
]


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_random_matches_keep_invariants(index: int) -> None:
    options = OPTION_SETS[index]
    amount = GinRummy.buy_in(options).minimum
    kinds: set[str] = set()
    for seed in range(2):   # bot against bot: several hands, knocks, undercuts, gins
        game = play_checked(GinRummy, [amount, amount], seed=seed + 10 * index, options=options,
                            policy=bot_policy)
        assert game.is_over() and game.result["forfeit"] is None
        assert reached_target(game.opts, max(game.scores))
        kinds.add(game.last_hand["kind"])
    for seed in range(2):   # the bot against random play
        game = play_checked(GinRummy, [amount, amount], seed=seed, options=options, policy=mixed)
        assert game.is_over()
    for seed in range(4):   # uniformly random, resignations included
        game = play_checked(GinRummy, [amount, amount], seed=seed, options=options,
                            policy=lambda g, s, r: r.choice(g.legal_actions(s)))
        assert game.is_over()
    assert kinds <= {"knock", "gin", "undercut", "big_gin"}


def test_random_play_to_small_target() -> None:
    """Random play without resigning: mostly void hands (GIN-13) until someone knocks."""
    options = {"target_score": 10, "knocker_arrangement": "player_choice"}
    earlier_hands = 0
    for seed in (0, 2):
        game = play_checked(GinRummy, [250, 250], seed=seed, options=options, policy=no_resign)
        assert game.is_over() and game.result["forfeit"] is None
        earlier_hands += game.hand_no - 1
    assert earlier_hands >= 8


def test_bot_plays_itself_to_the_end() -> None:
    for seed in range(3):
        game = GinRummy.start([250, 250], {}, seed=seed)
        for _ in play(game, bot_policy, seed=seed):
            pass
        assert game.is_over() and sum(game.chips().values()) == 500


def test_player_choice_arrangements_through_the_contract() -> None:
    """GIN-14 player_choice: the arrange phase with its ShowMelds actions keeps every
    invariant (codec round trip, replay, timeout legal); seeds are tried until two reach it."""
    options = OPTION_SETS[1]
    kinds: list[str] = []

    def recording(game: Any, seat: int, rng: random.Random) -> Any:
        action = bot_policy(game, seat, rng)
        kinds.append(action.kind)
        return action

    for seed in range(40):
        play_checked(GinRummy, [250, 250], seed=seed, options=options, policy=recording)
        if kinds.count("show_melds") >= 2:
            break
    assert kinds.count("show_melds") >= 2


def brute_force_layoff_deadwood(melds: tuple[Any, ...], defender: list[Card]) -> int:
    """GIN-15 taken literally: D is the least dw of the cards left over every set of cards
    that some order of single layoff steps can place (chains included)."""

    def fits(meld: list[Card], card: Card) -> bool:
        if is_run(meld):
            ranks = [m.rank for m in meld]
            return card.suit == meld[0].suit and card.rank in (min(ranks) - 1, max(ranks) + 1)
        return len(meld) == 3 and card.rank == meld[0].rank

    def placeable(cards: list[Card], state: list[list[Card]]) -> bool:
        if not cards:
            return True
        for i, card in enumerate(cards):
            for j, meld in enumerate(state):
                if fits(meld, card):
                    grown = state[:j] + [meld + [card]] + state[j + 1:]
                    if placeable(cards[:i] + cards[i + 1:], grown):
                        return True
        return False

    start = [list(m) for m in melds]
    best = min_deadwood(defender)
    for size in range(1, len(defender) + 1):
        for subset in itertools.combinations(defender, size):
            if placeable(list(subset), start):
                best = min(best, min_deadwood([c for c in defender if c not in subset]))
    return best


def test_layoffs_equal_brute_force() -> None:
    rng = random.Random(8)
    deck = [c for c in new_deck() if c.rank <= 8]     # crowded: layoffs and chains are common
    checked = 0
    while checked < 150:
        cards = rng.sample(deck, 18)
        knocker, defender = cards[:10], cards[10:]
        if min_deadwood(knocker) > 10:
            continue
        for arr in arrangements(knocker):
            assert plan_layoffs(arr, defender).deadwood == brute_force_layoff_deadwood(arr, defender)
        checked += 1
