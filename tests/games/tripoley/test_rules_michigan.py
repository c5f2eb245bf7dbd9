"""Tripoley and Michigan Rummy rules, the Michigan phase: tests named by rule id."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card, new_deck, parse_cards
from bot.games.tripoley import michigan
from bot.games.tripoley.actions import (
    Check,
    Fold,
    Lead,
    Suit,
)
from bot.games.tripoley.game import DealGame

from .positions import ANN, BOB, CAL, DEE, MichiganRummyGame, TripoleyGame, position
from .rules_helpers import H3, _play_out_michigan, _poker
from tests.english import english
from tests.games.known import all_of, known


def _next_up(card: Card) -> Card | None:
    if card.rank == 1:
        return None
    return Card(1 if card.rank == 13 else card.rank + 1, card.suit)


def test_tri_29_folded_player_still_plays_michigan() -> None:
    game = _poker([30] * 3, H3)
    game.apply(ANN, Fold())
    game.apply(BOB, Check())
    game.apply(CAL, Check())
    assert game.phase == "michigan" and str(ANN) in known(game.mich).start
    assert known(game.mich).start[str(ANN)] == ["2S", "3S", "4S", "5S", "7H"]
    _play_out_michigan(game)
    ann_pays = [e for e in game.ledger if e[0] == "seat:0" and e[3] == "mich_pay"]
    assert game.mich_winner == ANN or ann_pays == [("seat:0", "mat:KITTY", len(game.hands[ANN]), "mich_pay")]


def test_tri_29_no_sequence_continues_past_the_ace() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "KS AS 3D", BOB: "2S 4D"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))            # KS, AS: stop at the ace (2S does not follow)
    # Ann leads again with spades forbidden: 3D, her last card
    assert known(game.mich).played == ["KS", "AS", "3D"]
    assert game.mich_winner == ANN and game.hands[BOB] == parse_cards("2S 4D")


class _MichiganModel:
    """The Michigan phase of one deal as the rules tell it (TRI-29 … TRI-36), card by card: who
    holds what, what was played, the wallets and the mat."""

    def __init__(self, cls: type[DealGame], pay_timing: str, rng: random.Random) -> None:
        self.cls, self.pay_timing = cls, pay_timing
        self.n = n = rng.randint(cls.min_players, 6)
        deck = new_deck()
        rng.shuffle(deck)
        size = 52 // (n + 1)
        self.hands = {p: deck[size * p:size * (p + 1)] for p in range(n)}
        self.wallets = [rng.choice([0, 1, 3, 10, 40, 40]) for _ in range(n)]
        self.mat = {code: rng.randint(0, 6) for code in cls.variant.codes}
        self.model = {p: set(h) for p, h in self.hands.items()}
        self.wallet = list(self.wallets)
        self.played_by: dict[int, set[Card]] = {p: set() for p in range(n)}
        self.played: list[str] = []
        self.winner: int | None = None
        self.singles = {card: code for code, card in cls.variant.single_pay}

    def game(self) -> DealGame:
        return position(self.cls, self.wallets, {p: " ".join(map(str, h)) for p, h in self.hands.items()},
                        mat=dict(self.mat), dealer=self.n - 1, options={"pay_timing": self.pay_timing})

    def play(self, p: int, card: Card) -> None:
        """A card played; with `on_play` its pay cards collect at once (TRI-19)."""
        self.model[p].discard(card)
        self.played.append(str(card))
        self.played_by[p].add(card)
        if self.pay_timing == "on_play":
            self._collect(p, card)

    def _collect(self, p: int, card: Card) -> None:
        mat, wallet, mine = self.mat, self.wallet, self.played_by[p]
        if card in self.singles:
            wallet[p] += mat[self.singles[card]]
            mat[self.singles[card]] = 0
        q, k = Card(12, "H"), Card(13, "H")
        if card in (q, k) and q in mine and k in mine:
            wallet[p] += mat["KQ"]
            mat["KQ"] = 0
        run_ranks = self.cls.variant.run_ranks
        if card.high in run_ranks and all(Card(r, card.suit) in mine for r in run_ranks):
            wallet[p] += mat["RUN"]
            mat["RUN"] = 0

    def run(self, game: DealGame, rng: random.Random) -> None:
        """Lead after lead until someone goes out (TRI-35) or nobody can lead (TRI-34, TRI-36),
        checking the engine asks exactly the leads the rules allow."""
        n, model = self.n, self.model
        leader, forbidden = rng.randrange(n), None
        michigan.begin(game, leader)
        for _step in range(60):
            order = [(leader + i) % n for i in range(n)]
            can = [p for p in order if any(c.suit != forbidden for c in model[p])]
            if not can:
                return
            leader = can[0]
            suits = sorted({c.suit for c in model[leader] if c.suit != forbidden}, key="SHDC".index)
            if len(suits) > 1:
                assert game.phase == "michigan" and game.to_act() == [leader]
                assert [a.suit.letter for a in all_of(Lead, game.legal_actions(leader))] == suits
                suit = rng.choice(suits)
                game.apply(leader, Lead(Suit.of(suit)))
            else:
                suit = suits[0]                               # played without asking
            holder = self._sequence(leader, suit)
            if self.winner is not None:
                return
            leader, forbidden = holder, suit

    def _sequence(self, leader: int, suit: str) -> int:
        """The lowest card of the suit, then the next ones up wherever they are (TRI-31 … TRI-33);
        the seat that played the last card."""
        card = min((c for c in self.model[leader] if c.suit == suit), key=lambda c: c.high)
        holder = leader
        while True:
            self.play(holder, card)
            if not self.model[holder]:
                self.winner = holder                          # TRI-35, even mid-sequence
                return holder
            nxt = _next_up(card)
            owner = next((p for p in range(self.n) if nxt in self.model[p]), None) if nxt else None
            if owner is None:
                return holder                                 # TRI-33
            card, holder = known(nxt), owner

    def settle(self) -> None:
        """TRI-35/36: payments capped by the wallet, then the winner takes the prize."""
        prize = self.cls.variant.michigan_prize
        for p in range(self.n):
            if p != self.winner:
                owe = min(len(self.model[p]), self.wallet[p])
                self.wallet[p] -= owe
                self.mat[prize] += owe
        if self.winner is not None:
            self.wallet[self.winner] += self.mat[prize]
            self.mat[prize] = 0


def _engine_books(game: DealGame) -> tuple[list[int], dict[str, int]]:
    """The engine's stacks and mat, Michigan Rummy's poker pool (MICH-9, paid after) put back."""
    engine_mat = dict(game.mat)
    engine_stacks = list(game.stacks)
    if isinstance(game, MichiganRummyGame):
        for _src, dst, amount, why in game.ledger:
            if why == "poker":
                engine_stacks[int(dst.split(":")[1])] -= amount
                engine_mat["POKER_POOL"] += amount
    return engine_stacks, engine_mat


@pytest.mark.parametrize("cls,pay_timing", [(TripoleyGame, "on_hold"), (TripoleyGame, "on_play"),
                                            (MichiganRummyGame, "on_play")])
def test_tri_29_to_36_random_michigan_phases_match_a_model_of_the_rules(cls: type[DealGame],
                                                                       pay_timing: str) -> None:
    rng = random.Random(len(pay_timing) + cls.min_players)
    over = 0
    for _ in range(120):
        model = _MichiganModel(cls, pay_timing, rng)
        game = model.game()
        model.run(game, rng)
        model.settle()
        assert known(game.mich).played == model.played
        assert game.mich_winner == model.winner
        stacks, mat = _engine_books(game)
        if game.is_over():                                    # the mat was emptied (TRI-39)
            assert sum(stacks) + sum(mat.values()) == sum(model.wallet) + sum(model.mat.values())
            over += 1
        else:
            assert stacks == model.wallet and mat == model.mat
    assert over < 60                                          # most cases compare exactly


def test_tri_30_poker_winner_leads_first_with_no_forbidden_suit() -> None:
    game = _poker([30] * 3, H3)
    for p in (ANN, BOB, CAL):
        game.apply(p, Check())
    assert game.poker_winner == BOB
    assert known(game.mich).leader == BOB and known(game.mich).forbidden is None
    assert len(game.legal_actions(BOB)) == 4       # any suit Bob holds


def test_tri_31_leader_plays_the_lowest_card_ace_high() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "AS 9S 4S 2H", BOB: "3H"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))
    assert known(game.mich).played[0] == "4S"


def test_tri_31_cannot_lead_forbidden_or_missing_suit() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2S 4S 2H", BOB: "3H 9D"}, dealer=BOB)
    michigan.begin(game, ANN)
    assert game.legal_actions(ANN) == [Lead(Suit.SPADES), Lead(Suit.HEARTS)]
    with pytest.raises(IllegalAction):
        game.apply(ANN, Lead(Suit.CLUBS))         # a suit Ann does not hold
    game.apply(ANN, Lead(Suit.SPADES))            # 2S, 3S dead: stop; Ann leads, S forbidden
    # Ann now holds 4S and 2H: only hearts is allowed, so it is played at once: 2H 3H (Bob),
    # 4H dead: stop on Bob, who has only 9D left and goes out with it.
    assert known(game.mich).played == ["2S", "2H", "3H", "9D"]
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


def test_tri_32_following_is_compulsory_across_players() -> None:
    game = position(TripoleyGame, [20, 20, 20], {ANN: "2C 5C 9H", BOB: "3C 6C 9S", CAL: "4C 9D 7S"}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert known(game.mich).played[:5] == ["2C", "3C", "4C", "5C", "6C"]


def test_tri_33_stop_on_a_card_already_played() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "9S 10S 2H 3D", BOB: "7S 8S 4D 5C"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.SPADES))             # 9S 10S; JS dead: stop, Ann leads, S forbidden
    game.apply(ANN, Lead(Suit.DIAMONDS))           # 3D 4D (Bob); 5D dead: stop on Bob
    assert known(game.mich).leader == BOB and known(game.mich).forbidden == "D"
    game.apply(BOB, Lead(Suit.SPADES))             # 7S 8S; 9S was played earlier: stop on Bob
    # then Bob's only other suit is clubs: 5C, his last card
    assert known(game.mich).played == ["9S", "10S", "3D", "4D", "7S", "8S", "5C"]
    assert game.mich_winner == BOB


def test_tri_33_stopper_leads_next_and_forbidden_suit_is_the_stopped_one() -> None:
    game = position(TripoleyGame, [20, 20], {ANN: "2C 5H 7D", BOB: "3C 6H 8D"}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))              # 2C 3C, stop on Bob
    assert known(game.mich).leader == BOB and known(game.mich).forbidden == "C"
    assert Lead(Suit.CLUBS) not in game.legal_actions(BOB)


def test_tri_34_lead_passes_clockwise_past_several_players() -> None:
    game = position(TripoleyGame, [20] * 4, {ANN: "2H 4H 7H", BOB: "3H 8H", CAL: "5C 6C", DEE: "9S 10S"},
                    dealer=DEE)
    events = michigan.begin(game, ANN)         # 2H 3H 4H; 5H dead: stop on Ann, hearts forbidden
    # Ann and Bob hold only hearts: the lead passes to Cal, who leads 5C 6C and is out
    assert known(game.mich).played == ["2H", "3H", "4H", "5C", "6C"] and game.mich_winner == CAL
    assert any("lead passes to {p2}" in english(e) for e in events)


def test_tri_35_going_out_on_a_follow_ends_the_phase_at_once() -> None:
    game = position(TripoleyGame, [20, 20, 20], {ANN: "2C 4C 5C 9H", BOB: "3C", CAL: "6C 7D 8D"},
                    mat={"KITTY": 5}, dealer=CAL)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))              # 2C, 3C: Bob's last card → Bob wins
    assert game.mich_winner == BOB
    assert known(game.mich).played == ["2C", "3C"]
    # Ann 3 cards, Cal 3 cards → KITTY 5 + 6 = 11 to Bob
    assert game.stacks == [17, 31, 17] and game.mat["KITTY"] == 0


def test_tri_35_payment_capped_by_wallet_no_debt() -> None:
    game = position(TripoleyGame, [2, 20], {ANN: "2C 5H 6H 7H 8H", BOB: "3C"}, mat={"KITTY": 0}, dealer=BOB)
    michigan.begin(game, ANN)
    game.apply(ANN, Lead(Suit.CLUBS))
    assert game.mich_winner == BOB and game.stacks == [0, 22]
    assert game.status[ANN] == "broke"             # TRI-37 (1)


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
