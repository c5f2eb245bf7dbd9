"""The players the seat bots are measured against in `bench/seat_bots.py`: for each game a
strong, simple heuristic a good player would recognise, deciding like a seat bot from its seat's
views and the legal actions only (never a hidden card).

- Gin Rummy: a port of OpenSpiel's `SimpleGinRummyBot` (open_spiel/bots/gin_rummy/
  simple_gin_rummy_bot.h): take the upcard when it allows a knock or lands in a best meld;
  knock whenever legal; otherwise throw the highest-ranked card of the best deadwood.
- The others: a greedy expert of a few rules each, named in its docstring.

A baseline is a `Policy` (`bot.games.simulate`): (game, seat, rng) -> one of the legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.actions import Discard
from bot.games.bourre.actions import PlayCard
from bot.games.bourre.legal import CARD_ID, CARDS, NOTE, trick_winner_index
from bot.games.buki_domino.line import NUMS as BUKI_NUMS
from bot.games.buki_domino.line import PIPS as BUKI_PIPS
from bot.games.buki_domino.seat_bot import code_of_text
from bot.games.cards import SUITS, Card, parse_card_texts
from bot.games.gin_rummy.actions import DrawStock, Knock, Pass, ShowMelds, TakeDiscard
from bot.games.gin_rummy.melds import best_melds, discard_deadwoods, min_deadwood
from bot.games.marriage import views as marriage_views
from bot.games.marriage.actions import Finish, TakeAndFinish
from bot.games.marriage.melds import PURE_TYPES, MeldType, classify_faces, face_of, wild_faces
from bot.games.poker import CATEGORIES
from bot.games.simulate import Policy


def _gin_best_deadwood(cards: list[Card]) -> list[Card]:
    """The cards outside one best meld group of `cards` (OpenSpiel's GetBestDeadwood)."""
    _, melds = best_melds(cards)
    melded = {c for m in melds for c in m}
    return [c for c in cards if c not in melded]


def gin_simple(game: Any, seat: int, rng: random.Random) -> Any:
    """OpenSpiel's simple gin bot, through our engine's actions."""
    public, private, legal = game.public_view(), game.private_view(seat), game.legal_actions(seat)
    hand = parse_card_texts(private["hand"])
    phase = public["phase_id"]
    if phase in ("first_offer", "draw"):
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        blind = next(a for a in legal if isinstance(a, (DrawStock, Pass)))
        if take is None:
            return blind
        eleven = hand + [take.card]
        # MinDeadwood(hand, upcard): the least deadwood after the best discard of the 11 cards
        after = min(discard_deadwoods(eleven).values())
        if after <= public["knock_limit"] or take.card not in _gin_best_deadwood(eleven):
            return take
        return blind
    if phase == "discard":
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:   # always knock when legal, throwing what leaves the least deadwood
            low = min(a.deadwood for a in knocks)
            return max((a for a in knocks if a.deadwood == low), key=lambda a: (a.card.rank, a.card.suit_index))
        discards = [a for a in legal if isinstance(a, Discard)]
        allowed = {a.card: a for a in discards}
        dead = [c for c in _gin_best_deadwood(hand) if c in allowed]
        if dead:   # the highest-ranked deadwood card (RankComparator), ties to the suit order
            return allowed[max(dead, key=lambda c: (c.rank, c.suit_index))]
        # every card melded (or the deadwood is the card just taken): the least deadwood left
        return min(discards, key=lambda a: (min_deadwood([c for c in hand if c != a.card]), -a.card.rank))
    shows = [a for a in legal if isinstance(a, ShowMelds)]
    return shows[0] if shows else legal[0]


# --- Marriage ---------------------------------------------------------------------------------

def partners(face: int, faces: list[int]) -> int:
    """How many other cards of the hand could share a meld with this one: an identical card,
    the same rank in another suit, or the same suit within a three-card window."""
    n = 0
    for g in faces:
        if g == face:
            continue
        if g // 13 == face // 13:
            ranks = {face % 13 + 1, g % 13 + 1}
            n += max(ranks) - min(ranks) <= 2 or ranks <= {12, 13, 1}
        else:
            n += g % 13 == face % 13
    return n + faces.count(face) - 1


def marriage_greedy(game: Any, seat: int, rng: random.Random) -> Any:
    """A greedy Marriage player: declares its tunnelas, shows and goes out as soon as it may
    (never throwing maal or a wild card when it has a choice), takes the discard only when it
    completes a meld with two of its cards (a pure set before it has seen), and otherwise throws
    the card with the fewest partners in its hand, never a wild card once it knows them."""
    legal = game.legal_actions(seat)
    kinds = {a.kind: a for a in legal}
    for kind in ("next_deal", "end_game", "declare_tunnela", "declare_done", "show_dublees", "show"):
        if kind in kinds:
            return kinds[kind]
    view = marriage_views.hand_view(game, seat)
    tiplu = face_of(Card.parse(view["tiplu"])) if view["tiplu"] else None
    wild = wild_faces(tiplu)
    finishes = [a for a in legal if isinstance(a, (Finish, TakeAndFinish))]
    if finishes:
        return min(finishes, key=lambda a: (face_of(a.discard) in wild, str(a.discard)))
    faces = [face_of(c) for c in parse_card_texts(view["hand"])]
    take = kinds.get("take_discard")
    if take is not None:
        f = face_of(take.card)
        pure = tiplu is None
        for i, g in enumerate(faces):
            for h in faces[i + 1:]:
                kind = classify_faces((f, g, h), tiplu)
                if kind in PURE_TYPES if pure else kind is not MeldType.INVALID:
                    return take
    if "draw_stock" in kinds:
        return kinds["draw_stock"]
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return legal[0]
    return min(discards, key=lambda a: (face_of(a.card) in wild, partners(face_of(a.card), faces),
                                        -a.card.high, a.card.suit_index))


bourre_ids = {note: i for i, note in enumerate(NOTE)}
"""Bourré card ids (`bourre.legal`: suit * 13 + high - 2) by notation."""


# --- Bourré -----------------------------------------------------------------------------------

def bourre_expert(game: Any, seat: int, rng: random.Random) -> Any:
    """A rule-based Bourré player. Stays in with three trumps, two trumps and an honour (a top
    trump or a side ace), one top trump against at most two others, or any trump or ace head to
    head, and always when everyone else folded. Exchanges all but trumps, aces and guarded kings.
    In tricks it wins as cheaply as it can, leads the master trump, then aces, else its lowest
    card from its shortest side suit."""
    public, private, legal = game.public_view(), game.private_view(seat), game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    trump = SUITS.index(public["trump"])
    hand = [bourre_ids[t] for t in private["hand"]]
    if legal[0].kind in ("play", "fold"):
        seats = public["seats"]
        others = sum(1 for s in seats if s["seat"] != seat and s["state"] in ("in", "to declare"))
        trumps = [c % 13 for c in hand if c // 13 == trump]
        honours = sum(r >= 10 for r in trumps) + sum(c % 13 == 12 for c in hand if c // 13 != trump)
        stay = (others == 0 or len(trumps) >= 3 or (len(trumps) >= 2 and honours >= 1)
                or (12 in trumps or 11 in trumps) and others <= 2 or others <= 1 and (trumps or honours))
        return next(a for a in legal if a.kind == ("play" if stay else "fold"))
    if legal[0].kind == "exchange":
        keep = {c for c in hand if c // 13 == trump or c % 13 == 12 or (c % 13 == 11 and c + 1 in hand)}
        throw = sorted((c for c in hand if c not in keep), key=lambda c: c % 13)[:private["max_exchange"]]
        want = {CARDS[c] for c in throw}
        return next((a for a in legal if set(a.cards) == want), legal[0])
    options = [CARD_ID[a.card] for a in legal]
    trick = [bourre_ids[t["card"]] for t in public["trick"]]

    def value(c: int) -> int:
        return c % 13 + (20 if c // 13 == trump else 0)
    if trick:
        winners = [c for c in options if trick_winner_index(trick + [c], trump) == len(trick)]
        return PlayCard(CARDS[min(winners or options, key=value)])
    gone = {bourre_ids[t] for t in public["played"]} | set(hand)
    trumps = [c for c in options if c // 13 == trump]
    if trumps and all(h in gone for h in range(max(trumps) + 1, trump * 13 + 13)):
        return PlayCard(CARDS[max(trumps)])
    aces = [c for c in options if c % 13 == 12]
    if aces:
        return PlayCard(CARDS[aces[0]])
    length = {s: sum(1 for c in hand if c // 13 == s) for s in range(4)}
    side = [c for c in options if c // 13 != trump] or options
    return PlayCard(CARDS[min(side, key=lambda c: (length[c // 13], c % 13))])


# --- Tripoley and Michigan Rummy -------------------------------------------------------------

def _poker_class(private: Any) -> int:
    """0 for no pair, 1 a pair, 2 two pairs, … (the best five of the hand, or the chosen five)."""
    shown = private.get("poker_hand") or private.get("best_poker")
    return CATEGORIES.index(shown["category"]) if shown else 0


def tripoley_greedy(game: Any, seat: int, rng: random.Random) -> Any:
    """A greedy Tripoley and Michigan Rummy player. The dealer swaps a hand with no pair and no
    pay card for the spare hand, else keeps it; it never bids for the spare. It bets and raises
    the least with two pairs or better, calls with a pair, checks when it may and folds
    otherwise. In the Michigan phase it leads its lowest card of its longest suit (the card that
    starts the longest run of its own)."""
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind: a for a in legal}
    for kind in ("next_deal", "choose_hand"):
        if kind in kinds:
            return kinds[kind]
    private = game.private_view(seat)
    strength = _poker_class(private)
    if "swap" in kinds or "keep" in kinds:
        weak = strength == 0 and not private["pay_cards"]
        return kinds["swap"] if weak and "swap" in kinds else kinds.get("keep", legal[0])
    if "pass" in kinds:
        return kinds["pass"]
    if "lead" in kinds:
        hand = parse_card_texts(private["hand"])
        leads = [a for a in legal if a.kind == "lead"]
        by_suit = {a.suit.letter: sorted(c.high for c in hand if c.suit == a.suit.letter) for a in leads}
        return max(leads, key=lambda a: (len(by_suit[a.suit.letter]), -by_suit[a.suit.letter][0]))
    raises = [a for a in legal if a.kind in ("bet", "raise")]
    if strength >= 2 and raises:
        return raises[0]
    if "check" in kinds:
        return kinds["check"]
    if strength >= 1 and "call" in kinds:
        return kinds["call"]
    return kinds.get("fold", legal[0])


# --- Buki-Domino -------------------------------------------------------------------------------

def buki_greedy(game: Any, seat: int, rng: random.Random) -> Any:
    """A greedy Buki-Domino player: it plays its heaviest fitting tile (a block is won on pips),
    the one keeping the most numbers in hand on a tie; it bets the most with a light, varied hand
    (at most 35 pips, five numbers or more) and the least otherwise, at its first chance; as
    banker it keeps the table's limits and the usual deadline, and takes spectator bets paid
    less than 3 to 1."""
    legal = game.legal_actions(seat)
    first = legal[0]
    if first.kind in ("set_limits", "choose_deadline") or len(legal) == 1:
        return first
    answers = [a for a in legal if a.kind in ("accept_spectator_bet", "refuse_spectator_bet")]
    if answers:
        accept = float(game.public_view()["spectator_odds"]) < 3
        return next((a for a in answers if (a.kind == "accept_spectator_bet") == accept), answers[0])
    private = game.private_view(seat)
    hand = [code_of_text(t) for t in private["hand"]]
    bets = [a for a in legal if a.kind == "bet"]
    if bets:
        numbers = 0
        for c in hand:
            numbers |= BUKI_NUMS[c]
        strong = sum(BUKI_PIPS[c] for c in hand) <= 35 and numbers.bit_count() >= 5
        return bets[-1] if strong else bets[0]
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return first

    def weight(move: Any) -> tuple[int, int]:
        code = code_of_text(f"[{move.tile.high}|{move.tile.low}]")
        rest = 0
        for c in hand:
            if c != code:
                rest |= BUKI_NUMS[c]
        return BUKI_PIPS[code], rest.bit_count()
    return max(plays, key=weight)


BASELINES: dict[str, Policy] = {
    "gin_rummy": gin_simple,
    "marriage": marriage_greedy,
    "bourre": bourre_expert,
    "tripoley": tripoley_greedy,
    "michigan_rummy": tripoley_greedy,
    "buki_domino": buki_greedy,
}
