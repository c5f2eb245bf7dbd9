"""Tripoley / Michigan Rummy boards: the mat at the centre, phase panels, the private hand; every
field within 1,024 characters and the whole well under 6,000, at the largest tables."""

from __future__ import annotations

import random

import pytest

from bot.games.simulate import bot_policy
from bot.games.tripoley import MichiganRummyGame, TripoleyGame, michigan
from bot.games.tripoley.actions import AuctionSpare, Bet, Bid
from bot.ui.boards import Board, board_for
from bot.ui.boards.tripoley import mat_line

NAMES = [f"{'W' * 32}{i}" for i in range(9)]


def _check(game: TripoleyGame | MichiganRummyGame, board: Board) -> set[str]:
    fields = board.table_fields(game.public_view(), NAMES)
    assert all(len(v) <= 1024 and len(k) <= 256 for k, v in fields)
    assert sum(len(k) + len(v) for k, v in fields) < 4500
    for seat in range(game.n):
        text = board.hand_text(game.private_view(seat), game.public_view())
        assert len(text) <= 3000
    return {k for k, _ in fields}


@pytest.mark.parametrize("cls", [TripoleyGame, MichiganRummyGame], ids=lambda c: c.id)
def test_board_fits_through_whole_games_at_the_largest_table(
        cls: type[TripoleyGame] | type[MichiganRummyGame]) -> None:
    board = board_for(cls.id)
    seen: set[str] = set()
    for seed in range(3):
        game = cls.start([60] * cls.max_players, {"max_deals": 2, "reveal_dead_hand": True}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seen |= _check(game, board)
            seat = game.to_act()[0]
            action = bot_policy(game, seat, rng) if rng.random() < 0.5 else rng.choice(game.legal_actions(seat))
            game.apply(seat, action)
        seen |= _check(game, board)
    assert {"Mat", "Deal 1 of 2", "Deal 2 of 2", "Game over"} <= {name.split(" · ")[0] for name in seen}


def test_mat_panel_lists_nine_compartments_with_chips() -> None:
    game = TripoleyGame.start([50] * 4, seed=1, dealer=3)
    fields = dict(board_for("tripoley").table_fields(game.public_view(), NAMES))
    mat = fields["Mat"]
    assert mat.count("\n") == 0 and mat.count(" · ") == 8 and "Kitty: **4**" in mat and mat.endswith("(total 36)")
    assert "Spare hand 10 cards" in deal_panel(fields)
    mr = MichiganRummyGame.start([50] * 4, seed=1, dealer=3)
    assert "Poker pool: **5**" in dict(board_for("michigan_rummy").table_fields(mr.public_view(), NAMES))["Mat"]


def test_mat_line_leaves_out_empty_compartments() -> None:
    public = TripoleyGame.start([50] * 4, seed=1, dealer=3).public_view()
    for comp in public["mat"]:
        comp["chips"] = 7 if comp["code"] in ("KQ", "POT") else 0
    public["mat_total"] = 14
    assert mat_line(public) == "K♥Q♥: **7** · Pot: **7** (total 14)"


def deal_panel(fields: dict[str, str]) -> str:
    """The field headed “Deal N · dealer X”: what is being decided now."""
    return next(value for name, value in fields.items() if name.startswith("Deal "))


def test_auction_and_betting_panels() -> None:
    game = TripoleyGame.start([50] * 4, {"pay_timing": "on_play"}, seed=1, dealer=3)
    board = board_for("tripoley")
    game.apply(3, AuctionSpare())
    game.apply(0, Bid(2))
    panel = deal_panel(dict(board.table_fields(game.public_view(), NAMES)))
    assert "High bid **2**" in panel and "next bid at least 3" in panel
    game.apply(1, game.timeout_action(1))
    game.apply(2, game.timeout_action(2))
    first = game.to_act()[0]
    game.apply(first, Bet(3))
    panel = deal_panel(dict(board.table_fields(game.public_view(), NAMES)))
    assert "To match: **3**" in panel and "raise by 1–5" in panel and "In the pot:" in panel


def test_hand_is_grouped_by_suit_with_pay_cards_and_best_poker_hand() -> None:
    game = TripoleyGame.start([50] * 3, seed=2, dealer=2)
    seat = next(p for p in range(3) if game.private_view(p)["pay_cards"])
    text = board_for("tripoley").hand_text(game.private_view(seat), game.public_view())
    assert "★" in text and "Best poker hand:" in text
    lines = text.splitlines()
    suits = [line[0] for line in lines if line[:1] in "♠♥♦♣"]
    assert suits == sorted(suits, key="♠♥♦♣".index) and len(suits) == len(set(suits))


def test_tri_12_unsold_spare_the_dealer_may_still_take_is_not_called_dead() -> None:
    from bot.games.cards import new_deck
    from bot.games.tripoley.actions import PassBid
    board = board_for("tripoley")
    game = TripoleyGame.start([50] * 3, {"dealer_takes_unsold_spare": True}, deck=new_deck(), dealer=2)
    game.apply(2, AuctionSpare())
    game.apply(0, PassBid())
    game.apply(1, PassBid())
    assert game.phase == "spare_after"
    deal = deal_panel(dict(board.table_fields(game.public_view(), NAMES)))
    assert "may still swap" in deal and "dead" not in deal


def test_tri_36_no_michigan_winner_is_said() -> None:
    from tests.games.tripoley.positions import position
    board = board_for("tripoley")
    game = position(TripoleyGame, [1, 20, 20], {0: "2C 5C 9C", 1: "3C 6C", 2: "8C"}, mat={"KITTY": 4}, dealer=1)
    michigan.begin(game, 0)
    assert game.mich_winner is None and game.phase == "between"
    text = deal_panel(dict(board.table_fields(game.public_view(), NAMES)))
    assert "Michigan: nobody went out" in text
    assert board.summary_title(game.public_view(), NAMES) == "Deal 1"
