"""The engine contract every game follows (docs/architecture.md, "The engine contract").

A game is a deterministic state machine over seats 0..n-1. The table service drives it
through the methods of `GameState`; nothing here knows about Discord, users or storage.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from .actions import Action
from .codec import StateCodec, action_from_dict, action_to_dict
from .errors import IllegalAction, MalformedAction, PlayerError
from .messages import LEGACY, Join, Msg, Text, from_json, msg, to_json
from .moves import Moves
from .options import CHIP_CEILING, OptionSpec, Preset

__all__ = ["DEAL_BOUNDARY", "DEAL_STACKS", "Action", "AnyGame", "BuyIn", "Engine", "Event", "Forfeits", "GameState",
           "IllegalAction", "MalformedAction", "PlayerError", "SpectatorBets", "StopAfterDeal", "StopRequests",
           "TopUps", "action_from_dict", "action_to_dict", "is_simultaneous", "last_deal_note",
           "player", "seat_key", "spectator_holdings"]


def seat_key(seat: int) -> str:
    """The key of a seat's stack in `chips()`."""
    return f"seat:{seat}"


def player(seat: int) -> str:
    """A `{pN}` placeholder for a seat inside an English sentence; messages (`Msg`) name seats
    with `messages.Seat`."""
    return "{p%d}" % seat


DEAL_BOUNDARY = frozenset({"start", "summary"})
"""The kinds of the events that begin and end a deal."""

DEAL_STACKS = "deal_stacks"
"""The data key of the event that begins a deal: each seat's stack before the deal's antes.
Closing a table mid-deal gives these back (docs/architecture.md, "Closing mid-deal"), so they
are recorded where the deal begins, not wherever the unit that holds it ends."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the table log and the renderer.

    `text` is a catalog message (or several joined), never prose: the UI renders it in each
    reader's language. An event that reveals hidden information sets `private_to` to the only
    seat that may see it.
    """

    kind: str
    text: Text
    seat: int | None = None
    private_to: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": to_json(self.text), "seat": self.seat,
                "private_to": self.private_to, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """Reads events saved before they were messages too (their English `text` as it was)."""
        text = from_json(data["message"]) if "message" in data else Msg(LEGACY, {"text": data["text"]})
        if not isinstance(text, (Msg, Join)):
            raise ValueError(f"an event's message must be a Msg or a Join, not {text!r}")
        return cls(data["kind"], text, data.get("seat"), data.get("private_to"), dict(data.get("data") or {}))


@dataclass(frozen=True, slots=True)
class BuyIn:
    """How many chips a player brings to the table: a fixed amount when minimum == maximum."""

    minimum: int
    maximum: int | None
    default: int

    def check(self, amount: int) -> None:
        if amount > CHIP_CEILING:
            raise PlayerError(msg("err.buy_in.ceiling", chips=CHIP_CEILING))
        if amount < self.minimum or (self.maximum is not None and amount > self.maximum):
            if self.maximum == self.minimum:
                raise PlayerError(msg("err.buy_in.exactly", chips=self.minimum))
            raise PlayerError(msg("err.buy_in.at_least", low=self.minimum) if self.maximum is None
                              else msg("err.buy_in.between", low=self.minimum, high=self.maximum))


ActionT = TypeVar("ActionT", bound=Action)
PublicT_co = TypeVar("PublicT_co", bound=Mapping[str, Any], covariant=True)
PrivateT_co = TypeVar("PrivateT_co", bound=Mapping[str, Any], covariant=True)


