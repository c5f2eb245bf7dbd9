"""The actions of Tripoley and Michigan Rummy: frozen values, JSON through the action codec."""

from __future__ import annotations

from enum import StrEnum

from ..actions import Action, Fold
from ..cards import SUIT_SYMBOLS, Card
from ..messages import Msg, msg


class Suit(StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @classmethod
    def of(cls, letter: str) -> Suit:
        return _BY_LETTER[letter]


_BY_LETTER = {s.letter: s for s in Suit}


class SwapSpare(Action, kind="swap"):
    """Dealer takes the spare hand unseen (TRI-9)."""


class AuctionSpare(Action, kind="auction"):
    """Dealer offers the spare hand to the other players (TRI-9..11)."""


class KeepHand(Action, kind="keep"):
    """Dealer keeps the dealt hand; the spare hand is dead (TRI-9, TRI-12)."""


class Bid(Action, kind="bid", prompt=True):
    """A bid for the spare hand (TRI-10)."""

    amount: int


class PassBid(Action, kind="pass"):
    """No bid for the spare hand (TRI-10)."""


class ChoosePokerHand(Action, kind="choose_hand", prompt=True, simultaneous=True):
    """The five cards a player designates as their poker hand (TRI-20, player_choice)."""

    cards: tuple[Card, ...]


class Check(Action, kind="check"):
    """Bet nothing while nothing is owed (TRI-23)."""


class Call(Action, kind="call"):
    """Pay what is owed (capped by the wallet: then all-in, TRI-23)."""

    amount: int


class Bet(Action, kind="bet", prompt=True):
    """Open the betting by `amount` chips (TRI-23)."""

    amount: int


class Raise(Action, kind="raise", prompt=True):
    """Raise by `amount` chips over what there is to call (TRI-23)."""

    amount: int


class Lead(Action, kind="lead"):
    """Lead a suit in the Michigan phase: the lowest card of it is played (TRI-31)."""

    suit: Suit

    @property
    def message(self) -> Msg:
        return msg(self.key(), suit=msg(f"suit.{self.suit.letter}"), symbol=SUIT_SYMBOLS[self.suit.letter])


class NextDeal(Action, kind="next_deal"):
    """Between deals: the next dealer starts the next deal (leavers cash out before it)."""


ACTION_TYPES: tuple[type[Action], ...] = (SwapSpare, AuctionSpare, KeepHand, Bid, PassBid, ChoosePokerHand,
                                          Fold, Check, Call, Bet, Raise, Lead, NextDeal)

__all__ = ["ACTION_TYPES", "AuctionSpare", "Bet", "Bid", "Call", "Check", "ChoosePokerHand", "Fold", "KeepHand",
           "Lead", "NextDeal", "PassBid", "Raise", "Suit", "SwapSpare"]
