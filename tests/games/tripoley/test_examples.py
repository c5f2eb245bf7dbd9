"""The worked examples EX-1 … EX-17 of rules/tripoley.md §9, one test each."""

from __future__ import annotations

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.poker import HandValue, best_hand
from bot.games.tripoley import deal, michigan, poker_phase, spare
from bot.games.tripoley.actions import AuctionSpare, Bet, Bid, Call, Check, Fold, Lead, PassBid, Raise, Suit, SwapSpare
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, DEE, EVE, MichiganRummyGame, TripoleyGame, position, total
from tests.english import english
from tests.games.known import known


def hand(text: str) -> list[Card]:
    return parse_cards(text)


def test_ex1_deal_positions_four_players() -> None:
    deck = new_deck()
    game = TripoleyGame.start([50] * 4, deck=deck, dealer=DEE)
    assert game.hands[ANN] == deck[0::5] and len(game.hands[ANN]) == 11
    assert game.hands[BOB] == deck[1::5] and len(game.hands[BOB]) == 11
    assert game.hands[CAL] == deck[2::5] and len(game.hands[CAL]) == 10
    assert game.hands[DEE] == deck[3::5] and len(game.hands[DEE]) == 10
    assert game.spare == deck[4::5] and len(game.spare) == 10
    assert game.public_view()["hand_sizes"] == [11, 11, 10, 10]


def test_ex2_tripoley_ante_with_carry_over() -> None:
    game = TripoleyGame.seated([50] * 4, None, seed=0)
    game.mat.update({"JH": 3, "KQ": 6, "RUN": 3, "POT": 1})
    game.dealer = CAL
    deal.start_deal(game, deck=new_deck(), dealer=DEE)
    assert game.stacks == [41] * 4
    assert game.mat == {"AH": 4, "KH": 4, "QH": 4, "JH": 7, "10H": 4, "KQ": 10, "RUN": 7, "KITTY": 4, "POT": 5}
    assert total(game) == 213


def test_ex3_michigan_rummy_dealer_antes_double() -> None:
    game = MichiganRummyGame.start([60] * 5, deck=new_deck(), dealer=EVE)
    assert game.stacks == [51, 51, 51, 51, 42]
    assert all(v == 6 for v in game.mat.values())
    assert sum(game.mat.values()) == 54


def test_ex4_pay_cards_marriage_and_split_run() -> None:
    game = position(TripoleyGame, [41] * 4, {ANN: "QH KH 2S", BOB: "AH 8C 9C 10C", CAL: "8S 9S 10S",
                                               DEE: "10H 8D"},
                    mat={"AH": 4, "KH": 4, "QH": 4, "JH": 7, "10H": 4, "KQ": 10, "RUN": 7, "KITTY": 4, "POT": 5},
                    dealer=DEE)
    assert total(game) == 213
    spare.pay_on_hold(game)
    assert game.stacks == [59, 48, 44, 45]
    assert game.mat == {"AH": 0, "KH": 0, "QH": 0, "JH": 7, "10H": 0, "KQ": 0, "RUN": 1, "KITTY": 4, "POT": 5}
    assert total(game) == 213


def test_ex5_dealer_swaps_unseen() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE, options={"pay_timing": "on_play"})
    old_hand, spare, stacks = list(game.hands[DEE]), list(game.spare), list(game.stacks)
    assert game.to_act() == [DEE]
    game.apply(DEE, SwapSpare())
    assert game.hands[DEE] == spare
    assert game.dead == old_hand
    assert game.stacks == stacks
    assert game.auction is None and game.phase == "betting"


def test_ex6_auction_won_pays_the_dealer() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE, options={"pay_timing": "on_play"})
    cal_hand, spare = list(game.hands[CAL]), list(game.spare)
    game.apply(DEE, AuctionSpare())
    assert game.stacks == [41] * 4
    game.apply(ANN, PassBid())
    game.apply(BOB, Bid(2))
    assert Bid(2) not in game.legal_actions(CAL) and Bid(3) in game.legal_actions(CAL)
    game.apply(CAL, Bid(3))
    assert game.stacks == [41, 41, 38, 44]
    assert game.hands[CAL] == spare and game.dead == cal_hand


def test_ex7_auction_without_bids_leaves_the_spare_dead() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE, options={"pay_timing": "on_play"})
    dee_hand, spare = list(game.hands[DEE]), list(game.spare)
    game.apply(DEE, AuctionSpare())
    for seat in (ANN, BOB, CAL):
        game.apply(seat, PassBid())
    assert game.stacks == [41] * 4
    assert game.dead == spare and game.hands[DEE] == dee_hand
    assert game.phase == "betting"          # the dealer is not asked again (TRI-12)
    assert not any(isinstance(a, SwapSpare) for p in game.to_act() for a in game.legal_actions(p))


