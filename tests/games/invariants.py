"""Checks every game must pass after every action."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.base import AnyGame, action_from_dict, action_to_dict, seat_key
from bot.games.simulate import Policy, play, random_policy


def check_state(cls: type[AnyGame], game: AnyGame, total: int) -> None:
    """Chips conserved, JSON round trip exact, views JSON-safe, legal actions round-trip and pass
    the same checks `apply` makes (`can_apply`)."""
    chips = game.chips()
    assert sum(chips.values()) == total, f"chips not conserved: {chips}"
    assert all(v >= 0 for v in chips.values()), f"negative chips: {chips}"
    data = game.to_dict()
    assert "format" in data
    assert json.loads(json.dumps(data)) == data
    again = cls.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    json.dumps(game.public_view())
    for seat in game.to_act():
        json.dumps(game.private_view(seat))
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is to act with no legal action"
        for action in legal[:50]:
            assert action_from_dict(cls.action_types, action_to_dict(action)) == action
            assert game.can_apply(seat, action), f"seat {seat}: legal {action} fails its verification"
        assert game.timeout_action(seat) in legal
    if game.is_over():
        assert game.to_act() == []
        assert all(k.startswith("seat:") or v == 0 for k, v in chips.items()), chips


def check_illegal_changes_nothing(game: Any, seat: int, action: Any) -> None:
    """`apply` of an illegal action raises IllegalAction and leaves the state as it was; its
    verification says so first."""
    before = game.to_dict()
    assert not game.can_apply(seat, action)
    with pytest.raises(IllegalAction):
        game.verify_action(seat, action)
    with pytest.raises(IllegalAction):
        game.apply(seat, action)
    assert game.to_dict() == before


def play_checked(cls: type[AnyGame], stacks: list[int], seed: int, options: Mapping[str, Any] | None = None,
                 policy: Policy = random_policy) -> Any:
    """A full game with every invariant checked after every action; returns the final state.

    Also replays the same (seed, options, actions) and demands the same final state, and tries
    an out-of-turn action by a seat not to act (when there is one) at every step.
    """
    game = cls.start(list(stacks), options, seed=seed)
    total = sum(stacks)
    check_state(cls, game, total)
    log: list[tuple[int, Any]] = []
    rng = random.Random(seed)
    for seat, action in play(game, policy, seed=seed):
        log.append((seat, action))
        check_state(cls, game, total)
        waiting = [s for s in range(len(stacks)) if s not in game.to_act()]
        if waiting and game.to_act():
            other = rng.choice(waiting)
            optional = game.legal_actions(other)  # moves a waiting seat may make (an off-turn bet)
            probe = next((a for a in game.legal_actions(game.to_act()[0]) if a not in optional), None)
            if probe is not None:
                check_illegal_changes_nothing(game, other, probe)
    replay = cls.start(list(stacks), options, seed=seed)
    for seat, action in log:
        replay.apply(seat, action)
    assert replay.to_dict() == game.to_dict()
    assert sum(game.chips()[seat_key(i)] for i in range(len(stacks))) == total
    return game
