"""The actions of Tripoley and Michigan Rummy: frozen values, JSON through the action codec."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from ..actions import Fold
from ..cards import SUIT_SYMBOLS, Card, pretty_cards


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


@dataclass(frozen=True, slots=True)
class SwapSpare:
    """Dealer takes the spare hand unseen (TRI-9)."""
    kind: ClassVar[str] = "swap"

    @property
    def label(self) -> str:
        return "Swap for the spare hand (unseen)"


@dataclass(frozen=True, slots=True)
class AuctionSpare:
    """Dealer offers the spare hand to the other players (TRI-9..11)."""
    kind: ClassVar[str] = "auction"

    @property
    def label(self) -> str:
        return "Auction the spare hand"


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Dealer keeps the dealt hand; the spare hand is dead (TRI-9, TRI-12)."""
    kind: ClassVar[str] = "keep"

    @property
    def label(self) -> str:
        return "Keep my hand"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid for the spare hand (TRI-10)."""
    kind: ClassVar[str] = "bid"
    prompt: ClassVar[str] = "Bid for the spare hand"
    amount: int

    @property
    def label(self) -> str:
        return f"Bid {self.amount}"


@dataclass(frozen=True, slots=True)
class PassBid:
    kind: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True, slots=True)
class ChoosePokerHand:
    """The five cards a player designates as their poker hand (TRI-20, player_choice)."""
    kind: ClassVar[str] = "choose_hand"
    simultaneous: ClassVar[bool] = True
    prompt: ClassVar[str] = "Choose your five poker cards"
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        return f"Poker hand {pretty_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Check:
    kind: ClassVar[str] = "check"

    @property
    def label(self) -> str:
        return "Check"


@dataclass(frozen=True, slots=True)
class Call:
    """Pay what is owed (capped by the wallet: then all-in, TRI-23)."""
    kind: ClassVar[str] = "call"
    amount: int

    @property
    def label(self) -> str:
        return f"Call {self.amount}"


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting by `amount` chips (TRI-23)."""
    kind: ClassVar[str] = "bet"
    prompt: ClassVar[str] = "Choose how much to bet"
    amount: int

    @property
    def label(self) -> str:
        return f"Bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise by `amount` chips over what there is to call (TRI-23)."""
    kind: ClassVar[str] = "raise"
    prompt: ClassVar[str] = "Choose how much to raise by"
    amount: int

    @property
    def label(self) -> str:
        return f"Raise by {self.amount}"


@dataclass(frozen=True, slots=True)
class Lead:
    """Lead a suit in the Michigan phase: the lowest card of it is played (TRI-31)."""
    kind: ClassVar[str] = "lead"
    suit: Suit

    @property
    def label(self) -> str:
        return f"Lead {self.suit.value} {SUIT_SYMBOLS[self.suit.letter]}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Between deals: the next dealer starts the next deal (leavers cash out before it)."""
    kind: ClassVar[str] = "next_deal"

    @property
    def label(self) -> str:
        return "Deal the next hand"


ACTION_TYPES: tuple[type, ...] = (SwapSpare, AuctionSpare, KeepHand, Bid, PassBid, ChoosePokerHand,
                                  Fold, Check, Call, Bet, Raise, Lead, NextDeal)
