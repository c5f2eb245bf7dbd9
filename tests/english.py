"""Engine events in English, as tests read them: seats shown as `{p0}`, `{p1}`… so a test
can name a seat without a table's display names."""

from __future__ import annotations

from bot.games.actions import Action
from bot.games.base import Event
from bot.i18n import ENGLISH, render, saved_lines

SEAT_MARKS = tuple("{p%d}" % i for i in range(10))


def label(action: Action) -> str:
    """An action's button words in English (`Action.message`)."""
    return render(ENGLISH, action.message, SEAT_MARKS)


def english(event: Event) -> str:
    return render(ENGLISH, event.text, SEAT_MARKS)


def english_saved(data: object) -> str:
    """A message an engine saved in its state (`messages.to_json`), in English."""
    return "\n".join(render(ENGLISH, line, SEAT_MARKS) for line in saved_lines(data))


def english_msg(value: object) -> str:
    """Any message value an engine shows (a view's note, a summary), in English."""
    return render(ENGLISH, value, SEAT_MARKS)  # type: ignore[arg-type]
