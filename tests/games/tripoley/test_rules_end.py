"""Tripoley and Michigan Rummy rules, the end of a deal, the end of the game and timeouts: tests named by rule id."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.cards import parse_cards
from bot.games.poker import best_hand
from bot.games.simulate import play as play_through
from bot.games.simulate import random_policy
from bot.games.tripoley import deal, michigan
from bot.games.tripoley.actions import (
    AuctionSpare,
    Bet,
    Check,
    Fold,
    KeepHand,
    Lead,
    NextDeal,
    PassBid,
    Suit,
)
from bot.games.tripoley.game import DealGame
from bot.games.tripoley.rules import timeout_suit

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, TripoleyGame, position
from .rules_helpers import ON_PLAY, _finish_deal, _three_way
from tests.english import english
from tests.games.invariants import check_state


def test_tri_37_next_dealer_is_left_of_the_last_one_among_the_active() -> None:
    game = TripoleyGame.start([50] * 4, seed=1, dealer=ANN, options={"max_deals": 5})
    while game.phase != "between":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    game.status[BOB] = "broke"
    game.stacks[CAL] += game.stacks[BOB]
    game.stacks[BOB] = 0
    assert game.to_act() == [CAL] and game.legal_actions(CAL) == [NextDeal()]
    assert all(game.can_cash_out(p) for p in range(4))
    game.apply(CAL, NextDeal())
    assert game.dealer == CAL and game.dealt_in == [ANN, CAL, DEE] and game.deal_no == 2


def test_tri_37_leaver_never_receives_mat_chips_at_game_end() -> None:
    game = TripoleyGame.start([50] * 2, seed=4, dealer=BOB)
    game.leave(ANN)
    _finish_deal(game)
    assert game.is_over()                     # one active player left: Bob takes the mat (TRI-39)
    assert sum(game.mat.values()) == 0
    assert not any(e[1] == "seat:0" and e[3] == "final" for e in game.ledger)
    game.cash_out(ANN)
    assert game.stacks[ANN] == 0


def test_tri_37_zero_wallet_player_is_eliminated_and_not_dealt_in() -> None:
    game = position(TripoleyGame, [2, 20, 20], {ANN: "2C 5H 6H 7H 8H", BOB: "3C", CAL: "4D"}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))              # 2C, 3C: Bob is out; Ann pays 2 of her 4 cards
    assert game.phase == "between" and game.stacks[ANN] == 0 and game.status[ANN] == "broke"
    assert game.to_act() == [ANN + 1]              # the deal passes left of Cal, skipping Ann
    game.apply(BOB, NextDeal())
    assert game.dealer == BOB and game.dealt_in == [BOB, CAL]
    assert game.stacks == [0, 20 + 2 + 1 - 9, 20 - 1 - 9]


@pytest.mark.parametrize("cls", [TripoleyGame, MichiganRummyGame])
def test_tri_37_to_39_random_games_follow_the_end_of_deal_order(cls: type[DealGame]) -> None:
    rng = random.Random(cls.id + "end")
    deals = 0
    for g in range(12):
        n = rng.randint(cls.min_players, min(cls.max_players, 6))
        opts: dict[str, Any] = {"max_deals": rng.choice([0, 0, 5]), "min_active_players": rng.choice([2, 3]),
                "leftover_mat": rng.choice(["last_michigan_winner", "split_equal", "final_showdown"]),
                "short_ante": rng.choice(["partial", "eliminate"])}
        game = cls.start([rng.choice([20, 25, 40]) for _ in range(n)], opts, seed=g)
        start_total = sum(game.chips().values())
        for _ in range(4000):
            if game.is_over():
                break
            seat = game.to_act()[0]
            dealer, deals_done = game.dealer, game.deals_done
            if rng.random() < 0.7:
                game.apply(seat, rng.choice(game.legal_actions(seat)))
            else:
                game.apply(seat, game.timeout_action(seat))
            if game.deals_done == deals_done + 1:          # a deal just ended
                for p in game.dealt_in:                    # TRI-37 (1)
                    assert game.stacks[p] > 0 or game.status[p] in ("broke", "left")
                active = [p for p in range(n) if game.status[p] == "active"]
                if game.is_over():                         # TRI-38
                    assert len(active) < opts["min_active_players"] or game.deals_done == opts["max_deals"]
                else:
                    assert len(active) >= opts["min_active_players"]
                    nxt = next(p for p in [(dealer + 1 + i) % n for i in range(n)] if p in active)
                    assert game.to_act() == [nxt]          # TRI-37 (4)
        assert game.is_over()
        assert sum(game.mat.values()) == 0                 # TRI-39: the mat is emptied
        assert sum(game.stacks) == start_total
        deals += game.deals_done
    assert deals >= 24


def test_tri_38_next_deal_with_too_few_active_players_ends_the_game() -> None:
    game = TripoleyGame.start([50] * 3, seed=6, dealer=CAL)
    _finish_deal(game)
    game.leave(ANN)
    game.leave(BOB)
    assert game.to_act() == [CAL]
    game.apply(CAL, NextDeal())
    assert game.is_over() and sum(game.mat.values()) == 0
    assert game.can_cash_out(ANN) and game.can_cash_out(BOB)


def test_tri_38_min_active_players_three_ends_when_two_remain() -> None:
    game = position(TripoleyGame, [30, 0, 30], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KITTY": 3},
                    dealer=CAL, options={"min_active_players": 3})
    game.mich_winner = game.last_mich_winner = CAL
    deal.end_deal(game)
    assert game.status[BOB] == "broke" and game.is_over() and game.stacks == [30, 0, 33]


def test_tri_38c_host_stop_ends_the_game_at_the_end_of_the_deal() -> None:
    game = TripoleyGame.start([100, 100, 100], seed=11)
    events = game.request_stop()
    assert "ends when this deal does" in english(events[0])
    with pytest.raises(IllegalAction):
        game.request_stop()
    assert TripoleyGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    deals = game.deal_no
    for _ in play_through(game, random_policy, seed=1):
        check_state(TripoleyGame, game, 300)
    assert game.is_over() and game.deal_no == deals
    assert sum(v for k, v in game.chips().items() if k.startswith("mat:")) == 0  # TRI-39 emptied the mat


def test_tri_38c_host_stop_between_deals_ends_at_once() -> None:
    game = TripoleyGame.start([100, 100], seed=4)
    while game.public_view()["phase_id"] != "between":
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    events = game.request_stop()
    assert game.is_over() and any(e.kind == "summary" for e in events)
    assert sum(game.chips().values()) == 200
    with pytest.raises(IllegalAction):
        game.request_stop()


def test_tri_38_b_max_deals_ends_the_game_and_empties_the_mat() -> None:
    game = TripoleyGame.start([50] * 3, seed=9, dealer=ANN, options={"max_deals": 2})
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    assert game.deals_done == 2 and sum(game.mat.values()) == 0 and sum(game.stacks) == 150


def test_tri_38_a_is_checked_after_a_deal_so_a_first_deal_is_always_played() -> None:
    # Two players with min_active_players = 3: TRI-38 ends the game after a deal, not before the first.
    game = TripoleyGame.start([50, 50], {"min_active_players": 3}, seed=1)
    assert game.phase == "spare" and game.deal_no == 1
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    assert game.deals_done == 1 and sum(game.stacks) == 100 and sum(game.mat.values()) == 0


def test_tri_39_split_equal_gives_the_remainder_in_tie_priority_order() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 3S 4S 5S 6S", BOB: "2H", CAL: "2D"},
                    mat={"KH": 7, "POT": 1}, dealer=BOB, options={"leftover_mat": "split_equal", "max_deals": 1})
    deal.end_deal(game)
    assert game.stacks == [13, 12, 13]         # 8 chips: 2 each; the 2 extra go to Cal, then Ann (dealer Bob last)
    assert sum(game.mat.values()) == 0


def test_tri_39_final_showdown_takes_the_mat() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KH": 9},
                    dealer=BOB, options={"leftover_mat": "final_showdown", "max_deals": 1})
    deal.end_deal(game)
    assert game.is_over() and sum(game.stacks) == 39 and len(game.showdown) == 3
    assert sum(game.mat.values()) == 0


def test_tri_39_sole_survivor_takes_everything() -> None:
    game = position(TripoleyGame, [0, 30, 0], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KITTY": 12, "RUN": 3},
                    dealer=BOB)
    game.mich_winner = game.last_mich_winner = ANN
    deal.end_deal(game)
    assert game.is_over() and game.stacks == [0, 45, 0]


def test_tri_39_nobody_active_counts_the_players_dealt_in() -> None:
    game = position(TripoleyGame, [0, 0, 30], {ANN: "2C", BOB: "3C 5H"}, mat={"KH": 5, "RUN": 4}, dealer=BOB)
    game.dealt_in = [ANN, BOB]
    game.status[CAL] = "left"
    michigan.begin(game, ANN)                      # Ann leads 2C, Bob 3C... Bob still holds 5H; Ann is out
    assert game.is_over()
    assert game.mich_winner == ANN and game.stacks[ANN] == 9 and game.stacks[BOB] == 0
    assert sum(game.mat.values()) == 0


def test_tri_39_last_michigan_winner_who_left_falls_back_to_split_equal() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S", BOB: "3H 4D", CAL: "5D 6C"}, mat={"KH": 8},
                    dealer=CAL, options={"max_deals": 1})
    game.leave(ANN)
    michigan.begin(game, ANN)                      # Ann goes out and wins, then leaves at the deal's end
    assert game.is_over() and game.status[ANN] == "left"
    assert game.stacks[ANN] == 10 + 4              # the KITTY only (Bob 2 cards, Cal 2 cards)
    assert game.stacks[BOB] == 8 + 4 and game.stacks[CAL] == 8 + 4


def test_tri_39_last_michigan_winner_takes_all_by_default() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S", BOB: "3H 4D", CAL: "5D 6C"}, mat={"KH": 8, "POT": 1},
                    dealer=CAL, options={"max_deals": 1})
    michigan.begin(game, ANN)
    assert game.is_over() and game.stacks == [10 + 4 + 9, 8, 8]


def test_tri_39_final_showdown_tie_gives_remainder_in_tie_priority_order() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KH": 10},
                    dealer=BOB, options={"leftover_mat": "final_showdown", "max_deals": 1})
    deal.end_deal(game)
    values = {s["seat"]: best_hand(parse_cards(" ".join(s["cards"]))) for s in game.showdown}
    best = max(values.values())
    tied = [p for p in (CAL, ANN, BOB) if values[p] == best]
    each, rest = divmod(10, len(tied))
    for i, p in enumerate(tied):
        assert game.stacks[p] == 10 + each + (1 if i < rest else 0)
    assert sum(game.mat.values()) == 0


def test_tri_39_split_equal_with_dealer_first_tie_priority() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 3S 4S 5S 6S", BOB: "2H", CAL: "2D"},
                    mat={"KH": 7, "POT": 1}, dealer=BOB,
                    options={"leftover_mat": "split_equal", "max_deals": 1, "tie_priority": "dealer_first"})
    deal.end_deal(game)
    assert game.stacks == [12, 13, 13]         # 8 chips: 2 each; extras to Bob (dealer), then Cal


def test_tri_39_last_michigan_winner_without_a_winner_falls_back_to_split_equal() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2C 5C", BOB: "3C 6C", CAL: "8C"}, mat={"KITTY": 1},
                    dealer=CAL, options={"max_deals": 1})
    michigan.begin(game, ANN)                  # nobody can lead after 2C 3C: no winner
    assert game.is_over() and game.mich_winner is None
    # each pays 1 for a card left; KITTY 1 + 3 = 4 split three ways, the extra chip to Ann
    # (first in tie-priority order with Cal dealing)
    assert game.stacks == [9 + 2, 9 + 1, 9 + 1] and sum(game.mat.values()) == 0


def test_tri_40_equal_wallets_share_a_rank() -> None:
    game = position(TripoleyGame, [30, 30, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, dealer=CAL,
                    options={"max_deals": 1})
    events = deal.end_deal(game)
    over = next(e for e in events if e.kind == "game_over")
    assert [r for _, _, r in over.data["standings"]] == [1, 1, 3]


def test_tri_41_timeout_lead_picks_the_lowest_allowed_card() -> None:
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), None) == "H"
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), "H") == "D"
    game = position(TripoleyGame, [10] * 2, {ANN: "5S 3H 9C", BOB: "2D"}, dealer=BOB)
    michigan.begin(game, ANN)
    assert game.timeout_action(ANN) == Lead(Suit.HEARTS)


def test_tri_41_other_timeouts() -> None:
    game: DealGame = TripoleyGame.start([50] * 3, ON_PLAY, seed=8, dealer=CAL)
    assert game.timeout_action(CAL) == KeepHand()
    game.apply(CAL, AuctionSpare())
    assert game.timeout_action(ANN) == PassBid()
    game = _three_way()
    assert game.timeout_action(ANN) == Check()
    game.apply(ANN, Bet(1))
    assert game.timeout_action(BOB) == Fold()


def test_tri_41_timeouts_are_legal_in_every_phase() -> None:
    game = TripoleyGame.start([40] * 4, seed=2, dealer=ANN,
                              options={"poker_hand_selection": "player_choice", "max_deals": 2})
    kinds = set()
    while not game.is_over():
        for seat in game.to_act():
            act = game.timeout_action(seat)
            assert act in game.legal_actions(seat)
            kinds.add(type(act).__name__)
            game.apply(seat, act)
            break
    assert {"KeepHand", "ChoosePokerHand", "Lead", "NextDeal"} <= kinds


def test_tri_41_turn_timeout_option_sets_the_decision_time() -> None:
    assert TripoleyGame.start([50] * 3, seed=1).turn_timeout_s() == 60
    game = MichiganRummyGame.start([50] * 3, {"turn_timeout_s": 15}, seed=1)
    assert game.turn_timeout_s() == 15
    with pytest.raises(ValueError, match="turn_timeout_s"):
        TripoleyGame.start([50] * 3, {"turn_timeout_s": 601})
