"""Tripoley and Michigan Rummy rules, Michigan Rummy's differences: tests named by rule id."""

from __future__ import annotations

import pytest

from bot.games.cards import new_deck
from bot.games.tripoley import michigan, spare
from bot.games.tripoley.actions import (
    AuctionSpare,
    KeepHand,
    Lead,
    Suit,
    SwapSpare,
)

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, position
from .rules_helpers import _play_out_michigan
from tests.english import english


def test_mich_1_three_to_eight_players() -> None:
    with pytest.raises(ValueError):
        MichiganRummyGame.start([60, 60])
    with pytest.raises(ValueError):
        MichiganRummyGame.start([60] * 9)
    assert MichiganRummyGame.start([60] * 8, seed=1).n == 8


def test_mich_2_mat_has_the_michigan_rummy_compartments() -> None:
    game = MichiganRummyGame.start([60] * 3, deck=new_deck(), dealer=ANN)
    assert [c["code"] for c in game.public_view()["mat"]] == ["AH", "KC", "QD", "JS", "10H", "KQ", "RUN",
                                                             "POKER_POOL", "POT"]
    assert "KITTY" not in game.chips() and "mat:KITTY" not in game.chips()


def test_mich_3_short_dealer_pays_a_second_pass_while_chips_last() -> None:
    game = MichiganRummyGame.start([50, 50, 12], deck=new_deck(), dealer=CAL)
    assert game.stacks[CAL] == 0
    cal = [e[1] for e in game.ledger if e[0] == "seat:2"]
    assert len(cal) == 12 and cal[9:] == ["mat:AH", "mat:KC", "mat:QD"]


def test_mich_3_single_ante_option() -> None:
    game = MichiganRummyGame.start([50] * 3, {"mich_dealer_double_ante": False}, deck=new_deck(), dealer=CAL)
    assert game.stacks == [41, 41, 41]


def test_mich_4_deal_and_spare_hand_as_in_tripoley() -> None:
    game = MichiganRummyGame.start([60] * 4, deck=new_deck(), dealer=DEE)
    assert [len(game.hands[p]) for p in (ANN, BOB, CAL, DEE)] == [11, 11, 10, 10]
    assert len(game.spare) == 10
    assert game.legal_actions(DEE) == [SwapSpare(), AuctionSpare(), KeepHand()]


def test_mich_5_michigan_comes_right_after_the_spare_phase_without_betting() -> None:
    game = MichiganRummyGame.start([60] * 3, deck=new_deck(), dealer=CAL)
    game.apply(CAL, KeepHand())
    assert game.phase == "michigan" and game.betting is None
    assert game.pay_results == []                  # no on-hold pay-card phase by default
    for name in ("tripoley_poker_betting", "poker_min_bet", "poker_hand_selection"):
        with pytest.raises(ValueError):
            MichiganRummyGame.start([60] * 3, options={name: 1})


def test_mich_6_dealer_leads_first_with_option() -> None:
    for option, first in (("left_of_dealer", ANN), ("dealer", DEE)):
        game = MichiganRummyGame.start([50] * 4, {"mich_first_leader": option}, seed=3, dealer=DEE)
        events = game.apply(DEE, KeepHand())
        assert english(events[1]) == "Michigan: {p%d} leads first." % first


def test_mich_6_card_payments_go_into_pot_and_the_winner_takes_it() -> None:
    game = position(MichiganRummyGame, [10, 10, 10], {ANN: "2S", BOB: "3H 4D", CAL: "5D 6C 7C"},
                    mat={"POT": 3, "POKER_POOL": 0}, dealer=CAL)
    michigan.begin(game, ANN)
    assert game.mich_winner == ANN and game.stacks == [10 + 3 + 2 + 3, 8, 7] and game.mat["POT"] == 0


def test_mich_7_on_hold_option_pays_michigan_rummy_cards_after_the_spare_phase() -> None:
    game = position(MichiganRummyGame, [20] * 3, {ANN: "KC QD 7S 8S 9S", BOB: "QH KH", CAL: "AH JS 10H KS"},
                    mat={"AH": 3, "KC": 3, "QD": 3, "JS": 3, "10H": 3, "KQ": 3, "RUN": 3}, dealer=CAL,
                    options={"pay_timing": "on_hold"})
    spare.pay_on_hold(game)
    assert game.stacks == [20 + 3 + 3 + 3, 20 + 3, 20 + 3 + 3 + 3]
    assert game.mat["POKER_POOL"] == 0 and sum(game.mat.values()) == 0


def test_mich_7_pay_card_as_last_card_pays_then_wins() -> None:
    game = position(MichiganRummyGame, [10, 10, 10], {ANN: "KC", BOB: "QC 5H", CAL: "4D 6D"},
                    mat={"KC": 6, "POT": 2}, dealer=CAL)
    michigan.begin(game, BOB)
    game.apply(BOB, Lead(Suit.CLUBS))              # QC then KC (Ann's last card)
    assert game.mich_winner == ANN
    assert game.stacks[ANN] == 10 + 6 + 2 + 1 + 2
    assert ("mat:KC", "seat:0", 6, "pay:KC") in game.ledger
    kc = game.ledger.index(("mat:KC", "seat:0", 6, "pay:KC"))
    prize = next(i for i, e in enumerate(game.ledger) if e[3] == "mich_prize")
    assert kc < prize


