"""Random full games: every invariant after every action, and every card played is legal."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.bourre import Bourre, legal_cards
from bot.games.bourre.actions import PlayCard
from bot.games.cards import Card, parse_cards
from bot.games.simulate import Policy, bot_policy, play

from tests.games.invariants import play_checked
from tests.games.known import all_of

CI = settings(derandomize=True, deadline=None, max_examples=40)

OPTIONS = st.fixed_dictionaries({}, optional={
    "exchange_order": st.sampled_from(["single_pass", "declare_then_exchange"]),
    "folded_hands_to_stock": st.booleans(),
    "dealer_must_play_on_ace": st.booleans(),
    "must_beat": st.booleans(),
    "must_trump": st.booleans(),
    "must_overtrump": st.booleans(),
    "ace_trump_lead": st.booleans(),
    "sure_three_rule": st.booleans(),
    "pot_limit": st.sampled_from([0, 3, 10]),
    "ante_exemption": st.sampled_from(["bourre_and_tied", "bourre_only", "none"]),
    "max_hands": st.integers(1, 6),
    "end_on_bust": st.booleans(),
    "end_on_double": st.booleans(),
    "final_pot": st.sampled_from(["split", "extra_hands"]),
    "max_exchange": st.integers(0, 5),
    "ante": st.sampled_from([1, 5, 40]),
})


def _all_cards(game: Bourre) -> list[str]:
    d = game.to_dict()
    cards: list[str] = [c for h in d["hands"] for c in h] + d["stock"] + d["pool"] + d["mucked"] + d["played"]
    return cards


def checking_policy(options: dict[str, Any]) -> Policy:
    """A random legal action; in trick play, first demands that the engine's legal cards are
    exactly `legal_cards` computed from what the seat sees (BOU-14, BOU-15)."""
    def policy(game: Bourre, seat: int, rng: random.Random) -> Any:
        actions = game.legal_actions(seat)
        cards = _all_cards(game)
        assert len(cards) == 52 and len(set(cards)) == 52  # every card is somewhere, once
        pub = game.public_view()
        if pub["phase_id"] == "tricks":
            priv = game.private_view(seat)
            trick = [Card.parse(t["card"]) for t in pub["trick"]]
            out = parse_cards(" ".join(pub["played"]))
            if pub["upcard_out"]:
                out.append(Card.parse(pub["upcard"]))
            expected = legal_cards(
                parse_cards(" ".join(priv["hand"])), trick, pub["trump"],
                must_beat=options.get("must_beat", True), must_trump=options.get("must_trump", True),
                must_overtrump=options.get("must_overtrump", True),
                ace_trump_lead=options.get("ace_trump_lead", False),
                sure_three_rule=options.get("sure_three_rule", False),
                tricks_won=priv["tricks"], out_of_play=out,
                last_to_play=len(trick) == len(pub["active"]) - 1)
            assert sorted(a.card for a in all_of(PlayCard, actions)) == sorted(expected)
            assert sorted(Card.parse(c) for c in priv["legal"]) == sorted(expected)
        return rng.choice(actions)
    return policy


@CI
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), options=OPTIONS)
def test_random_games_keep_invariants(seed: int, players: int, options: dict[str, Any]) -> None:
    game = play_checked(Bourre, [60] * players, seed, options, policy=checking_policy(options))
    assert game.is_over()
    assert sum(game.stacks) == 60 * players and game.pot == 0


@settings(derandomize=True, deadline=None, max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_default_games_with_seat_bots_keep_invariants(seed: int, players: int) -> None:
    game = play_checked(Bourre, [200] * players, seed, {"max_hands": 5}, policy=bot_policy)
    assert game.is_over()


@settings(derandomize=True, deadline=None, max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), leavers=st.integers(1, 3))
def test_leaving_players_are_dealt_out_and_chips_are_conserved(seed: int, players: int,
                                                               leavers: int) -> None:
    """The table's leave path: leave(), timeouts for the leaver until can_cash_out, cash_out."""
    game = Bourre.start([100] * players, {"max_hands": 8}, seed=seed)
    rng = random.Random(seed)
    leaving: set[int] = set()
    paid = 0
    for step, _ in enumerate(play(game, _leaver_policy(leaving), seed=seed)):
        if step % 7 == 3 and len(leaving) < leavers:
            s = rng.randrange(players)
            if game.seated[s] and s not in leaving:
                leaving.add(s)
                game.leave(s)
        for s in sorted(leaving):
            if game.seated[s] and not game.is_over() and game.can_cash_out(s):
                before = game.stacks[s]
                game.cash_out(s)
                paid += before
                assert game.stacks[s] == 0 and not game.seated[s]
        assert sum(game.chips().values()) + paid == 100 * players
        for s in leaving:
            if game.seated[s] and game.status[s] != "out":
                continue
            assert s not in game.to_act()  # a leaver is never dealt into a new hand
    assert game.is_over() and game.pot == 0


def _leaver_policy(leaving: set[int]) -> Policy:
    def policy(game: Bourre, seat: int, rng: random.Random) -> Any:
        if seat in leaving:
            return game.timeout_action(seat)
        return rng.choice(game.legal_actions(seat))
    return policy


def test_same_seed_same_game() -> None:
    a = Bourre.start([200] * 5, seed=99)
    b = Bourre.start([200] * 5, seed=99)
    assert a.to_dict() == b.to_dict()
    for _ in play(a, bot_policy, seed=1):
        pass
    for _ in play(b, bot_policy, seed=1):
        pass
    assert a.to_dict() == b.to_dict()
