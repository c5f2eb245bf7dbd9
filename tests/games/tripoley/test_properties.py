"""Random full games of both variants, 2–9 players, many option sets: the invariants of
tests/games/invariants.py after every action (chips conserved, JSON round trip, replay,
out-of-turn actions refused), no negative stack, and split remainders left on the mat (CHIP-3)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.simulate import bot_policy, play, random_policy
from bot.games.tripoley import MichiganRummyGame, TripoleyGame
from bot.games.tripoley.game import DealGame

from tests.games.invariants import play_checked

CLASSES: tuple[type[DealGame], ...] = (TripoleyGame, MichiganRummyGame)


def random_options(cls: type[DealGame], rng: random.Random) -> dict[str, Any]:
    """A random choice for every enumerated option (and a few numbers), deal count bounded."""
    opts: dict[str, Any] = {}
    for spec in cls.option_specs:
        if spec.choices is not None and rng.random() < 0.5:
            opts[spec.name] = rng.choice(spec.choices)
    opts["max_deals"] = rng.randint(2, 4)
    if "poker_max_bet" in {s.name for s in cls.option_specs}:
        opts["poker_min_bet"] = rng.randint(1, 3)
        opts["poker_max_bet"] = rng.choice([0, opts["poker_min_bet"] + rng.randint(0, 6)])
        opts["poker_max_raises"] = rng.randint(0, 4)
    opts["spare_min_bid"] = rng.randint(1, 4)
    opts["spare_bid_increment"] = rng.randint(1, 3)
    return opts


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.id)
def test_random_games_keep_every_invariant(cls: type[DealGame]) -> None:
    rng = random.Random(f"props:{cls.id}")
    for players in range(cls.min_players, cls.max_players + 1):
        for _ in range(3):
            seed = rng.randrange(2**32)
            stacks = [rng.randint(5, 60) for _ in range(players)]
            options = random_options(cls, rng)
            game = play_checked(cls, stacks, seed, options)
            assert game.is_over()
            assert sum(game.stacks) == sum(stacks)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.id)
def test_seat_bot_games_keep_every_invariant(cls: type[DealGame]) -> None:
    rng = random.Random(f"bots:{cls.id}")
    for players in (cls.min_players, 5, cls.max_players):
        seed = rng.randrange(2**32)
        game = play_checked(cls, [40] * players, seed, {"max_deals": 3}, policy=bot_policy)
        assert game.is_over()


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.id)
def test_games_without_deal_limit_end_with_all_chips_in_wallets(cls: type[DealGame]) -> None:
    for seed in range(3):
        players = cls.min_players + seed
        game = cls.start([20] * players, {"spare_auction": "open_ascending"}, seed=seed)
        for _ in play(game, random_policy, seed=seed):
            assert min(game.stacks) >= 0
        assert game.is_over() and sum(game.mat.values()) == 0
        assert sum(game.stacks) == 20 * players
        assert sum(1 for s in game.stacks if s > 0) >= 1


SPLITS = {"pay:RUN": "RUN", "poker": None}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.id)
def test_chip3_split_remainders_stay_on_the_mat(cls: type[DealGame]) -> None:
    """Whenever a compartment is shared by k > 1 players in one step, every share is equal and
    what stays in the compartment is the remainder: fewer than k chips (CHIP-3, TRI-17, MICH-9)."""
    rng = random.Random(f"splits:{cls.id}")
    shared = 0
    for seed in range(300):  # at least 60 games, and on until a shared compartment was seen
        if seed >= 60 and shared:
            break
        players = rng.randint(cls.min_players, cls.max_players)
        opts = {"max_deals": 3, "run_shares": "per_player", "pay_timing": "on_hold"}
        if cls is TripoleyGame:
            opts["tripoley_poker_betting"] = False
        game = cls.start([30] * players, opts, seed=seed)
        for _ in range(2000):
            if game.is_over():
                break
            seat = game.to_act()[0]
            before_mat, before_len = dict(game.mat), len(game.ledger)
            action = random_policy(game, seat, rng)
            game.apply(seat, action)
            assert min(game.stacks) >= 0 and min(game.mat.values()) >= 0
            if len(game.ledger) < before_len:
                continue
            new = game.ledger[before_len:]
            for reason in ("pay:RUN", "poker"):
                paid = [e for e in new if e[3] == reason]
                sources = {e[0] for e in paid}
                for src in sources:
                    shares = [e[2] for e in paid if e[0] == src]
                    receivers = len({e[1] for e in paid if e[0] == src})
                    if receivers < 2 or game.phase == "over":
                        continue
                    code = src.split(":")[1]
                    inflow = sum(e[2] for e in new if e[1] == src)
                    left = before_mat[code] + inflow - sum(shares)
                    assert len(set(shares)) == 1
                    assert 0 <= left < receivers and game.mat[code] == left
                    shared += 1
    assert shared > 0


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.id)
def test_random_leaves_and_cash_outs_keep_the_books(cls: type[DealGame]) -> None:
    """Players ask to leave at random moments (TRI-2); the harness cashes them out as soon as
    `can_cash_out` allows, as the table service does. Chips in the game plus chips paid out stay
    constant, nobody cashes out mid-deal, leavers are dealt out, and the game always ends."""
    rng = random.Random(f"leave:{cls.id}")
    for seed in range(12):
        players = rng.randint(cls.min_players, cls.max_players)
        game = cls.start([40] * players, {"max_deals": 6}, seed=seed)
        total, paid, leaving = 40 * players, 0, set()
        for _ in range(5000):
            if game.is_over():
                break
            if rng.random() < 0.02:
                seat = rng.randrange(players)
                if seat not in leaving:
                    leaving.add(seat)
                    game.leave(seat)
            for seat in sorted(leaving):
                if game.can_cash_out(seat) and not (game.status[seat] == "left" and game.stacks[seat] == 0):
                    paid += game.stacks[seat]
                    game.cash_out(seat)
                    assert game.stacks[seat] == 0
            if game.is_over():
                break
            seat = game.to_act()[0]
            action = game.timeout_action(seat) if seat in leaving else random_policy(game, seat, rng)
            game.apply(seat, action)
            if game.phase not in ("between", "over"):
                assert not set(game.dealt_in) & {s for s in leaving if game.status[s] == "left"}
            assert sum(game.chips().values()) + paid == total
            assert min(game.stacks) >= 0
        assert game.is_over()
        assert sum(game.mat.values()) == 0 and sum(game.stacks) + paid == total


@st.composite
def game_setups(draw: st.DrawFn) -> tuple[type[DealGame], list[int], dict[str, Any], int]:
    cls = draw(st.sampled_from(CLASSES))
    players = draw(st.integers(cls.min_players, cls.max_players))
    stacks = draw(st.lists(st.integers(1, 70), min_size=players, max_size=players))
    options = {spec.name: draw(st.sampled_from(spec.choices)) for spec in cls.option_specs
               if spec.choices is not None}
    options["max_deals"] = draw(st.integers(1, 3))
    return cls, stacks, options, draw(st.integers(0, 2**31))


@settings(derandomize=True, deadline=None, max_examples=40)
@given(game_setups())
def test_any_option_set_keeps_every_invariant(setup: tuple[type[DealGame], list[int], dict[str, Any], int]) -> None:
    cls, stacks, options, seed = setup
    game = play_checked(cls, stacks, seed, options)
    assert game.is_over() and sum(game.mat.values()) == 0
