"""Spectator bets (DOM-23) and the table-service protocol of bot/games/buki_domino/spectators.py."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction
from bot.games.buki_domino import AcceptSpectatorBet, Bet, BukiDomino, Play, RefuseSpectatorBet, SetLimits
from bot.games.buki_domino.money import bet_range, payout
from bot.games.buki_domino.spectators import covered
from bot.games.tiles import Tile

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, new_game
from tests.english import english

T = Tile.parse


def chips_total(g: BukiDomino) -> int:
    return sum(g.chips().values())


def test_request_holds_chips_and_banker_must_answer() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    ev = g.place_spectator_bet(555, 1, 4)
    assert ev[0].kind == "spectator_request" and ev[0].data["bet_id"] == 1
    assert g.chips()["spectator:555"] == 4 and chips_total(g) == 404
    assert g.legal_actions(3)[-2:] == [AcceptSpectatorBet(1), RefuseSpectatorBet(1)]
    assert g.public_view()["spectator_bets"] == [
        {"id": 1, "spectator": 555, "seat": 1, "amount": 4, "status": "pending"}]
    again = BukiDomino.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.to_dict() == g.to_dict() and again.chips() == g.chips()


def test_refusal_returns_the_chips_through_payouts() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(555, 1, 4)
    g.apply(3, RefuseSpectatorBet(1))
    assert g.chips()["spectator_due:555"] == 4 and "spectator:555" not in g.chips()
    assert g.spectator_payouts() == [(555, 4)]
    assert g.take_spectator_payouts() == [(555, 4)]
    assert g.take_spectator_payouts() == [] and chips_total(g) == 400
    with pytest.raises(IllegalAction, match="one per hand"):
        g.place_spectator_bet(555, 1, 2)


def test_pending_requests_lapse_at_the_first_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 2)
    g.place_spectator_bet(2, 2, 3)
    g.apply(3, AcceptSpectatorBet(2))
    ev = g.apply(3, Play(T("[7|3]"), "L"))
    assert [e.kind for e in ev].count("spectator_lapse") == 1
    assert g.take_spectator_payouts() == [(1, 2)]
    assert g.chips()["spectator:2"] == 3
    with pytest.raises(IllegalAction, match="first tile"):
        g.place_spectator_bet(3, 0, 2)


def test_request_validation() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    before = g.to_dict()
    for sid, seat, amount, match in ((1, 3, 2, "banker cannot be backed"), (1, 0, 1, "between 2 and 6"),
                                     (1, 0, 7, "between 2 and 6"), (1, 4, 2, "seated player")):
        with pytest.raises(IllegalAction, match=match):
            g.place_spectator_bet(sid, seat, amount)
    assert g.to_dict() == before
    off = new_game(D6_HANDS, D6_STAMM, spectator_bets=False)
    with pytest.raises(IllegalAction, match="does not take"):
        off.place_spectator_bet(1, 0, 2)
    limits = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    with pytest.raises(IllegalAction, match="limits"):
        limits.place_spectator_bet(1, 0, 2)
    even = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only")
    with pytest.raises(IllegalAction, match="even"):
        even.place_spectator_bet(1, 0, 3)


def test_cover_check_keeps_room_for_the_players_own_bet() -> None:
    # banker P4 has 30: payout(6) = 15 for P1's largest bet leaves 15 for spectators on P1
    g = new_game(D6_HANDS, D6_STAMM, stacks=[50, 50, 50, 30])
    assert g.spectator_bet_range(0) == (2, 6)
    g.place_spectator_bet(1, 0, 6)  # spayout(6) = 15
    g.place_spectator_bet(2, 0, 2)  # 5 more would exceed 30 once #1 is accepted
    g.apply(3, AcceptSpectatorBet(1))
    legal = g.legal_actions(3)
    assert AcceptSpectatorBet(2) not in legal and RefuseSpectatorBet(2) in legal
    with pytest.raises(IllegalAction, match="cover"):
        g.apply(3, AcceptSpectatorBet(2))
    with pytest.raises(IllegalAction, match="cannot cover"):
        g.place_spectator_bet(3, 0, 2)
    assert g.spectator_bet_range(0) is None
    # P1's own bet range still reaches max_bet: 15 + 15 ≤ 30 (DOM-19)
    g.apply(3, RefuseSpectatorBet(2))
    g.apply(3, Play(T("[7|3]"), "L"))
    assert bet_range(g, 0) == (2, 6)


def test_timeout_refuses_the_oldest_request_off_turn() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))  # P2 wins: new banker, early bets phase
    assert g.public_view()["stage"] == "early_bets"
    g.place_spectator_bet(9, 0, 2)
    g.place_spectator_bet(8, 2, 2)
    assert g.to_act() == [0, 1, 2, 3]
    assert g.legal_actions(1) == [AcceptSpectatorBet(1), RefuseSpectatorBet(1),
                                  AcceptSpectatorBet(2), RefuseSpectatorBet(2)]
    assert g.timeout_action(1) == RefuseSpectatorBet(1)
    with pytest.raises(IllegalAction, match="Only the banker"):
        g.apply(0, AcceptSpectatorBet(1))


def test_draw_refunds_spectators_and_losers_pay_the_bank() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # a draw, banker P3
    g.place_spectator_bet(1, 0, 4)
    g.apply(2, AcceptSpectatorBet(1))
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        g.apply(seat, Play(T(tile), end))
    assert g.take_spectator_payouts() == [(1, 4)]
    assert g.stacks[2] == 100
    # D6: P2 wins; a spectator on P1 loses to the bank
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 5)
    g.apply(3, AcceptSpectatorBet(1))
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    ev = g.apply(1, Play(T("[3|1]"), "R"))
    assert g.take_spectator_payouts() == []
    assert g.stacks[3] == 100 + 2 + 2 + 5 - 5  # stakes of P1, P3 and the spectator; pays P2 5
    assert "<@1>'s bet of 5" in english([e for e in ev if e.kind == "summary"][0])
    assert chips_total(g) == 405  # the spectator's 5 came in and stays with the bank


def test_cover_uses_the_actual_stake_once_the_player_has_bet() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[50, 50, 50, 20], early_bets_after_bank_change=True)
    # R = c + max_bet = 6 → payout 15; 20 - 15 = 5 leaves room for a bet of 2 (spayout 5)
    assert g.spectator_bet_range(0) == (2, 2)
    with pytest.raises(IllegalAction, match="at most 2"):
        g.place_spectator_bet(1, 0, 3)
    # after the second hand starts with early bets, a player who bet 2 leaves more room
    g = new_game(D6_HANDS, D6_STAMM, stacks=[50, 50, 50, 100])
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    g.apply(0, Bet(2))
    assert g.spectator_bet_range(0) == (2, 6) and covered(g, 0, 6)
    r_before = payout(g, g.stakes[0])
    assert r_before == 5  # R_p is the actual stake 2 now, not c + max_bet


def test_first_banker_limits_come_before_spectators() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    assert not g.public_view()["spectator_window"]
    g.apply(3, SetLimits(4, 12))
    assert g.public_view()["spectator_window"]
    with pytest.raises(IllegalAction, match="between 4 and 12"):
        g.place_spectator_bet(1, 0, 2)
    g.place_spectator_bet(1, 0, 4)
