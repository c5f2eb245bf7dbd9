"""Seeded games of every game, played once per test run and shared by the tests that read their
messages and their refusals in both languages.

Two seats play the seat bot, so what takes skill happens (going out, dublees, a knock); the
others pick at random among their legal moves, which is cheap and tries what a bot never would.
One player leaves a few moves in, and onlookers bet where the game allows it. At each new
situation (the phase and the kinds of move open to the player to act), and every few moves, a
copy of the game is offered moves the rules refuse: out of turn, old moves again, a seat that
does not exist, cashing out and stopping twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.games import GAMES
from bot.games.base import Event, IllegalAction, SpectatorBets, seat_key

SEEDS = (1, 2, 3, 4)
MAX_ACTIONS = 600
"""Enough for every game's messages to show (and most games to end) with these seeds."""
SAVED = ("last_summary", "end_reason")
"""State fields that hold a message (`messages.to_json`)."""
LEAVES_AT = 40
BETS_AT = 5

BOT_SEATS = 2
"""Seats that play the seat bot; the others move at random."""
RANDOM_ONLY = ("tripoley", "michigan_rummy")
"""Games whose seat bot simulates deals to decide (milliseconds a move): random moves reach
their messages too, and poker hands of every kind are read in `test_poker_hands`."""
PROBE_EVERY = 10
"""Moves between attempts the rules refuse, besides each new situation."""
SEATS_TRIED = 9
"""Seats a refusal may name (the seat names the tests render with)."""


@dataclass
class Played:
    events: list[Event] = field(default_factory=list)
    saved: list[Any] = field(default_factory=list)
    """The messages the public view saved (a deal's summary, why the game ended)."""
    refusals: list[IllegalAction] = field(default_factory=list)
    situations: list[dict[str, Any]] = field(default_factory=list)
    """The game as saved (`to_dict`) at each new situation, for rendering what the table shows."""


def _probes(game: Any, rng: random.Random, earlier: list[tuple[int, Any]]) -> Iterator[Callable[[Any], object]]:
    """Attempts that may be refused, each to be tried on a copy of the game."""
    acting = game.to_act()
    move = rng.choice(game.legal_actions(acting[0]))
    for seat in range(min(len(game.chips()) + 1, SEATS_TRIED)):
        if seat not in acting:
            yield _playing(seat, move)
    for seat, old in earlier[-4:]:
        yield _playing(seat, old)
    if earlier:
        yield _playing(SEATS_TRIED + 1, earlier[-1][1])
    for name, args in (("cash_out", (acting[0],)), ("request_stop", ()), ("top_up", (acting[0], 0)),
                       ("place_spectator_bet", (901, 0, 10**9))):
        if getattr(game, name, None) is not None:
            yield _twice(name, args)


def _playing(seat: int, action: Any) -> Callable[[Any], object]:
    return lambda g: g.apply(seat, action)


def _twice(name: str, args: tuple[Any, ...]) -> Callable[[Any], object]:
    """The game's `name` called twice (the second time must be refused, or change nothing)."""
    return lambda g: (getattr(g, name)(*args), getattr(g, name)(*args))


def _copy(game: Any) -> Any:
    """A copy to try moves on, as a restart would restore it (faster than a deep copy)."""
    return type(game).from_dict(game.to_dict())


@cache
def played(game_id: str, seed: int) -> Played:
    cls = GAMES[game_id]
    players = cls.min_players if game_id == "gin_rummy" else min(cls.max_players, 4)
    game = cls.start([cls.buy_in({}).default] * players, {}, seed)
    rng = random.Random(seed)
    out = Played()
    leaver = players - 1
    earlier: list[tuple[int, Any]] = []
    probed: set[tuple[Any, ...]] = set()
    for step in range(MAX_ACTIONS):
        if game.is_over():
            break
        if step == LEAVES_AT:
            out.events += game.leave(leaver)
            if game.is_over():
                break
        if step == BETS_AT and isinstance(game, SpectatorBets):
            for backed in range(players):
                low_high = game.spectator_bet_range(backed)
                if low_high:
                    out.events += game.place_spectator_bet(900 + backed, backed, low_high[0])
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        view = game.public_view()
        situation = (view.get("phase_id", view.get("stage")), *sorted({a.kind for a in legal}))
        if situation not in probed:
            out.situations.append(game.to_dict())
        if situation not in probed or step % PROBE_EVERY == 0:
            probed.add(situation)
            trial = _copy(game)
            for probe in _probes(game, rng, earlier):
                try:
                    probe(trial)
                except IllegalAction as exc:   # refused before anything changed: the copy serves on
                    out.refusals.append(exc)
                else:
                    trial = _copy(game)
        if seat == leaver and step > LEAVES_AT:
            action = game.timeout_action(seat)
        else:
            bot = seat < BOT_SEATS and game_id not in RANDOM_ONLY
            action = game.bot_action(seat, rng) if bot else rng.choice(legal)
        out.events += game.apply(seat, action)
        earlier.append((seat, action))
        if seat_key(leaver) in game.chips() and step > LEAVES_AT and game.can_cash_out(leaver):
            out.events += game.cash_out(leaver)
        public = game.public_view()
        out.saved += [public[name] for name in SAVED if public.get(name)]
    return out
