"""Reading a table's snapshot in tests that play it through the service: who sits where, what
the game shows."""

from __future__ import annotations

from typing import Any

from bot.tables.models import TableSnapshot


def person_at(snap: TableSnapshot, seat: int) -> int:
    """The user id of the person in `seat` (a seat bot's seat has none: acting for it is a test's mistake)."""
    user = snap.seats[seat].user_id
    assert user is not None, f"seat {seat} of table {snap.table_id} is a seat bot's"
    return user


def person_to_act(snap: TableSnapshot) -> int:
    """The user id of the first person the table waits for."""
    return person_at(snap, snap.to_act[0])


def public(snap: TableSnapshot) -> dict[str, Any]:
    """The game's public view (a table in its lobby has no game yet: reading it is a test's mistake)."""
    assert snap.public is not None, f"table {snap.table_id} has no game ({snap.status})"
    return snap.public
