"""Rule tests for Tripoley and Michigan Rummy, by rule id: worked cases, boundaries, ties and every option value."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.poker import best_hand
from bot.games.simulate import play as play_through
from bot.games.simulate import random_policy
from bot.games.tripoley import deal, michigan, poker_phase, spare, table
from bot.games.tripoley.actions import (
    AuctionSpare,
    Bet,
    Bid,
    Call,
    Check,
    ChoosePokerHand,
    Fold,
    KeepHand,
    Lead,
    NextDeal,
    PassBid,
    Raise,
    Suit,
    SwapSpare,
)
from bot.games.tripoley.phases import Phase
from bot.games.tripoley.rules import timeout_suit

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, TripoleyGame, position, total
from tests.english import english
from tests.games.invariants import check_state

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


def _deck_for(hands: list[str], spare: str, order_len: int | None = None) -> list[Card]:
    """A deck (top first) dealing the given hands in deal-order positions 1..N and the spare
    hand as position N+1 (TRI-7, after_dealer); every hand must have its TRI-7 size."""
    piles = [parse_cards(h) for h in hands] + [parse_cards(spare)]
    h = len(piles)
    deck: list[Card] = []
    for k in range(52):
        deck.append(piles[k % h][k // h])
    assert sorted(deck) == new_deck()
    return deck


def _play_out_michigan(game) -> None:
    while game.phase == "michigan":
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))


def _poker(wallets, hands, pot=3, dealer=CAL, options=None, cls=TripoleyGame):
    game = position(cls, list(wallets), hands, mat={"POT": pot}, dealer=dealer, options=options)
    poker_phase.begin_betting(game)
    return game


H3 = {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS", CAL: "2D 3D 4D 5D 7C"}


def _model_settle(contrib: dict[int, int], folded: set[int], base: int, values: dict, tie: list[int]):
    """TRI-26 from the rule text: returns (payouts per seat, chips left in POT)."""
    c = dict(contrib)
    pay = dict.fromkeys(c, 0)
    ranked = sorted(c.values(), reverse=True)
    top = [p for p in c if c[p] == ranked[0]]
    if len(top) == 1 and len(ranked) > 1:
        pay[top[0]] += ranked[0] - ranked[1]
        c[top[0]] = ranked[1]
    live = [p for p in c if p not in folded]
    levels = sorted({c[p] for p in live})
    pot_left = base + sum(c.values())
    prev = 0
    for j, level in enumerate(levels):
        chips = sum(min(x, level) - min(x, prev) for x in c.values()) + (base if j == 0 else 0)
        eligible = [p for p in live if c[p] >= level]
        best = max(values[p] for p in eligible)
        winners = [p for p in eligible if values[p] == best]
        for w in winners:
            pay[w] += chips // len(winners)
        pot_left -= chips // len(winners) * len(winners)
        prev = level
    return pay, pot_left


def _next_up(card: Card) -> Card | None:
    if card.rank == 1:
        return None
    return Card(1 if card.rank == 13 else card.rank + 1, card.suit)


# --- options, registration and the contract ---------------------------------------------------

def test_summary_lists_every_chip_movement() -> None:
    game = TripoleyGame.start([50] * 4, seed=12, dealer=DEE)
    events = []
    while game.phase != "between":
        seat = game.to_act()[0]
        events += game.apply(seat, game.bot_action(seat, __import__("random").Random(1)))
    summary = [e for e in events if e.kind == "summary"]
    assert len(summary) == 1
    text = english(summary[0])
    assert "Antes to the mat" in text and "{p0} (9)" in text and "Mat now" in text
    assert ("Michigan:" in text) == (game.mich_winner is not None)


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
    assert TripoleyGame.start([50] * 3, {"poker_max_bet": 0}).opts.poker_max_bet == 0


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


def test_every_action_type_has_a_kind() -> None:
    for cls in (TripoleyGame, MichiganRummyGame):
        assert all(a.kind for a in cls.action_types)


def test_chip_4_no_wallet_goes_negative_and_nothing_is_owed() -> None:
    game = TripoleyGame.start([50, 5, 50], deck=new_deck(), dealer=CAL)
    assert game.stacks[BOB] == 0 and all(v >= 0 for v in game.chips().values())
    assert sum(game.chips().values()) == 105


def test_chip_6_a_transfer_the_source_cannot_cover_is_a_bug() -> None:
    game = position(TripoleyGame, [3, 3], {ANN: "2S", BOB: "3S"}, dealer=BOB)
    before = game.chips()
    with pytest.raises(RuntimeError):
        table.move(game, "seat:0", "mat:POT", 4, "test")
    assert game.chips() == before


def test_pr_1_and_pr_5_suits_never_break_ties() -> None:
    assert best_hand(parse_cards("AS KS QS JS 9S")) == best_hand(parse_cards("AH KH QH JH 9H"))
    assert best_hand(parse_cards("2C 2D 7S 9H KC")) == best_hand(parse_cards("2S 2H 7C 9D KD"))


def test_pr_2_category_order() -> None:
    order = ["2S 4H 7C 10D QS", "2S 2H 7C 10D QS", "2S 2H 7C 7D QS", "2S 2H 2C 10D QS", "3S 4H 5C 6D 7S",
             "2H 4H 7H 10H QH", "2S 2H 2C 10D 10S", "2S 2H 2C 2D QS", "3H 4H 5H 6H 7H"]
    values = [best_hand(parse_cards(h)) for h in order]
    assert values == sorted(values) and len({v.key for v in values}) == 9


def test_pr_3_straights_do_not_wrap() -> None:
    assert best_hand(parse_cards("QS KH AD 2C 3S")).category == "high_card"
    assert best_hand(parse_cards("AH 2H 3H 4H 5H")) < best_hand(parse_cards("2S 3S 4S 5S 6S"))


# --- TRI-1 ------------------------------------------------------------------------------------

def test_tri_1_seat_order_is_join_order_and_never_changes() -> None:
    game = TripoleyGame.start([50] * 4, seed=3, dealer=BOB, options={"max_deals": 3})
    dealers = [game.dealer]
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
        if game.phase == "spare":
            dealers.append(game.dealer)
    assert dealers == [BOB, CAL, DEE]          # clockwise = join order, one seat per deal
    assert game.public_view()["stacks"] == game.stacks and len(game.stacks) == 4


# --- TRI-2 ------------------------------------------------------------------------------------

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


def test_tri_2_leave_mid_deal_plays_out_the_deal_then_is_dealt_out() -> None:
    game = TripoleyGame.start([50] * 4, seed=3, dealer=DEE)
    assert game.leave(BOB) == [] and not game.can_cash_out(BOB)
    assert game.public_view()["status"][BOB] == "leaving"
    total_before = total(game)
    _finish_deal(game)
    assert game.status[BOB] == "left" and game.can_cash_out(BOB)
    stack = game.stacks[BOB]
    events = game.cash_out(BOB)
    assert game.stacks[BOB] == 0 and str(stack) in english(events[0])
    assert total(game) == total_before - stack
    dealer = game.to_act()[0]
    game.apply(dealer, NextDeal())
    assert BOB not in game.dealt_in and game.hands[BOB] == []


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


def test_tri_2_min_chips_to_join_is_the_buy_in_minimum() -> None:
    assert TripoleyGame.buy_in({"min_chips_to_join": 30}).minimum == 30
    assert MichiganRummyGame.buy_in({}).minimum == 18
    with pytest.raises(ValueError, match="min_chips_to_join"):
        TripoleyGame.start([50] * 3, {"min_chips_to_join": 0})


def test_tri_2_a_first_deal_needs_two_players_with_chips() -> None:
    game = TripoleyGame.start([50, 0], seed=1)
    assert game.is_over() and game.stacks == [50, 0]


# --- TRI-3 ------------------------------------------------------------------------------------

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


# --- TRI-4 ------------------------------------------------------------------------------------

def test_tri_4_every_active_player_antes_one_chip_per_compartment() -> None:
    game = TripoleyGame.start([50, 50, 50], deck=new_deck(), dealer=CAL)
    assert game.stacks == [41, 41, 41]
    assert all(v == 3 for v in game.mat.values()) and len(game.mat) == 9
    antes = [e for e in game.ledger if e[3] == "ante"]
    assert len(antes) == 27 and all(e[2] == 1 for e in antes)


def test_tri_4_broke_player_is_not_dealt_in_and_does_not_ante() -> None:
    game = TripoleyGame.start([50, 0, 50], deck=new_deck(), dealer=CAL)
    assert game.dealt_in == [ANN, CAL]
    assert game.stacks == [41, 0, 41] and all(v == 2 for v in game.mat.values())
    assert game.public_view()["hand_sizes"][BOB] is None


@pytest.mark.parametrize("cls", [TripoleyGame, MichiganRummyGame])
def test_tri_4_to_7_random_antes_and_deals_match_a_model_of_the_rules(cls) -> None:
    rng = random.Random(cls.id)
    codes = cls.variant.codes
    for _ in range(150):
        n = rng.randint(cls.min_players, cls.max_players)
        wallets = [rng.choice([0, 1, 4, 9, 10, 13, 17, 18, 30]) for _ in range(n)]
        if sum(1 for w in wallets if w) < 2:
            wallets[0] = wallets[1] = 30
        dealer = rng.choice([p for p in range(n) if wallets[p]])
        opts = {"spare_deal_position": rng.choice(["after_dealer", "before_first"])}
        if cls is MichiganRummyGame:
            opts["mich_dealer_double_ante"] = rng.random() < 0.7
        deck = new_deck()
        rng.shuffle(deck)
        game = cls.start(list(wallets), opts, deck=list(deck), dealer=dealer)
        active = [p for p in range(n) if wallets[p]]
        mat = dict.fromkeys(codes, 0)
        stacks = list(wallets)
        for p in active:                                   # TRI-4/5 partial, MICH-3
            passes = 2 if (p == dealer and opts.get("mich_dealer_double_ante")) else 1
            for _pass in range(passes):
                for code in codes:
                    if stacks[p]:
                        stacks[p] -= 1
                        mat[code] += 1
        assert game.stacks == stacks and game.mat == mat and game.dealt_in == active
        players = [p for p in [(dealer + 1 + i) % n for i in range(n)] if p in active]   # TRI-7
        positions: list = players + [None]
        if opts["spare_deal_position"] == "before_first":
            positions = [None] + players
        got: dict = {p: [] for p in positions}
        for k, card in enumerate(deck):
            got[positions[k % len(positions)]].append(card)
        assert all(game.hands[p] == got[p] for p in players) and game.spare == got[None]


# --- TRI-5 ------------------------------------------------------------------------------------

def test_tri_5_short_ante_pays_in_canonical_order() -> None:
    game = TripoleyGame.start([50, 4, 50], deck=new_deck(), dealer=CAL)
    assert game.stacks[BOB] == 0
    assert [e[1] for e in game.ledger if e[0] == "seat:1"] == ["mat:AH", "mat:KH", "mat:QH", "mat:JH"]


def test_tri_5_eliminate_option_removes_short_players_before_the_ante() -> None:
    game = TripoleyGame.start([50, 5, 50], {"short_ante": "eliminate"}, seed=3, dealer=ANN)
    assert game.status[BOB] == "out" and game.stacks[BOB] == 5
    assert game.dealt_in == [ANN, CAL] and game.can_cash_out(BOB)


def test_tri_5_eliminate_can_end_the_game_before_the_deal() -> None:
    game = TripoleyGame.start([50, 5], {"short_ante": "eliminate"}, seed=3, dealer=ANN)
    assert game.is_over() and game.stacks == [50, 5] and sum(game.mat.values()) == 0


# --- TRI-6 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 10))
def test_tri_6_whole_deck_dealt_to_n_plus_one_hands(n: int) -> None:
    game = TripoleyGame.start([50] * n, seed=n, dealer=0)
    hands = [game.hands[p] for p in game.dealt_in] + [game.spare]
    assert len(hands) == n + 1
    assert sorted(c for h in hands for c in h) == new_deck()
    assert min(len(h) for h in hands) >= 5


# --- TRI-7 ------------------------------------------------------------------------------------

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


# --- TRI-8 ------------------------------------------------------------------------------------

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


# --- TRI-9 ------------------------------------------------------------------------------------

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


# --- TRI-10 -----------------------------------------------------------------------------------

def test_tri_10_bidder_who_cannot_afford_is_passed_automatically() -> None:
    game = TripoleyGame.start([50, 9, 50, 50], ON_PLAY, deck=new_deck(), dealer=DEE)
    game.apply(DEE, AuctionSpare())
    assert game.to_act() == [ANN]
    game.apply(ANN, Bid(1))
    assert game.to_act() == [CAL]            # Bob has 0 chips after the ante
    assert (BOB, 0) in game.auction.log


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
    assert game.auction.high_seat == BOB


def test_tri_10_only_non_dealers_bid_from_the_dealers_left() -> None:
    game = TripoleyGame.start([50] * 4, deck=new_deck(), dealer=BOB)
    game.apply(BOB, AuctionSpare())
    assert game.auction.order == [CAL, DEE, ANN]
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


# --- TRI-11 -----------------------------------------------------------------------------------

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


# --- TRI-12 -----------------------------------------------------------------------------------

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


# --- TRI-13 -----------------------------------------------------------------------------------

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
    assert game.mich.played == ["2S", "3S"]
    assert game.mich.leader == ANN and game.mich.forbidden == "S"
    assert game.to_act() == [ANN] and game.legal_actions(ANN) == [Lead(Suit.DIAMONDS), Lead(Suit.CLUBS)]


# --- TRI-14 -----------------------------------------------------------------------------------

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


# --- TRI-15 -----------------------------------------------------------------------------------

def test_tri_15_single_pay_cards_take_the_whole_compartment() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "AH KH 2S", BOB: "10H JH 3S"},
                    mat={"AH": 7, "KH": 3, "QH": 5, "JH": 2, "10H": 11}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [20, 23]
    assert game.mat["QH"] == 5                    # QH is in the dead hand (TRI-18)


@pytest.mark.parametrize("cls,run_shares", [(TripoleyGame, "per_player"), (TripoleyGame, "per_run"),
                                            (MichiganRummyGame, "per_player"), (MichiganRummyGame, "per_run")])
def test_tri_15_to_18_random_on_hold_claims_match_a_model_of_the_rules(cls, run_shares: str) -> None:
    rng = random.Random(run_shares)
    for _ in range(200):
        n = rng.randint(cls.min_players, cls.max_players)
        deck = new_deck()
        rng.shuffle(deck)
        size = 52 // (n + 1)
        hands = {p: deck[size * p:size * (p + 1)] for p in range(n)}
        mat = {code: rng.randint(0, 13) for code in cls.variant.codes}
        game = position(cls, [10] * n, {p: " ".join(map(str, h)) for p, h in hands.items()}, mat=dict(mat),
                        dealer=0, options={"pay_timing": "on_hold", "run_shares": run_shares})
        spare.pay_on_hold(game)
        holder = {c: p for p, h in hands.items() for c in h}
        gain = [0] * n
        for code, card in cls.variant.single_pay:                 # TRI-15 / MICH-7
            if card in holder:
                gain[holder[card]] += mat[code]
                mat[code] = 0
        q, k = Card(12, "H"), Card(13, "H")
        if q in holder and holder.get(k) == holder[q]:             # TRI-16 / MICH-8
            gain[holder[q]] += mat["KQ"]
            mat["KQ"] = 0
        shares: dict[int, int] = {}
        for suit in "SHDC":                                        # TRI-17
            owners = {holder.get(Card(r, suit)) for r in cls.variant.run_ranks}
            if len(owners) == 1 and None not in owners:
                p = owners.pop()
                shares[p] = shares.get(p, 0) + 1 if run_shares == "per_run" else 1
        if shares:
            each = mat["RUN"] // sum(shares.values())
            for p, s in shares.items():
                gain[p] += each * s
            mat["RUN"] -= each * sum(shares.values())
        assert game.stacks == [10 + g for g in gain]
        assert game.mat == mat
        assert all(sorted(game.hands[p]) == sorted(hands[p]) for p in range(n))   # TRI-18: cards stay


# --- TRI-16 -----------------------------------------------------------------------------------

def test_tri_16_marriage_split_between_two_hands_pays_only_singles() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "QH 2S", BOB: "KH 3S"},
                    mat={"KH": 4, "QH": 4, "KQ": 9}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [14, 14] and game.mat["KQ"] == 9


def test_tri_16_marriage_with_one_card_dead_pays_kq_nothing() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "QH 2S", BOB: "3S"}, mat={"KH": 4, "QH": 4, "KQ": 9}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [14, 10] and game.mat["KQ"] == 9 and game.mat["KH"] == 4


# --- TRI-17 -----------------------------------------------------------------------------------

def test_tri_17_per_run_counts_each_run_as_a_share() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "8C 9C 10C 8S 9S 10S", BOB: "8D 9D 10D", CAL: "2H"},
                    mat={"RUN": 10}, options={"run_shares": "per_run"})
    spare.pay_on_hold(game)
    assert game.stacks == [26, 23, 20] and game.mat["RUN"] == 1


def test_tri_17_per_player_counts_a_player_once() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "8C 9C 10C 8S 9S 10S", BOB: "8D 9D 10D", CAL: "2H"},
                    mat={"RUN": 10})
    spare.pay_on_hold(game)
    assert game.stacks == [25, 25, 20] and game.mat["RUN"] == 0


def test_tri_17_run_in_hearts_counts_and_remainder_stays() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "8H 9H 10H", BOB: "8C 9C 10C", CAL: "8S 9S 10S"},
                    mat={"RUN": 11, "10H": 2}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [10 + 3 + 2, 13, 13] and game.mat["RUN"] == 2


def test_tri_17_run_split_across_players_is_not_a_run() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "8C 9C", BOB: "10C"}, mat={"RUN": 6}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [10, 10] and game.mat["RUN"] == 6


# --- TRI-18 -----------------------------------------------------------------------------------

def test_tri_18_pay_cards_pay_on_the_hands_after_the_spare_phase() -> None:
    # Dealer Cal holds AH and swaps it away for a spare hand holding KH: Cal takes KH, not AH.
    hands = ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",          # Ann (left of the dealer)
             "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",          # Bob
             "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2C"]          # Cal, the dealer
    deck = _deck_for(hands, "KH 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    game = TripoleyGame.start([50] * 3, deck=deck, dealer=CAL)
    assert Card.parse("AH") in game.hands[CAL]
    game.apply(CAL, SwapSpare())
    # KH, and a third of RUN (Ann: spades, Bob: diamonds, Cal: clubs); AH, QH and 8-9-10H are dead
    assert game.stacks[CAL] == 41 + 3 + 1 and game.mat["RUN"] == 0
    assert game.mat["AH"] == 3 and game.mat["QH"] == 3 and game.mat["KQ"] == 3
    assert all(c in game.hands[CAL] for c in parse_cards("8C 9C 10C")) and len(game.hands[CAL]) == 13


def test_tri_18_cards_stay_in_hand_after_paying() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "AH 2S", BOB: "3S"}, mat={"AH": 4}, dealer=BOB)
    spare.pay_on_hold(game)
    assert Card.parse("AH") in game.hands[ANN]


# --- TRI-19 -----------------------------------------------------------------------------------

def test_tri_19_on_play_pays_when_played_in_tripoley() -> None:
    game = position(TripoleyGame, [20] * 3, {ANN: "QH KH 2C", BOB: "5S 6S", CAL: "9D 10D"},
                    mat={"QH": 3, "KH": 4, "KQ": 5, "KITTY": 0}, dealer=CAL, options=ON_PLAY)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.HEARTS))
    assert [e[3] for e in game.ledger if e[1] == "seat:0"][:3] == ["pay:QH", "pay:KH", "pay:KQ"]
    assert game.mat["QH"] == game.mat["KH"] == game.mat["KQ"] == 0


def test_tri_19_on_play_marriage_and_singles_in_tripoley() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "QH KH 2C 4C", BOB: "JH 9D"},
                    mat={"KQ": 7, "QH": 2, "KH": 3, "JH": 1}, dealer=BOB, options={"pay_timing": "on_play"})
    michigan.begin(game, BOB)
    game.apply(BOB, Lead(Suit.HEARTS))             # JH (Bob), QH KH (Ann) → QH, KH, KQ to Ann
    pays = [e for e in game.ledger if e[3].startswith("pay:")]
    assert pays == [("mat:JH", "seat:1", 1, "pay:JH"), ("mat:QH", "seat:0", 2, "pay:QH"),
                    ("mat:KH", "seat:0", 3, "pay:KH"), ("mat:KQ", "seat:0", 7, "pay:KQ")]


# --- TRI-20 -----------------------------------------------------------------------------------

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


def test_tri_20_choices_cover_the_whole_hand_for_the_multi_select() -> None:
    game = TripoleyGame.start([50] * 2, {"poker_hand_selection": "player_choice", **ON_PLAY}, seed=4,
                              dealer=BOB)
    game.apply(BOB, KeepHand())
    legal = game.legal_actions(ANN)
    assert legal[0] == game.timeout_action(ANN) and all(len(a.cards) == 5 for a in legal)
    assert set().union(*(a.cards for a in legal)) == set(game.hands[ANN])
    assert len({frozenset(a.cards) for a in legal}) == len(legal)


def test_tri_20_poker_never_removes_cards_from_a_hand() -> None:
    game = _poker([30] * 3, {ANN: "2S 3S 4S 5S 7H 9D", BOB: "AS AH AD 9C KS", CAL: "2D 3D 4D 5D 7C"})
    for p in (ANN, BOB):
        game.apply(p, Check())
    game.apply(CAL, Check())
    assert game.phase == "michigan"
    assert game.mich.start[str(ANN)] == ["2S", "3S", "4S", "5S", "7H", "9D"]


# --- TRI-21 -----------------------------------------------------------------------------------

def test_tri_21_wallet_zero_is_all_in_and_never_asked() -> None:
    game = position(TripoleyGame, [10, 0, 10], {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD AC KS",
                                                CAL: "2D 3D 4D 5D 7C"}, mat={"POT": 6}, dealer=CAL)
    poker_phase.begin_betting(game)
    assert BOB in game.betting.allin
    game.apply(ANN, Bet(2))
    game.apply(CAL, Call(2))
    assert game.stacks == [10, 6, 10]   # layer 1 (L=0) is B: Bob's quads; layer 2: Ann and Cal tie, 2 each
    assert game.mat["POT"] == 0


# --- TRI-22 -----------------------------------------------------------------------------------

def test_tri_22_dealer_opens_the_betting_with_option() -> None:
    game = TripoleyGame.start([50] * 3, {"poker_first_to_act": "dealer", **ON_PLAY}, seed=2, dealer=BOB)
    game.apply(BOB, KeepHand())
    assert game.phase == "betting" and game.to_act() == [BOB]
    game = TripoleyGame.start([50] * 3, ON_PLAY, seed=2, dealer=BOB)
    game.apply(BOB, KeepHand())
    assert game.to_act() == [CAL]


def test_tri_22_turn_circles_clockwise_from_the_dealers_left() -> None:
    game = _poker([30] * 3, H3)
    assert game.to_act() == [ANN]
    game.apply(ANN, Check())
    assert game.to_act() == [BOB]
    game.apply(BOB, Bet(2))
    assert game.to_act() == [CAL]
    game.apply(CAL, Call(2))
    assert game.to_act() == [ANN]                 # circles back: Ann must answer the bet
    game.apply(ANN, Call(2))
    assert game.phase == "michigan"


# --- TRI-23 -----------------------------------------------------------------------------------

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


def test_tri_23_call_for_less_is_all_in() -> None:
    game = _poker([30, 30, 3], H3)
    game.apply(ANN, Bet(5))
    game.apply(BOB, Call(5))
    assert game.legal_actions(CAL)[:2] == [Fold(), Call(3)]
    assert not any(isinstance(a, Raise) for a in game.legal_actions(CAL))
    game.apply(CAL, Call(3))
    assert ("seat:2", "mat:POT", 3, "bet") in game.ledger
    assert CAL in game.betting.allin and game.betting.contrib[CAL] == 3 and game.phase == "michigan"


def test_tri_23_no_bet_when_every_other_live_player_is_all_in() -> None:
    game = _poker([30, 0, 30], H3)                # Bob all-in for 0
    game.apply(ANN, Fold())
    # Cal may only check or fold (no bet with nobody able to answer)
    assert game.legal_actions(CAL) == [Fold(), Check()]
    with pytest.raises(IllegalAction) as err:
        game.apply(CAL, Bet(1))
    assert err.value.rule == "TRI-23"
    game.apply(CAL, Check())                      # showdown Bob v Cal
    assert game.phase == "michigan"
    assert not any(e[0] == "seat:2" and e[3] == "bet" for e in game.ledger)
    assert game.poker_winner == BOB and game.stacks[BOB] == 3


def test_tri_23_no_raise_after_others_are_all_in_but_call_is_allowed() -> None:
    game = _poker([30, 4, 30], H3)
    game.apply(ANN, Bet(2))
    game.apply(BOB, Raise(2))                     # Bob all-in for 4: counts, re-opens
    game.apply(CAL, Fold())
    assert game.to_act() == [ANN]
    acts = game.legal_actions(ANN)
    assert Call(2) in acts and not any(isinstance(a, Raise) for a in acts)
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Raise(1))
    assert err.value.rule == "TRI-23"


def test_tri_23_no_upper_limit_when_max_bet_is_zero() -> None:
    game = _poker([30] * 3, H3, options={"poker_max_bet": 0, "poker_min_bet": 2})
    bets = [a.amount for a in game.legal_actions(ANN) if isinstance(a, Bet)]
    assert bets[0] == 2 and bets[-1] == 30
    with pytest.raises(IllegalAction):
        game.apply(ANN, Bet(1))
    game.apply(ANN, Bet(17))                      # any amount in range, even one not listed
    assert game.stacks[ANN] == 13 and game.mat["POT"] == 3 + 17


def test_tri_23_raise_pays_call_plus_increment_and_reopens() -> None:
    game = _poker([30] * 3, H3)
    game.apply(ANN, Bet(3))
    game.apply(BOB, Raise(4))
    assert game.stacks[BOB] == 23 and game.betting.current == 7
    game.apply(CAL, Call(7))
    assert game.to_act() == [ANN]
    game.apply(ANN, Call(4))
    assert game.phase == "michigan"


def test_tri_23_raise_cap_zero_allows_only_the_opening_bet() -> None:
    game = _poker([30] * 3, H3, options={"poker_max_raises": 0})
    game.apply(ANN, Bet(1))
    assert not any(isinstance(a, Raise) for a in game.legal_actions(BOB))


def test_tri_23_wrong_betting_action_is_explained() -> None:
    game = _poker([30] * 3, H3)
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Call(1))
    assert "nothing to call" in str(err.value) and err.value.rule == "TRI-23"
    game.apply(ANN, Bet(2))
    with pytest.raises(IllegalAction) as err:
        game.apply(BOB, Check())
    assert "2 to call" in str(err.value) and err.value.rule == "TRI-23"
    with pytest.raises(IllegalAction) as err:
        game.apply(BOB, Call(1))
    assert "Call 2" in str(err.value)


@pytest.mark.parametrize("max_raises,min_bet,max_bet", [(3, 1, 5), (0, 2, 3), (2, 3, 0), (10, 1, 1)])
def test_tri_23_to_27_random_rounds_match_a_model_of_the_rules(max_raises: int, min_bet: int, max_bet: int) -> None:
    rng = random.Random(max_raises * 100 + min_bet * 10 + max_bet)
    opts = {"poker_max_raises": max_raises, "poker_min_bet": min_bet, "poker_max_bet": max_bet}
    for _ in range(150):
        n = rng.randint(2, 6)
        deck = new_deck()
        rng.shuffle(deck)
        hands = {p: " ".join(str(c) for c in deck[5 * p:5 * p + 5]) for p in range(n)}
        wallets = [rng.choice([0, 1, 2, 3, 5, 8, 20]) for _ in range(n)]
        dealer = rng.randrange(n)
        base = rng.randint(0, 12)
        game = position(TripoleyGame, wallets, hands, mat={"POT": base}, dealer=dealer, options=opts)
        poker_phase.begin_betting(game)
        order = [(dealer + 1 + i) % n for i in range(n)]
        contrib = dict.fromkeys(range(n), 0)
        folded: set[int] = set()
        allin = {p for p in range(n) if wallets[p] == 0}
        acted: set[int] = set()
        bets = 0
        wallet = list(wallets)
        turn_i = 0
        while game.phase == "betting":
            live = [p for p in order if p not in folded]
            # whose turn, by TRI-22/24: clockwise from the last actor, skipping folded / all-in /
            # players who matched and acted (or who could only check with nobody able to answer)
            assert len(live) > 1
            seat = game.to_act()[0]
            current = max(contrib.values())
            owed = current - contrib[seat]
            assert seat not in folded and seat not in allin
            assert owed > 0 or seat not in acted
            # TRI-23: the offered actions
            others_open = any(q != seat and q not in allin for q in live)
            expect = {Fold()} | ({Check()} if owed == 0 else {Call(min(owed, wallet[seat]))})
            if bets < 1 + max_raises and others_open and wallet[seat] > owed:
                room = wallet[seat] - owed
                kind = Bet if current == 0 else Raise
                incs = [room] if room < min_bet else range(min_bet, min(max_bet or room, room) + 1)
                expect |= {kind(x) for x in incs}
            legal = game.legal_actions(seat)
            assert set(legal) <= expect and {a for a in expect if not isinstance(a, (Bet, Raise))} <= set(legal)
            bigs = [a for a in expect if isinstance(a, (Bet, Raise))]
            if bigs:
                assert any(isinstance(a, (Bet, Raise)) for a in legal)
            action = rng.choice(sorted(expect, key=repr))
            game.apply(seat, action)
            if isinstance(action, Fold):
                folded.add(seat)
            elif isinstance(action, Call):
                contrib[seat] += action.amount
                wallet[seat] -= action.amount
            elif isinstance(action, (Bet, Raise)):
                contrib[seat] += owed + action.amount
                wallet[seat] -= owed + action.amount
                bets += 1
                acted = set()
            acted.add(seat)
            if wallet[seat] == 0 and seat not in folded:
                allin.add(seat)
            turn_i += 1
            assert turn_i < 200
        live = [p for p in order if p not in folded]
        pot_in = base + sum(contrib.values())
        if len(live) == 1:                               # TRI-25
            expected = list(wallet)
            expected[live[0]] += pot_in
            assert game.stacks == expected and game.mat["POT"] == 0
            assert game.poker_winner == live[0]
            continue
        # TRI-24 (b): every live player is all-in or matched the current bet
        top = max(contrib.values())
        assert all(p in allin or contrib[p] == top for p in live)
        # ... and has acted since the last bet or raise
        assert all(p in allin or p in acted for p in live)
        values = {p: best_hand(parse_cards(hands[p])).key for p in live}
        tie = [(dealer + 1 + i) % n for i in range(n)]
        pay, left = _model_settle(contrib, folded, base, values, tie)
        assert game.stacks == [wallet[p] + pay[p] for p in range(n)]
        assert game.mat["POT"] == left
        best = max(values.values())
        assert game.poker_winner == next(p for p in tie if p in values and values[p] == best)   # TRI-27


# --- TRI-24 -----------------------------------------------------------------------------------

def test_tri_24_everyone_checks_goes_to_showdown() -> None:
    game = _three_way()
    for seat in (ANN, BOB, CAL):
        game.apply(seat, Check())
    assert game.poker_winner == BOB and game.stacks[BOB] == 33 and game.phase == "michigan"


def test_tri_24_round_ends_only_when_all_have_acted_and_matched() -> None:
    game = _poker([30] * 3, H3)
    game.apply(ANN, Check())
    game.apply(BOB, Check())
    assert game.phase == "betting" and game.to_act() == [CAL]
    game.apply(CAL, Check())
    assert game.phase == "michigan" and len(game.showdown) == 3


def test_tri_24_the_only_player_able_to_act_still_checks_or_folds() -> None:
    # Bob is all-in for 0 and Ann folds: Cal has not acted, so the round is not over (TRI-24 b);
    # Cal may check or fold (FOLD is always allowed, TRI-23) but not bet (TRI-23 (2)).
    game = _poker([30, 0, 30], H3)
    game.apply(ANN, Fold())
    assert game.phase == "betting" and game.to_act() == [CAL]
    assert game.legal_actions(CAL) == [Fold(), Check()]
    assert game.timeout_action(CAL) == Check()
    game.apply(CAL, Fold())                       # keeps the cards unseen; Bob takes POT (TRI-25)
    assert game.poker_winner == BOB and game.stacks[BOB] == 3 and game.showdown == []


def test_tri_24_two_players_one_all_in_for_zero_the_other_still_acts() -> None:
    game = _poker([0, 30], {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD 9C KS"}, dealer=BOB)
    assert game.phase == "betting" and game.to_act() == [BOB]
    assert game.legal_actions(BOB) == [Fold(), Check()]
    game.apply(BOB, Check())
    assert game.phase == "michigan" and game.poker_winner == BOB and game.stacks == [0, 33]


# --- TRI-25 -----------------------------------------------------------------------------------

def test_tri_25_last_player_takes_the_whole_pot_unseen() -> None:
    game = _poker([20] * 3, H3, pot=7)
    game.apply(ANN, Check())
    game.apply(BOB, Bet(3))
    game.apply(CAL, Fold())
    game.apply(ANN, Fold())
    assert game.stacks == [20, 27, 20] and game.mat["POT"] == 0
    assert game.showdown == [] and game.poker_winner == BOB
    assert game.mich.leader == BOB


# --- TRI-26 -----------------------------------------------------------------------------------

def test_tri_26_uncalled_excess_is_returned() -> None:
    game = _three_way(wallets=(30, 30, 4))
    game.apply(ANN, Bet(5))
    game.apply(BOB, Raise(5))            # Bob in for 10
    game.apply(CAL, Call(4))             # all-in for 4 of 10
    game.apply(ANN, Fold())
    assert ("mat:POT", "seat:1", 5, "return") in game.ledger    # excess over Ann's 5
    # layer 1 (L=4): 4 from each of the three + B 3 = 15; layer 2 (L=5): Ann's 1 + Bob's 1; both to Bob
    assert game.stacks == [25, 30 - 10 + 5 + 15 + 2, 0]
    assert game.mat["POT"] == 0


def test_tri_26_tie_in_a_side_layer_leaves_the_odd_chip_in_pot() -> None:
    # Ann and Cal tie (same straight); Bob is all-in for 1 with the worst hand.
    hands = {ANN: "5S 6H 7D 8C 9S", BOB: "2S 4H 7C 10D QS", CAL: "5D 6C 7H 8S 9H"}
    game = _poker([30, 1, 30], hands, pot=4)
    game.apply(ANN, Bet(4))
    game.apply(BOB, Call(1))
    game.apply(CAL, Call(4))
    # layer 1: 1+1+1 + B 4 = 7 → Ann/Cal 3 each, 1 stays; layer 2: 3+3 = 6 → 3 each
    assert game.stacks == [30 - 4 + 6, 0, 30 - 4 + 6]
    assert game.mat["POT"] == 1
    assert game.poker_winner == ANN               # first in tie-priority order (dealer Cal last)


def test_tri_26_all_in_short_player_wins_only_the_first_layer() -> None:
    hands = {ANN: "2S 4H 7C 10D QS", BOB: "AS AH AD 9C KS", CAL: "5D 5C 7H 8S JH"}
    game = _poker([30, 2, 30], hands, pot=3)
    game.apply(ANN, Bet(5))
    game.apply(BOB, Call(2))
    game.apply(CAL, Call(5))
    assert game.stacks[BOB] == 2 * 3 + 3          # layer 1 only (three aces)
    assert game.stacks[CAL] == 25 + 6             # layer 2: 3 + 3
    assert game.stacks[ANN] == 25 and game.mat["POT"] == 0
    assert game.poker_winner == BOB


# --- TRI-27 -----------------------------------------------------------------------------------

def test_tri_27_tie_priority_dealer_first_option() -> None:
    hands = {ANN: "5S 6H 7D 8C 9S", BOB: "KS KH 2D 3C 4S", CAL: "5D 6C 7H 8S 9H"}
    normal = position(TripoleyGame, [30] * 3, hands, mat={"POT": 4}, dealer=CAL,
                      options={"tripoley_poker_betting": False})
    poker_phase.begin_betting(normal)
    flipped = position(TripoleyGame, [30] * 3, hands, mat={"POT": 4}, dealer=CAL,
                       options={"tripoley_poker_betting": False, "tie_priority": "dealer_first"})
    poker_phase.begin_betting(flipped)
    assert normal.poker_winner == ANN and flipped.poker_winner == CAL
    assert normal.mat["POT"] == flipped.mat["POT"] == 0


def test_tri_27_poker_winner_ignores_folded_players() -> None:
    game = _poker([30] * 3, H3)
    game.apply(ANN, Check())
    game.apply(BOB, Fold())                       # the best hand folds
    game.apply(CAL, Check())
    assert game.poker_winner in (ANN, CAL) and game.poker_winner != BOB
    assert game.stacks[BOB] == 30


# --- TRI-28 -----------------------------------------------------------------------------------

def test_tri_28_no_betting_shows_down_at_once() -> None:
    game = _three_way(options={"tripoley_poker_betting": False}, pot=10)
    game2 = position(TripoleyGame, [30] * 3, {ANN: "2S 3S 4S 5S 7H", BOB: "2H 3H 4H 5H 7S",
                                              CAL: "AS AH AD 9C KS"}, mat={"POT": 10}, dealer=CAL,
                     options={"tripoley_poker_betting": False})
    poker_phase.begin_betting(game2)
    assert game2.poker_winner == CAL and game2.stacks[CAL] == 40 and game2.betting is None
    assert game.betting is None and game.stacks[BOB] == 40


def test_tri_28_no_betting_tie_splits_and_remainder_stays() -> None:
    hands = {ANN: "5S 6H 7D 8C 9S", BOB: "2S 4H 7C 10D QS", CAL: "5D 6C 7H 8S 9H"}
    game = _poker([30] * 3, hands, pot=9, options={"tripoley_poker_betting": False})
    assert game.stacks == [34, 30, 34] and game.mat["POT"] == 1
    assert game.poker_winner == ANN


# --- TRI-29 -----------------------------------------------------------------------------------

def test_tri_29_folded_player_still_plays_michigan() -> None:
    game = _poker([30] * 3, H3)
    game.apply(ANN, Fold())
    game.apply(BOB, Check())
    game.apply(CAL, Check())
    assert game.phase == "michigan" and str(ANN) in game.mich.start
    assert game.mich.start[str(ANN)] == ["2S", "3S", "4S", "5S", "7H"]
    _play_out_michigan(game)
    ann_pays = [e for e in game.ledger if e[0] == "seat:0" and e[3] == "mich_pay"]
    assert game.mich_winner == ANN or ann_pays == [("seat:0", "mat:KITTY", len(game.hands[ANN]), "mich_pay")]


def test_tri_29_no_sequence_continues_past_the_ace() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "KS AS 3D", BOB: "2S 4D"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))            # KS, AS: stop at the ace (2S does not follow)
    # Ann leads again with spades forbidden: 3D, her last card
    assert game.mich.played == ["KS", "AS", "3D"]
    assert game.mich_winner == ANN and game.hands[BOB] == parse_cards("2S 4D")


@pytest.mark.parametrize("cls,pay_timing", [(TripoleyGame, "on_hold"), (TripoleyGame, "on_play"),
                                            (MichiganRummyGame, "on_play")])
def test_tri_29_to_36_random_michigan_phases_match_a_model_of_the_rules(cls, pay_timing: str) -> None:
    rng = random.Random(len(pay_timing) + cls.min_players)
    singles = {card: code for code, card in cls.variant.single_pay}
    run_ranks = cls.variant.run_ranks
    prize = cls.variant.michigan_prize
    over = 0
    for _ in range(120):
        n = rng.randint(cls.min_players, 6)
        deck = new_deck()
        rng.shuffle(deck)
        size = 52 // (n + 1)
        hands = {p: deck[size * p:size * (p + 1)] for p in range(n)}
        wallets = [rng.choice([0, 1, 3, 10, 40, 40]) for _ in range(n)]
        mat = {code: rng.randint(0, 6) for code in cls.variant.codes}
        game = position(cls, wallets, {p: " ".join(map(str, h)) for p, h in hands.items()}, mat=dict(mat),
                        dealer=n - 1, options={"pay_timing": pay_timing})
        model = {p: set(h) for p, h in hands.items()}
        wallet = list(wallets)
        played_by: dict[int, set] = {p: set() for p in range(n)}
        played: list[str] = []
        leader, forbidden, winner = rng.randrange(n), None, None

        def play(p: int, card: Card, model: dict[int, set[Card]] = model, played: list[str] = played,
                 played_by: dict[int, set[Card]] = played_by, wallet: list[int] = wallet,
                 mat: dict[str, int] = mat) -> None:   # this deal's records (the loop makes a new play each deal)
            model[p].discard(card)
            played.append(str(card))
            played_by[p].add(card)
            if pay_timing != "on_play":
                return
            if card in singles:
                wallet[p] += mat[singles[card]]
                mat[singles[card]] = 0
            q, k = Card(12, "H"), Card(13, "H")
            if card in (q, k) and q in played_by[p] and k in played_by[p]:
                wallet[p] += mat["KQ"]
                mat["KQ"] = 0
            if card.high in run_ranks and all(Card(r, card.suit) in played_by[p] for r in run_ranks):
                wallet[p] += mat["RUN"]
                mat["RUN"] = 0

        michigan.begin(game, leader)
        for _step in range(60):
            order = [(leader + i) % n for i in range(n)]
            can = [p for p in order if any(c.suit != forbidden for c in model[p])]
            if not can:
                break                                         # TRI-34/36: nobody can lead
            leader = can[0]
            suits = sorted({c.suit for c in model[leader] if c.suit != forbidden}, key="SHDC".index)
            if len(suits) > 1:
                assert game.phase == "michigan" and game.to_act() == [leader]
                assert [a.suit.letter for a in game.legal_actions(leader)] == suits
                suit = rng.choice(suits)
                game.apply(leader, Lead(Suit.of(suit)))
            else:
                suit = suits[0]                               # played without asking
            card = min((c for c in model[leader] if c.suit == suit), key=lambda c: c.high)
            holder = leader
            while True:
                play(holder, card)
                if not model[holder]:
                    winner = holder                           # TRI-35, even mid-sequence
                    break
                nxt = _next_up(card)
                owner = next((p for p in range(n) if nxt in model[p]), None) if nxt else None
                if owner is None:
                    break                                     # TRI-33
                card, holder = nxt, owner
            if winner is not None:
                break
            leader, forbidden = holder, suit
        # TRI-35/36: payments capped by the wallet, then the winner takes the prize
        for p in range(n):
            if p != winner:
                owe = min(len(model[p]), wallet[p])
                wallet[p] -= owe
                mat[prize] += owe
        if winner is not None:
            wallet[winner] += mat[prize]
            mat[prize] = 0
        assert game.mich.played == played
        assert game.mich_winner == winner
        engine_mat = dict(game.mat)
        engine_stacks = list(game.stacks)
        if cls is MichiganRummyGame:                          # MICH-9 pool paid after: take it out
            for _src, dst, amount, why in game.ledger:
                if why == "poker":
                    engine_stacks[int(dst.split(":")[1])] -= amount
                    engine_mat["POKER_POOL"] += amount
        if game.is_over():                                    # the mat was emptied (TRI-39)
            assert sum(engine_stacks) + sum(engine_mat.values()) == sum(wallet) + sum(mat.values())
            over += 1
        else:
            assert engine_stacks == wallet and engine_mat == mat
    assert over < 60                                          # most cases compare exactly


# --- TRI-30 -----------------------------------------------------------------------------------

def test_tri_30_poker_winner_leads_first_with_no_forbidden_suit() -> None:
    game = _poker([30] * 3, H3)
    for p in (ANN, BOB, CAL):
        game.apply(p, Check())
    assert game.poker_winner == BOB
    assert game.mich.leader == BOB and game.mich.forbidden is None
    assert len(game.legal_actions(BOB)) == 4       # any suit Bob holds


# --- TRI-31 -----------------------------------------------------------------------------------

def test_tri_31_leader_plays_the_lowest_card_ace_high() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "AS 9S 4S 2H", BOB: "3H"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))
    assert game.mich.played[0] == "4S"


def test_tri_31_cannot_lead_forbidden_or_missing_suit() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2S 4S 2H", BOB: "3H 9D"}, dealer=BOB)
    michigan.begin(game, ANN)
    assert game.legal_actions(ANN) == [Lead(Suit.SPADES), Lead(Suit.HEARTS)]
    with pytest.raises(IllegalAction):
        game.apply(ANN, Lead(Suit.CLUBS))         # a suit Ann does not hold
    game.apply(ANN, Lead(Suit.SPADES))            # 2S, 3S dead: stop; Ann leads, S forbidden
    # Ann now holds 4S and 2H: only hearts is allowed, so it is played at once: 2H 3H (Bob),
    # 4H dead: stop on Bob, who has only 9D left and goes out with it.
    assert game.mich.played == ["2S", "2H", "3H", "9D"]
    assert game.mich_winner == BOB


def test_tri_31_leading_a_forbidden_or_missing_suit_is_explained() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2S 4S 2H 7C", BOB: "3H 9D"}, dealer=BOB)
    michigan.begin(game, ANN)
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Lead(Suit.DIAMONDS))
    assert "no diamonds" in str(err.value).lower() and err.value.rule == "TRI-31"
    game.apply(ANN, Lead(Suit.SPADES))            # 2S; 3S dead: stop, Ann leads again, spades forbidden
    with pytest.raises(IllegalAction) as err:
        game.apply(ANN, Lead(Suit.SPADES))
    assert "spades" in str(err.value) and "stopped" in str(err.value) and err.value.rule == "TRI-31"


# --- TRI-32 -----------------------------------------------------------------------------------

def test_tri_32_following_is_compulsory_across_players() -> None:
    game = position(TripoleyGame, [20, 20, 20], {ANN: "2C 5C 9H", BOB: "3C 6C 9S", CAL: "4C 9D 7S"}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert game.mich.played[:5] == ["2C", "3C", "4C", "5C", "6C"]


# --- TRI-33 -----------------------------------------------------------------------------------

def test_tri_33_stop_on_a_card_already_played() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "9S 10S 2H 3D", BOB: "7S 8S 4D 5C"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))             # 9S 10S; JS dead: stop, Ann leads, S forbidden
    game.apply(ANN, Lead(Suit.DIAMONDS))           # 3D 4D (Bob); 5D dead: stop on Bob
    assert game.mich.leader == BOB and game.mich.forbidden == "D"
    game.apply(BOB, Lead(Suit.SPADES))             # 7S 8S; 9S was played earlier: stop on Bob
    # then Bob's only other suit is clubs: 5C, his last card
    assert game.mich.played == ["9S", "10S", "3D", "4D", "7S", "8S", "5C"]
    assert game.mich_winner == BOB


def test_tri_33_stopper_leads_next_and_forbidden_suit_is_the_stopped_one() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2C 5H 7D", BOB: "3C 6H 8D"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))              # 2C 3C, stop on Bob
    assert game.mich.leader == BOB and game.mich.forbidden == "C"
    assert Lead(Suit.CLUBS) not in game.legal_actions(BOB)


# --- TRI-34 -----------------------------------------------------------------------------------

def test_tri_34_lead_passes_clockwise_past_several_players() -> None:
    game = position(TripoleyGame, [20] * 4, {ANN: "2H 4H 7H", BOB: "3H 8H", CAL: "5C 6C", DEE: "9S 10S"},
                    dealer=DEE)
    events = michigan.begin(game, ANN)         # 2H 3H 4H; 5H dead: stop on Ann, hearts forbidden
    # Ann and Bob hold only hearts: the lead passes to Cal, who leads 5C 6C and is out
    assert game.mich.played == ["2H", "3H", "4H", "5C", "6C"] and game.mich_winner == CAL
    assert any("lead passes to {p2}" in english(e) for e in events)


# --- TRI-35 -----------------------------------------------------------------------------------

def test_tri_35_going_out_on_a_follow_ends_the_phase_at_once() -> None:
    game = position(TripoleyGame, [20, 20, 20], {ANN: "2C 4C 5C 9H", BOB: "3C", CAL: "6C 7D 8D"},
                    mat={"KITTY": 5}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))              # 2C, 3C: Bob's last card → Bob wins
    assert game.mich_winner == BOB
    assert game.mich.played == ["2C", "3C"]
    # Ann 3 cards, Cal 3 cards → KITTY 5 + 6 = 11 to Bob
    assert game.stacks == [17, 31, 17] and game.mat["KITTY"] == 0


def test_tri_35_payment_capped_by_wallet_no_debt() -> None:
    game = position(TripoleyGame, [2, 20], {ANN: "2C 5H 6H 7H 8H", BOB: "3C"}, mat={"KITTY": 0}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert game.mich_winner == BOB and game.stacks == [0, 22]
    assert game.status[ANN] == "broke"             # TRI-37 (1)


# --- TRI-36 -----------------------------------------------------------------------------------

def test_tri_36_nobody_can_lead_payments_and_kitty_stays() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 9S", BOB: "3S 5S", CAL: "7S"}, mat={"KITTY": 3},
                    dealer=CAL)
    events = michigan.begin(game, ANN)      # 2S 3S, stop; nobody holds a card outside spades (TRI-34)
    assert game.mich_winner is None and any("Nobody can lead" in english(e) for e in events)
    assert game.mat["KITTY"] == 3 + 3 and game.stacks == [9, 9, 9]


def test_tri_36_no_payment_option() -> None:
    game = position(TripoleyGame, [10, 10, 10], {ANN: "2S 9S", BOB: "3S 5S", CAL: "7S"}, mat={"KITTY": 3},
                    dealer=CAL, options={"no_winner_payment": "none"})
    michigan.begin(game, ANN)
    assert game.stacks == [10, 10, 10] and game.mat["KITTY"] == 3


def test_tri_36_no_winner_payment_capped_by_wallet() -> None:
    game = position(TripoleyGame, [1, 20, 20], {ANN: "2C 5C 9C", BOB: "3C 6C", CAL: "8C"}, mat={"KITTY": 4},
                    dealer=BOB)
    michigan.begin(game, ANN)                      # 2C 3C; 4C dead: stop; only clubs are left
    assert game.mich_winner is None and game.last_mich_winner is None
    assert game.stacks == [0, 19, 19] and game.mat["KITTY"] == 4 + 1 + 1 + 1
    assert game.phase == "between"


# --- TRI-37 -----------------------------------------------------------------------------------

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
def test_tri_37_to_39_random_games_follow_the_end_of_deal_order(cls) -> None:
    rng = random.Random(cls.id + "end")
    deals = 0
    for g in range(12):
        n = rng.randint(cls.min_players, min(cls.max_players, 6))
        opts = {"max_deals": rng.choice([0, 0, 5]), "min_active_players": rng.choice([2, 3]),
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


# --- TRI-38 -----------------------------------------------------------------------------------

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


# --- TRI-39 -----------------------------------------------------------------------------------

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


# --- TRI-40 -----------------------------------------------------------------------------------

def test_tri_40_equal_wallets_share_a_rank() -> None:
    game = position(TripoleyGame, [30, 30, 10], {ANN: "2S", BOB: "2H", CAL: "2D"}, dealer=CAL,
                    options={"max_deals": 1})
    events = deal.end_deal(game)
    over = next(e for e in events if e.kind == "game_over")
    assert [r for _, _, r in over.data["standings"]] == [1, 1, 3]


# --- TRI-41 -----------------------------------------------------------------------------------

def test_tri_41_timeout_lead_picks_the_lowest_allowed_card() -> None:
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), None) == "H"
    assert timeout_suit(parse_cards("5S 3H 3D 9C"), "H") == "D"
    game = position(TripoleyGame, [10] * 2, {ANN: "5S 3H 9C", BOB: "2D"}, dealer=BOB)
    michigan.begin(game, ANN)
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


# --- MICH-1 -----------------------------------------------------------------------------------

def test_mich_1_three_to_eight_players() -> None:
    with pytest.raises(ValueError):
        MichiganRummyGame.start([60, 60])
    with pytest.raises(ValueError):
        MichiganRummyGame.start([60] * 9)
    assert MichiganRummyGame.start([60] * 8, seed=1).n == 8


# --- MICH-2 -----------------------------------------------------------------------------------

def test_mich_2_mat_has_the_michigan_rummy_compartments() -> None:
    game = MichiganRummyGame.start([60] * 3, deck=new_deck(), dealer=ANN)
    assert [c["code"] for c in game.public_view()["mat"]] == ["AH", "KC", "QD", "JS", "10H", "KQ", "RUN",
                                                             "POKER_POOL", "POT"]
    assert "KITTY" not in game.chips() and "mat:KITTY" not in game.chips()


# --- MICH-3 -----------------------------------------------------------------------------------

def test_mich_3_short_dealer_pays_a_second_pass_while_chips_last() -> None:
    game = MichiganRummyGame.start([50, 50, 12], deck=new_deck(), dealer=CAL)
    assert game.stacks[CAL] == 0
    cal = [e[1] for e in game.ledger if e[0] == "seat:2"]
    assert len(cal) == 12 and cal[9:] == ["mat:AH", "mat:KC", "mat:QD"]


def test_mich_3_single_ante_option() -> None:
    game = MichiganRummyGame.start([50] * 3, {"mich_dealer_double_ante": False}, deck=new_deck(), dealer=CAL)
    assert game.stacks == [41, 41, 41]


# --- MICH-4 -----------------------------------------------------------------------------------

def test_mich_4_deal_and_spare_hand_as_in_tripoley() -> None:
    game = MichiganRummyGame.start([60] * 4, deck=new_deck(), dealer=DEE)
    assert [len(game.hands[p]) for p in (ANN, BOB, CAL, DEE)] == [11, 11, 10, 10]
    assert len(game.spare) == 10
    assert game.legal_actions(DEE) == [SwapSpare(), AuctionSpare(), KeepHand()]


# --- MICH-5 -----------------------------------------------------------------------------------

def test_mich_5_michigan_comes_right_after_the_spare_phase_without_betting() -> None:
    game = MichiganRummyGame.start([60] * 3, deck=new_deck(), dealer=CAL)
    game.apply(CAL, KeepHand())
    assert game.phase == "michigan" and game.betting is None
    assert game.pay_results == []                  # no on-hold pay-card phase by default
    for name in ("tripoley_poker_betting", "poker_min_bet", "poker_hand_selection"):
        with pytest.raises(ValueError):
            MichiganRummyGame.start([60] * 3, options={name: 1})


# --- MICH-6 -----------------------------------------------------------------------------------

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


# --- MICH-7 -----------------------------------------------------------------------------------

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


# --- MICH-8 -----------------------------------------------------------------------------------

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


# --- MICH-9 -----------------------------------------------------------------------------------

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


# --- MICH-10 ----------------------------------------------------------------------------------

def test_mich_10_game_ends_like_tripoley() -> None:
    game = MichiganRummyGame.start([60] * 3, seed=4, dealer=ANN, options={"max_deals": 2})
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    assert game.deals_done == 2 and sum(game.mat.values()) == 0 and sum(game.stacks) == 180
