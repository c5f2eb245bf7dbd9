"""Engine events in English, as tests read them: seats shown as `{p0}`, `{p1}`… so a test
can name a seat without a table's display names."""

from __future__ import annotations

from bot.games.base import Event
from bot.i18n import ENGLISH, render

SEAT_MARKS = tuple("{p%d}" % i for i in range(10))


def english(event: Event) -> str:
    return render(ENGLISH, event.text, SEAT_MARKS)
