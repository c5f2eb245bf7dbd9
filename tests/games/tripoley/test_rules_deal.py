"""Tripoley and Michigan Rummy rules, setup, the ante and the deal: tests named by rule id."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card, new_deck
from bot.games.tripoley.actions import (
    NextDeal,
)
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, TripoleyGame, total
from .rules_helpers import _finish_deal
from tests.english import english


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
def test_tri_4_to_7_random_antes_and_deals_match_a_model_of_the_rules(cls: type[DealGame]) -> None:
    rng = random.Random(cls.id)
    codes = cls.variant.codes
    for _ in range(150):
        n = rng.randint(cls.min_players, cls.max_players)
        wallets = [rng.choice([0, 1, 4, 9, 10, 13, 17, 18, 30]) for _ in range(n)]
        if sum(1 for w in wallets if w) < 2:
            wallets[0] = wallets[1] = 30
        dealer = rng.choice([p for p in range(n) if wallets[p]])
        opts: dict[str, Any] = {"spare_deal_position": rng.choice(["after_dealer", "before_first"])}
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
        positions: list[int | None] = [*players, None]
        if opts["spare_deal_position"] == "before_first":
            positions = [None] + players
        got: dict[int | None, list[Card]] = {p: [] for p in positions}
        for k, card in enumerate(deck):
            got[positions[k % len(positions)]].append(card)
        assert all(game.hands[p] == got[p] for p in players) and game.spare == got[None]


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


@pytest.mark.parametrize("n", range(2, 10))
def test_tri_6_whole_deck_dealt_to_n_plus_one_hands(n: int) -> None:
    game = TripoleyGame.start([50] * n, seed=n, dealer=0)
    hands = [game.hands[p] for p in game.dealt_in] + [game.spare]
    assert len(hands) == n + 1
    assert sorted(c for h in hands for c in h) == new_deck()
    assert min(len(h) for h in hands) >= 5


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
    view = dict(game.public_view())
    view.pop("mat")                         # compartment codes look like cards (AH, 10H)
    public = json.dumps(view)
    for p in range(4):
        assert not any(f'"{c}"' in public for c in map(str, game.hands[p]))
    assert not any(f'"{c}"' in public for c in map(str, game.spare))
    mine = game.private_view(ANN)
    assert sorted(mine["hand"]) == sorted(map(str, game.hands[ANN]))
    assert not set(mine["hand"]) & set(map(str, game.hands[BOB]))