def test_mich_7_unplayed_pay_cards_pay_nothing() -> None:
    game = position(MichiganRummyGame, [10, 10, 10], {ANN: "2S", BOB: "AH JS", CAL: "QD 10H"},
                    mat={"AH": 4, "JS": 4, "QD": 4, "10H": 4}, dealer=CAL)
    michigan.begin(game, ANN)
    assert game.mich_winner == ANN
    assert game.mat["AH"] == game.mat["JS"] == game.mat["QD"] == game.mat["10H"] == 4


def test_mich_8_run_pays_when_the_third_card_is_played() -> None:
    game = position(MichiganRummyGame, [20] * 3, {ANN: "7C 8C 9C 2S", BOB: "3S", CAL: "4D"},
                    mat={"RUN": 6}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert ("mat:RUN", "seat:0", 6, "pay:RUN") in game.ledger


def test_mich_8_kq_played_by_different_players_stays() -> None:
    game = position(MichiganRummyGame, [10, 10, 10], {ANN: "JH 2C 3C", BOB: "QH 9D", CAL: "KH 8S"},
                    mat={"KQ": 7}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.HEARTS))             # JH QH KH, AH dead
    assert game.mat["KQ"] == 7
    assert not any(e[3] == "pay:KQ" for e in game.ledger)


def test_mich_8_a_lone_queen_of_hearts_is_not_marked_as_a_pay_card() -> None:
    game = position(MichiganRummyGame, [10, 10, 10], {ANN: "QH 7D 8D 2S", BOB: "KH 3S",
                                                      CAL: "JS KC"}, dealer=CAL)
    assert game.private_view(ANN)["pay_cards"] == []          # QH alone pays nothing (MICH-8)
    assert game.private_view(BOB)["pay_cards"] == []          # KH alone neither
    assert sorted(game.private_view(CAL)["pay_cards"]) == ["JS", "KC"]
    both = position(MichiganRummyGame, [10, 10, 10], {ANN: "QH KH 7D 8D 9D", BOB: "2S", CAL: "3S"}, dealer=CAL)
    assert sorted(both.private_view(ANN)["pay_cards"]) == sorted(["QH", "KH", "7D", "8D", "9D"])


def test_mich_9_remaining_cards_option_needs_five_cards() -> None:
    hands = {ANN: "2S 3S 4S 5S 6S 8D", BOB: "AH AD AC AS KS 9D", CAL: "2C 4C 6C 8C 10C QC QD"}
    game = position(MichiganRummyGame, [20] * 3, hands, mat={"POKER_POOL": 9}, dealer=BOB,
                    options={"mich_poker_cards": "remaining_cards"})
    michigan.begin(game, CAL)
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    winners = [e[1] for e in game.ledger if e[3] == "poker"]
    eligible = [p for p in range(3) if len(game.hands[p]) >= 5]
    assert all(int(w.split(":")[1]) in eligible for w in winners)


def test_mich_9_full_hand_uses_the_cards_held_when_michigan_began() -> None:
    game = position(MichiganRummyGame, [10, 10, 10],
                    {ANN: "2S 3S 4S 5S 6S 9D", BOB: "AH AD AC AS KS 9C", CAL: "7D 8H 10C QC JD"},
                    mat={"POKER_POOL": 9}, dealer=CAL)
    michigan.begin(game, ANN)
    _play_out_michigan(game)
    # Ann's straight flush, though Ann played cards out of it
    assert game.poker_winner == ANN and ("mat:POKER_POOL", "seat:0", 9, "poker") in game.ledger


def test_mich_9_tie_splits_and_remainder_stays() -> None:
    game = position(MichiganRummyGame, [10, 10, 10],
                    {ANN: "5S 6H 7D 8C 9S", BOB: "5D 6C 7H 8S 9H", CAL: "2D 4H JC KD QS"},
                    mat={"POKER_POOL": 9}, dealer=CAL)
    michigan.begin(game, ANN)
    _play_out_michigan(game)
    pool = [e for e in game.ledger if e[3] == "poker"]
    assert sorted(e[1] for e in pool) == ["seat:0", "seat:1"] and all(e[2] == 4 for e in pool)
    assert game.mat["POKER_POOL"] == 1


def test_mich_9_players_with_empty_wallets_still_show_down() -> None:
    game = position(MichiganRummyGame, [0, 10, 10],
                    {ANN: "AS AH AD AC KS", BOB: "5D 6C 7H 8S 10H", CAL: "2D 4H JC KD QS"},
                    mat={"POKER_POOL": 6}, dealer=CAL)
    michigan.begin(game, BOB)
    _play_out_michigan(game)
    assert ("mat:POKER_POOL", "seat:0", 6, "poker") in game.ledger


def test_mich_10_game_ends_like_tripoley() -> None:
    game = MichiganRummyGame.start([60] * 3, seed=4, dealer=ANN, options={"max_deals": 2})
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    assert game.deals_done == 2 and sum(game.mat.values()) == 0 and sum(game.stacks) == 180
