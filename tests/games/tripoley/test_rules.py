"""Rule tests for Tripoley and Michigan Rummy, by rule id (rules/tripoley.md)."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.tripoley.actions import (AuctionSpare, Bet, Bid, Call, Check, ChoosePokerHand, Fold, KeepHand,
                                        Lead, NextDeal, PassBid, Raise, Suit, SwapSpare)
from bot.games.tripoley.rules import timeout_suit

from .positions import ANN, BOB, CAL, DEE, EVE, MichiganRummyGame, TripoleyGame, position, total

ON_PLAY = {"pay_timing": "on_play"}


# ---- setup ----------------------------------------------------------------------------------

def test_tri_3_high_card_draw_redraws_only_tied_players() -> None:
    for seed in range(200):
        game = TripoleyGame.start([50] * 6, seed=seed)
        if len(game.draw) > 1:
            break
    else:
        pytest.fail("no tie in 200 seeds")
    for rnd in game.draw[:-1]:
        ranks = [Card.parse(c).high for _, c in rnd]
        assert ranks.count(max(ranks)) > 1
    for earlier, later in zip(game.draw, game.draw[1:]):
        top = max(Card.parse(c).high for _, c in earlier)
        assert sorted(p for p, _ in later) == sorted(p for p, c in earlier if Card.parse(c).high == top)
    last = game.draw[-1]
    winner = max(last, key=lambda pc: Card.parse(pc[1]).high)[0]
    assert game.dealer == winner


def test_tri_3_random_first_dealer_is_reproducible() -> None:
    a = TripoleyGame.start([50] * 5, {"first_dealer": "random"}, seed=11)
    b = TripoleyGame.start([50] * 5, {"first_dealer": "random"}, seed=11)
    assert a.dealer == b.dealer and a.draw == []


def test_tri_5_short_ante_pays_in_canonical_order() -> None:
    game = TripoleyGame.start([50, 4, 50], deck=new_deck(), dealer=CAL)
    assert game.stacks[BOB] == 0
    assert [e[1] for e in game.ledger if e[0] == "seat:1"] == ["mat:AH", "mat:KH", "mat:QH", "mat:JH"]


def test_tri_21_wallet_zero_is_all_in_and_never_asked() -> None:
    game = position(TripoleyGame, [10, 0, 10], {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD AC KS",
                                                CAL: "2D 3D 4D 5D 7C"}, mat={"POT": 6}, dealer=CAL)
    game._begin_betting()
    assert BOB in game.betting.allin
    game.apply(ANN, Bet(2))
    game.apply(CAL, Call(2))
    assert game.stacks == [10, 6, 10]   # layer 1 (L=0) is B: Bob's quads; layer 2: Ann and Cal tie, 2 each
    assert game.mat["POT"] == 0


def test_tri_5_eliminate_option_removes_short_players_before_the_ante() -> None:
    game = TripoleyGame.start([50, 5, 50], {"short_ante": "eliminate"}, seed=3, dealer=ANN)
    assert game.status[BOB] == "out" and game.stacks[BOB] == 5
    assert game.dealt_in == [ANN, CAL] and game.can_cash_out(BOB)


def test_tri_5_eliminate_can_end_the_game_before_the_deal() -> None:
    game = TripoleyGame.start([50, 5], {"short_ante": "eliminate"}, seed=3, dealer=ANN)
    assert game.is_over() and game.stacks == [50, 5] and sum(game.mat.values()) == 0


def test_mich_3_short_dealer_pays_a_second_pass_while_chips_last() -> None:
    game = MichiganRummyGame.start([50, 50, 12], deck=new_deck(), dealer=CAL)
    assert game.stacks[CAL] == 0
    cal = [e[1] for e in game.ledger if e[0] == "seat:2"]
    assert len(cal) == 12 and cal[9:] == ["mat:AH", "mat:KC", "mat:QD"]


def test_mich_3_single_ante_option() -> None:
    game = MichiganRummyGame.start([50] * 3, {"mich_dealer_double_ante": False}, deck=new_deck(), dealer=CAL)
    assert game.stacks == [41, 41, 41]


@pytest.mark.parametrize("n, sizes, spare", [
    (2, [18, 17], 17), (3, [13, 13, 13], 13), (4, [11, 11, 10, 10], 10), (5, [9, 9, 9, 9, 8], 8),
    (6, [8, 8, 8, 7, 7, 7], 7), (7, [7, 7, 7, 7, 6, 6, 6], 6), (8, [6] * 7 + [5], 5),
    (9, [6, 6] + [5] * 7, 5)])
def test_tri_7_hand_sizes(n: int, sizes: list[int], spare: int) -> None:
    dealer = n - 1                   # so position 1 (left of the dealer) is seat 0
    game = TripoleyGame.start([50] * n, seed=1, dealer=dealer)
    assert [len(game.hands[p]) for p in range(n)] == sizes and len(game.spare) == spare


def test_tri_7_spare_before_first_gets_the_extra_card() -> None:
    deck = new_deck()
    game = TripoleyGame.start([50] * 4, {"spare_deal_position": "before_first"}, deck=deck, dealer=DEE)
    assert game.spare == deck[0::5] and len(game.spare) == 11
    assert [len(game.hands[p]) for p in range(4)] == [11, 10, 10, 10]


def test_tri_8_views_show_only_what_a_seat_may_see() -> None:
    game = TripoleyGame.start([50] * 4, seed=5, dealer=DEE)
    view = game.public_view()
    view.pop("mat")                         # compartment codes look like cards (AH, 10H)
    public = json.dumps(view)
    for p in range(4):
        assert not any(f'"{c}"' in public for c in map(str, game.hands[p]))
    assert not any(f'"{c}"' in public for c in map(str, game.spare))
    mine = game.private_view(ANN)
    assert sorted(mine["hand"]) == sorted(map(str, game.hands[ANN]))
    assert not set(mine["hand"]) & set(map(str, game.hands[BOB]))


# ---- spare hand ---------------------------------------------------------------------------------

def test_tri_9_auction_off_leaves_swap_or_keep() -> None:
    game = TripoleyGame.start([50] * 3, {"spare_auction": "off"}, seed=2, dealer=CAL)
    assert game.legal_actions(CAL) == [SwapSpare(), KeepHand()]
    with pytest.raises(IllegalAction):
        game.apply(CAL, AuctionSpare())


def test_tri_10_bidder_who_cannot_afford_is_passed_automatically() -> None:
    game = TripoleyGame.start([50, 9, 50, 50], ON_PLAY, deck=new_deck(), dealer=DEE)
    game.apply(DEE, AuctionSpare())
    assert game.to_act() == [ANN]
    game.apply(ANN, Bid(1))
    assert game.to_act() == [CAL]            # Bob has 0 chips after the ante
    assert [BOB, 0] in game.auction["log"]


def test_tri_10_invalid_bids_are_refused_and_change_nothing() -> None:
    game = TripoleyGame.start([50, 12, 50, 50], {**ON_PLAY, "spare_min_bid": 2}, deck=new_deck(), dealer=DEE)
    game.apply(DEE, AuctionSpare())
    before = game.to_dict()
    with pytest.raises(IllegalAction) as low:
        game.apply(ANN, Bid(1))
    assert low.value.rule == "TRI-10" and game.to_dict() == before
    game.apply(ANN, Bid(2))
    with pytest.raises(IllegalAction) as high:
        game.apply(BOB, Bid(4))              # Bob has 3 after the ante
    assert "3 chips" in str(high.value)
    game.apply(BOB, Bid(3))
    assert game.auction["high_seat"] == BOB


def test_tri_11_open_ascending_goes_round_until_the_others_pass() -> None:
    game = TripoleyGame.start([50] * 4, {**ON_PLAY, "spare_auction": "open_ascending"}, deck=new_deck(),
                              dealer=DEE)
    game.apply(DEE, AuctionSpare())
    game.apply(ANN, Bid(1))
    game.apply(BOB, Bid(2))
    game.apply(CAL, PassBid())
    assert game.to_act() == [ANN]            # round again, Cal's pass is final
    game.apply(ANN, Bid(4))
    game.apply(BOB, PassBid())
    assert game.phase == "betting" and game.stacks[ANN] == 37 and game.stacks[DEE] == 45


def test_tri_12_dealer_may_take_unsold_spare_with_option() -> None:
    game = TripoleyGame.start([50] * 3, {**ON_PLAY, "dealer_takes_unsold_spare": True}, deck=new_deck(),
                              dealer=CAL)
    spare = list(game.spare)
    game.apply(CAL, AuctionSpare())
    game.apply(ANN, PassBid())
    game.apply(BOB, PassBid())
    assert game.phase == "spare_after" and game.legal_actions(CAL) == [SwapSpare(), KeepHand()]
    game.apply(CAL, SwapSpare())
    assert game.hands[CAL] == spare


def test_tri_14_pay_card_holders_may_not_swap_or_bid() -> None:
    deck = new_deck()       # canonical order: Ann gets AS 6S JS 3H 8H KH …, so she holds KH
    game = TripoleyGame.start([50] * 4, {"spare_requires_no_pay_cards": True}, deck=deck, dealer=DEE)
    holder = next(p for p in range(4) if Card.parse("KH") in game.hands[p])
    dealer_has = any(c in game.hands[DEE] for c in parse_cards("AH KH QH JH 10H"))
    assert (SwapSpare() in game.legal_actions(DEE)) == (not dealer_has)
    game.apply(DEE, AuctionSpare())
    while game.phase == "auction":
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if seat == holder:
            assert legal == [PassBid()]
            with pytest.raises(IllegalAction) as err:
                game.apply(seat, Bid(5))
            assert err.value.rule == "TRI-14"
        game.apply(seat, PassBid())


# ---- pay cards -------------------------------------------------------------------------------

def test_tri_17_per_run_counts_each_run_as_a_share() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "8C 9C 10C 8S 9S 10S", BOB: "8D 9D 10D", CAL: "2H"},
                    mat={"RUN": 10}, options={"run_shares": "per_run"})
    game._pay_on_hold()
    assert game.stacks == [26, 23, 20] and game.mat["RUN"] == 1


def test_tri_17_per_player_counts_a_player_once() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "8C 9C 10C 8S 9S 10S", BOB: "8D 9D 10D", CAL: "2H"},
                    mat={"RUN": 10})
    game._pay_on_hold()
    assert game.stacks == [25, 25, 20] and game.mat["RUN"] == 0


def test_tri_19_on_play_pays_when_played_in_tripoley() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "QH KH 2C", BOB: "5S 6S", CAL: "9D 10D"},
                    mat={"QH": 3, "KH": 4, "KQ": 5, "KITTY": 0}, dealer=CAL, options=ON_PLAY)
    game._begin_michigan(ANN)
    game.apply(ANN, Lead(Suit.HEARTS))
    assert [e[3] for e in game.ledger if e[1] == "seat:0"][:3] == ["pay:QH", "pay:KH", "pay:KQ"]
    assert game.mat["QH"] == game.mat["KH"] == game.mat["KQ"] == 0


# ---- poker ---------------------------------------------------------------------------------------

def test_tri_20_player_choice_designates_five_cards() -> None:
    game = TripoleyGame.start([50] * 3, {"poker_hand_selection": "player_choice", **ON_PLAY}, seed=4,
                              dealer=CAL)
    game.apply(CAL, KeepHand())
    assert game.phase == "choose_hand" and game.to_act() == [ANN, BOB, CAL]
    with pytest.raises(IllegalAction):
        game.apply(ANN, ChoosePokerHand(tuple(game.hands[BOB][:5])))
    with pytest.raises(IllegalAction):
        game.apply(ANN, ChoosePokerHand(tuple(game.hands[ANN][:4])))
    mine = tuple(game.hands[ANN][:5])
    game.apply(ANN, ChoosePokerHand(mine))
    assert game.private_view(ANN)["poker_hand"]["cards"] and game.to_act() == [BOB, CAL]
    assert game.timeout_action(BOB) in game.legal_actions(BOB)
    game.apply(BOB, game.timeout_action(BOB))
    game.apply(CAL, game.timeout_action(CAL))
    assert game.phase == "betting" and set(game.chosen[ANN]) == set(mine)


def _three_way(wallets=(30, 30, 30), options=None, pot=3):
    game = position(TripoleyGame, list(wallets), {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS",
                                                  CAL: "2D 3D 4D 5D 7C"}, mat={"POT": pot}, dealer=CAL,
                    options=options)
    game._begin_betting()
    return game


def test_tri_23_limits_and_raise_cap() -> None:
    game = _three_way(options={"poker_max_raises": 1})
    assert [a.amount for a in game.legal_actions(ANN) if isinstance(a, Bet)] == [1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Bet(6))
    assert err.value.rule == "TRI-23"
    with pytest.raises(IllegalAction):
        game.apply(ANN, Raise(2))                 # nothing to raise yet
    game.apply(ANN, Bet(2))
    game.apply(BOB, Raise(5))
    assert not any(isinstance(a, Raise) for a in game.legal_actions(CAL))   # 1 bet + 1 raise made
    assert Call(7) in game.legal_actions(CAL)


def test_tri_23_short_wallet_may_raise_all_in() -> None:
    game = _three_way(wallets=(30, 3, 30), options={"poker_min_bet": 2})
    game.apply(ANN, Bet(2))
    assert [a for a in game.legal_actions(BOB) if isinstance(a, Raise)] == [Raise(1)]
    game.apply(BOB, Raise(1))
    assert BOB in game.betting.allin and game.betting.current == 3


def test_tri_24_everyone_checks_goes_to_showdown() -> None:
    game = _three_way()
    for seat in (ANN, BOB, CAL):
        game.apply(seat, Check())
    assert game.poker_winner == BOB and game.stacks[BOB] == 33 and game.phase == "michigan"


def test_tri_26_uncalled_excess_is_returned() -> None:
    game = _three_way(wallets=(30, 30, 4))
    game.apply(ANN, Bet(5))
    game.apply(BOB, Raise(5))            # Bob in for 10
    game.apply(CAL, Call(4))             # all-in for 4 of 10
    game.apply(ANN, Fold())
    assert ["mat:POT", "seat:1", 5, "return"] in game.ledger    # excess over Ann's 5
    # layer 1 (L=4): 4 from each of the three + B 3 = 15; layer 2 (L=5): Ann's 1 + Bob's 1; both to Bob
    assert game.stacks == [25, 30 - 10 + 5 + 15 + 2, 0]
    assert game.mat["POT"] == 0


def test_tri_28_no_betting_shows_down_at_once() -> None:
    game = _three_way(options={"tripoley_poker_betting": False}, pot=10)
    game2 = position(TripoleyGame, [30] * 3, {ANN: "2S 3S 4S 5S 7H", BOB: "2H 3H 4H 5H 7S",
                                              CAL: "AS AH AD 9C KS"}, mat={"POT": 10}, dealer=CAL,
                     options={"tripoley_poker_betting": False})
    game2._begin_betting()
    assert game2.poker_winner == CAL and game2.stacks[CAL] == 40 and game2.betting is None
    assert game.betting is None and game.stacks[BOB] == 40


def test_tri_27_tie_priority_dealer_first_option() -> None:
    hands = {ANN: "5S 6H 7D 8C 9S", BOB: "KS KH 2D 3C 4S", CAL: "5D 6C 7H 8S 9H"}
    normal = position(TripoleyGame, [30] * 3, hands, mat={"POT": 4}, dealer=CAL,
                      options={"tripoley_poker_betting": False})
    normal._begin_betting()
    flipped = position(TripoleyGame, [30] * 3, hands, mat={"POT": 4}, dealer=CAL,
                       options={"tripoley_poker_betting": False, "tie_priority": "dealer_first"})
    flipped._begin_betting()
    assert normal.poker_winner == ANN and flipped.poker_winner == CAL
    assert normal.mat["POT"] == flipped.mat["POT"] == 0


# ---- Michigan ---------------------------------------------------------------------------------------

def test_tri_36_nobody_can_lead_payments_and_kitty_stays() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 9S", BOB: "3S 5S", CAL: "7S"}, mat={"KITTY": 3},
                    dealer=CAL)
    events = game._begin_michigan(ANN)      # 2S 3S, stop; nobody holds a card outside spades (TRI-34)
    assert game.mich_winner is None and any("Nobody can lead" in e.text for e in events)
    assert game.mat["KITTY"] == 3 + 3 and game.stacks == [9, 9, 9]


def test_tri_36_no_payment_option() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 9S", BOB: "3S 5S", CAL: "7S"}, mat={"KITTY": 3},
                    dealer=CAL, options={"no_winner_payment": "none"})
    game._begin_michigan(ANN)
    assert game.stacks == [10, 10, 10] and game.mat["KITTY"] == 3


def test_tri_41_timeout_lead_picks_the_lowest_allowed_card() -> None:
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), None) == "H"
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), "H") == "D"
    game = position(TripoleyGame, [10] * 2, {ANN: "5S 3H 9C", BOB: "2D"}, dealer=BOB)
    game._begin_michigan(ANN)
    assert game.timeout_action(ANN) == Lead(Suit.HEARTS)


def test_tri_41_other_timeouts() -> None:
    game = TripoleyGame.start([50] * 3, ON_PLAY, seed=8, dealer=CAL)
    assert game.timeout_action(CAL) == KeepHand()
    game.apply(CAL, AuctionSpare())
    assert game.timeout_action(ANN) == PassBid()
    game = _three_way()
    assert game.timeout_action(ANN) == Check()
    game.apply(ANN, Bet(1))
    assert game.timeout_action(BOB) == Fold()


def test_mich_8_run_pays_when_the_third_card_is_played() -> None:
    game = position(MichiganRummyGame, [20] * 3, {ANN: "7C 8C 9C 2S", BOB: "3S", CAL: "4D"},
                    mat={"RUN": 6}, dealer=CAL)
    game._begin_michigan(ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert ["mat:RUN", "seat:0", 6, "pay:RUN"] in game.ledger


def test_mich_9_remaining_cards_option_needs_five_cards() -> None:
    hands = {ANN: "2S 3S 4S 5S 6S 8D", BOB: "AH AD AC AS KS 9D", CAL: "2C 4C 6C 8C 10C QC QD"}
    game = position(MichiganRummyGame, [20] * 3, hands, mat={"POKER_POOL": 9}, dealer=BOB,
                    options={"mich_poker_cards": "remaining_cards"})
    game._begin_michigan(CAL)
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    winners = [e[1] for e in game.ledger if e[3] == "poker"]
    eligible = [p for p in range(3) if len(game.hands[p]) >= 5]
    assert all(int(w.split(":")[1]) in eligible for w in winners)


# ---- end of deal / game -------------------------------------------------------------------------

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


def test_tri_39_split_equal_gives_the_remainder_in_tie_priority_order() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 3S 4S 5S 6S", BOB: "2H", CAL: "2D"},
                    mat={"KH": 7, "POT": 1}, dealer=BOB, options={"leftover_mat": "split_equal", "max_deals": 1})
    game._end_deal()
    assert game.stacks == [13, 12, 13]         # 8 chips: 2 each; the 2 extra go to Cal, then Ann (dealer Bob last)
    assert sum(game.mat.values()) == 0


def test_tri_39_final_showdown_takes_the_mat() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KH": 9},
                    dealer=BOB, options={"leftover_mat": "final_showdown", "max_deals": 1})
    game._end_deal()
    assert game.is_over() and sum(game.stacks) == 39 and len(game.showdown) == 3
    assert sum(game.mat.values()) == 0


def test_tri_39_sole_survivor_takes_everything() -> None:
    game = position(TripoleyGame, [0, 30, 0], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KITTY": 12, "RUN": 3},
                    dealer=BOB)
    game.mich_winner = game.last_mich_winner = ANN
    game._end_deal()
    assert game.is_over() and game.stacks == [0, 45, 0]


def test_tri_2_cash_out_only_between_deals_and_the_game_ends_when_too_few_remain() -> None:
    game = TripoleyGame.start([50] * 3, seed=9, dealer=CAL)
    assert not game.can_cash_out(ANN)
    with pytest.raises(IllegalAction):
        game.cash_out(ANN)
    while game.phase != "between":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    stacks = list(game.stacks)
    game.cash_out(ANN)
    assert game.stacks[ANN] == 0 and game.status[ANN] == "left" and not game.is_over()
    mat = sum(game.mat.values())
    game.cash_out(BOB)
    assert game.to_act() == [CAL] and not game.can_cash_out(CAL)
    events = game.apply(CAL, NextDeal())      # one active player: the game ends (TRI-38 a, TRI-39)
    assert game.is_over() and game.stacks[CAL] == stacks[CAL] + mat
    assert any(e.kind == "summary" for e in events)


def test_summary_lists_every_chip_movement() -> None:
    game = TripoleyGame.start([50] * 4, seed=12, dealer=DEE)
    events = []
    while game.phase != "between":
        seat = game.to_act()[0]
        events += game.apply(seat, game.bot_action(seat, __import__("random").Random(1)))
    summary = [e for e in events if e.kind == "summary"]
    assert len(summary) == 1
    text = summary[0].text
    assert "Antes to the mat" in text and "{p0} 9" in text and "Mat now" in text
    assert ("Michigan:" in text) == (game.mich_winner is not None)


# ---- contract ---------------------------------------------------------------------------------------

def test_options_are_validated_by_name() -> None:
    with pytest.raises(ValueError, match="poker_max_bet"):
        TripoleyGame.start([50] * 3, {"poker_min_bet": 4, "poker_max_bet": 2})
    with pytest.raises(ValueError, match="nonsense"):
        TripoleyGame.start([50] * 3, {"nonsense": 1})
    with pytest.raises(ValueError, match="turn_timeout_s"):
        MichiganRummyGame.start([50] * 3, {"turn_timeout_s": 5})
    with pytest.raises(ValueError):
        MichiganRummyGame.start([50] * 2)
    with pytest.raises(ValueError, match="poker_max_bet"):
        MichiganRummyGame.start([50] * 3, {"poker_max_bet": 3})     # no betting in Michigan Rummy (MICH-5)
    assert TripoleyGame.start([50] * 3, {"poker_max_bet": 0}).opts["poker_max_bet"] == 0


def test_buy_in_is_free_above_the_minimum() -> None:
    assert TripoleyGame.buy_in({}).minimum == 9 and TripoleyGame.buy_in({}).maximum is None
    assert MichiganRummyGame.buy_in({"min_chips_to_join": 40}).minimum == 40
    assert MichiganRummyGame.buy_in({}).default >= 18


def test_out_of_turn_and_wrong_phase_actions_are_refused() -> None:
    game = TripoleyGame.start([50] * 3, seed=1, dealer=CAL)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(ANN, KeepHand())
    with pytest.raises(IllegalAction):
        game.apply(CAL, Lead(Suit.SPADES))
    assert game.to_dict() == before


def test_rules_summaries_are_short() -> None:
    for cls in (TripoleyGame, MichiganRummyGame):
        assert len(cls.rules_summary) <= 1800
        assert all(a.kind for a in cls.action_types)


def _finish_deal(game) -> None:
    while game.phase not in ("between", "over"):
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def test_tri_2_leave_mid_deal_plays_out_the_deal_then_is_dealt_out() -> None:
    game = TripoleyGame.start([50] * 4, seed=3, dealer=DEE)
    assert game.leave(BOB) == [] and not game.can_cash_out(BOB)
    assert game.public_view()["status"][BOB] == "leaving"
    total_before = total(game)
    _finish_deal(game)
    assert game.status[BOB] == "left" and game.can_cash_out(BOB)
    stack = game.stacks[BOB]
    events = game.cash_out(BOB)
    assert game.stacks[BOB] == 0 and str(stack) in events[0].text
    assert total(game) == total_before - stack
    dealer = game.to_act()[0]
    game.apply(dealer, NextDeal())
    assert BOB not in game.dealt_in and game.hands[BOB] == []


def test_tri_37_leaver_never_receives_mat_chips_at_game_end() -> None:
    game = TripoleyGame.start([50] * 2, seed=4, dealer=BOB)
    game.leave(ANN)
    _finish_deal(game)
    assert game.is_over()                     # one active player left: Bob takes the mat (TRI-39)
    assert sum(game.mat.values()) == 0
    assert not any(e[1] == "seat:0" and e[3] == "final" for e in game.ledger)
    game.cash_out(ANN)
    assert game.stacks[ANN] == 0


def test_tri_2_leave_between_deals_takes_effect_at_once() -> None:
    game = TripoleyGame.start([50] * 3, seed=5, dealer=CAL)
    _finish_deal(game)
    game.leave(ANN)
    assert game.status[ANN] == "left" and game.can_cash_out(ANN)
    game.cash_out(ANN)
    assert game.leave(BOB) == [] and game.status[BOB] == "left"
    game.cash_out(BOB)
    assert not game.can_cash_out(CAL)         # the last player plays on until the game ends
    game.leave(CAL)
    assert game.status[CAL] == "active" and game.to_act() == [CAL]
    events = game.apply(CAL, game.timeout_action(CAL))   # too few remain: Cal takes the mat (TRI-38 a)
    assert game.is_over() and any(e.kind == "summary" for e in events)
    assert sum(game.mat.values()) == 0 and game.stacks[ANN] == game.stacks[BOB] == 0
    assert game.can_cash_out(CAL)


def test_tri_38_next_deal_with_too_few_active_players_ends_the_game() -> None:
    game = TripoleyGame.start([50] * 3, seed=6, dealer=CAL)
    _finish_deal(game)
    game.leave(ANN)
    game.leave(BOB)
    assert game.to_act() == [CAL]
    game.apply(CAL, NextDeal())
    assert game.is_over() and sum(game.mat.values()) == 0
    assert game.can_cash_out(ANN) and game.can_cash_out(BOB)


def test_tri_20_choices_cover_the_whole_hand_for_the_multi_select() -> None:
    game = TripoleyGame.start([50] * 2, {"poker_hand_selection": "player_choice", **ON_PLAY}, seed=4,
                              dealer=BOB)
    game.apply(BOB, KeepHand())
    legal = game.legal_actions(ANN)
    assert legal[0] == game.timeout_action(ANN) and all(len(a.cards) == 5 for a in legal)
    assert set().union(*(a.cards for a in legal)) == set(game.hands[ANN])
    assert len({frozenset(a.cards) for a in legal}) == len(legal)


def test_tri_40_equal_wallets_share_a_rank() -> None:
    game = position(TripoleyGame, [30, 30, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, dealer=CAL,
                    options={"max_deals": 1})
    events = game._end_deal()
    over = next(e for e in events if e.kind == "game_over")
    assert [r for _, _, r in over.data["standings"]] == [1, 1, 3]


def test_tri_13_reveal_dead_hand_option_shows_it_at_the_end_of_the_deal() -> None:
    game = TripoleyGame.start([50] * 3, {"reveal_dead_hand": True}, seed=2, dealer=CAL)
    spare = sorted(map(str, game.spare))
    assert game.public_view()["dead_hand"] == []
    events = []
    while game.phase != "between":
        seat = game.to_act()[0]
        events += game.apply(seat, game.timeout_action(seat))     # dealer keeps: the spare hand dies
    assert sorted(game.public_view()["dead_hand"]) == spare
    assert any(e.kind == "dead_hand" and e.private_to is None for e in events)


def test_tri_22_dealer_opens_the_betting_with_option() -> None:
    game = TripoleyGame.start([50] * 3, {"poker_first_to_act": "dealer", **ON_PLAY}, seed=2, dealer=BOB)
    game.apply(BOB, KeepHand())
    assert game.phase == "betting" and game.to_act() == [BOB]
    game = TripoleyGame.start([50] * 3, ON_PLAY, seed=2, dealer=BOB)
    game.apply(BOB, KeepHand())
    assert game.to_act() == [CAL]


def test_mich_6_dealer_leads_first_with_option() -> None:
    for option, first in (("left_of_dealer", ANN), ("dealer", DEE)):
        game = MichiganRummyGame.start([50] * 4, {"mich_first_leader": option}, seed=3, dealer=DEE)
        events = game.apply(DEE, KeepHand())
        assert events[1].text == "Michigan: {p%d} leads first." % first


def test_mich_7_on_hold_option_pays_michigan_rummy_cards_after_the_spare_phase() -> None:
    game = position(MichiganRummyGame, [20] * 3, {ANN: "KC QD 7S 8S 9S", BOB: "QH KH", CAL: "AH JS 10H KS"},
                    mat={"AH": 3, "KC": 3, "QD": 3, "JS": 3, "10H": 3, "KQ": 3, "RUN": 3}, dealer=CAL,
                    options={"pay_timing": "on_hold"})
    game._pay_on_hold()
    assert game.stacks == [20 + 3 + 3 + 3, 20 + 3, 20 + 3 + 3 + 3]
    assert game.mat["POKER_POOL"] == 0 and sum(game.mat.values()) == 0


def test_tri_38_min_active_players_three_ends_when_two_remain() -> None:
    game = position(TripoleyGame, [30, 0, 30], {ANN: "2S", BOB: "2H", CAL: "2D"}, mat={"KITTY": 3},
                    dealer=CAL, options={"min_active_players": 3})
    game.mich_winner = game.last_mich_winner = CAL
    game._end_deal()
    assert game.status[BOB] == "broke" and game.is_over() and game.stacks == [30, 0, 33]


def test_tri_38c_host_stop_ends_the_game_at_the_end_of_the_deal() -> None:
    from bot.games.simulate import play, random_policy
    from tests.games.invariants import check_state

    game = TripoleyGame.start([100, 100, 100], seed=11)
    events = game.request_stop()
    assert "ends when this deal does" in events[0].text
    with pytest.raises(IllegalAction):
        game.request_stop()
    assert TripoleyGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    deals = game.deal_no
    for _ in play(game, random_policy, seed=1):
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
