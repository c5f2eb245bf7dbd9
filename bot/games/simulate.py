"""Playing whole games through the engine contract, for benchmarks, tests and the demo."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

Policy = Callable[[Any, int, random.Random], Any]


def random_policy(game: Any, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal action."""
    return rng.choice(game.legal_actions(seat))


def bot_policy(game: Any, seat: int, rng: random.Random) -> Any:
    """The game's own seat bot."""
    return game.bot_action(seat, rng)


def play(game: Any, policies: Sequence[Policy] | Policy, seed: int = 0,
         max_actions: int = 100_000) -> Iterator[tuple[int, Any]]:
    """Drive `game` to the end, yielding (seat, action) after each applied action.

    `policies` is one per seat, or one for all. The lowest seat in `to_act()` moves first, so
    a run is reproducible from the seed.
    """
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over():
            return
        seats = game.to_act()
        if not seats:
            raise RuntimeError("game is not over but nobody is to act")
        seat = seats[0]
        policy = policies if callable(policies) else policies[seat]
        action = policy(game, seat, rng)
        game.apply(seat, action)
        yield seat, action
    raise RuntimeError(f"game did not end within {max_actions} actions")
