"""Tripoley and Michigan Rummy rules, the poker phase: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import new_deck, parse_cards
from bot.games.poker import best_hand
from bot.games.tripoley import poker_phase
from bot.games.tripoley.actions import (
    Bet,
    Call,
    Check,
    ChoosePokerHand,
    Fold,
    KeepHand,
    Raise,
)

from .positions import ANN, BOB, CAL, TripoleyGame, position
from .rules_helpers import H3, ON_PLAY, _poker, _three_way
from tests.games.known import all_of, known


def _model_settle(contrib: dict[int, int], folded: set[int], base: int, values: dict[int, int],
                  tie: list[int]) -> tuple[dict[int, int], int]:
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
    legal = all_of(ChoosePokerHand, game.legal_actions(ANN))
    assert legal[0] == game.timeout_action(ANN) and all(len(a.cards) == 5 for a in legal)
    assert set().union(*(a.cards for a in legal)) == set(game.hands[ANN])
    assert len({frozenset(a.cards) for a in legal}) == len(legal)


def test_tri_20_poker_never_removes_cards_from_a_hand() -> None:
    game = _poker([30] * 3, {ANN: "2S 3S 4S 5S 7H 9D", BOB: "AS AH AD 9C KS", CAL: "2D 3D 4D 5D 7C"})
    for p in (ANN, BOB):
        game.apply(p, Check())
    game.apply(CAL, Check())
    assert game.phase == "michigan"
    assert known(game.mich).start[str(ANN)] == ["2S", "3S", "4S", "5S", "7H", "9D"]


def test_tri_21_wallet_zero_is_all_in_and_never_asked() -> None:
    game = position(TripoleyGame, [10, 0, 10], {ANN: "2S 3S 4S 5S 7H", BOB: "AS AH AD AC KS",
                                                CAL: "2D 3D 4D 5D 7C"}, mat={"POT": 6}, dealer=CAL)
    poker_phase.begin_betting(game)
    assert BOB in known(game.betting).allin
    game.apply(ANN, Bet(2))
    game.apply(CAL, Call(2))
    assert game.stacks == [10, 6, 10]   # layer 1 (L=0) is B: Bob's quads; layer 2: Ann and Cal tie, 2 each
    assert game.mat["POT"] == 0


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
    assert BOB in known(game.betting).allin and known(game.betting).current == 3


def test_tri_23_call_for_less_is_all_in() -> None:
    game = _poker([30, 30, 3], H3)
    game.apply(ANN, Bet(5))
    game.apply(BOB, Call(5))
    assert game.legal_actions(CAL)[:2] == [Fold(), Call(3)]
    assert not any(isinstance(a, Raise) for a in game.legal_actions(CAL))
    game.apply(CAL, Call(3))
    assert ("seat:2", "mat:POT", 3, "bet") in game.ledger
    assert CAL in known(game.betting).allin and known(game.betting).contrib[CAL] == 3 and game.phase == "michigan"


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
    assert game.stacks[BOB] == 23 and known(game.betting).current == 7
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


def test_tri_25_last_player_takes_the_whole_pot_unseen() -> None:
    game = _poker([20] * 3, H3, pot=7)
    game.apply(ANN, Check())
    game.apply(BOB, Bet(3))
    game.apply(CAL, Fold())
    game.apply(ANN, Fold())
    assert game.stacks == [20, 27, 20] and game.mat["POT"] == 0
    assert game.showdown == [] and game.poker_winner == BOB
    assert known(game.mich).leader == BOB


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
