"""Cards, decks, the deal's random source, option specs and the action codec: the shared pieces."""

from __future__ import annotations

import collections
from dataclasses import dataclass
from typing import ClassVar

import pytest

from bot.games.actions import Discard, DrawStock
from bot.games.base import action_from_dict, action_to_dict
from bot.games.cards import Card, DealRandom, deal_rng, format_cards, new_deck, parse_cards, shuffled_deck, sort_hand
from bot.games.options import OptionSpec, resolve_options


def test_notation_round_trips_including_copies() -> None:
    text = "QH 10S AD 2C KH#1 QH#2"
    cards = parse_cards(text)
    assert format_cards(cards) == text
    assert [c.rank for c in cards] == [12, 10, 1, 2, 13, 12]
    assert cards[0].face == cards[5].face and cards[0] != cards[5]
    assert parse_cards("qh, 10s") == parse_cards("QH 10S")
    assert Card.parse("AS").high == 14 and Card.parse("AS").pretty == "A♠"


@pytest.mark.parametrize("bad", ["1H", "QX", "Q", "10", "QH#x", "11S", ""])
def test_bad_tokens_say_what_they_are(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_decks_of_one_to_three_packs() -> None:
    for packs in (1, 2, 3):
        deck = new_deck(packs)
        assert len(deck) == 52 * packs == len(set(deck))
        assert collections.Counter(c.face for c in deck) == dict.fromkeys({c.face for c in deck}, packs)
    with pytest.raises(ValueError):
        new_deck(4)


def test_hands_sort_by_suit_then_rank() -> None:
    assert format_cards(sort_hand(parse_cards("2C AS KH 10S"))) == "AS 10S KH 2C"
    assert format_cards(sort_hand(parse_cards("2S AS KS"), ace_high=True)) == "2S KS AS"


def test_the_deal_rng_is_reproducible_and_distinct_per_deal() -> None:
    assert shuffled_deck(deal_rng(7, 1)) == shuffled_deck(deal_rng(7, 1))
    assert shuffled_deck(deal_rng(7, 1)) != shuffled_deck(deal_rng(7, 2))
    assert shuffled_deck(deal_rng(7, 1)) != shuffled_deck(deal_rng(8, 1))
    assert shuffled_deck(deal_rng(7, "1:rebuild:1")) != shuffled_deck(deal_rng(7, 1))
    with pytest.raises(NotImplementedError):
        DealRandom("k").getstate()


def test_the_deal_rng_shuffles_uniformly() -> None:
    """Each card lands in a given position about equally often (MAR-3: a uniform permutation)."""
    trials = 26_000
    seen = collections.Counter(str(shuffled_deck(deal_rng(3, i))[17]) for i in range(trials))
    assert len(seen) == 52
    expected = trials / 52
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < 90  # 51 degrees of freedom: p < 0.001 above about 87


def test_the_deal_rng_serves_the_usual_random_api() -> None:
    rng = deal_rng(1, 1)
    floats = [rng.random() for _ in range(2000)]
    assert all(0 <= x < 1 for x in floats) and 0.45 < sum(floats) / len(floats) < 0.55
    rolls = collections.Counter(rng.randint(1, 6) for _ in range(6000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6} and min(rolls.values()) > 850
    assert rng.choice("abc") in "abc" and 0 <= rng.randrange(10) < 10


def test_option_specs_parse_user_text_and_name_bad_options() -> None:
    specs = (OptionSpec("knock_limit", 10, "", minimum=0, maximum=10), OptionSpec("big_gin", False, ""),
             OptionSpec("payout", 2.5, "", choices=(2.0, 2.5, 3.0)), OptionSpec("mode", "a", "", choices=("a", "b")))
    assert resolve_options(specs, {"knock_limit": " 7 ", "big_gin": "true", "payout": 3, "mode": "B"}) == \
        {"knock_limit": 7, "big_gin": True, "payout": 3.0, "mode": "b"}
    with pytest.raises(ValueError, match="knock_limit must be 0–10; got 11"):
        resolve_options(specs, {"knock_limit": 11})
    with pytest.raises(ValueError, match="unknown option 'knock'"):
        resolve_options(specs, {"knock": 1})
    with pytest.raises(ValueError, match="big_gin must be false, true"):
        resolve_options(specs, {"big_gin": 1})


@dataclass(frozen=True, slots=True)
class Throw:
    kind: ClassVar[str] = "throw"
    cards: tuple[Card, ...]
    amount: int | None = None


def test_actions_round_trip_through_json() -> None:
    types = (Discard, DrawStock, Throw)
    for action in (Discard(Card.parse("QH#2")), DrawStock(), Throw(tuple(parse_cards("AS 2S")), 3), Throw((), None)):
        assert action_from_dict(types, action_to_dict(action)) == action
    assert action_to_dict(Discard(Card.parse("10H"))) == {"kind": "discard", "card": "10H"}
    with pytest.raises(ValueError, match="unknown action kind"):
        action_from_dict(types, {"kind": "fly"})
