"""The confirmation's quote is what the engine would do (GIN-22 forfeits; MAR-18 plays the deal
out), worked out on a copy that leaves the game untouched; the reply after says what happened."""

from __future__ import annotations

from bot.games.base import seat_key
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Resign
from bot.games.marriage.deal import end_deal
from bot.tables.leaving import LeaveQuote, forfeit_terms, left_text, quote_leave

from tests.games.marriage.helpers import game_in_play


def test_gin_22_leaving_or_resigning_is_quoted_as_the_forfeit_would_settle() -> None:
    game = GinRummy.start([250, 250], seed=3)
    seat = game.to_act()[0]
    before = game.to_dict()
    leave, resign = quote_leave(game, seat), quote_leave(game, seat, Resign())
    assert game.to_dict() == before                       # the copy took the move, not the game
    assert leave.forfeit == resign.forfeit == "the match" and leave.asks_first
    assert leave.stack == 250 and leave.back is not None and leave.back < 250
    assert resign.back == leave.back                      # GIN-22: resigning and leaving settle alike
    game.apply(seat, Resign())
    assert game.chips()[seat_key(seat)] == resign.back    # the quote is what the move then did
    assert resign.text() == f"Resigning forfeits the match: you get back {resign.back} of your 250 chips."
    assert leave.text().startswith("Leaving now forfeits the match: you get back")
    assert forfeit_terms(game) is None                    # over: nothing left to forfeit


def test_mar_18_leaving_a_marriage_deal_costs_nothing_so_it_does_not_ask() -> None:
    game = game_in_play(3, stacks=[200, 200, 200])
    mid = quote_leave(game, 0)
    assert mid == LeaveQuote(200, None, None) and not mid.asks_first   # the stack goes back after the deal
    end_deal(game)
    between = quote_leave(game, 0)
    assert between == LeaveQuote(200, 200, None) and not between.asks_first


def test_a_leave_that_costs_chips_without_a_forfeit_still_asks() -> None:
    quote = LeaveQuote(300, 120, None)
    assert quote.asks_first and quote.text() == "Leaving now costs you 180 chips: you get back 120 of your 300 chips."


def test_the_reply_after_says_what_was_committed() -> None:
    assert left_text(250, 150, "the match", resigned=True) == (
        "You resigned; 150 of your 250 chips went back to your wallet. "
        "You forfeited the match, which cost you 100 chips.")
    assert left_text(250, 250, "the match") == (
        "You left the table; 250 of your 250 chips went back to your wallet. You forfeited the match.")
    assert left_text(300, 300, None) == "You left the table; 300 of your 300 chips went back to your wallet."
    assert "cost you 20 chips" in left_text(300, 280, None)
    assert left_text(300, None, None).startswith("You will leave at the end of this deal")
