"""Every poker hand a Tripoley or Michigan Rummy player can show is named in both languages:
each kind of hand, with each rank it can have, built card by card (seeded games meet only
some of them, and a royal flush hardly ever)."""

from __future__ import annotations

from collections.abc import Iterator

from bot.games.cards import Card
from bot.games.poker import best_hand, hand_message
from bot.i18n import ENGLISH, Locale, render
from bot.i18n.catalog import catalog

from tests.i18n.checks import leftover_english, unknown_keys
from tests.i18n.test_game_messages import _keys

JA = Locale("ja")
FACE = {14: "A", 13: "K", 12: "Q", 11: "J"}
NO_SUCH_HAND = {*(f"poker.rank.{r}" for r in (2, 3, 4)), *(f"poker.rank_title.{r}" for r in range(2, 7))}
"""Catalog words no hand uses: no straight or flush tops at a 4, no high card below a 7."""


def _card(rank: int, suit: str) -> Card:
    return Card.parse(f"{FACE.get(rank, str(rank))}{suit}")


def _hands() -> Iterator[list[Card]]:
    ranks = range(2, 15)
    for high in range(5, 15):   # straights and straight flushes, the wheel (5 high) to the royal
        run = [14 if r == 1 else r for r in range(high, high - 5, -1)]
        yield [_card(r, "S") for r in run]
        yield [_card(r, "SHDC"[i % 4]) for i, r in enumerate(run)]
    for high in range(7, 15):   # flushes and high cards: a gap below the top card, so no straight
        cards = [high, high - 2, high - 3, high - 4, 2]
        yield [_card(r, "H") for r in cards]
        yield [_card(r, "HS"[i % 2]) for i, r in enumerate(cards)]
    for r in ranks:
        kickers = [k for k in (14, 13, 12, 11, 9) if k != r]
        yield [_card(r, s) for s in "SHDC"] + [_card(kickers[0], "S")]          # four of a kind
        yield [_card(r, s) for s in "SHD"] + [_card(kickers[0], "S"), _card(kickers[1], "H")]
        yield [_card(r, s) for s in "SH"] + [_card(k, "SHD"[i]) for i, k in enumerate(kickers[:3])]
        for other in ranks:
            if other != r:
                yield [_card(r, s) for s in "SHD"] + [_card(other, s) for s in "SH"]   # full house
                spare = next(k for k in kickers if k != other)
                yield [_card(r, s) for s in "SH"] + [_card(other, s) for s in "SH"] + [_card(spare, "D")]


def test_every_poker_hand_is_named_in_both_languages() -> None:
    messages = {repr(hand_message(best_hand(hand))): hand_message(best_hand(hand)) for hand in _hands()}
    used = {key for message in messages.values() for key in _keys(message)}
    assert used == {key for key in catalog(ENGLISH).messages if key.startswith("poker.")} - NO_SUCH_HAND
    for message in messages.values():
        english, japanese = render(ENGLISH, message, ()), render(JA, message, ())
        assert not unknown_keys(english) and not unknown_keys(japanese), (english, japanese)
        assert not leftover_english(japanese), japanese
