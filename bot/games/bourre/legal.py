"""Which cards a player may play to a trick (BOU-14, BOU-15), and who wins it (BOU-16).

The engine works on card ids, small ints `suit * 13 + (high - 2)` (suit in S, H, D, C order,
`high` 2 … 14 with the ace high), so that within a suit a bigger id is a higher card and
`id // 13` is the suit. `legal_cards` is the same rule on `Card` objects for the bot and the UI.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated

from ..cards import SUITS, Card
from ..codec import Via
from ..messages import Cards

CARDS: tuple[Card, ...] = tuple(Card(1 if i % 13 == 12 else i % 13 + 2, SUITS[i // 13])
                                for i in range(52))
"""CARDS[id] is the Card of a card id."""

CARD_ID: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
"""The inverse of CARDS."""

NOTE: tuple[str, ...] = tuple(str(c) for c in CARDS)
"""NOTE[id] is the notation of a card id."""

WORDS: tuple[Cards, ...] = tuple(Cards((n,)) for n in NOTE)
"""WORDS[id] is the card as a message parameter (`messages.Cards`)."""

CardId = Annotated[int, Via(NOTE.__getitem__, lambda text: CARD_ID[Card.parse(text)])]
"""A card id in the state, saved as the card's notation."""

SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def trick_winner_index(trick: Sequence[int], trump: int) -> int:
    """Index in `trick` of the card that wins it so far (BOU-16): the highest trump, else the
    highest card of the led suit; cards of a third suit never count."""
    best = 0
    w = trick[0]
    ws = w // 13
    for i in range(1, len(trick)):
        c = trick[i]
        s = c // 13
        if s == ws:
            if c > w:
                w, best = c, i
        elif s == trump:  # a first trump over a led plain suit
            w, ws, best = c, s, i
    return best


def legal_ids(hand: Sequence[int], trick: Sequence[int], trump: int,
              must_beat: bool = True, must_trump: bool = True,
              must_overtrump: bool = True) -> list[int]:
    """BOU-14 on card ids: the cards of `hand` (in its order) that may be played."""
    if not trick:
        return list(hand)
    lead = trick[0]
    led = lead // 13
    w = lead
    ws = led
    for c in trick:
        s = c // 13
        if s == ws:
            if c > w:
                w = c
        elif s == trump:
            w, ws = c, s
    follow = [c for c in hand if c // 13 == led]
    if follow:
        if ws == led and must_beat:
            return [c for c in follow if c > w] or follow
        return follow
    if must_trump:
        trumps = [c for c in hand if c // 13 == trump]
        if trumps:
            if ws == trump and must_overtrump:
                return [c for c in trumps if c > w] or trumps
            return trumps
    return list(hand)


def sure_trumps(hand: Sequence[int], trump: int, out_of_play: Iterable[int]) -> int:
    """BOU-15: how many of the hand's trumps are sure tricks, i.e. every higher trump is in
    the hand or known to be out of play."""
    known = set(hand)
    known.update(out_of_play)
    top = trump * 13 + 12
    count = 0
    for c in hand:
        if c // 13 == trump and all(h in known for h in range(c + 1, top + 1)):
            count += 1
    return count


def restrict(hand: Sequence[int], legal: list[int], leading: bool, trump: int, *,
             ace_trump_lead: bool, sure_three_rule: bool, tricks_won: int,
             out_of_play: Iterable[int], last_to_play: bool) -> list[int]:
    """BOU-15 applied to the BOU-14 set `legal` (both options are off by default)."""
    trumps = [c for c in hand if c // 13 == trump]
    if not trumps:
        return legal
    high = max(trumps)
    if leading and ace_trump_lead and high == trump * 13 + 12:
        return [high]
    if sure_three_rule and (leading or not last_to_play) and \
            tricks_won + sure_trumps(hand, trump, out_of_play) >= 3:
        if leading or high in legal:
            return [high]
    return legal


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: str, *,
                must_beat: bool = True, must_trump: bool = True, must_overtrump: bool = True,
                ace_trump_lead: bool = False, sure_three_rule: bool = False,
                tricks_won: int = 0, out_of_play: Iterable[Card] = (),
                last_to_play: bool = False) -> list[Card]:
    """The cards of `hand` that may be played now, in the hand's order (BOU-14, BOU-15).

    `trick` is the cards already played to the current trick, leader first; `trump` a suit
    letter. The BOU-15 options need the player's tricks so far, the cards known to be out of
    play (every card played to a trick this hand, the discarded upcard) and whether the
    player is the last to play to this trick.
    """
    t = SUIT_INDEX[trump]
    ids = [CARD_ID[c] for c in hand]
    played = [CARD_ID[c] for c in trick]
    legal = legal_ids(ids, played, t, must_beat, must_trump, must_overtrump)
    if ace_trump_lead or sure_three_rule:
        out = [CARD_ID[c] for c in out_of_play]
        out.extend(played)
        legal = restrict(ids, legal, not played, t, ace_trump_lead=ace_trump_lead,
                         sure_three_rule=sure_three_rule, tricks_won=tricks_won,
                         out_of_play=out, last_to_play=last_to_play)
    return [CARDS[c] for c in legal]