def _ex8_position() -> DealGame:
    return position(TripoleyGame, [40] * 4, {ANN: "2C 2D 7S 9H KC", BOB: "8S 8H 8D 4C JS",
                                             CAL: "AS AD 5C 6H 10D", DEE: "3H 4H 7H 10H QH"},
                    mat={"POT": 5}, dealer=DEE)


def test_ex8_betting_round() -> None:
    game = _ex8_position()
    poker_phase.begin_betting(game)
    assert game.to_act() == [ANN]
    game.apply(ANN, Check())
    game.apply(BOB, Bet(2))
    game.apply(CAL, Call(2))
    game.apply(DEE, Raise(3))
    assert known(game.betting).contrib[DEE] == 5
    game.apply(ANN, Fold())
    game.apply(BOB, Call(3))
    assert known(game.betting).turn == CAL
    game.apply(CAL, Fold())
    assert known(game.betting).contrib == {ANN: 0, BOB: 5, CAL: 2, DEE: 5}
    assert game.stacks == [40, 35, 38, 52]
    assert game.mat["POT"] == 0
    assert game.poker_winner == DEE
    assert game.phase == "michigan"
    assert known(game.mich).played[:2] == ["3H", "4H"]     # Dee led first (hearts, her only suit)


def test_ex9_poker_tie_with_an_odd_chip() -> None:
    game = position(TripoleyGame, [30] * 3, {ANN: "5S 6H 7D 8C 9S", BOB: "5D 6C 7H 8S 9H",
                                             CAL: "KS KH 2D 3C 4S"}, mat={"POT": 4}, dealer=CAL)
    poker_phase.begin_betting(game)
    game.apply(ANN, Bet(3))
    game.apply(BOB, Call(3))
    game.apply(CAL, Call(3))
    assert game.stacks == [33, 33, 27]
    assert game.mat["POT"] == 1
    assert game.poker_winner == ANN
    assert game.phase == "michigan" and game.to_act() == [ANN]


def test_ex10_side_pot() -> None:
    game = position(TripoleyGame, [30, 2, 30], {ANN: "QS QH 5D 6C 9S", BOB: "4S 4H 4D 10C JS",
                                                CAL: "JD JC 2S 3H 7C"}, mat={"POT": 3}, dealer=CAL)
    poker_phase.begin_betting(game)
    game.apply(ANN, Bet(4))
    assert game.legal_actions(BOB)[1] == Call(2)
    game.apply(BOB, Call(2))
    game.apply(CAL, Call(4))
    assert game.stacks == [30, 9, 26]
    assert game.mat["POT"] == 0
    assert game.poker_winner == BOB


def test_ex11_everybody_folds() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "2S 3S 4S 5S 7H", BOB: "2H 3H 4H 5H 7S",
                                             CAL: "2D 3D 4D 5D 7C"}, mat={"POT": 3}, dealer=CAL)
    poker_phase.begin_betting(game)
    game.apply(ANN, Bet(2))
    game.apply(BOB, Fold())
    events = game.apply(CAL, Fold())
    assert game.stacks == [23, 20, 20]
    assert game.poker_winner == ANN
    assert not game.showdown and not any(e.kind == "showdown" for e in events)


def test_ex12_michigan_stops_and_a_passed_lead() -> None:
    game = position(TripoleyGame, [20, 1, 15], {ANN: "6S 7S 3H 4H", BOB: "8S 9S 2S 3S",
                                                CAL: "5H 6H 2C 3C QD KD AD"}, mat={"KITTY": 6}, dealer=CAL)
    before = total(game)
    michigan.begin(game, ANN)
    assert game.to_act() == [ANN]
    game.apply(ANN, Lead(Suit.SPADES))
    assert known(game.mich).played == ["6S", "7S", "8S", "9S"]
    assert game.to_act() == [CAL]                      # Bob holds only spades: the lead passed
    assert known(game.mich).forbidden == "S"
    game.apply(CAL, Lead(Suit.DIAMONDS))
    assert game.to_act() == [CAL] and known(game.mich).forbidden == "D"
    assert Lead(Suit.DIAMONDS) not in game.legal_actions(CAL)
    events = game.apply(CAL, Lead(Suit.CLUBS))          # then hearts is Cal's only suit: played at once
    assert game.mich_winner == CAL
    assert game.stacks == [18, 0, 24]
    assert game.mat["KITTY"] == 0
    assert total(game) == before == 42
    assert game.status[BOB] == "broke"
    assert any("out of cards" in english(e) for e in events)


