"""What several of the Tripoley and Michigan Rummy rule modules share: positions and small helpers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tripoley import poker_phase
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, TripoleyGame, position

ON_PLAY = {"pay_timing": "on_play"}


def _three_way(wallets: Sequence[int] = (30, 30, 30), options: Mapping[str, Any] | None = None,
               pot: int = 3) -> DealGame:
    game = position(TripoleyGame, list(wallets), {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS",
                                                  CAL: "2D 3D 4D 5D 7C"}, mat={"POT": pot}, dealer=CAL,
                    options=options)
    poker_phase.begin_betting(game)
    return game


def _finish_deal(game: DealGame) -> None:
    while game.phase not in ("between", "over"):
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def _play_out_michigan(game: DealGame) -> None:
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def _poker(wallets: Sequence[int], hands: Mapping[int, str], pot: int = 3, dealer: int = CAL,
           options: Mapping[str, Any] | None = None, cls: type[DealGame] = TripoleyGame) -> DealGame:
    game = position(cls, list(wallets), hands, mat={"POT": pot}, dealer=dealer, options=options)
    poker_phase.begin_betting(game)
    return game


H3 = {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS", CAL: "2D 3D 4D 5D 7C"}
