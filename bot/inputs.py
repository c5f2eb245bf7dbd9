"""What the services accept from a person: chip amounts, choices, targets and the server.

Discord's client only offers whole numbers within an option's range, the listed choices and
members of the server, but anyone can forge an interaction, so the services check every value
here themselves. A refusal is a `PlayerError`: the same polite reply, in the reader's language,
that a real client's mistake gets, with nothing changed and nothing logged as an error.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.errors import PlayerError
from bot.games.messages import msg
from bot.games.options import CHIP_CEILING

__all__ = ["CHIP_CEILING", "Person", "chips", "choice", "server", "target"]


def chips(amount: object) -> int:
    """A number of chips: a whole number from 1 to `CHIP_CEILING`, so that every sum of them stays
    far inside a 64-bit integer (not a bool, not 1.5, not "12", not 2**63)."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise PlayerError(msg("err.chips.whole"))
    if amount < 1:
        raise PlayerError(msg("err.chips.above_zero"))
    if amount > CHIP_CEILING:
        raise PlayerError(msg("err.chips.ceiling", chips=CHIP_CEILING))
    return amount


def choice(value: object, offered: Collection[str]) -> str:
    """One of the choices a command offers (a game id, a leaderboard kind, a setting …)."""
    if not isinstance(value, str) or value not in offered:
        raise PlayerError(msg("err.input.choice"))
    return value


def server(guild_id: int | None) -> int:
    """The server a command was used in; commands about a server's chips and tables need one."""
    if not isinstance(guild_id, int) or isinstance(guild_id, bool) or guild_id <= 0:
        raise PlayerError(msg("err.input.server"))
    return guild_id


@dataclass(frozen=True, slots=True)
class Person:
    """Whom a command names (a gift's receiver, an admin's grant): what the command layer knows of
    them, so the service decides whether they may hold chips here."""

    id: int
    bot: bool = False
    member: bool = True
    """A member of the server the command was used in."""


def target(person: Person) -> int:
    """The user id of a person who may hold chips in the server: a member, and not a bot."""
    if person.bot:
        raise PlayerError(msg("err.input.bot"))
    if not person.member:
        raise PlayerError(msg("err.input.not_member"))
    return person.id