class GameState(Protocol[ActionT, PublicT_co, PrivateT_co]):
    """What the table service, the seat bots, the tests and the UI rely on.

    Generic over the game's actions and its two views (TypedDicts), so an engine whose views
    or moves drift from what it declares fails mypy where it registers (`registry.register_game`)
    and in `tests/games/contract.py`. `AnyGame` is the contract whatever the game.
    """

    id: ClassVar[str]
    """The game's id; its name is the catalogs' `game.<id>`."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    option_presets: ClassVar[tuple[Preset, ...]]
    action_types: ClassVar[tuple[type[Action], ...]]

    @classmethod
    def start(cls, stacks: list[int], options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        """A new game, one seat per starting stack; bad options raise ValueError naming them."""

    @classmethod
    def buy_in(cls, options: Mapping[str, Any]) -> BuyIn:
        """The buy-in each player brings, from the resolved options."""

    def to_act(self) -> list[int]:
        """The seats the game waits for, sorted; empty when the game is over. Only they have
        deadlines and timeout moves."""

    def legal_actions(self, seat: int) -> list[ActionT]:
        """Every action `seat` may take now, in a deterministic order.

        A seat not in `to_act()` may still have optional moves (a bet allowed "at any time",
        DOM-16): they never block the game and a timeout never forces them.
        """

    def verify_action(self, seat: int, action: ActionT) -> None:
        """Raise `IllegalAction` for every reason `seat` may not play `action` now; changes nothing."""

    def can_apply(self, seat: int, action: ActionT) -> bool:
        """Whether `verify_action` passes."""

    def apply(self, seat: int, action: ActionT) -> list[Event]:
        """Verify, then play an action; an illegal one raises `IllegalAction` and changes nothing."""

    def timeout_action(self, seat: int) -> ActionT:
        """The move made for a seat whose clock ran out (one of `legal_actions(seat)`)."""

    def bot_action(self, seat: int, rng: random.Random) -> ActionT:
        """The seat bot's choice, from what `private_view(seat)` and `public_view()` show."""

    def turn_timeout_s(self) -> int | None:
        """Seconds for the current decision when the rules set it; None for the table default."""

    def public_view(self) -> PublicT_co:
        """What everyone at the table may see; plain JSON-safe data."""

    def private_view(self, seat: int) -> PrivateT_co:
        """What `seat` alone may see (its hand), plain JSON-safe data."""

    def chips(self) -> dict[str, int]:
        """Where every chip of the table is: `seat_key(i)` stacks, plus pots, escrow, mats."""

    def leave(self, seat: int) -> list[Event]:
        """The seat asked to leave: it takes no part in any deal that starts from now on.

        Until its current deal ends the table plays `timeout_action` for it; then
        `can_cash_out(seat)` turns true and the table calls `cash_out(seat)`.
        """

    def can_cash_out(self, seat: int) -> bool:
        """Whether the seat holds nothing in an unfinished deal, so it may leave with its stack."""

    def cash_out(self, seat: int) -> list[Event]:
        """Take the seat out of the game; its stack leaves `chips()` (the table pays it out).

        Only when `can_cash_out(seat)`. The game goes on without the seat, or ends when too
        few players remain.
        """

    def is_over(self) -> bool:
        """True once the game has ended; then every chip is in a seat's stack."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe state with a `"format"` version."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_dict`, upgrading older formats."""


AnyGame = GameState[Any, Any, Any]
"""A game whatever it is: what the table service and the UI hold."""


