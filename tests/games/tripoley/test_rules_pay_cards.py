"""Tripoley and Michigan Rummy rules, pay cards: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.tripoley import michigan, spare
from bot.games.tripoley.actions import (
    Lead,
    Suit,
    SwapSpare,
)
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, MichiganRummyGame, TripoleyGame, position
from .rules_helpers import ON_PLAY
from tests.games.known import known


def _deck_for(hands: list[str], spare: str) -> list[Card]:
    """A deck (top first) dealing the given hands in deal-order positions 1..N and the spare
    hand as position N+1 (TRI-7, after_dealer); every hand must have its TRI-7 size."""
    piles = [parse_cards(h) for h in hands] + [parse_cards(spare)]
    h = len(piles)
    deck: list[Card] = []
    for k in range(52):
        deck.append(piles[k % h][k // h])
    assert sorted(deck) == new_deck()
    return deck


def test_tri_15_single_pay_cards_take_the_whole_compartment() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "AH KH 2S", BOB: "10H JH 3S"},
                    mat={"AH": 7, "KH": 3, "QH": 5, "JH": 2, "10H": 11}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [20, 23]
    assert game.mat["QH"] == 5                    # QH is in the dead hand (TRI-18)


@pytest.mark.parametrize("cls,run_shares", [(TripoleyGame, "per_player"), (TripoleyGame, "per_run"),
                                            (MichiganRummyGame, "per_player"), (MichiganRummyGame, "per_run")])
def test_tri_15_to_18_random_on_hold_claims_match_a_model_of_the_rules(cls: type[DealGame], run_shares: str) -> None:
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
                p = known(owners.pop())
                shares[p] = shares.get(p, 0) + 1 if run_shares == "per_run" else 1
        if shares:
            each = mat["RUN"] // sum(shares.values())
            for p, s in shares.items():
                gain[p] += each * s
            mat["RUN"] -= each * sum(shares.values())
        assert game.stacks == [10 + g for g in gain]
        assert game.mat == mat
        assert all(sorted(game.hands[p]) == sorted(hands[p]) for p in range(n))   # TRI-18: cards stay


def test_tri_16_marriage_split_between_two_hands_pays_only_singles() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "QH 2S", BOB: "KH 3S"},
                    mat={"KH": 4, "QH": 4, "KQ": 9}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [14, 14] and game.mat["KQ"] == 9


def test_tri_16_marriage_with_one_card_dead_pays_kq_nothing() -> None:
    game = position(TripoleyGame, [10, 10], {ANN: "QH 2S", BOB: "3S"}, mat={"KH": 4, "QH": 4, "KQ": 9}, dealer=BOB)
    spare.pay_on_hold(game)
    assert game.stacks == [14, 10] and game.mat["KQ"] == 9 and game.mat["KH"] == 4


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
