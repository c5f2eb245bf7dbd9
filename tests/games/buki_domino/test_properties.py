"""Random full games: the invariants of tests/games/invariants.py, spectators and leaving."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import IllegalAction
from bot.games.buki_domino import BukiDomino
from bot.games.buki_domino.money import payout
from bot.games.simulate import bot_policy

from tests.games.invariants import play_checked

OPTION_SETS = [
    None,
    {"late_bet_variant": True, "tiles_per_player": 7, "play_direction": "counterclockwise"},
    {"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 8, "first_banker_sets_limits": False},
    {"early_bets_after_bank_change": False, "bet_deadline_tile": 4, "payout_rounding": "ceil",
     "payout_multiplier": 3, "buy_in": 60},
    {"payout_multiplier": 2, "max_hands": 30, "min_bet": 5, "max_bet": 15, "buy_in": 40},
]

options_strategy = st.fixed_dictionaries({}, optional={
    "tiles_per_player": st.sampled_from([6, 7]),
    "play_direction": st.sampled_from(["clockwise", "counterclockwise"]),
    "bet_deadline_tile": st.sampled_from([3, 4]),
    "late_bet_variant": st.booleans(),
    "early_bets_after_bank_change": st.booleans(),
    "first_banker_sets_limits": st.booleans(),
    "payout_rounding": st.sampled_from(["floor", "ceil"]),
    "payout_multiplier": st.sampled_from([2, 2.5, 3]),
    "max_hands": st.integers(1, 20),
})


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_invariants(seed: int, options: dict[str, Any] | None) -> None:
    g = play_checked(BukiDomino, [100, 100, 100, 100] if not options or "buy_in" not in options
                     else [options["buy_in"]] * 4, seed, options)
    assert g.is_over() and g.hands_done >= 1


@settings(derandomize=True, deadline=None, max_examples=12)
@given(seed=st.integers(0, 2**32 - 1), options=options_strategy,
       stacks=st.lists(st.integers(0, 200), min_size=4, max_size=4))
def test_any_options_and_stacks_keep_invariants(seed: int, options: dict[str, Any], stacks: list[int]) -> None:
    play_checked(BukiDomino, stacks, seed, options)


@pytest.mark.parametrize("seed", [4, 5])
def test_bot_games_keep_invariants(seed: int) -> None:
    play_checked(BukiDomino, [100] * 4, seed, {"late_bet_variant": True}, bot_policy)


def run_with_spectators(seed: int, options: dict[str, Any] | None) -> tuple[BukiDomino, int]:
    """A random game with random spectator requests and banker answers; checks DOM-26 after every
    step (stacks + escrow = buy-ins + spectator chips in − spectator chips out) and returns the
    game and the number of accepted spectator bets."""
    g = BukiDomino.start([100] * 4, options, seed=seed)
    rng = random.Random(seed)
    money_in = money_out = accepted = 0
    log: list[tuple[Any, ...]] = []
    while not g.is_over():
        if g.spectator_window_open() and rng.random() < 0.6:
            sid, seat = rng.randrange(1000, 1006), rng.randrange(4)
            amount = rng.randrange(max(1, g.min_bet - 1), g.max_bet + 2)
            before = g.to_dict()
            try:
                g.place_spectator_bet(sid, seat, amount)
                money_in += amount
                log.append(("spectator", sid, seat, amount))
            except IllegalAction:
                assert g.to_dict() == before
        else:
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            answers = [a for a in legal if "Spectator" in type(a).__name__]
            action = rng.choice(answers if answers and rng.random() < 0.8 else legal)
            accepted += type(action).__name__ == "AcceptSpectatorBet"
            g.apply(seat, action)
            log.append(("act", seat, action))
        paid = g.take_spectator_payouts()
        money_out += sum(a for _, a in paid)
        chips = g.chips()
        assert all(v >= 0 for v in chips.values()), chips
        assert sum(chips.values()) == 400 + money_in - money_out
        data = g.to_dict()
        assert BukiDomino.from_dict(json.loads(json.dumps(data))).to_dict() == data
        json.dumps(g.public_view())
    assert all(k.startswith("seat:") or v == 0 for k, v in g.chips().items())
    replay = BukiDomino.start([100] * 4, options, seed=seed)
    for entry in log:
        if entry[0] == "spectator":
            replay.place_spectator_bet(*entry[1:])
        else:
            replay.apply(entry[1], entry[2])
        replay.take_spectator_payouts()
    assert replay.to_dict() == g.to_dict()
    return g, accepted


@pytest.mark.parametrize("seed", range(6))
def test_spectator_games_conserve_chips(seed: int) -> None:
    options = [None, {"spectator_odds": 3, "payout_rounding": "ceil"},
               {"spectator_odds": 2, "late_bet_variant": True}][seed % 3]
    g, accepted = run_with_spectators(seed, options)
    assert accepted > 0


@settings(derandomize=True, deadline=None, max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), options=options_strategy)
def test_spectator_games_conserve_chips_any_options(seed: int, options: dict[str, Any]) -> None:
    run_with_spectators(seed, options)


@pytest.mark.parametrize("options", [None, {"payout_rounding": "ceil", "payout_multiplier": 3},
                                     {"payout_multiplier": 2, "tiles_per_player": 7}])
def test_every_settlement_follows_dom_20_and_22(options: dict[str, Any] | None) -> None:
    """Over random games: a winning non-banker gains payout(S) and the banker pays it and takes
    the other stakes; a winning banker takes every stake; a draw moves nothing (DOM-20, 22)."""
    kinds: set[str] = set()
    for seed in range(60):  # until every kind of ending was seen (at least 15 games)
        if seed >= 15 and kinds == {"draw", "banker", "player"}:
            break
        g = BukiDomino.start([100] * 4, options, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            seat = g.to_act()[0]
            for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
                if e.kind != "summary":
                    continue
                d = e.data
                b, w, stakes, change = d["banker"], d["winner"], d["stakes"], d["change"]
                others = [p for p in range(4) if p != b]
                assert all(stakes[p] >= 0 for p in others) and stakes[b] == 0
                if w is None:
                    kinds.add("draw")
                    assert change == [0, 0, 0, 0]
                elif w == b:
                    kinds.add("banker")
                    assert change[b] == sum(stakes) and all(change[p] == -stakes[p] for p in others)
                else:
                    kinds.add("player")
                    assert change[w] == payout(g, stakes[w])
                    assert change[b] == sum(stakes) - stakes[w] - payout(g, stakes[w])
                assert sum(change) == 0
    assert kinds == {"draw", "banker", "player"}
