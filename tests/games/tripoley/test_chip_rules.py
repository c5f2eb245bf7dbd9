"""CHIP-1, CHIP-2 and CHIP-5 over random games of both variants, from the engine's own transfer log."""

from __future__ import annotations

import random

import pytest

from bot.games.simulate import random_policy

from .positions import MichiganRummyGame, TripoleyGame


def wallet_sum(game) -> int:
    return sum(game.stacks)


@pytest.mark.parametrize("cls", [TripoleyGame, MichiganRummyGame], ids=lambda c: c.id)
def test_chip_1_2_5_every_transfer_is_of_an_allowed_kind_and_nothing_is_created(cls: type) -> None:
    rng = random.Random(f"chips:{cls.id}")
    bets_seen = 0
    for seed in range(25):
        players = rng.randint(cls.min_players, cls.max_players)
        game = cls.start([rng.randint(20, 80) for _ in range(players)], {"max_deals": 3}, seed=seed)
        total = wallet_sum(game) + sum(game.mat.values())
        for _ in range(3000):
            if game.is_over():
                break
            seat = game.to_act()[0]
            before = len(game.ledger)
            betting_before = dict(game.betting.contrib) if game.betting else None
            game.apply(seat, random_policy(game, seat, rng))
            # CHIP-1: every chip is in one wallet or one compartment; none appear or vanish
            assert wallet_sum(game) + sum(game.mat.values()) == total
            moved = [tuple(e[:4]) for e in game.ledger[before:]] if len(game.ledger) >= before else []
            for src, dst, amount, reason in moved:
                # CHIP-2: wallet -> compartment, compartment -> wallet or wallet -> wallet; never mat -> mat
                assert amount > 0
                assert not (src.startswith("mat:") and dst.startswith("mat:")), (src, dst, reason)
            # CHIP-5: a poker bet goes into the POT compartment in the same move it is made
            if betting_before is not None and game.betting is not None:
                added = sum(game.betting.contrib.values()) - sum(betting_before.values())
                if added > 0:
                    bets_seen += 1
                    assert sum(a for s, d, a, _ in moved if s == f"seat:{seat}" and d == "mat:POT") == added
        assert game.is_over()
    assert bets_seen > 0 or cls is MichiganRummyGame
