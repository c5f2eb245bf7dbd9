"""Tables saved by older code (their state JSON in the database) restore and play on exactly.

The fixtures under tests/fixtures/states were written by the engines before the move to
declared state; see the README there.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import action_from_dict, action_to_dict, seat_key
from bot.games.messages import from_json
from bot.i18n import ENGLISH, render

from tests.english import SEAT_MARKS

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "states"
FILES = sorted(FIXTURES.glob("*/*.json"))
MAX_ACTIONS = 1000
"""Enough to finish every fixture's game except open-ended Marriage, which plays this far."""


REWORDED = ((re.compile(r"(\{p\d\}) (\d+)\b"), r"\1 (\2)"),)
"""English changed on purpose since the fixtures were written, applied to what they witnessed
and to what today's code shows (English text older states hold keeps its old words): a count
after a player's name is in parentheses (“tricks: Bot 1 (3)”), as a seat bot's name ends in a
number."""


def _reworded(witness: Any) -> Any:
    if isinstance(witness, str):
        for pattern, words in REWORDED:
            witness = pattern.sub(words, witness)
        return witness
    if isinstance(witness, list):
        return [_reworded(v) for v in witness]
    return {k: _reworded(v) for k, v in witness.items()} if isinstance(witness, dict) else witness


ADDED_VIEW_FIELDS = ("last_move", "last_hand", "phase_id", "run_ranks")
"""Public view fields added after the fixtures were written: the last move, which the pictures
highlight, how Bourré's last hand ended (its final picture), Bourré's phase id (beside its
name, now a catalog message) and Tripoley's run ranks (the mat's names are catalog messages)."""


def _as_witnessed(view: dict[str, Any], witness: dict[str, Any]) -> dict[str, Any]:
    """The view without the fields added since its witness was written."""
    return {k: v for k, v in view.items() if k in witness or k not in ADDED_VIEW_FIELDS}


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _view(value: Any) -> Any:
    return _reworded(_as_english(_json(value)))


def _as_english(value: Any) -> Any:
    """The view with each message in it as the English text older code wrote in its place, so a
    saved table shows word for word what it showed before."""
    if isinstance(value, list):
        return [_as_english(v) for v in value]
    if not isinstance(value, dict):
        return value
    if set(value) in ({"key", "params"}, {"join", "sep"}):      # a message (`messages.to_json`)
        return render(ENGLISH, from_json(value), SEAT_MARKS)
    return {k: _as_english(v) for k, v in value.items()}


def _load(path: Path) -> tuple[dict[str, Any], Any]:
    fixture = json.loads(path.read_text())
    return fixture, GAMES[fixture["game"]].from_dict(fixture["state"])


def test_every_game_has_saved_states() -> None:
    assert {p.parent.name for p in FILES} == set(GAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_saved_state_shows_and_continues_as_before(path: Path) -> None:
    fixture, game = _load(path)
    witness = _reworded(fixture["witness"])
    left = set(fixture["left"])
    assert _as_witnessed(_view(game.public_view()), witness["public_view"]) == witness["public_view"]
    for seat, view in witness["private_views"].items():
        if "error" not in view:
            assert _view(game.private_view(int(seat))) == view
    assert game.to_act() == witness["to_act"]
    for seat, legal in witness["legal"].items():
        assert [action_to_dict(a) for a in game.legal_actions(int(seat))] == legal
    rng = random.Random(99)
    for seat, action in witness["next_actions"]:
        assert game.to_act()[0] == seat
        if seat in left:
            assert action_to_dict(game.timeout_action(seat)) == action
        else:   # the seat bots' play has changed since these moves were recorded: replay them
            assert game.bot_action(seat, rng) in game.legal_actions(seat)
        game.apply(seat, action_from_dict(type(game).action_types, action))
    assert _as_witnessed(_view(game.public_view()), witness["public_view_after"]) == witness["public_view_after"]
    assert game.chips() == witness["chips_after"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_saved_state_plays_on_to_the_end_conserving_chips(path: Path) -> None:
    fixture, game = _load(path)
    cls = GAMES[fixture["game"]]
    left = set(fixture["left"])
    total = sum(game.chips().values())
    paid_out = 0
    rng = random.Random(fixture["seed"])
    for step in range(MAX_ACTIONS):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat) if seat in left else game.bot_action(seat, rng))
        for gone in sorted(left):
            if seat_key(gone) in game.chips() and game.can_cash_out(gone):
                paid_out += game.chips()[seat_key(gone)]
                game.cash_out(gone)
        assert sum(game.chips().values()) + paid_out == total
        if step % 50 == 0:
            assert cls.from_dict(_json(game.to_dict())).to_dict() == game.to_dict()
    assert game.is_over() or fixture["game"] == "marriage"
