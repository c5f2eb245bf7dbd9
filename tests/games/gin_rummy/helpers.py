"""Building Gin Rummy hands from explicit cards (the worked examples are built from explicit decks)."""

from __future__ import annotations

import itertools
from typing import Any

from bot.games.cards import Card, new_deck, parse_cards
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass

DEALER, NON_DEALER = 0, 1


def deck_for(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A 52-card deck (top first) dealing these hands (GIN-6: the non-dealer gets the first
    card), this upcard, and `stock` on top of the stock; the rest in canonical order."""
    nd, dl = parse_cards(non_dealer), parse_cards(dealer)
    assert len(nd) == len(dl) == 10
    top = [c for pair in zip(nd, dl) for c in pair] + parse_cards(upcard) + parse_cards(stock)
    assert len(set(top)) == len(top), "a card appears twice"
    return top + [c for c in new_deck() if c not in top]


def start(non_dealer: str, dealer: str, upcard: str, stock: str = "",
          options: dict[str, Any] | None = None, stacks: tuple[int, int] | None = None) -> GinRummy:
    opts = dict(options or {})
    if stacks is None:
        amount = GinRummy.buy_in(opts).minimum
        stacks = (amount, amount)
    return GinRummy.start(list(stacks), opts, seed=7, deck=deck_for(non_dealer, dealer, upcard, stock),
                          dealer=DEALER)


def knock_after_draw(knocker: str, defender: str, drawn: str, options: dict[str, Any] | None = None,
                     upcard: str = "", junk: str = "", stacks: tuple[int, int] | None = None,
                     ) -> tuple[GinRummy, list[Any]]:
    """The non-dealer holds `knocker`, the dealer `defender`. The non-dealer passes the
    upcard, the dealer draws `junk` from the stock and discards it, the non-dealer draws
    `drawn`. Returns the game at the knocker's discard decision (11 cards) and the events."""
    used = set(parse_cards(knocker + " " + defender + " " + drawn))
    spare = [c for c in new_deck() if c not in used]
    up = upcard or str(spare[-1])
    jk = junk or str(spare[-2])
    g = start(knocker, defender, up, f"{jk} {drawn}", options, stacks)
    events = g.apply(NON_DEALER, Pass(Card.parse(up)))
    events += g.apply(DEALER, DrawStock())
    events += g.apply(DEALER, Discard(Card.parse(jk)))
    events += g.apply(NON_DEALER, DrawStock())
    return g, events


def knock(g: GinRummy, card: str) -> list[Any]:
    """Knock discarding `card`, with the deadwood the engine offers for it."""
    c = Card.parse(card)
    action = next(a for a in g.legal_actions(NON_DEALER) if isinstance(a, Knock) and a.card == c)
    return g.apply(NON_DEALER, action)


def every_meld(cards: list[Card]) -> list[tuple[Card, ...]]:
    """GIN-4 taken literally: every 3- and 4-card set and every run stretch in the cards."""
    melds: list[tuple[Card, ...]] = []
    for size in (3, 4):
        for combo in itertools.combinations(cards, size):
            if len({c.rank for c in combo}) == 1:
                melds.append(combo)
    for suit in "SHDC":
        have = {c.rank: c for c in cards if c.suit == suit}
        for lo in range(1, 12):
            for hi in range(lo + 2, 14):
                if all(r in have for r in range(lo, hi + 1)):
                    melds.append(tuple(have[r] for r in range(lo, hi + 1)))
    return melds
