"""Tripoley and Michigan Rummy rules, the spare hand: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.tripoley import michigan
from bot.games.tripoley.actions import (
    AuctionSpare,
    Bid,
    KeepHand,
    Lead,
    PassBid,
    Suit,
    SwapSpare,
)
from bot.games.tripoley.phases import Phase

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, TripoleyGame, position
from .rules_helpers import ON_PLAY
from tests.games.known import known


def test_tri_9_auction_off_leaves_swap_or_keep() -> None:
    game = TripoleyGame.start([50] * 3, {"spare_auction": "off"}, seed=2, dealer=CAL)
    assert game.legal_actions(CAL) == [SwapSpare(), KeepHand()]
    with pytest.raises(IllegalAction):
        game.apply(CAL, AuctionSpare())


def test_tri_9_swap_is_final_and_ends_the_spare_phase_without_auction() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE)
    dealt, spare = list(game.hands[DEE]), list(game.spare)
    game.apply(DEE, SwapSpare())
    assert sorted(game.hands[DEE]) == sorted(spare) and sorted(game.dead) == sorted(dealt)
    assert game.auction is None and game.phase == "betting"
    assert not any(e[3] == "auction" for e in game.ledger)     # no chips move for the swap


def test_tri_10_bidder_who_cannot_afford_is_passed_automatically() -> None:
    game = TripoleyGame.start([50, 9, 50, 50], ON_PLAY, deck=new_deck(), dealer=DEE)
    game.apply(DEE, AuctionSpare())
    assert game.to_act() == [ANN]
    game.apply(ANN, Bid(1))
    assert game.to_act() == [CAL]            # Bob has 0 chips after the ante
    assert (BOB, 0) in known(game.auction).log


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
    assert known(game.auction).high_seat == BOB


def test_tri_10_only_non_dealers_bid_from_the_dealers_left() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=BOB)
    game.apply(BOB, AuctionSpare())
    assert known(game.auction).order == [CAL, DEE, ANN]
    assert game.to_act() == [CAL]
    assert game.legal_actions(BOB) == []


def test_tri_10_bid_above_increment_but_off_the_step_is_accepted() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE,
                              options={"spare_bid_increment": 3, "spare_min_bid": 2})
    game.apply(DEE, AuctionSpare())
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Bid(1))
    assert err.value.rule == "TRI-10" and "2" in str(err.value)
    game.apply(ANN, Bid(2))
    with pytest.raises(IllegalAction):
        game.apply(BOB, Bid(4))                   # needs 2 + 3
    game.apply(BOB, Bid(6))                       # ≥ 5: any amount up to the wallet
    game.apply(CAL, PassBid())
    assert [e for e in game.ledger if e[3] == "auction"] == [("seat:1", "seat:3", 6, "auction")]
    assert game.dead_from == BOB


def test_tri_10_bid_may_equal_the_whole_wallet_but_not_more() -> None:
    game = TripoleyGame.start([50, 50, 12, 50], deck=new_deck(), dealer=DEE)
    game.apply(DEE, AuctionSpare())
    game.apply(ANN, PassBid())
    game.apply(BOB, PassBid())
    assert game.stacks[CAL] == 3
    with pytest.raises(IllegalAction) as err:
        game.apply(CAL, Bid(4))
    assert "3" in str(err.value)
    game.apply(CAL, Bid(3))
    assert [e for e in game.ledger if e[3] == "auction"] == [("seat:2", "seat:3", 3, "auction")]


@pytest.mark.parametrize("mode", ["single_round", "open_ascending"])
def test_tri_10_to_12_random_auctions_match_a_model_of_the_rules(mode: str) -> None:
    rng = random.Random(mode)
    for _ in range(200):
        n = rng.randint(2, 7)
        wallets = [rng.choice([9, 10, 11, 13, 20, 60]) for _ in range(n)]
        mn, inc = rng.choice([1, 2, 4]), rng.choice([1, 2, 3])
        dealer = rng.randrange(n)
        deck = new_deck()
        rng.shuffle(deck)
        game = TripoleyGame.start(wallets, deck=deck, dealer=dealer,
                                  options={"spare_auction": mode, "spare_min_bid": mn, "spare_bid_increment": inc,
                                           "pay_timing": "on_play"})
        wallet = list(game.stacks)
        spare = sorted(game.spare)
        dealt = {p: sorted(game.hands[p]) for p in range(n)}
        game.apply(dealer, AuctionSpare())
        bidders = [(dealer + 1 + i) % n for i in range(n - 1)]
        high, high_seat = 0, None
        passed: set[int] = set()
        i = 0
        for _step in range(100):
            need = mn if high_seat is None else high + inc
            if mode == "single_round":
                if i >= len(bidders):
                    break
                p = bidders[i]
                i += 1
            else:
                left = [q for q in bidders if q not in passed]
                if not left or left == [high_seat]:
                    break
                p = bidders[i % len(bidders)]
                i += 1
                if p in passed or p == high_seat:
                    continue
            if wallet[p] < need:                               # TRI-10.3: passed without being asked
                passed.add(p)
                assert game.phase != "auction" or p not in game.to_act()
                continue
            assert game.to_act() == [p]
            with pytest.raises(IllegalAction):
                game.apply(p, Bid(need - 1))
            with pytest.raises(IllegalAction):
                game.apply(p, Bid(wallet[p] + 1))
            if rng.random() < 0.45:
                bid = rng.randint(need, min(wallet[p], need + 6))
                game.apply(p, Bid(bid))
                high, high_seat = bid, p
            else:
                game.apply(p, PassBid())
                passed.add(p)
        assert game.phase != "auction"
        moved = [e for e in game.ledger if e[3] == "auction"]
        if high_seat is None:                                  # TRI-12
            assert sorted(game.dead) == spare and moved == []
        else:                                                  # TRI-10.4
            assert moved == [(f"seat:{high_seat}", f"seat:{dealer}", high, "auction")]
            assert sorted(game.hands[high_seat]) == spare and sorted(game.dead) == dealt[high_seat]


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


def test_tri_11_open_ascending_pass_is_final_and_bidding_continues_round() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=DEE, options={"spare_auction": "open_ascending"})
    game.apply(DEE, AuctionSpare())
    game.apply(ANN, Bid(1))
    game.apply(BOB, PassBid())
    game.apply(CAL, Bid(2))
    assert game.to_act() == [ANN]                 # Bob passed for good, so Ann again
    game.apply(ANN, Bid(4))
    assert game.to_act() == [CAL]
    game.apply(CAL, PassBid())
    assert game.phase != "auction" and game.dead_from == ANN
    assert [e for e in game.ledger if e[3] == "auction"] == [("seat:0", "seat:3", 4, "auction")]


def test_tri_11_open_ascending_nobody_bids() -> None:
    game = TripoleyGame.start([50] * 3, deck=new_deck(), dealer=CAL, options={"spare_auction": "open_ascending"})
    game.apply(CAL, AuctionSpare())
    game.apply(ANN, PassBid())
    game.apply(BOB, PassBid())
    assert game.phase == "betting" and game.dead_from is None
    assert not any(e[3] == "auction" for e in game.ledger)


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


def test_tri_12_default_dealer_cannot_swap_after_unsold_auction() -> None:
    game = TripoleyGame.start([50] * 3, deck=new_deck(), dealer=CAL)
    spare = list(game.spare)
    game.apply(CAL, AuctionSpare())
    game.apply(ANN, PassBid())
    game.apply(BOB, PassBid())
    assert game.phase == "betting" and sorted(game.dead) == sorted(spare)


def test_tri_12_and_tri_14_spare_refusals_are_explained() -> None:
    game = position(TripoleyGame, [50] * 3, {ANN: "2S", BOB: "3S", CAL: "JH 4S"}, dealer=CAL,
                    options={"spare_requires_no_pay_cards": True})
    game.phase = Phase("spare")
    with pytest.raises(IllegalAction) as err:
        game.apply(CAL, SwapSpare())
    assert "pay card" in str(err.value) and err.value.rule == "TRI-14"
    after = TripoleyGame.start([50] * 3, deck=new_deck(), dealer=CAL, options={"dealer_takes_unsold_spare": True})
    after.apply(CAL, AuctionSpare())
    after.apply(ANN, PassBid())
    after.apply(BOB, PassBid())
    assert after.phase == "spare_after"
    with pytest.raises(IllegalAction) as err:
        after.apply(CAL, AuctionSpare())
    assert "already" in str(err.value) and err.value.rule == "TRI-12"
    off = TripoleyGame.start([50] * 3, deck=new_deck(), dealer=CAL, options={"spare_auction": "off"})
    with pytest.raises(IllegalAction) as err:
        off.apply(CAL, AuctionSpare())
    assert "no auction" in str(err.value).lower() and err.value.rule == "TRI-9"


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


def test_tri_13_dead_hand_is_never_revealed_by_default() -> None:
    game = TripoleyGame.start([50] * 3, seed=5, dealer=CAL, options={"max_deals": 1})
    while not game.is_over():
        seat = game.to_act()[0]
        events = game.apply(seat, game.timeout_action(seat))
        for e in events:
            if e.private_to is None:
                assert e.kind != "dead_hand"
    assert game.public_view()["dead_hand"] == []


def test_tri_13_dead_cards_act_as_stops_and_are_never_played() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2S 3S 5S 7D 9C", BOB: "6S 9H"}, mat={"KITTY": 0},
                    dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))            # 2S 3S, 4S is dead: stop, Ann leads again
    assert known(game.mich).played == ["2S", "3S"]
    assert known(game.mich).leader == ANN and known(game.mich).forbidden == "S"
    assert game.to_act() == [ANN] and game.legal_actions(ANN) == [Lead(Suit.DIAMONDS), Lead(Suit.CLUBS)]


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


def test_tri_14_michigan_rummy_uses_its_own_pay_cards() -> None:
    opts = {"spare_requires_no_pay_cards": True}
    # QH alone pays nothing in Michigan Rummy (MICH-8), KC does (MICH-7)
    free = position(MichiganRummyGame, [50] * 3, {ANN: "QH 2S", BOB: "3S", CAL: "4S"}, dealer=ANN, options=opts)
    free.phase = Phase("spare")
    assert SwapSpare() in free.legal_actions(ANN)
    held = position(MichiganRummyGame, [50] * 3, {ANN: "KC 2S", BOB: "3S", CAL: "4S"}, dealer=ANN, options=opts)
    held.phase = Phase("spare")
    assert SwapSpare() not in held.legal_actions(ANN)
    assert KeepHand() in held.legal_actions(ANN)
    run = position(MichiganRummyGame, [50] * 3, {ANN: "7D 8D 9D", BOB: "3S", CAL: "4S"}, dealer=ANN, options=opts)
    run.phase = Phase("spare")
    assert SwapSpare() not in run.legal_actions(ANN)


def test_tri_14_restricted_bidder_may_only_pass() -> None:
    game = position(TripoleyGame, [50] * 3, {ANN: "JH 2S", BOB: "3S", CAL: "4S"}, dealer=CAL,
                    options={"spare_requires_no_pay_cards": True})
    game.phase = Phase("spare")
    game.apply(CAL, AuctionSpare())
    assert game.to_act() == [ANN] and game.legal_actions(ANN) == [PassBid()]
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Bid(1))
    assert err.value.rule == "TRI-14"
