"""The registry and the optional capabilities at run time (`contract.py` is the mypy half)."""

from __future__ import annotations

import pytest

from bot.games import GAMES, register_game
from bot.games.base import Forfeits, SpectatorBets, StopRequests, TopUps

from .contract import ENGINES, FORFEITS, SPECTATOR_BETS, STOP_REQUESTS, TOP_UPS

CAPABILITIES = ((SpectatorBets, SPECTATOR_BETS), (StopRequests, STOP_REQUESTS), (TopUps, TOP_UPS),
                (Forfeits, FORFEITS))


def test_every_game_package_registers_its_engines_under_their_ids() -> None:
    assert dict(GAMES) == {cls.id: cls for cls in ENGINES}


def test_the_registry_is_read_only_and_refuses_a_second_class_under_a_taken_id() -> None:
    with pytest.raises(TypeError):
        GAMES["gin_rummy"] = GAMES["bourre"]  # type: ignore[index]
    clone = type("GinClone", (GAMES["gin_rummy"],), {})
    with pytest.raises(ValueError, match="gin_rummy"):
        register_game(clone)
    assert register_game(GAMES["gin_rummy"]) is GAMES["gin_rummy"]   # registering again is harmless


@pytest.mark.parametrize("capability,claimed", CAPABILITIES, ids=lambda c: getattr(c, "__name__", ""))
def test_a_started_game_has_a_capability_exactly_when_its_engine_declares_it(
        capability: type, claimed: tuple[type, ...]) -> None:
    for cls in ENGINES:
        game = cls.start([500] * cls.min_players, seed=1)
        assert isinstance(game, capability) == (cls in claimed), (cls.id, capability.__name__)