def test_ex13_hand_comparisons() -> None:
    def v(text: str) -> HandValue:
        return best_hand(hand(text))
    assert v("AH 2C 3D 4S 5H") < v("2S 3H 4D 5C 6S")
    assert v("KS KD 7H 7C 2S") < v("KH KC 7S 7D AS")
    assert v("AS KS QS JS 9S") < v("AH AD AC KD KC")
    assert v("10S JH QD KC AS") == v("10H JD QC KS AH")
    assert v("9S 9H 9D 4C 4D") > v("8S 8H 8D AC AD")
    assert v("QS QH 8D 5C 3S") > v("QD QC 8S 5H 2D")


def test_ex14_best_five_of_eleven() -> None:
    value = best_hand(hand("2H 3H 4H 5H 7H 9C 9D 9S 4C 4D KS"))
    assert value.category == "full_house"
    assert value.ranks == (9, 4)
    assert sorted(c.rank for c in value.cards) == [4, 4, 9, 9, 9]


def test_ex15_michigan_rummy_pay_cards_paid_when_played() -> None:
    game = position(MichiganRummyGame, [50] * 4, {ANN: "9H 10H 4C 5C", BOB: "QH KH 10S JS",
                                                  CAL: "JH 9S KC 6D", DEE: "2C 3C AH 7D"},
                    mat={"AH": 5, "KC": 5, "QD": 5, "JS": 9, "10H": 5, "KQ": 12, "RUN": 5, "POKER_POOL": 5,
                         "POT": 5}, dealer=DEE)
    assert total(game) == 256
    michigan.begin(game, michigan.first_leader(game))
    assert game.to_act() == [ANN]
    game.apply(ANN, Lead(Suit.HEARTS))
    assert known(game.mich).played == ["9H", "10H", "JH", "QH", "KH", "AH"]
    assert game.stacks == [55, 62, 50, 55]
    assert game.to_act() == [DEE] and known(game.mich).forbidden == "H"
    game.apply(DEE, Lead(Suit.CLUBS))
    assert game.mich_winner == ANN
    assert game.stacks == [66, 60, 47, 54]
    assert game.mat == {"AH": 0, "KC": 5, "QD": 5, "JS": 9, "10H": 0, "KQ": 0, "RUN": 5, "POKER_POOL": 5,
                        "POT": 0}
    assert total(game) == 256


def test_ex16_michigan_rummy_poker_pool() -> None:
    hands = {ANN: "5S 6S 7S 10S KS 2H 4H 8H 9H 2D 10D KD 9C",
             BOB: "4S 9S AS 5H 10H AH 3D 8D QD 2C 3C 4C 7C",
             CAL: "3S 8S QS 3H 7H 4D 7D JD AD 6C 8C 10C JC"}
    assert best_hand(hand(hands[ANN])).category == "flush"
    assert best_hand(hand(hands[BOB])).category == "straight" and best_hand(hand(hands[BOB])).ranks == (5,)
    cal = best_hand(hand(hands[CAL]))
    assert cal.category == "two_pair" and cal.ranks == (11, 8, 14)
    game = position(MichiganRummyGame, [50] * 3, hands, mat={"POKER_POOL": 14}, dealer=CAL)
    michigan.begin(game, ANN)
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    assert ("mat:POKER_POOL", "seat:0", 14, "poker") in game.ledger
    assert game.mat["POKER_POOL"] == 0
    assert not any(e[3] == "bet" for e in game.ledger)


def test_ex17_end_of_game_mat_to_last_michigan_winner() -> None:
    game = position(TripoleyGame, [41, 77, 27], {ANN: "2S 3S 4S 5S 6S", BOB: "2H 3H 4H 5H 6H",
                                                 CAL: "2D 3D 4D 5D 6D"},
                    mat={"KH": 5, "JH": 3, "KQ": 19, "RUN": 7, "POT": 1}, dealer=BOB,
                    options={"max_deals": 6})
    game.deals_done = 5
    game.mich_winner = game.last_mich_winner = CAL
    events = deal.end_deal(game)
    assert game.is_over()
    assert game.stacks == [41, 77, 62]
    assert sum(game.mat.values()) == 0 and total(game) == 180
    over = next(e for e in events if e.kind == "game_over")
    assert over.data["ranking"] == [BOB, CAL, ANN]
    assert over.data["standings"] == [[BOB, 77, 1], [CAL, 62, 2], [ANN, 41, 3]]
