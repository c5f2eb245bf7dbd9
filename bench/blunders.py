"""What a good player would laugh at, game by game: `blunder(game, seat, action)` names the
blunder a seat bot's `action` is, or None. Judged like the bots decide, from the seat's own views
and legal actions (the game is read before the action is applied).

Gin Rummy
- `broke_meld`: discarding (or knocking with) a card of a made meld when another discard leaves
  less deadwood (holding `4S 5S AH 3H 4H 6H 7H 8H 3D 2C 3C`, throwing 3D: 22 left where 5S leaves 11).
- `fed_meld`: discarding a card that makes a meld with two cards the opponent took from the pile
  and still holds, when a discard that feeds nothing leaves no more deadwood.
- `missed_gin`: not taking the upcard that makes gin, or not going gin when it may.

Marriage
- `threw_wild`: having seen the tiplu, discarding a wild card (or going out throwing one) while a
  natural card with no partner in the hand could go instead (tiplu 10D: throwing the joker 10C
  and keeping a loose AH).
- `broke_pure_set`: before the show, discarding a card that leaves fewer pure sets in the hand
  while holding a card with no partner at all (pure sets are what lets a player see the tiplu),
  unless the hand is built on pairs (six or more: the dublee route, MAR-9).

Bourré
- `reckless_stay`: playing a hand with no trump and no ace against two or more players still in
  or yet to declare, when folding was allowed.
- `folded_monster`: folding three trumps or more with the ace or king of trumps among them.
- `threw_boss`: exchanging away the ace of trumps, or any trump while keeping a plain card below a king.
- `gave_last_trick`: last to play to a trick, holding a card that wins it, and playing one that does not.

Tripoley and Michigan Rummy
- `folded_free`: folding in the betting when checking costs nothing.
- `missed_going_out`: in the Michigan phase, a lead that plays out every card of the hand (one run
  of a suit from its lowest card up) passed over for another.

Buki-Domino
- `blocked_losing`: a play that blocks the line for everyone (no tile fits either end any more)
  while the seat's pips are more than an opponent's expected pips, when another play does not block.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bench.baselines import bourre_ids, partners
from bot.games.actions import Discard, Fold
from bot.games.bourre.actions import Exchange, PlayCard, PlayHand
from bot.games.bourre.legal import CARD_ID, trick_winner_index
from bot.games.buki_domino.actions import Play
from bot.games.buki_domino.line import NUMS as BUKI_NUMS
from bot.games.buki_domino.line import PIPS as BUKI_PIPS
from bot.games.buki_domino.seat_bot import code_of_text
from bot.games.cards import SUITS, Card, parse_card_texts
from bot.games.gin_rummy.actions import Knock, TakeDiscard
from bot.games.gin_rummy.melds import best_melds, discard_deadwoods, is_run
from bot.games.marriage import views as marriage_views
from bot.games.marriage.actions import Finish, TakeAndFinish
from bot.games.marriage.layout import pure_set_options
from bot.games.marriage.melds import face_of, wild_faces
from bot.games.tripoley.actions import Check, Lead

Judge = Callable[[Any, int, Any], "str | None"]


# --- Gin Rummy --------------------------------------------------------------------------------

def _makes_meld(card: Card, known: list[Card]) -> bool:
    """Whether `card` and two of `known` form a set or a run."""
    for i, a in enumerate(known):
        for b in known[i + 1:]:
            trio = [card, a, b]
            if len({c.rank for c in trio}) == 1 and len({c.suit_index for c in trio}) == 3:
                return True
            if is_run(trio):
                return True
    return False


def _gin(game: Any, seat: int, action: Any) -> str | None:
    public, private, legal = game.public_view(), game.private_view(seat), game.legal_actions(seat)
    hand = parse_card_texts(private["hand"])
    if isinstance(action, TakeDiscard) or public["phase_id"] not in ("first_offer", "draw", "discard"):
        return None
    if public["phase_id"] in ("first_offer", "draw"):
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        if take is not None and min(discard_deadwoods(hand + [take.card]).values()) == 0:
            return "missed_gin"
        return None
    if not isinstance(action, (Discard, Knock)):
        return None
    dws = discard_deadwoods(hand)
    throws = [a for a in legal if isinstance(a, (Discard, Knock))]
    if any(isinstance(a, Knock) and a.deadwood == 0 for a in throws) and not (
            isinstance(action, Knock) and action.deadwood == 0):
        return "missed_gin"
    least = min(dws[a.card] for a in throws)
    _, melds = best_melds(hand)
    if dws[action.card] > least and any(action.card in m for m in melds):
        return "broke_meld"
    if isinstance(action, Discard):
        pile = set(parse_card_texts(public["discard_pile"]))
        known = [c for c in parse_card_texts(public["taken"][1 - seat]) if c not in pile and c not in hand]
        if _makes_meld(action.card, known) and any(
                dws[a.card] <= dws[action.card] and not _makes_meld(a.card, known)
                for a in throws if isinstance(a, Discard)):
            return "fed_meld"
    return None


# --- Marriage ---------------------------------------------------------------------------------

def _pure_sets(cards: list[Card], most: int = 3) -> int:
    """How many disjoint pure sets (up to `most`) the cards hold."""
    return next((k for k in range(most, 0, -1) if pure_set_options(cards, k, limit=1)), 0)


def _marriage(game: Any, seat: int, action: Any) -> str | None:
    if not isinstance(action, (Discard, Finish, TakeAndFinish)):
        return None
    view = marriage_views.hand_view(game, seat)
    hand = parse_card_texts(view["hand"])
    faces = [face_of(c) for c in hand]
    thrown = action.card if isinstance(action, Discard) else action.discard
    legal = game.legal_actions(seat)
    if view["tiplu"]:
        wild = wild_faces(face_of(Card.parse(view["tiplu"])))
        if face_of(thrown) in wild:
            if isinstance(action, Discard):
                if any(face_of(a.card) not in wild and partners(face_of(a.card), faces) == 0
                       for a in legal if isinstance(a, Discard)):
                    return "threw_wild"
            elif any(type(a) is type(action) and face_of(a.discard) not in wild for a in legal):
                return "threw_wild"
        return None
    pairs = sum(n // 2 for n in Counter(faces).values())
    if isinstance(action, Discard) and view["route"] is None and not (view["dublee_allowed"] and pairs >= 6):
        rest = list(hand)
        rest.remove(thrown)
        loose = any(partners(f, faces) == 0 for f in faces)
        if loose and _pure_sets(rest) < _pure_sets(hand):
            return "broke_pure_set"
    return None


# --- Bourré -----------------------------------------------------------------------------------

def _bourre(game: Any, seat: int, action: Any) -> str | None:
    public, private, legal = game.public_view(), game.private_view(seat), game.legal_actions(seat)
    trump = SUITS.index(public["trump"])
    hand = [bourre_ids[t] for t in private["hand"]]
    trumps = [c % 13 for c in hand if c // 13 == trump]
    if isinstance(action, PlayHand) and any(a.kind == "fold" for a in legal):
        others = sum(1 for s in public["seats"] if s["seat"] != seat and s["state"] in ("in", "to declare"))
        if not trumps and not any(c % 13 == 12 for c in hand) and others >= 2:
            return "reckless_stay"
    if action.kind == "fold" and len(trumps) >= 3 and max(trumps) >= 11:
        return "folded_monster"
    if isinstance(action, Exchange):
        thrown = {CARD_ID[c] for c in action.cards}
        kept = [c for c in hand if c not in thrown]
        if any(c // 13 == trump and (c % 13 == 12 or any(k // 13 != trump and k % 13 < 11 for k in kept))
               for c in thrown):
            return "threw_boss"
    if isinstance(action, PlayCard) and public["trick"] and len(public["trick"]) == len(public["active"]) - 1:
        trick = [bourre_ids[t["card"]] for t in public["trick"]]
        wins = [a for a in legal if trick_winner_index(trick + [CARD_ID[a.card]], trump) == len(trick)]
        if wins and action not in wins:
            return "gave_last_trick"
    return None


# --- Tripoley and Michigan Rummy -------------------------------------------------------------

def _goes_out(hand: list[Card], suit: str) -> bool:
    """Whether leading `suit` plays every card of the hand: it is one run of that suit from its
    lowest card up (each next card is the seat's own, so the run reaches it, TRI-31)."""
    highs = sorted(c.high for c in hand)
    return all(c.suit == suit for c in hand) and highs == list(range(highs[0], highs[0] + len(highs)))


def _tripoley(game: Any, seat: int, action: Any) -> str | None:
    legal = game.legal_actions(seat)
    if isinstance(action, Fold) and any(isinstance(a, Check) for a in legal):
        return "folded_free"
    if isinstance(action, Lead):
        hand = parse_card_texts(game.private_view(seat)["hand"])
        if not _goes_out(hand, action.suit.letter) and any(
                isinstance(a, Lead) and _goes_out(hand, a.suit.letter) for a in legal):
            return "missed_going_out"
    return None


# --- Buki-Domino -------------------------------------------------------------------------------

def _buki(game: Any, seat: int, action: Any) -> str | None:
    if not isinstance(action, Play):
        return None
    public, private = game.public_view(), game.private_view(seat)
    hand = [code_of_text(t) for t in private["hand"]]
    line = {code_of_text(t) for t in public["line"]}
    unseen = [c for c in range(36) if c not in line and c not in hand]
    opponents = [n for s, n in enumerate(public["tile_counts"]) if s != seat and n]

    def certain_block(move: Any) -> int | None:
        """The seat's pips left when `move` blocks the line for everyone, else None."""
        code = code_of_text(f"[{move.tile.high}|{move.tile.low}]")
        rest = [c for c in hand if c != code]
        ends = public["ends"]
        if not rest or ends is None:
            return None
        left, right = ends
        if move.end == "L":
            left = move.tile.low if move.tile.high == left else move.tile.high
        else:
            right = move.tile.low if move.tile.high == right else move.tile.high
        open_ends = (1 << left) | (1 << right)
        if any(BUKI_NUMS[c] & open_ends for c in rest + unseen):
            return None
        return sum(BUKI_PIPS[c] for c in rest)
    mine = certain_block(action)
    if mine is None or not unseen or not opponents:
        return None
    average = sum(BUKI_PIPS[c] for c in unseen) / len(unseen)
    if mine > min(average * n for n in opponents) and any(
            certain_block(a) is None for a in game.legal_actions(seat) if isinstance(a, Play)):
        return "blocked_losing"
    return None


JUDGES: dict[str, Judge] = {
    "gin_rummy": _gin,
    "marriage": _marriage,
    "bourre": _bourre,
    "tripoley": _tripoley,
    "michigan_rummy": _tripoley,
    "buki_domino": _buki,
}


def blunder(game: Any, seat: int, action: Any) -> str | None:
    """The blunder `action` would be for `seat` now, or None."""
    judge = JUDGES.get(game.id)
    return judge(game, seat, action) if judge is not None else None
