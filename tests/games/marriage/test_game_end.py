"""MAR-28: how a Marriage game ends: too few players (a), `max_deals` deals played, abandoned
ones included (b), or the host's stop, which waits for the deal under way (c). Settlement is per
deal, so at the end every stack is what the last deal left."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.games import IllegalAction
from bot.games.base import Event
from bot.games.marriage import Marriage
from bot.games.marriage.actions import DrawStock, NextDeal
from bot.games.marriage.options import resolve
from bot.games.messages import from_json

from .helpers import game_in_play
from .test_leaving import finishing_position
from tests.english import english, english_msg

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "states" / "marriage"


def _play_deal_out(g: Marriage, rng: random.Random) -> list[Event]:
    """Seat bots play the deal under way to its end; the events of every move."""
    events = []
    deal = g.deal_no
    while not g.is_over() and g.deal_no == deal and g.phase in ("declare", "play"):
        seat = g.to_act()[0]
        events += g.apply(seat, g.bot_action(seat, rng))
    return events


def _abandon_deal(g: Marriage) -> list[Event]:
    """Nobody goes out: draw and let the timeout discard until the stock runs out (MAR-16)."""
    events = []
    while g.phase == "play":
        seat = g.turn
        events += g.apply(seat, DrawStock())
        events += g.apply(seat, g.timeout_action(seat))
    return events


def test_mar_28_max_deals_is_an_option_from_0_to_1000_defaulting_to_no_limit() -> None:
    assert resolve({}).max_deals == 0
    assert resolve({"max_deals": 1000}).max_deals == 1000
    for bad in (-1, 1001):
        with pytest.raises(ValueError, match="max_deals"):
            resolve({"max_deals": bad})


def test_mar_28b_the_game_ends_after_max_deals_deals_and_every_stack_stays_whole() -> None:
    g = game_in_play(3, {"max_deals": 2}, stacks=[300, 300, 300], seed=4)
    rng = random.Random(4)
    _play_deal_out(g, rng)
    assert g.phase == "between" and g.legal_actions(g.to_act()[0]) == [NextDeal()]
    g.apply(g.to_act()[0], NextDeal())
    while g.phase == "declare":
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[-1])
    view = g.public_view()
    assert json.loads(json.dumps(view)) == view   # a view is plain data, the note included
    assert english_msg(from_json(view["ending"])) == "Deal 2 of 2: the game ends when this deal does."
    events = _play_deal_out(g, rng)
    assert g.is_over() and g.deal_no == 2 and g.to_act() == []
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1 and "2 deals have been played" in english(over[0])
    assert sum(g.chips().values()) == 900 and "ending" not in g.public_view()


def test_mar_28b_with_no_limit_the_game_goes_on() -> None:
    g = game_in_play(2, stacks=[300, 300], seed=4)
    _play_deal_out(g, random.Random(4))
    assert not g.is_over() and g.phase == "between" and "ending" not in g.public_view()


def test_mar_28b_an_abandoned_deal_counts() -> None:
    """MAR-16: the stock runs out for good; the deal counts towards `max_deals` all the same."""
    g = game_in_play(2, {"max_deals": 1, "max_stock_rebuilds": 1}, stacks=[100, 100])
    events = _abandon_deal(g)
    assert g.result is not None and g.result["abandoned"]
    assert g.is_over() and g.stacks == [100, 100]
    assert any(e.kind == "game_over" and "deals have been played" in english(e) for e in events)


def test_mar_28c_a_stop_mid_deal_is_shown_and_ends_the_game_when_the_deal_ends() -> None:
    g = game_in_play(3, stacks=[200, 200, 200])
    events = g.request_stop()
    assert [e.kind for e in events] == ["stop"] and "when this deal does" in english(events[0])
    assert g.phase == "play" and g.to_act()       # the deal goes on
    assert english_msg(from_json(g.public_view()["ending"])) == \
        "The host asked to stop: the game ends when this deal does."
    with pytest.raises(IllegalAction) as again:
        g.request_stop()
    assert again.value.rule == "MAR-28"
    finishing_position(g, g.turn)
    winner = g.turn
    events = g.apply(winner, next(a for a in g.legal_actions(winner) if a.kind == "finish"))
    assert g.is_over() and g.result is not None and g.result["winner"] == winner
    assert any(e.kind == "game_over" and "the host asked to stop" in english(e) for e in events)
    # settlement was the deal's own: the winner collected, nothing more moved at the end
    assert sum(g.chips().values()) == 600 and g.stacks[winner] > 200
    assert all(g.can_cash_out(s) for s in range(3))


def test_mar_28c_a_stop_between_deals_ends_the_game_at_once() -> None:
    g = game_in_play(2, stacks=[300, 300], seed=4)
    _play_deal_out(g, random.Random(4))
    stacks = list(g.stacks)
    events = g.request_stop()
    assert [e.kind for e in events] == ["stop", "game_over"] and "the host asked to stop" in english(events[-1])
    assert g.is_over() and g.to_act() == [] and g.stacks == stacks
    with pytest.raises(IllegalAction, match="already over"):
        g.request_stop()


def test_mar_28c_the_stop_request_is_saved_and_states_from_before_load_without_it() -> None:
    g = game_in_play(2)
    g.request_stop()
    again = Marriage.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.stop_requested and "ending" in again.public_view()
    old = json.loads((FIXTURES / "v0_phase_play_4.json").read_text())["state"]
    assert "stop_requested" not in old and "max_deals" not in old["opts"]
    loaded = Marriage.from_dict(old)
    assert not loaded.stop_requested and loaded.opts.max_deals == 0 and "ending" not in loaded.public_view()
    loaded.request_stop()
    assert loaded.stop_requested
