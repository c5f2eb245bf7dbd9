"""MAR-6: why a player may not take the top discard, told in their own language.

Each reason is a catalog message (never English prose) in the hand view, on the hand's board
and in the refusal of a take; its English is the sentence the game wrote before it had a
catalog, word for word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest

from bot.games import IllegalAction
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import TakeDiscard
from bot.games.messages import Msg, from_json
from bot.i18n import ENGLISH, Locale, render
from bot.ui.boards import board_for
from bot.ui.errors import reply_text

from .helpers import cards, game_in_play, set_position
from tests.english import english_msg
from tests.i18n.checks import leftover_english, unknown_keys

JA = Locale("ja")
BOARD = board_for("marriage")
PLAIN = "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"  # no pure set, no pair
DUBLEES = [(1, "S"), (3, "H"), (5, "D"), (7, "C"), (9, "S"), (11, "H"), (12, "D")]


def _unseen(options: dict[str, Any]) -> Marriage:
    g = game_in_play(2, options)
    set_position(g, {0: PLAIN}, turn=0, pile=[("KS", 1, False)])
    return g


def _dublee(options: dict[str, Any]) -> Marriage:
    """Seat 0 has shown seven dublees; the top discard is a plain KS."""
    g = game_in_play(2, options)
    set_position(g, {0: "AS AS 3H 3H 5D 5D 7C 7C 9S 9S JH JH QD QD 2S 4H 6D 8C 10S QH KC"},
                 turn=0, pile=[("KC", 1, False), ("KS", 1, False)], tiplu="5H")
    g.seen[0], g.route[0] = True, "dublee"
    g.dublees[0] = [[c for c in g.hands[0] if c.face == face] for face in DUBLEES]
    g.hands[0] = [c for c in g.hands[0] if c.face not in DUBLEES]
    return g


def _wild(options: dict[str, Any], by_seen: bool) -> Marriage:
    """Seat 0 has seen the tiplu 7D; the top discard is the wild 7S, from a seen or an unseen player."""
    g = game_in_play(2, options)
    set_position(g, {0: PLAIN}, turn=0, pile=[("4S", 1, False), ("7S", 1, by_seen)], tiplu="7D")
    g.seen[0], g.route[0], g.shown[0] = True, "normal", [cards("QS QS QS")]
    return g


REASONS: dict[str, tuple[Callable[[], Marriage], str, str]] = {
    "unseen_draw": (lambda: _unseen({"discard_pickup_before_seen": False}), "no",
                    "Players who have not seen the tiplu draw from the stock at this table."),
    "dublee_draw": (lambda: _dublee({"dublee_discard_pickup": "never"}), "no",
                    "After a dublee show you draw from the stock."),
    "dublee_finish": (lambda: _dublee({}), "finish",
                      "After a dublee show you may take the discard only to go out with it."),
    "wild_never": (lambda: _wild({"wild_pickup_ban": "any_discarder"}, by_seen=True), "no",
                   "At this table a seen player never takes a wild discard; draw from the stock."),
    "unseen_wild_finish": (lambda: _wild({"seen_may_take_unseen_wild_to_finish": True}, by_seen=False), "finish",
                           "That wild card was discarded by an unseen player: you may take it only to go out "
                           "with it."),
    "unseen_wild_draw": (lambda: _wild({}, by_seen=False), "no",
                         "That wild card was discarded by an unseen player, so you must draw from the stock."),
}


@pytest.mark.parametrize("why", sorted(REASONS))
def test_each_reason_is_a_message_read_in_the_players_language(why: str) -> None:
    build, status, english = REASONS[why]
    g = build()
    view = g.private_view(0)
    assert view["take_discard"] == status
    reason = from_json(view["take_reason"])
    assert reason == Msg(f"mar.why.{why}")
    assert english_msg(reason) == english
    top = g.pile[-1][0]
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, TakeDiscard(top))
    said = english if status == "no" else f"{english} Use “take and finish”, or draw from the stock."
    assert str(refused.value) == said and refused.value.rule == "MAR-6"
    japanese = reply_text(refused.value, JA)
    assert not leftover_english(japanese) and not unknown_keys(japanese), japanese
    private, public = cast(dict[str, Any], view), cast(dict[str, Any], g.public_view())
    assert render(JA, reason, ()) in BOARD.hand_text(private, public, JA)   # the hand's next step says why
    assert english in BOARD.hand_text(private, public, ENGLISH)


def test_a_player_free_to_take_the_discard_has_no_reason() -> None:
    g = _unseen({})
    view = g.private_view(0)
    assert view["take_discard"] == "yes" and "take_reason" not in view
    g.apply(0, TakeDiscard(Card.parse("KS")))
