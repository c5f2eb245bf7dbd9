"""Building exact deals for Bourré tests."""

from __future__ import annotations

from typing import Any

from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, PlayCard, PlayHand
from bot.games.cards import Card, new_deck, parse_cards

from tests.games.known import all_of


def deck_for(n: int, dealer: int, hands: dict[int, str], stock: str = "") -> list[Card]:
    """A 52-card deck (top first) that deals `hands` (seat -> 5 cards; the dealer's LAST card is
    the upcard) when `dealer` deals to n seats, with `stock` on top of the stock; seats not in
    `hands` and the rest of the stock get the unused cards in pack order."""
    given = {s: parse_cards(t) for s, t in hands.items()}
    top = parse_cards(stock)
    used = {c for cards in given.values() for c in cards} | set(top)
    spare = [c for c in new_deck() if c not in used]
    for s in range(n):
        if s not in given:
            given[s] = [spare.pop(0) for _ in range(5)]
    order = [(dealer + 1 + i) % n for i in range(n)]
    deck = [given[order[k % n]][k // n] for k in range(5 * n)]
    deck += top + spare
    assert len(set(deck)) == 52
    return deck


def start(n: int, dealer: int, hands: dict[int, str], stock: str = "", options: dict[str, Any] | None = None,
          stacks: list[int] | None = None) -> Bourre:
    return Bourre.start(stacks or [200] * n, options, seed=7,
                        deck=deck_for(n, dealer, hands, stock), dealer=dealer)


def everyone_plays(game: Bourre, exchange: bool = True) -> None:
    """Each seat in turn declares PLAY and keeps its cards, until trick play starts."""
    while game.phase in ("declare", "exchange"):
        seat = game.to_act()[0]
        game.apply(seat, PlayHand() if game.phase == "declare" else Exchange(()))


def play(game: Bourre, seat: int, card: str) -> list[Any]:
    assert game.to_act() == [seat], f"expected seat {seat} to act, not {game.to_act()}"
    return game.apply(seat, PlayCard(Card.parse(card)))


def legal(game: Bourre, seat: int) -> set[str]:
    return {str(a.card) for a in all_of(PlayCard, game.legal_actions(seat))}
