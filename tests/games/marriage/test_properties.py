"""Properties: random full games keep every invariant (tests/games/invariants.py), and the
MAR-27 search agrees with a slow brute force on thousands of random hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.actions import Action
from bot.games.cards import Card, new_deck
from bot.games.marriage import Marriage, MeldType, check_finish, classify_meld
from bot.games.marriage.melds import PURE_TYPES
from bot.games.marriage.options import resolve
from bot.games.marriage.table import eligible
from bot.games.simulate import bot_policy

from .brute import brute_normal
from tests.games.invariants import play_checked
from tests.games.known import known

OPTION_CHOICES: dict[str, list[Any]] = {
    "point_table": ["pagat", "house"],
    "marriage_scoring": ["melded", "held"],
    "ace_tiplu_wrap_marriage": [False, True],
    "unseen_maal": ["count", "void", "kidnap"],
    "tunnela_declare_window": ["before_play", "before_own_first_draw"],
    "taken_card_discard_ban": ["face", "copy"],
    "seen_may_take_unseen_wild_to_finish": [False, True],
    "wild_pickup_ban": ["unseen_discarder", "any_discarder"],
    "dublee_discard_pickup": ["finish_only", "never", "any"],
    "discard_pickup_before_seen": [True, False],
    "declared_tunnela_counts_as_dublee": [False, True],
    "dublee_wild_as_itself": [True, False],
    "short_stack_rule": ["pro_rata", "seat_order"],
    "max_stock_rebuilds": [1, 3],
}


def mixed_policy(game: Marriage, seat: int, rng: random.Random) -> Action:
    """Mostly the seat bot, sometimes a uniformly random legal action (so odd lines get played)."""
    if rng.random() < 0.25:
        return rng.choice(game.legal_actions(seat))
    return game.bot_action(seat, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_invariants(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    options: dict[str, Any] = {k: rng.choice(v) for k, v in OPTION_CHOICES.items()} if seed else {}
    options["chips_per_point"] = 4
    policy = mixed_policy if seed % 2 else bot_policy
    game = play_checked(Marriage, [40] * players, seed=seed, options=options, policy=policy)
    assert game.is_over()
    assert sum(1 for s in game.stacks if s > 0) <= 1 or len(eligible(game)) < 2


def _random_hand(rng: random.Random, deck: list[Card], full: bool | None = None
                 ) -> tuple[list[Card], Card, list[list[Card]]]:
    """22 cards, a tiplu and fixed melds (none when `full`); biased so that many hands finish."""
    rng.shuffle(deck)
    tiplu = deck[0]
    pool = deck[1:]
    fixed: list[list[Card]] = []
    k = rng.choice([2, 3, 3, 3, 4, 4]) if full is None else 0
    if k:
        # fixed melds are pure sequences picked from the pool
        for _ in range(20):
            if len(fixed) == k:
                break
            s, r = rng.choice("SHDC"), rng.randint(1, 11)
            want = [(r + i, s) for i in range(3)]
            got = []
            for face in want:
                c = next((c for c in pool if c.face == face), None)
                if c is None:
                    break
                got.append(c)
            if len(got) == 3:
                for c in got:
                    pool.remove(c)
                fixed.append(got)
    need = 22 - 3 * len(fixed)
    if rng.random() < 0.5:
        suits = rng.sample("SHDC", 2)
        lo = rng.randint(1, 7)
        narrow = [c for c in pool if (c.suit in suits and lo <= c.rank <= lo + 6) or c.rank == tiplu.rank]
        rest = narrow[:need]
        rest += [c for c in pool if c not in rest][:need - len(rest)]
    else:
        rest = pool[:need]
    return [c for m in fixed for c in m] + rest, tiplu, fixed


def test_check_finish_matches_brute_force() -> None:
    rng = random.Random(2024)
    deck = new_deck(3)
    agree = finishing = 0
    for i in range(2000):
        # every 50th hand is a full 22-card hand with nothing fixed (the brute force is slow there)
        hand, tiplu, fixed = _random_hand(rng, deck, full=True if i % 50 == 0 else None)
        taken = rng.choice(hand[3 * len(fixed):]) if i % 3 == 0 else None
        ban = "copy" if i % 6 == 0 else "face"
        seen_tiplu = tiplu if i % 5 else None
        res = check_finish(hand, seen_tiplu, fixed, (), "normal", taken, resolve({"taken_card_discard_ban": ban}))
        expected = brute_normal(hand, seen_tiplu, fixed, taken, ban)
        assert res.finishing == expected, (hand, tiplu, fixed, taken)
        agree += 1
        if res.finishing:
            finishing += 1
            used = [c for m in res.melds for c in m] + [known(res.discard)]
            assert sorted(used) == sorted(hand)
            assert all(tuple(m) in res.melds for m in fixed)
            assert all(classify_meld(m, seen_tiplu) is not MeldType.INVALID for m in res.melds)
            assert sum(classify_meld(m, None) in PURE_TYPES for m in res.melds) >= 3
            if taken is not None:
                assert res.discard != taken
                if ban == "face":
                    assert known(res.discard).face != taken.face
    assert agree == 2000
    assert 300 < finishing < 1700  # both answers well represented


def test_check_finish_21_cards_and_dublee_witness() -> None:
    rng = random.Random(7)
    deck = new_deck(3)
    for _ in range(150):
        hand, tiplu, fixed = _random_hand(rng, deck)
        hand21 = hand[:21]
        res = check_finish(hand21, tiplu, fixed, (), "normal")
        assert res.finishing == brute_normal(hand21, tiplu, fixed)
        if res.finishing:
            assert res.discard is None and len(res.melds) == 7
    # dublee route: the answer is "eight disjoint pairs after some discard"
    for _ in range(500):
        rng.shuffle(deck)
        faces = rng.sample([c.face for c in deck[:52]], 11)
        hand = [c for c in deck if c.face in faces][:22]
        res = check_finish(hand, None, (), (), "dublee")
        pairs = 0
        counts: dict[tuple[int, str], int] = {}
        for c in hand:
            counts[c.face] = counts.get(c.face, 0) + 1
        pairs = sum(v // 2 for v in counts.values())
        # removing one card costs a pair only when every card sits in a pair of a 2-count face
        spare = any(v % 2 == 1 for v in counts.values())
        expected = pairs >= 8 if spare else pairs >= 9
        assert res.finishing == expected
        if res.finishing:
            assert len(res.dublees) == 8 and res.discard not in {c for d in res.dublees for c in d}
