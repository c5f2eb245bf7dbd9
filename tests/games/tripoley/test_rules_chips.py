"""Tripoley and Michigan Rummy rules, chip conservation (§4): CHIP-1, CHIP-2 and CHIP-5 over random games of both
variants, from the engine's own transfer log; CHIP-4 and CHIP-6 on positions."""

from __future__ import annotations

import random
from typing import cast

import pytest

from bot.games.cards import new_deck
from bot.games.simulate import random_policy
from bot.games.tripoley import table
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, MichiganRummyGame, TripoleyGame, position


def wallet_sum(game: DealGame) -> int:
    return sum(game.stacks)


@pytest.mark.parametrize("cls", [TripoleyGame, MichiganRummyGame], ids=lambda c: c.id)
def test_chip_1_2_5_every_transfer_is_of_an_allowed_kind_and_nothing_is_created(cls: type[DealGame]) -> None:
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
            for src, dst, amount, reason in cast(list[tuple[str, str, int, str]], moved):
                # CHIP-2: wallet -> compartment, compartment -> wallet or wallet -> wallet; never mat -> mat
                assert amount > 0
                assert not (src.startswith("mat:") and dst.startswith("mat:")), (src, dst, reason)
            # CHIP-5: a poker bet goes into the POT compartment in the same move it is made
            if betting_before is not None and game.betting is not None:
                added = sum(game.betting.contrib.values()) - sum(betting_before.values())
                if added > 0:
                    bets_seen += 1
                    assert sum(a for s, d, a, _ in cast(list[tuple[str, str, int, str]], moved)
                               if s == f"seat:{seat}" and d == "mat:POT") == added
        assert game.is_over()
    assert bets_seen > 0 or cls is MichiganRummyGame


def test_chip_4_no_wallet_goes_negative_and_nothing_is_owed() -> None:
    game = TripoleyGame.start([50, 5, 50], deck=new_deck(), dealer=CAL)
    assert game.stacks[BOB] == 0 and all(v >= 0 for v in game.chips().values())
    assert sum(game.chips().values()) == 105


def test_chip_6_a_transfer_the_source_cannot_cover_is_a_bug() -> None:
    game = position(TripoleyGame, [3, 3], {ANN: "2S", BOB: "3S"}, dealer=BOB)
    before = game.chips()
    with pytest.raises(RuntimeError):
        table.move(game, "seat:0", "mat:POT", 4, "test")
    assert game.chips() == before
