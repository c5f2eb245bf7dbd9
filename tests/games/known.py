"""What a test knows and mypy cannot: a value that is there (a finished hand's record, a
match's result), actions of one kind (a Bourré trick's legal moves are all cards)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, cast

from bot.games.actions import Action

T = TypeVar("T")
A = TypeVar("A", bound=Action)


def known(value: T | None) -> T:
    assert value is not None
    return value


def one_of(kind: type[A], action: Action) -> A:
    """`action`, which must be of `kind`."""
    assert isinstance(action, kind), action
    return action


def all_of(kind: type[A], actions: Iterable[Action]) -> list[A]:
    """`actions`, every one of which must be of `kind`."""
    out = list(actions)
    assert all(isinstance(a, kind) for a in out), out
    return cast(list[A], out)
