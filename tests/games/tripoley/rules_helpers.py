"""What several of the Tripoley and Michigan Rummy rule modules share: positions and small helpers."""

from __future__ import annotations

from bot.games.tripoley import poker_phase

from .positions import ANN, BOB, CAL, TripoleyGame, position

ON_PLAY = {"pay_timing": "on_play"}


def _three_way(wallets=(30, 30, 30), options=None, pot=3):
    game = position(TripoleyGame, list(wallets), {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS",
                                                  CAL: "2D 3D 4D 5D 7C"}, mat={"POT": pot}, dealer=CAL,
                    options=options)
    poker_phase.begin_betting(game)
    return game


def _finish_deal(game) -> None:
    while game.phase not in ("between", "over"):
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def _play_out_michigan(game) -> None:
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def _poker(wallets, hands, pot=3, dealer=CAL, options=None, cls=TripoleyGame):
    game = position(cls, list(wallets), hands, mat={"POT": pot}, dealer=dealer, options=options)
    poker_phase.begin_betting(game)
    return game


H3 = {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS", CAL: "2D 3D 4D 5D 7C"}