class Engine:
    """The base of an engine class: what it declares about its game, and its saved state.

    A game's engine class derives from its declared state dataclass and from this; `to_dict`
    and `from_dict` go through the game's `state_codec` (format version and upgrades).
    """

    id: ClassVar[str]
    """The game's id; its name is the catalogs' `game.<id>`."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    option_presets: ClassVar[tuple[Preset, ...]] = ()   # the variants the rules name, offered in the lobby
    action_types: ClassVar[tuple[type[Action], ...]]
    state_codec: ClassVar[StateCodec]
    moves: ClassVar[Moves[Any]]
    """The game's kinds of move, each verified, then performed (`moves.Moves`)."""
    shown_moves: ClassVar[frozenset[str]] = frozenset()
    """The kinds of action whose every field everyone sees, kept as `last_move` (below)."""
    last_move: dict[str, Any] | None

    def verify_action(self, seat: int, action: Action) -> None:
        """Raise `IllegalAction` for every reason `seat` may not play `action` now; changes nothing."""
        self.moves.verify(self, seat, action)

    def can_apply(self, seat: int, action: Action) -> bool:
        """Whether `seat` may play `action` now (`verify_action` passes)."""
        try:
            self.moves.verify(self, seat, action)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Verify the action, then perform it: an illegal action raises before anything changes.

        The state keeps who moved and what in `last_move`, which the public view shows and the
        pictures highlight: the action as JSON (naming its cards or tiles) for the kinds in
        `shown_moves`; None after any other kind (a face-down discard, a choice others learn
        later), so the view never tells more than the table may see; None too after a move that
        ended the deal, whose pictures then show the next deal."""
        move = self.moves.verify(self, seat, action)
        events: list[Event] = move.perform(self, seat, action)
        self.last_move = None
        if action.kind in self.shown_moves:
            for e in events:
                if e.kind in DEAL_BOUNDARY:
                    return events
            self.last_move = {"seat": seat, **action_to_dict(action)}
        return events

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe state with a `"format"` version."""
        return self.state_codec.dump(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_dict`, upgrading older formats."""
        return cls.state_codec.load(cls, data)


@runtime_checkable
class SpectatorBets(Protocol):
    """Optional: games where onlookers who are not seated may bet (Buki-Domino, DOM-23).

    The table moves the chips wallet -> escrow and calls `place_spectator_bet` in one
    transaction; after every change it pays what `take_spectator_payouts` returns, escrow ->
    wallet, so the escrow always equals the sum of `chips()`.
    """

    def spectator_bet_range(self, backed_seat: int) -> tuple[int, int] | None:
        """The lowest and highest bet on that seat a spectator may ask for now, or None."""

    def place_spectator_bet(self, spectator_id: int, backed_seat: int, amount: int) -> list[Event]:
        """Record the request (its chips are now in `chips()`), or raise IllegalAction."""

    def take_spectator_payouts(self) -> list[tuple[int, int]]:
        """(spectator id, chips) owed now, removed from `chips()`."""


@runtime_checkable
class StopRequests(Protocol):
    """Optional: games whose rules let the host end the game (Tripoley, TRI-38 c)."""

    def request_stop(self) -> list[Event]:
        """End the game now if no deal is under way, else when the current deal ends."""


class StopAfterDeal:
    """The host's stop (`StopRequests`) for games that end after a deal (TRI-38 c, MAR-28 c).

    The game keeps `stop_requested` in its saved state, names its rule, and says whether a deal
    is under way and how the game ends between deals; the request, its refusals and its words
    are the same for every such game.
    """

    stop_rule: ClassVar[str]
    stop_requested: bool

    def is_over(self) -> bool:
        raise NotImplementedError

    def deal_under_way(self) -> bool:
        """Whether a deal has started and not ended (a stop then waits for its end)."""
        raise NotImplementedError

    def end_between_deals(self) -> list[Event]:
        """End the game now, no deal being under way; every chip is then in a seat's stack."""
        raise NotImplementedError

    def request_stop(self) -> list[Event]:
        """End the game now if no deal is under way, else when the current deal ends."""
        if self.is_over():
            raise IllegalAction(msg("err.game_already_over"), rule=self.stop_rule)
        if not self.deal_under_way():
            return [Event("stop", msg("tri.host_stopped"))] + self.end_between_deals()
        if self.stop_requested:
            raise IllegalAction(msg("err.stop_already"), rule=self.stop_rule)
        self.stop_requested = True
        return [Event("stop", msg("tri.host_stop_after"))]


def last_deal_note(stop_requested: bool, deal: int, max_deals: int) -> Msg | None:
    """The table's note while deal number `deal` (under way) is the game's last: the host asked
    to stop, or it is the `max_deals`-th (0: no limit). None otherwise."""
    if stop_requested:
        return msg("game.ending_stop")
    if max_deals and deal >= max_deals:
        return msg("game.ending_limit", deal=deal, deals=max_deals)
    return None


@runtime_checkable
class Forfeits(Protocol):
    """Optional: games whose rules make a player who leaves (or resigns) before the end forfeit
    (Gin Rummy, GIN-22). The table asks such a player to confirm, saying what they would get back."""

    forfeits: ClassVar[str]
    """The catalog key of what is forfeited, to follow “Leaving now forfeits …” (`forfeit.gin_rummy`:
    “the match”)."""


@runtime_checkable
class TopUps(Protocol):
    """Optional: games whose rules let a seated player add chips between deals (Marriage, MAR-25)."""

    def top_up(self, seat: int, amount: int) -> list[Event]:
        """Add `amount` to the seat's stack (the table brings it from the wallet), or IllegalAction."""


def is_simultaneous(action: Any) -> bool:
    """Whether the action answers a decision several seats make at once (an action class sets
    `simultaneous = True`): another seat's answer then leaves this seat's control good."""
    return bool(getattr(type(action), "simultaneous", False))


def spectator_holdings(chips: Mapping[str, int]) -> dict[int, int]:
    """Chips `chips()` holds for onlookers, by user id (keys `spectator:<id>`, `spectator_due:<id>`)."""
    held: dict[int, int] = {}
    for key, amount in chips.items():
        if key.startswith("spectator") and amount:
            user_id = int(key.rsplit(":", 1)[1])
            held[user_id] = held.get(user_id, 0) + amount
    return held
